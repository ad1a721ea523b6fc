-- Characters belong to a user in a guild; encounters to a channel (a thread is a channel).
CREATE TABLE characters (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    system      TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    sheet       TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    UNIQUE (guild_id, user_id, name COLLATE NOCASE)
);

CREATE TABLE encounters (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    system      TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    gm_user_id  INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
    round       INTEGER NOT NULL DEFAULT 0,
    turn        INTEGER NOT NULL DEFAULT 0,
    settings    TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  REAL    NOT NULL,
    ended_at    REAL
);
-- One active encounter per channel, enforced by the database itself.
CREATE UNIQUE INDEX encounters_one_active ON encounters (channel_id) WHERE status = 'active';

CREATE TABLE combatants (
    id            INTEGER PRIMARY KEY,
    encounter_id  INTEGER NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
    name          TEXT    NOT NULL,
    owner_user_id INTEGER,
    character_id  INTEGER REFERENCES characters (id) ON DELETE SET NULL,
    hidden        INTEGER NOT NULL DEFAULT 0,
    sheet         TEXT    NOT NULL,
    initiative    INTEGER,
    tiebreak      TEXT    NOT NULL DEFAULT '[]',
    seq           INTEGER NOT NULL,
    UNIQUE (encounter_id, name COLLATE NOCASE)
);

-- Append-only log of every resolved action.
CREATE TABLE events (
    id            INTEGER PRIMARY KEY,
    encounter_id  INTEGER REFERENCES encounters (id) ON DELETE CASCADE,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    action        TEXT    NOT NULL,
    payload       TEXT    NOT NULL,
    created_at    REAL    NOT NULL
);
CREATE INDEX events_by_encounter ON events (encounter_id, id);

-- GM settings: channel_id 0 holds the guild default, another id a channel override.
CREATE TABLE settings (
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    system      TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    PRIMARY KEY (guild_id, channel_id, system, name)
);

CREATE TABLE bot_meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
