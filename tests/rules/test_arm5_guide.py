"""arm5: the players' guides. Every console line is a command of a first session, and every stats and
options line in them is accepted through the game's vocabulary, as the bot will read it (the bot's own
doc test runs the blocks through the console)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.pairs import parse_pairs
from rules.systems.arm5 import SYSTEM
from tests.rules.guide_lines import registered

ROOT = Path(__file__).resolve().parents[2]
GUIDES = sorted((ROOT / "docs/guide").glob("arm5.*.md"))
LINE = re.compile(r"^@(?P<user>[\w.\-]+)(?::(?P<lang>[a-z]{2}))? #(?P<chan>[\w.\-]+) /(?P<rest>.+)$")
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def console_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [registered(line) for block in BLOCK.findall(text) for line in block.splitlines() if line]


def value_of(line: str, option: str) -> str | None:
    """An option's value as the console reads it: quoted, or the one word after `option:`."""
    quoted = re.search(rf'(?:^|\s){option}:"([^"]*)"', line)
    if quoted:
        return quoted.group(1)
    plain = re.search(rf"(?:^|\s){option}:(\S+)", line)
    return plain.group(1) if plain else None


def test_there_is_a_guide_in_the_players_language_and_in_english() -> None:
    assert {p.name for p in GUIDES} == {"arm5.pl.md", "arm5.en.md"}


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_every_console_line_is_a_command_of_one_session(guide: Path) -> None:
    lines = console_lines(guide)
    assert lines
    channels, commands = set(), []
    for line in lines:
        match = LINE.match(line)
        assert match, line
        channels.add(match["chan"])
        commands.append(match["rest"].split(" ", 1)[0])
        assert line.count('"') % 2 == 0, line
    assert len(channels) == 1
    for command in ("encounter", "character", "initiative", "attack", "parry", "shot", "action"):
        assert command in commands, command
    assert "/encounter start system:arm5" in lines[0] + lines[1]
    assert lines[-2].endswith("/encounter end") or lines[-1].endswith("/encounter end")


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_every_stats_and_options_line_is_accepted(guide: Path) -> None:
    stats, options = SYSTEM.stat_vocabulary(), SYSTEM.option_vocabulary()
    seen = 0
    for line in console_lines(guide):
        text = value_of(line, "stats")
        if text is not None:
            SYSTEM.sheet(stats.resolve(parse_pairs(text)))
            seen += 1
        text = value_of(line, "options")
        if text is not None:
            SYSTEM.options(options.resolve(parse_pairs(text)))
            seen += 1
    assert seen >= 6


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_the_guide_shows_every_template_and_the_notation_it_explains(guide: Path) -> None:
    text = guide.read_text(encoding="utf-8")
    for template, line in SYSTEM.templates().items():
        assert f"`{template}`" in text and f"`{line}`" in text, template
    stats = SYSTEM.stat_vocabulary()
    for code in re.findall(r"`((?:broń|weapon|tarcza|shield|zaklęcia|spells):[^`]+)`", text):
        SYSTEM.sheet(stats.resolve(parse_pairs(code)))
