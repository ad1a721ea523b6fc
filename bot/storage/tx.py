"""What the repository's SQL runs on: one transaction of either driver, with `?` placeholders.

Repository functions are coroutines `fn(tx, ...)`. On SQLite every call completes at once (the driver is
in-process), so a whole transaction runs without yielding to the event loop; on PostgreSQL each call is
a round trip over asyncpg's connection."""

from __future__ import annotations

from collections.abc import Coroutine, Iterable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Tx(Protocol):
    """One open transaction. Rows support both `row["column"]` and `row[0]`."""

    dialect: str  # "sqlite" or "postgresql"

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or None (an INSERT … RETURNING id among others)."""


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Drive a coroutine that never suspends (repository code on a SQLite transaction) to its end, on this
    thread and without an event loop. Suspending would mean another task could run inside the transaction,
    so it is an error here."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coro.close()
    raise RuntimeError("a SQLite transaction awaited something other than the database")
