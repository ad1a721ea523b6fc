-- A token per committed transaction: when the connection drops while COMMIT is in flight, a fresh
-- connection asks whether the token is here, so the user is told truthfully whether the command was saved.
CREATE TABLE commits (
    token  TEXT             PRIMARY KEY,
    at     DOUBLE PRECISION NOT NULL
);
CREATE INDEX commits_by_time ON commits (at);
