-- A token per committed transaction, written by drivers whose COMMIT can be lost on the way (PostgreSQL:
-- see migrations/postgresql/0007_commits.sql). SQLite commits in-process and never writes here; the table
-- exists so both drivers keep one schema.
CREATE TABLE commits (
    token  TEXT PRIMARY KEY,
    at     REAL NOT NULL
);
CREATE INDEX commits_by_time ON commits (at);
