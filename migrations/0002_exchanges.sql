-- An attack waiting for the defender's answer (parry, dodge, defend …). Buttons carry its id,
-- so a prompt keeps working after a restart; `status` makes a second answer impossible.
CREATE TABLE exchanges (
    id            INTEGER PRIMARY KEY,
    encounter_id  INTEGER NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
    attacker_id   INTEGER NOT NULL,
    defender_id   INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '',
    result        TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'resolved', 'cancelled')),
    created_at    REAL    NOT NULL,
    deadline      REAL    NOT NULL,
    message_id    INTEGER
);
CREATE INDEX exchanges_pending ON exchanges (encounter_id, status);
