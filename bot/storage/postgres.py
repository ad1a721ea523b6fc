"""The PostgreSQL driver (asyncpg): a connection pool shared by the process's commands, one pooled
transaction per command, migrations of its own dialect in `migrations/postgresql/`.

Several processes (shards) share one database. A command's transaction records a random token in the
`commits` table; if the connection drops while COMMIT is in flight, a fresh connection asks whether the
token is there, so the user is told truthfully whether the command was saved."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import Callable, Coroutine, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import asyncpg

if TYPE_CHECKING:  # the stubs make these generic; at run time they are plain classes
    from asyncpg.pool import PoolConnectionProxy

    Conn: TypeAlias = PoolConnectionProxy[asyncpg.Record]  # a pooled connection
    AnyConn: TypeAlias = asyncpg.Connection[asyncpg.Record] | Conn

from bot.storage.database import (
    COMMITTED,
    MIGRATIONS_DIR,
    Database,
    StorageLost,
    StorageUnavailable,
    StorageUncertain,
    describe,
    migration_files,
    split_sql,
    utc_now,
)

log = logging.getLogger(__name__)
T = TypeVar("T")
PG_MIGRATIONS_DIR = MIGRATIONS_DIR / "postgresql"
_PLACEHOLDER = re.compile(r"\?")
# What a broken connection raises: the socket, the server going away, or asyncpg noticing it is closed.
CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.PostgresConnectionError,
    asyncpg.exceptions.InterfaceError,
    asyncpg.exceptions.AdminShutdownError,
    asyncpg.exceptions.CannotConnectNowError,
)
START_ERRORS: tuple[type[BaseException], ...] = (*CONNECTION_ERRORS, asyncpg.PostgresError, ValueError)
MIGRATION_LOCK = 727_001  # pg_advisory_xact_lock key: processes starting together migrate one at a time
PRUNE_EVERY = 1000  # commits between deletions of day-old commit tokens


def to_dollar(sql: str, _cache: dict[str, str] = {}) -> str:  # noqa: B006 - a deliberate memo
    """The repository's `?` placeholders as PostgreSQL's `$1, $2 …` (its SQL has no `?` in literals)."""
    found = _cache.get(sql)
    if found is None:
        counter = iter(range(1, 10_000))
        found = _cache[sql] = _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)
    return found


class PgTx:
    dialect = "postgresql"
    __slots__ = ("conn",)

    def __init__(self, conn: AnyConn) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        status: str = await self.conn.execute(to_dollar(sql), *params)
        tail = status.rsplit(" ", 1)[-1]
        return int(tail) if tail.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self.conn.executemany(to_dollar(sql), rows)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self.conn.fetchrow(to_dollar(sql), *params)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.conn.fetch(to_dollar(sql), *params))

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self.conn.fetchval(to_dollar(sql), *params)


class PostgresDatabase(Database):
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self._commits = 0

    @classmethod
    async def open_url(cls, url: str, max_size: int = 10) -> PostgresDatabase:
        """Connect and migrate; anything that keeps the bot from using the database is one clear line."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size, timeout=10, command_timeout=30)
        except START_ERRORS as exc:
            raise StorageUnavailable(f"cannot use PostgreSQL at {describe(url)}: {_reason(exc)}") from None
        try:
            async with pool.acquire() as conn:
                await apply_pg_migrations(conn, PG_MIGRATIONS_DIR)
        except START_ERRORS as exc:
            await pool.close()
            raise StorageUnavailable(f"cannot migrate PostgreSQL at {describe(url)}: {_reason(exc)}") from None
        return cls(pool, url)

    async def close(self) -> None:
        await self._pool.close()

    async def transaction(self, fn: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> T:
        token = secrets.token_hex(16)
        try:
            conn = await self._pool.acquire()
        except CONNECTION_ERRORS as exc:
            raise StorageLost(str(exc)) from exc
        try:
            result = await self._run(conn, token, fn, args)
        finally:
            await self._release(conn)
        COMMITTED.set(True)
        self._commits += 1
        if self._commits % PRUNE_EVERY == 0:
            asyncio.get_running_loop().create_task(self._prune())
        return result

    async def _run(self, conn: Conn, token: str, fn: Callable[..., Coroutine[Any, Any, T]], args: tuple[Any, ...]) -> T:
        tr = conn.transaction()
        try:
            await tr.start()
            result = await fn(PgTx(conn), *args)
            await conn.execute("INSERT INTO commits (token, at) VALUES ($1, $2)", token, time.time())
        except CONNECTION_ERRORS as exc:
            raise StorageLost(str(exc)) from exc  # COMMIT was never sent: the server rolls back
        except BaseException:
            if not conn.is_closed():
                try:
                    await tr.rollback()
                except CONNECTION_ERRORS:
                    pass
            raise
        try:
            await tr.commit()
        except CONNECTION_ERRORS as exc:
            if await self._landed(token):
                log.warning("the connection dropped while committing, but the command was saved")
                return result
            raise StorageLost(str(exc)) from exc
        return result

    async def _landed(self, token: str) -> bool:
        """Whether a commit whose answer was lost reached the database (asked on a fresh connection)."""
        for attempt in range(3):
            try:
                async with self._pool.acquire() as conn:
                    return bool(await conn.fetchval("SELECT 1 FROM commits WHERE token = $1", token))
            except CONNECTION_ERRORS:
                await asyncio.sleep(0.2 * (attempt + 1))
        raise StorageUncertain("the database could not be asked whether the command was saved")

    async def _release(self, conn: Conn) -> None:
        try:
            await self._pool.release(conn)
        except CONNECTION_ERRORS:
            log.warning("could not return a broken connection to the pool", exc_info=True)

    async def read(self, fn: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> T:
        try:
            async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
                return await fn(PgTx(conn), *args)
        except CONNECTION_ERRORS as exc:
            raise StorageLost(str(exc)) from exc

    async def _prune(self) -> None:
        try:
            async with self._pool.acquire() as conn:
                await conn.execute("DELETE FROM commits WHERE at < $1", time.time() - 86_400)
        except Exception:
            log.warning("pruning old commit tokens failed", exc_info=True)


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text


async def apply_pg_migrations(conn: AnyConn, directory: Path) -> int:
    """Apply pending migrations in order, each in its own transaction under an advisory lock (so two
    processes starting at once do not both apply one), recording the version as SQLite does."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at TEXT)")
    current = 0
    for version, path in migration_files(directory):
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
            if version <= current:
                continue
            for statement in split_sql(path.read_text("utf-8"), _complete):
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)", version, utc_now())
            log.info("applied PostgreSQL migration %s", path.name)
            current = version
    return current


def _complete(buf: str) -> bool:
    """Our migrations end each statement with `;` at the end of a line (no functions, no dollar quoting)."""
    return buf.rstrip().endswith(";")
