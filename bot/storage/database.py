"""One writer connection (aiosqlite), numbered migrations, and whole transactions in one round trip."""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

log = logging.getLogger(__name__)
T = TypeVar("T")
# Set once a command's transaction has committed, so a failure after it (while answering) is never
# reported as "nothing was changed". Each command runs in its own task, hence its own context.
COMMITTED: contextvars.ContextVar[bool] = contextvars.ContextVar("committed", default=False)
MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class Database:
    """Owns the connection. `transaction(fn)` runs `fn(conn)` atomically and returns its result.

    Functions run on aiosqlite's worker thread, a whole transaction in a single hop, so a command
    costs one round trip instead of one per statement and transactions never interleave. Commands
    that arrive while a commit is in flight are grouped into the next one (group commit), each in
    its own SAVEPOINT: one command's failure rolls back only that command, and nobody hears
    "done" before the COMMIT that holds their change.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._queue: list[tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any]]] = []
        self._flushing = False

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        db = cls(conn)
        await db._call(_configure)
        await db._call(apply_migrations, MIGRATIONS_DIR)
        return db

    async def close(self) -> None:
        await self._conn.close()

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        # aiosqlite's worker-thread hook; `conn._conn` is the underlying sqlite3 connection.
        raw = self._conn._conn
        return await self._conn._execute(fn, raw, *args)  # type: ignore[no-any-return, no-untyped-call]

    async def transaction(self, fn: Callable[..., T], *args: Any) -> T:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((fn, args, future))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        result = await future
        COMMITTED.set(True)
        return result

    async def _flush(self) -> None:
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                try:
                    outcomes = await self._call(_run_batch, [(fn, args) for fn, args, _ in batch])
                except BaseException as exc:  # the COMMIT itself failed: nobody's change landed
                    outcomes = [(False, exc)] * len(batch)
                for (_, _, future), (ok, value) in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if ok:
                        future.set_result(value)
                    else:
                        future.set_exception(value)
        finally:
            self._flushing = False

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._call(fn, *args)


def _configure(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=5000")


def _run_batch(
    conn: sqlite3.Connection, batch: list[tuple[Callable[..., Any], tuple[Any, ...]]]
) -> list[tuple[bool, Any]]:
    """One transaction for the batch; each function in a savepoint of its own."""
    outcomes: list[tuple[bool, Any]] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for fn, args in batch:
            conn.execute("SAVEPOINT command")
            try:
                result = fn(conn, *args)
            except Exception as exc:
                conn.execute("ROLLBACK TO command")
                conn.execute("RELEASE command")
                outcomes.append((False, exc))
                continue
            conn.execute("RELEASE command")
            outcomes.append((True, result))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


def migration_files(directory: Path) -> list[tuple[int, Path]]:
    found = []
    for path in sorted(directory.glob("*.sql")):
        m = _MIGRATION_NAME.match(path.name)
        if not m:
            raise RuntimeError(f"migration file name must look like 0001_name.sql: {path.name}")
        found.append((int(m.group(1)), path))
    return found


def apply_migrations(conn: sqlite3.Connection, directory: Path) -> int:
    """Apply pending migrations in order, each in its own transaction, recording the version."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at TEXT)")
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    current = row[0] or 0
    for version, path in migration_files(directory):
        if version <= current:
            continue
        statements = _split_sql(path.read_text("utf-8"))
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                conn.execute(statement)
            conn.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, datetime('now'))", (version,))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        log.info("applied migration %s", path.name)
        current = version
    return int(current)


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements (executescript would commit behind our back)."""
    statements: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--"):
            continue
        buf += line
        if sqlite3.complete_statement(buf):
            statements.append(buf.strip())
            buf = ""
    if buf.strip():
        statements.append(buf.strip())
    return statements
