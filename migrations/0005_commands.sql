-- Every command that changed a fight, with its change set: each changed row's values before and after
-- (sheets as their changed fields). Undo applies one backwards, replay all forwards, the log reads them.
CREATE TABLE commands (
    id            INTEGER PRIMARY KEY,
    encounter_id  INTEGER NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    changes       TEXT    NOT NULL,
    rolled        INTEGER NOT NULL DEFAULT 0,
    unit          INTEGER,
    undoes        INTEGER,
    undone_by     INTEGER,
    created_at    REAL    NOT NULL
);
CREATE INDEX commands_by_encounter ON commands (encounter_id, id);

-- Which command each event and each waiting attack came from.
ALTER TABLE events ADD COLUMN command_id INTEGER;
ALTER TABLE exchanges ADD COLUMN command_id INTEGER;

-- The fight's public tracker message in its channel.
ALTER TABLE encounters ADD COLUMN tracker_message_id INTEGER;
