"""A local Discord around the real bot: same cogs and callbacks, a temporary SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from bot.app import App
from bot.config import Config
from bot.console.adapter import LocalDiscord, Response
from bot.console.runner import Console, build
from rules import ScriptedDice


@dataclass
class Table:
    """One test's Discord: `await table("@ana /attack target:X")` returns the responses."""

    app: App
    local: LocalDiscord
    console: Console
    path: Path

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
        def run(conn: Any) -> list[tuple[Any, ...]]:
            return [tuple(r) for r in conn.execute(sql, args).fetchall()]

        return await self.app.db.read(run)


def config_for(path: Path) -> Config:
    return replace(Config.from_env(dotenv=False), database_path=str(path), default_locale="en", token=None)


async def open_table(path: Path, seed: int = 7) -> Table:
    import io

    app, local = await build(config_for(path), seed, "en")
    return Table(app, local, Console(local, io.StringIO(), as_json=True), path)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    t = await open_table(tmp_path / "bot.db")
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
