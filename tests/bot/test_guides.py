"""The players' guides (docs/guide/<game>.<lang>.md): every command line in their ```console blocks, run
in order through the console as one session, is accepted — a guide never teaches a refused command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules import all_systems
from tests.bot.conftest import Table

GUIDES = Path(__file__).resolve().parents[2] / "docs" / "guide"
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def _guides() -> list[Path]:
    return sorted(GUIDES.glob("*.md"))


def test_every_game_has_a_guide_in_its_players_language_and_english() -> None:
    for system in all_systems().values():
        for lang in {system.language, "en"}:
            assert (GUIDES / f"{system.id}.{lang}.md").exists(), f"{system.id}.{lang}.md"


@pytest.mark.parametrize("guide", _guides(), ids=lambda p: p.name)
async def test_no_command_in_a_guide_is_refused(table: Table, guide: Path) -> None:
    lines = [
        line.strip()
        for block in BLOCK.findall(guide.read_text("utf-8"))
        for line in block.splitlines()
        if line.strip() and not line.strip().startswith("//")
    ]
    assert lines, f"{guide.name} shows no command"
    for line in lines:
        responses = await table(line)
        assert responses, f"{guide.name}: the console refused the line itself: {line}"
        for r in responses:
            assert r.error is None, f"{guide.name}: {line} -> {r.content}"
