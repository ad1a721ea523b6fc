"""The players' guides (docs/guide/<game>.<lang>.md): every command line in their ```console blocks, run
in order through the console as one session, is accepted — a guide never teaches a refused command; and a
Czech, Polish or Italian guide names every command and option as its reader's Discord shows them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules import all_systems
from tests.bot.conftest import Table
from tests.bot.test_help_examples import MENTION, SPAN, _names, _read

GUIDES = Path(__file__).resolve().parents[2] / "docs" / "guide"
BLOCK = re.compile(r"```console\n(.*?)```", re.S)
# A console line: the user (with the language their Discord has: `@ana:cs`), the channel, the command.
LINE = re.compile(r"@[\w.\-]+(?::(?P<lang>[a-z]{2}))?\s+(?:#[\w.\-]+\s+)?(?P<command>/.*)")


def _guides() -> list[Path]:
    return sorted(GUIDES.glob("*.md"))


def _native_guides() -> list[Path]:
    return [p for p in _guides() if p.suffixes[0] != ".en"]


def _console_lines(text: str) -> list[str]:
    return [
        line.strip()
        for block in BLOCK.findall(text)
        for line in block.splitlines()
        if line.strip() and not line.strip().startswith("//")
    ]


def test_every_game_has_a_guide_in_its_players_language_and_english() -> None:
    for system in all_systems().values():
        for lang in {system.language, "en"}:
            assert (GUIDES / f"{system.id}.{lang}.md").exists(), f"{system.id}.{lang}.md"


@pytest.mark.parametrize("guide", _guides(), ids=lambda p: p.name)
async def test_no_command_in_a_guide_is_refused(table: Table, guide: Path) -> None:
    lines = _console_lines(guide.read_text("utf-8"))
    assert lines, f"{guide.name} shows no command"
    for line in lines:
        responses = await table(line)
        assert responses, f"{guide.name}: the console refused the line itself: {line}"
        for r in responses:
            assert r.error is None, f"{guide.name}: {line} -> {r.content}"


@pytest.mark.parametrize("guide", _native_guides(), ids=lambda p: p.name)
async def test_a_native_guide_names_commands_as_its_readers_discord_does(table: Table, guide: Path) -> None:
    """`/postava vytvořit jméno:Alena`, not `/character create name:Alena`: a console line in the words of
    its user's language (`@ana:cs`), the prose in the guide's own; `…` stands for what the reader fills in."""
    text = guide.read_text("utf-8")
    for line in _console_lines(text):
        found = LINE.fullmatch(line)
        assert found and found.group("lang"), f"{guide.name}: no user with a language in {line}"
        lang = found.group("lang")
        _read(found.group("command"), _names(table, lang)[0], lang, table)
    lang = guide.suffixes[0].lstrip(".")
    paths, top = _names(table, lang)
    prose = BLOCK.sub("", text)
    for span in SPAN.findall(prose):
        _read(span.replace("…", "").strip(), paths, lang, table)
    for word in MENTION.findall(re.sub(r"`[^`]*`", " ", prose)):
        assert word in top, f"{guide.name}: /{word} is no command the reader's Discord shows"
