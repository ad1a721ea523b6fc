"""The engine's own bounds (issue 12): dice notation, the dice one resolution may roll, and stored sheets
from before a bound existed, which load clamped (nested numbers included) instead of being refused."""

from __future__ import annotations

import time
from typing import Any

import pytest

from rules.dice import MAX_ROLLS, RandomDice, Roller
from rules.errors import RulesError
from rules.notation import MAX_BONUS, MAX_DICE, MAX_SIDES, parse_dice
from rules.registry import all_systems, get_system


def test_dice_notation_at_its_limits() -> None:
    assert parse_dice(f"{MAX_DICE}d{MAX_SIDES}+{MAX_BONUS}").maximum == MAX_DICE * MAX_SIDES + MAX_BONUS
    assert parse_dice("50d6+50d8-10").minimum == 50 + 50 - 10
    start = time.process_time()
    for text in (
        f"{MAX_DICE + 1}d6",
        f"1d{MAX_SIDES + 1}",
        "60d6+41d6",  # more than 100 dice in all
        f"1d6+{MAX_BONUS + 1}",
        "1d6" + "+1" * 20,  # more than 20 terms
        "1d6+" + "9" * 5000,  # int() of it would raise a ValueError, not a refusal
        "9" * 5000 + "d6",
    ):
        with pytest.raises(RulesError, match="dice_notation"):
            parse_dice(text)
    assert time.process_time() - start < 0.05


def test_one_resolution_rolls_at_most_its_dice() -> None:
    roller = Roller(RandomDice(1))
    roller.many(MAX_ROLLS - 1, 6, "damage")
    roller.d(6, "damage")
    with pytest.raises(RulesError, match="roll_too_many_dice"):
        roller.d(6, "damage")
    fresh = Roller(RandomDice(1))
    with pytest.raises(RulesError, match="roll_too_many_dice"):
        fresh.many(MAX_ROLLS + 1, 6, "damage")  # refused before rolling any
    assert fresh.rolls == []


def test_rolls_are_plain_die_rolls() -> None:
    roller = Roller(RandomDice(1))
    face = roller.d(20, "attack")
    assert roller.rolls[0].model_dump() == {"purpose": "attack", "sides": 20, "face": face, "dropped": False}


@pytest.mark.parametrize(
    ("system_id", "stored", "expected"),
    [
        # the bench once kept NPCs alive with 100 000 hp; a weapon's bonus had no bound at all
        ("dnd35", {"hp_max": 100_000, "weapons": [{"name": "claw", "attack_override": 10**6}]}, ("hp_max", 10_000)),
        ("arm5", {"initiative": 10**9, "initiative_tiebreak": [10**6]}, ("initiative", 100_000)),
        (
            "adnd2cp",
            {"hp": 10, "attacks_made": 10**6, "conditions": [{"key": "bleeding", "value": 10**9}]},
            ("attacks_made", 100),
        ),
        ("pl_wladanie", {"damage_taken": 10**9, "weapon_skills": {"axe": 10**6}}, ("damage_taken", 10_000)),
    ],
)
def test_a_sheet_stored_past_new_bounds_loads_clamped(
    system_id: str, stored: dict[str, Any], expected: tuple[str, int]
) -> None:
    system = get_system(system_id)
    with pytest.raises(RulesError):
        system.sheet(stored)
    sheet = system.stored_sheet(stored)
    field, value = expected
    assert getattr(sheet, field) == value
    system.sheet(sheet.model_dump())


def test_settings_stored_past_new_bounds_load_clamped() -> None:
    dnd35 = get_system("dnd35")
    with pytest.raises(RulesError, match="setting_invalid"):
        dnd35.settings({"massive_damage_threshold": 10**6})
    assert dnd35.stored_settings({"massive_damage_threshold": 10**6}).massive_damage_threshold == 10_000  # type: ignore[attr-defined]


def test_the_probe_finds_no_bug() -> None:
    """bench/probe_bounds.py over every system: each numeric key at its bounds and ±10⁶, and each system's
    worst case, is refused or answered (a returned sheet loads again); nothing else happens."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "probe_bounds.py"
    spec = importlib.util.spec_from_file_location("probe_bounds", path)
    assert spec is not None and spec.loader is not None
    probe = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = probe  # its dataclasses look their module up
    spec.loader.exec_module(probe)
    assert set(probe.SETUPS) == set(all_systems())
    for system_id, setup in probe.SETUPS.items():
        tally = probe.probe(system_id, setup)
        assert tally.answered and not tally.bugs, (system_id, tally.bugs)
