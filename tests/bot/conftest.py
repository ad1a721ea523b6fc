"""A local Discord around the real bot: same cogs and callbacks, a temporary SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

import bot.service.staging as staging
from bot.app import App
from bot.config import Config
from bot.console.adapter import LocalDiscord, Response
from bot.console.runner import Console, build
from bot.storage.tx import Tx
from rules import ScriptedDice

# Every sheet a rule writes in these tests is validated field by field and whole, and the two must agree.
staging.VERIFY_REVISED = True


@dataclass
class Table:
    """One test's Discord: `await table("@ana /attack target:X")` returns the responses."""

    app: App
    local: LocalDiscord
    console: Console
    path: Path | str  # the database: a SQLite file or a PostgreSQL URL

    async def __call__(self, line: str) -> list[Response]:
        return await self.console.run_line(line)

    async def one(self, line: str) -> Response:
        responses = await self(line)
        assert len(responses) >= 1, f"no response to {line}"
        return responses[0]

    async def play(self, lines: list[str]) -> None:
        """Set-up lines that must all succeed."""
        for line in lines:
            for r in await self(line):
                assert r.error is None, (line, r.content)

    def dice(self, *faces: int) -> None:
        self.app.service.dice = ScriptedDice(faces)

    async def query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        async def run(tx: Tx) -> list[tuple[Any, ...]]:
            return [tuple(r) for r in await tx.fetchall(sql, args)]

        return await self.app.db.read(run)


def config_for(target: Path | str) -> Config:
    """A test's configuration: a SQLite file path, or a database URL (PostgreSQL)."""
    config = replace(Config.from_env(dotenv=False), default_locale="en", token=None, database_url=None)
    if str(target).startswith("postgresql://"):
        return replace(config, database_url=str(target))
    return replace(config, database_path=str(target))


async def open_table(target: Path | str, seed: int = 7) -> Table:
    import io

    app, local = await build(config_for(target), seed, "en")
    return Table(app, local, Console(local, io.StringIO(), as_json=True), target)


@pytest.fixture(params=["sqlite", "postgresql"])
def driver(request: pytest.FixtureRequest) -> str:
    """The storage and handler tests run on both drivers."""
    return str(request.param)


@pytest.fixture
def new_database(driver: str, tmp_path: Path) -> Callable[[], Awaitable[Path | str]]:
    """Makes a fresh, empty database of the test's driver: a SQLite file, or a PostgreSQL database."""
    names = iter(range(1, 1000))

    async def make() -> Path | str:
        if driver == "sqlite":
            return tmp_path / f"bot{next(names)}.db"
        from tests import pg

        return await pg.postgres_url()

    return make


@pytest.fixture
async def database(new_database: Callable[[], Awaitable[Path | str]]) -> Path | str:
    """One database of the test's driver (reopen it to play a restart)."""
    return await new_database()


@pytest.fixture
async def table(database: Path | str) -> AsyncIterator[Table]:
    t = await open_table(database)
    yield t
    await t.app.close()


def text_of(r: Response) -> str:
    """Everything a user would read in a response, as one string."""
    parts = [r.content or ""]
    for e in r.embeds:
        parts += [e.get("title", ""), e.get("description", ""), e.get("footer", {}).get("text", "")]
        for f in e.get("fields", []):
            parts += [f["name"], f["value"]]
    return "\n".join(parts)
