-- A command's events live in its own row (a JSON list of [action, payload]) instead of one `events` row
-- each: they are only ever read per command (the fight's log) or counted at a fight's end, and every
-- b-tree a commit touches is one more page to write (issue 17: /attack wrote events, its index and
-- their interior pages). Events without a command (written before 0005) stay where they are.
ALTER TABLE commands ADD COLUMN events TEXT NOT NULL DEFAULT '[]';
-- A scratch index so the move is one lookup per command, not a scan of every event.
CREATE INDEX events_by_command ON events (command_id) WHERE command_id IS NOT NULL;
-- The subquery's ORDER BY feeds group_concat in event order (SQLite 3.40 has no ORDER BY inside an
-- aggregate); the payloads are JSON text already and go in as they are.
UPDATE commands SET events = (
    SELECT '[' || group_concat(item, ',') || ']' FROM (
        SELECT '[' || json_quote(e.action) || ',' || e.payload || ']' AS item
        FROM events e WHERE e.command_id = commands.id ORDER BY e.id
    )
) WHERE id IN (SELECT command_id FROM events WHERE command_id IS NOT NULL);
DELETE FROM events WHERE command_id IS NOT NULL;
DROP INDEX events_by_command;

-- One index for the attacks waiting for their defence, instead of two: (encounter_id, status) for a
-- fight's load and (status) WHERE pending for start-up's timers. Pending rows are few (at most a handful
-- per active fight), so this one partial index serves both: a fight's load searches it by encounter,
-- start-up walks the active fights (encounters_one_active) and searches it for each. Opening and closing
-- an exchange writes one index page fewer.
DROP INDEX exchanges_pending;
DROP INDEX exchanges_waiting;
CREATE INDEX exchanges_open ON exchanges (encounter_id) WHERE status = 'pending';
