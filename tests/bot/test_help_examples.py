"""What `/help` shows a player to type is typed in the reader's language and taken as shown: every command
in its examples carries the names the reader's Discord shows (no `/character create` inside Polish), and
the fight guide's and a game's example lines, run as they stand in a fight of that game, are accepted."""

from __future__ import annotations

import re
from typing import Any

import pytest
from discord import app_commands

from bot.console.runner import split_words
from rules import all_systems
from tests.bot.conftest import Table
from tests.bot.test_help import LANGS, _pages

SPAN = re.compile(r"`(/[^`]+)`")
MENTION = re.compile(r"(?:^|(?<=[\s(„\"“]))/([^\W\d_]\w*)")
RUN = ("encounter start", "encounter add", "character create")  # the example lines a reader copies whole


def _names(table: Table, lang: str) -> tuple[dict[tuple[str, ...], Any], set[str]]:
    """The reader's command paths (each group and command, by its shown words) and top-level names."""
    catalog = table.app.catalog

    def shown(key: str, name: str) -> str:
        return name if lang == "en" else catalog.text(lang, key)

    paths: dict[tuple[str, ...], Any] = {}
    for cmd in table.local.bot.tree.walk_commands():
        parts = cmd.qualified_name.split()
        words = tuple(shown(f"name.cmd.{'.'.join(parts[: i + 1])}", parts[i]) for i in range(len(parts)))
        paths[words] = cmd
    return paths, {words[0] for words in paths}


def _read(span: str, paths: dict[tuple[str, ...], Any], lang: str, table: Table) -> tuple[Any, dict[str, str]]:
    """The command an example names and its options (by the reader's names), or an assertion naming the
    word a reader's Discord would not know."""
    tokens = split_words(span.lstrip("/"))
    words: list[str] = []
    while tokens and ":" not in tokens[0]:
        words.append(tokens.pop(0))
    assert tuple(words) in paths, f"{lang}: `{span}` names no command the reader's Discord shows"
    cmd = paths[tuple(words)]
    options: dict[str, str] = {}
    if isinstance(cmd, app_commands.Command):
        allowed = {
            (p.name if lang == "en" else table.app.catalog.text(lang, f"name.opt.{p.name}")) for p in cmd.parameters
        }
        last = None
        for token in tokens:
            name, colon, value = token.partition(":")
            if not colon and last is not None:  # a choice shown in words: `téma:Údaje postavy`
                options[last] += " " + token
                continue
            assert name in allowed, f"{lang}: `{span}`: option {name!r} is not one the reader's Discord shows"
            options[name] = value
            last = name
    return cmd, options


async def _topic(table: Table, lang: str, args: str) -> str:
    return "\n".join(str(p.get("description", "")) for p in await _pages(table, lang, args))


@pytest.mark.parametrize("lang", LANGS)
async def test_every_command_help_shows_is_named_in_the_readers_language(table: Table, lang: str) -> None:
    paths, top = _names(table, lang)
    texts = [await _topic(table, lang, "topic:fight"), await _topic(table, lang, "topic:commands")]
    for system_id in sorted(all_systems()):
        texts.append(await _topic(table, lang, f"system:{system_id} topic:fight"))
        for topic in ("stats", "npc", "notation", "options", "actions"):
            texts.append(await _topic(table, lang, f"system:{system_id} topic:{topic}"))
    for text in texts:
        for span in SPAN.findall(text):
            _read(span, paths, lang, table)
        for word in MENTION.findall(re.sub(r"`[^`]*`", " ", text)):
            assert word in top, f"{lang}: /{word} is no command the reader's Discord shows"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system_id", sorted(all_systems()))
async def test_the_example_lines_of_help_are_taken_as_they_stand(table: Table, lang: str, system_id: str) -> None:
    """The fight guide's start and NPC lines name the game asked about (or the channel's) and run; a game's
    own character and NPC examples run in a fight of that game."""
    paths, _ = _names(table, lang)
    guide = await _topic(table, lang, f"system:{system_id} topic:fight")
    assert f":{system_id}`" in guide, guide
    own = await _topic(table, lang, f"system:{system_id} topic:stats") + await _topic(
        table, lang, f"system:{system_id} topic:npc"
    )
    ran = 0
    for channel, text in (("guide", guide), ("game", own)):
        if channel == "game":
            await table.play([f"@gm:{lang} #{channel} /encounter start system:{system_id} name:Test"])
        for span in SPAN.findall(text):
            cmd, options = _read(span, paths, lang, table)
            if not isinstance(cmd, app_commands.Command) or cmd.qualified_name not in RUN:
                continue
            if not all(options.values()):
                continue  # a line naming its options for the reader to fill in
            for r in await table(f"@gm:{lang} #{channel} {span}"):
                assert r.error is None, f"{lang} {system_id}: {span} -> {r.content}"
            ran += 1
    assert ran >= 2, f"{lang} {system_id}: help shows no example line to run"


async def test_the_fight_guide_in_a_fight_shows_that_fights_game(table: Table) -> None:
    await table.play(["@gm:pl #w /encounter start system:pl_wladanie name:Boj"])
    r = await table.one("@ewa:pl #w /help")
    text = str(r.embeds[0].get("description", ""))
    assert "system:pl_wladanie`" in text and "obrona_fizyczna:12" in text
    assert "system:arm5`" not in text and "wyparowania" not in text
    r = await table.one("@ewa:pl #elsewhere /help")  # no fight here: the language's usual game
    outside = str(r.embeds[0].get("description", ""))
    assert "system:arm5`" in outside and "wyparowania:7" in outside
