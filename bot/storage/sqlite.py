"""The embedded driver: one SQLite connection used on the event loop's thread, numbered migrations, and
the WAL checkpointed in the background by a second connection (aiosqlite)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Coroutine, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.database import COMMITTED, MIGRATIONS_DIR, Database, migration_files, split_sql, utc_now
from bot.storage.tx import run_sync

log = logging.getLogger(__name__)
T = TypeVar("T")
Work = Callable[..., Coroutine[Any, Any, Any]]


class SqliteTx:
    dialect = "sqlite"
    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.conn.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.conn.execute(sql, params).fetchone()

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self.conn.execute(sql, params).fetchall()

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = self.conn.execute(sql, params).fetchone()
        return None if row is None else row[0]


def scratch_tx() -> SqliteTx:
    """A migrated in-memory database, for replaying change sets (the fight's log) off the event loop."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    apply_migrations(conn, MIGRATIONS_DIR)
    return SqliteTx(conn)


class SqliteDatabase(Database):
    """`transaction(fn)` runs `fn(tx)` atomically and returns its result.

    A command's transaction is short (a few statements, tens of microseconds with WAL and
    synchronous=NORMAL), so it runs right here on the event loop's thread: a hop to a worker thread
    and back costs more than the work. One command is one transaction (no savepoint: nothing shares
    it). What could take long is kept off the loop: the WAL is checkpointed by a second connection on
    aiosqlite's thread (automatic checkpoints, which would run inside a commit, are off), and
    migrations run before the bot serves anyone.
    """

    dialect = "sqlite"
    CHECKPOINT_EVERY = 1000  # commits between background checkpoints

    def __init__(self, conn: sqlite3.Connection, checkpointer: aiosqlite.Connection | None = None) -> None:
        self._conn = conn
        self._tx = SqliteTx(conn)
        self._checkpointer = checkpointer
        self._commits = 0
        self._checkpointing: asyncio.Task[None] | None = None

    @classmethod
    async def open_path(cls, path: str | Path) -> SqliteDatabase:
        memory = str(path) == ":memory:"
        if not memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        _configure(conn)
        apply_migrations(conn, MIGRATIONS_DIR)
        checkpointer = None
        if not memory:
            conn.execute("PRAGMA wal_autocheckpoint=0")
            checkpointer = await aiosqlite.connect(str(path), isolation_level=None)
        return cls(conn, checkpointer)

    @property
    def connection(self) -> sqlite3.Connection:
        return self._conn

    async def close(self) -> None:
        if self._checkpointing is not None:
            await asyncio.gather(self._checkpointing, return_exceptions=True)
        if self._checkpointer is not None:
            await self._checkpointer.close()
        self._conn.close()  # the last connection to close checkpoints the WAL into the database

    async def transaction(self, fn: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> T:
        value = _run(self._tx, fn, args)
        COMMITTED.set(True)
        self._commits += 1
        if self._commits % self.CHECKPOINT_EVERY == 0:
            self._checkpoint_later()
        return value  # type: ignore[no-any-return]

    async def read(self, fn: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> T:
        return run_sync(fn(self._tx, *args))

    def _checkpoint_later(self) -> None:
        """Copy the WAL back into the database on aiosqlite's thread; writers go on meanwhile (PASSIVE)."""
        if self._checkpointer is None or (self._checkpointing is not None and not self._checkpointing.done()):
            return
        self._checkpointing = asyncio.get_running_loop().create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        assert self._checkpointer is not None
        try:
            await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:
            log.warning("background WAL checkpoint failed", exc_info=True)


def _configure(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=5000")


def _run(tx: SqliteTx, fn: Work, args: tuple[Any, ...]) -> Any:
    """`fn(tx, *args)` in one transaction: committed whole, or rolled back whole and the error raised."""
    conn = tx.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = run_sync(fn(tx, *args))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


def apply_migrations(conn: sqlite3.Connection, directory: Path) -> int:
    """Apply pending migrations in order, each in its own transaction, recording the version."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at TEXT)")
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    current = row[0] or 0
    for version, path in migration_files(directory):
        if version <= current:
            continue
        statements = split_sql(path.read_text("utf-8"), sqlite3.complete_statement)
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                conn.execute(statement)
            conn.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, ?)", (version, utc_now()))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        log.info("applied migration %s", path.name)
        current = version
    return int(current)
