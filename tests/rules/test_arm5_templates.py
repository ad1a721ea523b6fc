"""arm5: the ready characters fight as they stand (the archer shoots, the magus casts), and every key,
option, action and template has its words in the four catalogs: meanings, help and names."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.pairs import parse_pairs
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM
from rules.systems.arm5.sheet import Sheet
from tests.rules.catalogs import load

LANGS = ("en", "pl", "cs", "it")
STATS = SYSTEM.stat_vocabulary()
OPTIONS = SYSTEM.option_vocabulary()


def sheet(line: str) -> Sheet:
    made = SYSTEM.sheet(STATS.resolve(parse_pairs(line)))
    assert isinstance(made, Sheet)
    return made


def fighter(template: str) -> Fighter[Any]:
    return Fighter(template, sheet(SYSTEM.templates()[template]))


def test_the_systems_own_archetypes() -> None:
    assert {"fighter", "archer", "magus"} <= set(SYSTEM.templates())


def test_the_fighter_attacks_and_the_knight_defends() -> None:
    req = ActionRequest(fighter("fighter"), fighter("knight"), SYSTEM.options({}), SYSTEM.settings({}))
    dice = ScriptedDice([7, 6])
    pending = SYSTEM.attack(req, dice)
    assert pending.outcome == "pending_defence" and pending.exchange is not None
    done = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings, "defend"), dice)
    # Attack 1 + 5 + 4 + 7 = 17 vs Defense 0 + 5 + 0 (lance) + 3 (shield) + 3 (Riding vs foot) + 6 = 17:
    # an Attack Advantage of 0 is a miss (seed)
    assert (done.total, done.against, done.outcome) == (17, 17, "miss")


def test_the_archer_shoots() -> None:
    req = ActionRequest(fighter("archer"), fighter("fighter"), SYSTEM.options({}), SYSTEM.settings({}))
    dice = ScriptedDice([9, 2])
    pending = SYSTEM.shot(req, dice)
    assert pending.exchange is not None
    done = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings), dice)
    # Attack 2 + 5 + 4 + 9 = 20 vs Defense 1 + 5 + 1 + 3 + 2 = 12; Damage 1 + 8 + 8 = 17 − Soak 6 = 11: Heavy
    assert (done.total, done.against, done.wound) == (20, 12, "heavy")


def test_the_magus_fast_casts_pilum_of_fire() -> None:
    magus, foe = fighter("magus"), fighter("fighter")
    opts = SYSTEM.options(OPTIONS.resolve(parse_pairs("fast_casting")))
    result = SYSTEM.act("magic_attack", ActionRequest(magus, foe, opts, SYSTEM.settings({})), ScriptedDice([6, 4]))
    # 15 + 6 = 21 against Soak 2 + 4 + 4 = 10: 11, Heavy
    assert (result.total, result.against, result.wound) == (21, 10, "heavy")
    assert result.actor_sheet is not None and result.actor_sheet["action_used"] is False  # a reaction


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_stat_and_option_has_a_short_meaning(lang: str) -> None:
    catalog = load(lang, "arm5")
    for key in [*STATS.keys, *OPTIONS.keys]:
        text = catalog[f"meaning.arm5.{key}"]
        assert 0 < len(text) <= 80, (lang, key, len(text))
    for action in SYSTEM.extra_actions:
        assert 0 < len(catalog[f"meaning.arm5.action.{action}"]) <= 80, (lang, action)


@pytest.mark.parametrize("lang", LANGS)
def test_help_texts_and_template_names(lang: str) -> None:
    catalog = load(lang, "arm5")
    for key, limit in (("help.arm5.intro", 600), ("help.arm5.npc", 400), ("help.arm5.notation", 900)):
        assert 0 < len(catalog[key]) <= limit, (lang, key, len(catalog[key]))
        assert not _placeholders(catalog[key])
    for template in SYSTEM.templates():
        assert catalog[f"template.arm5.{template}"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_examples_are_accepted(lang: str) -> None:
    """Every `stats:"…"` and stats-like example in backticks in the help texts makes a sheet."""
    catalog = load(lang, "arm5")
    examples = []
    for key in ("help.arm5.intro", "help.arm5.npc", "help.arm5.notation"):
        for code in re.findall(r"`([^`]+)`", catalog[key]):
            quoted = re.search(r'stats:"([^"]+)"', code)
            if quoted:
                examples.append(quoted.group(1))
            elif ":" in code and not code.startswith("/") and "@Ability" not in code:
                examples.append(code)
    assert len(examples) >= 8
    for example in examples:
        sheet(example)
