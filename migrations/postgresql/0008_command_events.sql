-- A command's events live in its own row (see migrations/0008_command_events.sql).
ALTER TABLE commands ADD COLUMN events TEXT NOT NULL DEFAULT '[]';
UPDATE commands c SET events = m.list FROM (
    SELECT command_id, '[' || string_agg('[' || to_json(action)::text || ',' || payload || ']', ',' ORDER BY id) || ']'
        AS list
    FROM events WHERE command_id IS NOT NULL GROUP BY command_id
) m WHERE m.command_id = c.id;
DELETE FROM events WHERE command_id IS NOT NULL;

-- One partial index for the attacks waiting for their defence (see migrations/0008_command_events.sql).
DROP INDEX exchanges_pending;
DROP INDEX exchanges_waiting;
CREATE INDEX exchanges_open ON exchanges (encounter_id) WHERE status = 'pending';
