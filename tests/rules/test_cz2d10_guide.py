"""The players' guides (docs/guide/cz2d10.*.md): every console line of their ```console blocks is one the
rules accept — its stats line through the stat vocabulary into a sheet (or an edit), its options through
the option vocabulary, its template and action by id. (The bot's doc test runs the same lines through the
console once the bot resolves stats and options with the vocabularies.)"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from rules.pairs import parse_pairs
from rules.systems.cz2d10 import SYSTEM as S
from tests.rules.guide_lines import registered

ROOT = Path(__file__).resolve().parents[2]
GUIDES = sorted((ROOT / "docs/guide").glob("cz2d10.*.md"))
LINE = re.compile(r"^@(?P<user>\w+):(?P<lang>[a-z]{2}) #(?P<channel>\w+) /(?P<command>.+)$")


def console_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    blocks = re.findall(r"```console\n(.*?)```", text, re.S)
    return [registered(line) for block in blocks for line in block.splitlines() if line]


def command(line: str) -> tuple[str, dict[str, str]]:
    """`/encounter add name:X stats:"…"` → ("encounter add", {"name": "X", "stats": "…"})."""
    words = shlex.split(line)
    names = [w for w in words if ":" not in w]
    args = dict(w.split(":", 1) for w in words if ":" in w)
    return " ".join(names), args


def test_both_guides_exist() -> None:
    assert {p.name for p in GUIDES} >= {"cz2d10.cs.md", "cz2d10.en.md"}


@pytest.mark.parametrize("path", GUIDES, ids=lambda p: p.name)
def test_every_console_line_is_accepted_by_the_rules(path: Path) -> None:
    lang = path.name.split(".")[1]
    lines = console_lines(path)
    assert len(lines) >= 20
    sheets: dict[str, Any] = {}
    stats, options = S.stat_vocabulary(), S.option_vocabulary()
    seen: set[str] = set()
    for line in lines:
        found = LINE.match(line)
        assert found, line
        assert found["lang"] == lang, line
        name, args = command(found["command"])
        seen.add(name)
        if "template" in args:
            assert args["template"] in S.templates(), line
            sheets[args["name"]] = S.sheet(stats.resolve(parse_pairs(S.templates()[args["template"]])))
        if "stats" in args and name in ("character create", "encounter add"):
            sheets[args["name"]] = S.sheet(stats.resolve(parse_pairs(args["stats"])))
        elif "stats" in args and name == "character set":
            sheets[args["name"]] = S.update_sheet(sheets[args["name"]], stats.resolve(parse_pairs(args["stats"])))
        elif "stats" in args and name == "encounter edit":
            target = args["combatant"].rsplit(" ", 1)[0]
            S.edit_sheet(sheets[target], stats.resolve(parse_pairs(args["stats"])))
        if "options" in args:
            S.options(options.resolve(parse_pairs(args["options"])))
        if name == "action":
            assert args["name"] in S.extra_actions, line
        if name == "settings set" and args["name"] in S.Settings.model_fields:
            S.settings({args["name"]: args["value"]})
        if "system" in args:
            assert args["system"] == "cz2d10"
    assert {"character create", "encounter add", "initiative", "attack", "shot", "action", "encounter end"} <= seen
