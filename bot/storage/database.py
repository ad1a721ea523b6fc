"""The storage interface both drivers implement, chosen by a URL: `sqlite:///path` (the embedded default)
or `postgresql://…` (asyncpg, for several processes sharing one database). Repository functions are
coroutines `fn(tx, ...)` run inside one transaction per command; see `bot/storage/tx.py`."""

from __future__ import annotations

import contextvars
import datetime
import re
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
# Set once a command's transaction has committed, so a failure after it (while answering) is never
# reported as "nothing was changed". Each command runs in its own task, hence its own context.
COMMITTED: contextvars.ContextVar[bool] = contextvars.ContextVar("committed", default=False)
MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class StorageUnavailable(Exception):
    """The database cannot be reached or used; the message is the one line printed at start-up."""


class Database:
    """One driver's connection(s). `transaction(fn, *args)` runs `fn(tx, *args)` as one transaction and
    returns its result; `read` runs a read-only function. Subclasses: SqliteDatabase, PostgresDatabase."""

    dialect = "?"

    @staticmethod
    async def open(target: str | Path) -> Database:
        """A URL (`sqlite:///…`, `postgresql://…`) or a plain SQLite path (`:memory:` too)."""
        text = str(target)
        if text.startswith(("postgresql://", "postgres://")):
            from bot.storage.postgres import PostgresDatabase

            return await PostgresDatabase.open_url(text)
        from bot.storage.sqlite import SqliteDatabase

        if text.startswith("sqlite:///"):
            text = text.removeprefix("sqlite:///")
        elif text.startswith("sqlite://"):
            raise StorageUnavailable(f"a SQLite URL is sqlite:///path/to/file.db, not {text!r}")
        return await SqliteDatabase.open_path(text)

    async def close(self) -> None:
        raise NotImplementedError

    async def transaction(self, fn: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> T:
        raise NotImplementedError

    async def read(self, fn: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> T:
        raise NotImplementedError


def describe(url: str) -> str:
    """A database URL for the log, without its password."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def utc_now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S")


def migration_files(directory: Path) -> list[tuple[int, Path]]:
    found = []
    for path in sorted(directory.glob("*.sql")):
        m = _MIGRATION_NAME.match(path.name)
        if not m:
            raise RuntimeError(f"migration file name must look like 0001_name.sql: {path.name}")
        found.append((int(m.group(1)), path))
    return found


def split_sql(script: str, complete: Callable[[str], bool]) -> list[str]:
    """Split a migration into statements (a script runner would commit behind our back)."""
    statements: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--"):
            continue
        buf += line
        if complete(buf):
            statements.append(buf.strip())
            buf = ""
    if buf.strip():
        statements.append(buf.strip())
    return statements


class StorageError(Exception):
    """The database connection failed during a command; `key` is the truthful answer for the user."""

    key = "error.internal"


class StorageLost(StorageError):
    """The connection broke before the command could commit (checked): nothing was changed."""

    key = "error.storage_lost"


class StorageUncertain(StorageError):
    """The connection broke while committing and the database could not be asked whether it landed."""

    key = "error.storage_uncertain"
