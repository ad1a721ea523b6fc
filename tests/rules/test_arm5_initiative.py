"""arm5 Initiative: held for the whole combat, ties by Quickness then a roll-off, Fast Casting."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest, Fighter
from rules.systems.arm5 import SYSTEM

FIGHTER = {"qik": 2, "encumbrance": 1, "finesse": 3, "weapon": "long_sword"}  # long sword Init +2


def roll(
    faces: list[int],
    sheet: dict[str, Any] = FIGHTER,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> tuple[ActionResult, int]:
    dice = ScriptedDice(faces)
    req = ActionRequest(
        Fighter("A", SYSTEM.sheet(sheet)),
        None,
        SYSTEM.options(options or {}),
        SYSTEM.settings(settings or {}),
    )
    result = SYSTEM.initiative(req, dice)
    verify_result(result)  # the Initiative check (and the roll-off's) adds up as shown
    return result, dice.remaining


def test_initiative_total_tiebreak_and_held_on_sheet() -> None:
    r, left = roll([6, 4])
    assert r.total == 2 + 2 - 1 + 6
    assert r.tiebreak == [2, 4]  # Quickness, then the roll-off die
    assert [d.purpose for d in r.rolls] == ["initiative", "initiative_rolloff"]
    assert r.actor_sheet is not None and r.actor_sheet["initiative"] == 9
    assert left == 0


def test_rolloff_left_out_when_the_script_ends() -> None:
    r, _ = roll([6])
    assert r.tiebreak == [2]


def test_spell_mode_uses_quickness_only() -> None:
    r, _ = roll([6, 1], options={"initiative_mode": "spell"})
    assert r.total == 2 - 1 + 6  # the seed: Quickness − Encumbrance + Stress Die


MASTERED = [{"name": "Pilum of Fire", "damage": 15, "casting_score": 20, "fast_casting": True}]


def test_fast_casting_adds_finesse_and_keeps_held_initiative() -> None:
    sheet = {**FIGHTER, "initiative": 5, "spells": MASTERED}
    r, _ = roll([6, 1], sheet=sheet, options={"fast_casting": True})
    assert r.total == 2 - 1 + 3 + 6
    assert r.actor_sheet is None  # the combat Initiative stays
    assert any(n.key == "fast_casting_initiative" for n in r.notes)


def test_fast_casting_initiative_needs_a_mastered_spell() -> None:
    # Seed: "Jeżeli jednak opanował to zaklęcie w sposób mistrzowski (Spell Mastery) i ma umiejętność
    # szybkiego rzucania tego zaklęcia (Fast Casting), wówczas do testu Inicjatywy dodaje wartość Finesse."
    unmastered = [{**MASTERED[0], "fast_casting": False}]
    with pytest.raises(RulesError) as err:
        roll([6, 1], sheet={**FIGHTER, "spells": unmastered}, options={"fast_casting": True})
    assert err.value.key == "error.arm5.fast_casting_not_mastered"
    assert err.value.params == {"who": "A", "spell": "Pilum of Fire", "mastered": ["—"]}
    with pytest.raises(RulesError):
        roll([6, 1], options={"fast_casting": True})  # no spell at all


def test_doubled_die_and_penalties() -> None:
    r, _ = roll([1, 1, 7, 1], sheet={**FIGHTER, "wounds": {"heavy": 1}, "fatigue_level": 2})
    assert r.total == 3 + 28 - 5 - 1


def test_botched_initiative_is_zero() -> None:
    r, _ = roll([10, 10, 3])
    assert r.total == 0 and any(n.key == "botch" for n in r.notes)
    r, _ = roll([10, 3], settings={"initiative_botch_dice": 0})
    assert r.total == 3


def test_simultaneous_ties_setting() -> None:
    r, left = roll([6, 4], settings={"initiative_tiebreak": "simultaneous"})
    assert r.tiebreak == [] and left == 1
    assert any(n.key == "ties_simultaneous" for n in r.notes)
