"""Every system describes its rolls as checks: each compared or applied roll has one, every die rolled is
shown in one, and every check adds up (dice × multiplier + parts = raw, steps = total)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules import ActionRequest, ActionResult, DefenceRequest, Fighter, RandomDice, RulesError, get_system
from rules.checks import all_dice, verify, verify_result
from rules.model import Check

# system: (attacker sheet, defender sheet) as quick lines a table would type
SHEETS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "dnd35": (
        {"str": "15", "dex": "13", "bab": "6", "hp": "30", "ac": "15", "weapons": "longsword"},
        {"ac": "14", "hp": "12", "attack": "+4", "damage": "1d8+2"},
    ),
    "arm5": (
        {"str": "1", "sta": "2", "dex": "1", "qik": "1", "size": "0", "single_weapon": "4", "weapon": "long_sword"},
        {"attack": "+9", "defense": "+6", "damage": "+5", "soak": "+7", "size": "0"},
    ),
    "adnd2cp": (
        {
            "class": "fighter",
            "level": "5",
            "str": "17",
            "dex": "14",
            "int": "13",
            "ac": "3",
            "hp": "42",
            "weapon": "long_sword",
        },
        {"thac0": "17", "ac": "6", "hp": "9", "damage": "1d8", "hd": "2", "int": "9"},
    ),
    "cz2d10": (
        {"síla": "7", "obratnost": "8", "kon": "6", "reakce": "5", "zbraň": "meč", "ovládání": "6"},
        {"útok": "12", "obrana": "18", "zranění": "d10+2", "životy": "14", "iniciativa": "2"},
    ),
    "pl_wladanie": (
        {"of": "13", "wladanie": "+6", "damage": "1k8", "sila": "6", "udzwig": "45", "parowanie": "5", "unik": "3"},
        {"of": "12", "wladanie": "+6", "damage": "1k8", "sila": "6", "udzwig": "40", "parowanie": "4", "unik": "3"},
    ),
}
SEEDS = range(60)


def _flatten(result: ActionResult) -> list[ActionResult]:
    return [result, *(r for sub in result.attacks for r in _flatten(sub))]


def _assert_described(result: ActionResult) -> None:
    """Each roll is shown in a check; each compared or applied number is a check's total."""
    verify_result(result)
    for r in _flatten(result):
        if not r.rolls and r.total is None:
            continue
        # A summary result (a full attack) may list its sub-results' dice too: then the whole tree shows them.
        tree = _flatten(r) if r.attacks else [r]
        shown = Counter(d.sides for t in tree for c in t.checks for d in all_dice(c))
        rolled = Counter(d.sides for d in r.rolls) if r.rolls else Counter(d.sides for t in tree for d in t.rolls)
        assert shown == rolled, f"{r.action}: rolled {dict(rolled)} but the checks show {dict(shown)}"
        if r.total is not None and r.against is not None:
            assert any(c.total == r.total and c.versus is not None and c.versus.total == r.against for c in r.checks), (
                f"{r.action}: no check shows {r.total} against {r.against}"
            )
        if r.damage is not None and (r.damage.rolled or r.damage.applied):
            damage = [c for c in r.checks if c.total == r.damage.applied and c.raw is not None]
            assert damage, f"{r.action}: no check ends at the {r.damage.applied} damage applied"


def _fighters(system_id: str) -> tuple[Fighter[Any], Fighter[Any]]:
    system = get_system(system_id)
    a, d = SHEETS[system_id]
    return Fighter("Ana", system.sheet(a)), Fighter("Orc", system.sheet(d))


def _run(system_id: str, kind: str, seed: int) -> list[ActionResult]:
    system = get_system(system_id)
    actor, target = _fighters(system_id)
    settings = system.settings({})
    dice = RandomDice(seed)
    req = ActionRequest(actor, target, system.options({}), settings)
    try:
        result = (system.shot if kind == "shot" else system.attack)(req, dice)
    except RulesError:
        return []  # a shot without a ranged weapon is refused; that is not what this test is about
    out = [result]
    if result.outcome == "pending_defence":
        exchange = result.exchange or {}
        dreq = DefenceRequest(target, actor, exchange, settings, system.default_defence(exchange))
        out.append(system.defend(dreq, dice))
    return out


@pytest.mark.parametrize("system_id", sorted(SHEETS))
def test_attacks_are_described_by_checks_that_add_up(system_id: str) -> None:
    for seed in SEEDS:
        for result in _run(system_id, "attack", seed):
            if result.outcome == "pending_defence":
                continue  # the attack half: the defence finishes and describes the exchange
            _assert_described(result)


@pytest.mark.parametrize("system_id", sorted(SHEETS))
def test_initiative_is_described_by_a_check(system_id: str) -> None:
    system = get_system(system_id)
    actor, _ = _fighters(system_id)
    for seed in range(20):
        result = system.initiative(
            ActionRequest(actor, None, system.options({}), system.settings({})), RandomDice(seed)
        )
        verify_result(result)
        assert result.checks and result.checks[0].total == result.total


def test_verify_catches_a_check_that_does_not_add_up() -> None:
    from rules.checks import check, die, minus, part

    good = check("damage", dice=[die(8, 5)], parts=[part("str", 3)])
    minus(good, "armour", 2)
    verify(good)
    assert (good.raw, good.total) == (8, 6)
    bad = Check("damage", dice=good.dice, parts=good.parts, raw=9, total=9)
    with pytest.raises(AssertionError):
        verify(bad)
