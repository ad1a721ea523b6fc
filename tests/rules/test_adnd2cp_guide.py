"""adnd2cp: the players' guides (docs/guide/adnd2cp.*.md). Every command in their ```console blocks is a
console line, and everything it hands the rules is accepted: the stats lines (with the template they start
from) resolve through the vocabulary into sheets without a warning, the options into options, the actions
and weapons are the game's. (The bot's own doc test runs the blocks through the console.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rules.pairs import parse_pairs
from rules.registry import get_system
from rules.systems.adnd2cp.common import pick_weapon
from tests.rules.guide_lines import registered

S = get_system("adnd2cp")
ROOT = Path(__file__).resolve().parents[2]
GUIDES = {"it": ROOT / "docs/guide/adnd2cp.it.md", "en": ROOT / "docs/guide/adnd2cp.en.md"}
LINE = re.compile(r"^@(?P<user>[\w.\-]+):(?P<lang>[a-z]{2}) #(?P<chan>[\w.\-]+) (?P<rest>/.+)$")
WORD = re.compile(r'(?:[^\s"]+|"[^"]*")+')
OPTION_NAMES = {
    "system", "name", "stats", "template", "count", "hidden", "character", "target", "weapon", "attacker",
    "options", "distance", "combatant", "actor", "value", "scope", "blows",
}  # fmt: skip


def console_lines(lang: str) -> list[str]:
    text = GUIDES[lang].read_text(encoding="utf-8")
    blocks = re.findall(r"```console\n(.*?)```", text, re.S)
    assert blocks, "the guide shows its commands in console blocks"
    return [registered(line) for block in blocks for line in block.splitlines() if line.strip()]


def parse(line: str) -> tuple[str, str, str, dict[str, str]]:
    """(user, lang, command, options) as the console reads a line."""
    m = LINE.match(line)
    assert m, line
    words = [w.replace('"', "") for w in WORD.findall(m.group("rest"))]
    path = []
    while words and ":" not in words[0]:
        path.append(words.pop(0).lstrip("/"))
    options: dict[str, str] = {}
    last = None
    for word in words:
        key, _, value = word.partition(":")
        if key in OPTION_NAMES:
            options[key] = value
            last = key
        else:
            assert last is not None, line
            options[last] += " " + word
    return m.group("user"), m.group("lang"), " ".join(path), options


def stats_sheet(stats: str, template: str | None = None) -> tuple[Any, list[Any]]:
    """As the bot makes a character: the template's line, adjusted by the typed one, in the game's words."""
    pairs = parse_pairs(S.templates()[template]) if template else {}
    pairs.update(parse_pairs(stats))
    data = S.stat_vocabulary().resolve(pairs)
    sheet = S.sheet(data)
    return sheet, S.sheet_warnings(data, sheet)


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_every_guide_line_is_accepted_by_the_rules(lang: str) -> None:
    sheets: dict[str, Any] = {}
    owners: dict[str, str] = {}  # player -> character
    commands = []
    for line in console_lines(lang):
        user, typed_lang, command, opts = parse(line)
        assert typed_lang == lang, line
        commands.append(command)
        if command == "encounter start":
            assert opts["system"] == "adnd2cp"
        if command == "character create":
            sheet, warnings = stats_sheet(opts.get("stats", ""), opts.get("template"))
            assert warnings == [], (line, warnings)  # a guide's character is complete
            sheets[opts["name"]] = sheet
            owners[user] = opts["name"]
            assert S.sheet_line(sheet)
        if command == "encounter add":
            sheet, _ = stats_sheet(opts["stats"])
            for i in range(1, int(opts.get("count", "1")) + 1):
                sheets[f"{opts['name']} {i}"] = sheet
        if command in ("attack", "shot", "action"):
            options = S.option_vocabulary().resolve(parse_pairs(opts.get("options")))
            S.options(options)
            actor = opts.get("attacker") or opts.get("actor")
            if actor:
                assert user == "gm" and actor in sheets, line
            if "target" in opts:
                assert opts["target"] in sheets, line
            if "weapon" in opts:
                pick_weapon(sheets[actor or owners[user]], opts["weapon"])
        if command == "action":
            assert opts["name"] in S.extra_actions, line
        if command == "initiative" and "combatant" in opts:
            assert opts["combatant"] in ("all", "npcs") or opts["combatant"] in sheets
    # a real first session: create, add NPCs, join, initiative, rounds of attacks, end
    for needed in ("encounter start", "character create", "encounter add", "encounter join", "initiative"):
        assert needed in commands
    assert commands.count("encounter next") >= 2 and {"attack", "shot"} <= set(commands)
    assert commands.index("encounter end") > commands.index("attack")


def test_the_guides_show_the_same_session() -> None:
    def shape(lang: str) -> list[tuple[str, str]]:
        return [(parse(line)[0], parse(line)[2]) for line in console_lines(lang)]

    assert shape("it") == shape("en")


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_guide_lists_the_templates_as_they_are(lang: str) -> None:
    text = GUIDES[lang].read_text(encoding="utf-8")
    for template, line in S.templates().items():
        assert f"| `{template}` |" in text and f"`{line}`" in text, template
