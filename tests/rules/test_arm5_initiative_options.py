"""Spell Initiative and Fast Casting's +Finesse from an options line, as `/initiative` will pass it."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.pairs import parse_pairs
from rules.system import ActionRequest, Fighter
from rules.systems.arm5 import SYSTEM

PILUM = {"name": "Pilum of Fire", "damage": 15, "casting_score": 12, "fast_casting": True}
FLAME = {"name": "Ball of Abysmal Flame", "damage": 30, "casting_score": 9, "fast_casting": True}
EWA = {"qik": 1, "encumbrance": 1, "finesse": 2, "weapon": "long_sword", "spells": [PILUM, FLAME]}


def initiative(line: str, faces: list[int], sheet: dict[str, Any] = EWA) -> ActionResult:
    """The options line typed in Polish, resolved by the game's vocabulary like every other command's."""
    opts = SYSTEM.options(SYSTEM.option_vocabulary().resolve(parse_pairs(line)))
    req = ActionRequest(Fighter("Ewa", SYSTEM.sheet(sheet)), None, opts, SYSTEM.settings({}))
    dice = ScriptedDice(faces)
    result = SYSTEM.initiative(req, dice)
    assert dice.remaining == 0
    verify_result(result)
    return result


def _mods(r: ActionResult) -> dict[str, int | float]:
    return {m.key: m.value for m in r.modifiers if m.key != "initiative_die"}


def test_spell_initiative_is_quickness_minus_encumbrance_plus_the_die() -> None:
    # Seed: "Inicjatywa = Quickness - Encumberance + Stress Die. Tak wyliczana Inicjatywa obowiązuje,
    # jeśli Mag chce rzucić zaklęcie formułowane."
    r = initiative("tryb_inicjatywy:zaklęcie", [6, 4])
    assert _mods(r) == {"init_qik": 1, "init_encumbrance": -1}  # no weapon Init (long sword +2)
    assert r.total == 6 and r.actor_sheet is not None and r.actor_sheet["initiative"] == 6
    r = initiative("", [6, 4])
    assert r.total == 1 + 2 - 1 + 6  # the weapon Initiative by default


def test_fast_casting_adds_finesse_for_the_named_mastered_spell() -> None:
    # Seed: "Jeżeli jednak opanował to zaklęcie w sposób mistrzowski (Spell Mastery) i ma umiejętność
    # szybkiego rzucania tego zaklęcia (Fast Casting), wówczas do testu Inicjatywy dodaje wartość Finesse."
    r = initiative("fast_casting zaklęcie:Ball_of_Abysmal_Flame", [6, 4])
    assert _mods(r) == {"init_qik": 1, "init_encumbrance": -1, "init_finesse": 2}
    assert r.total == 8
    assert r.actor_sheet is None  # a reaction's Initiative: the combat Initiative stays
    assert SYSTEM.is_reaction("initiative", SYSTEM.options({"fast_casting": True}))


def test_fast_casting_with_two_mastered_spells_asks_which() -> None:
    with pytest.raises(RulesError) as err:
        initiative("fast_casting", [])
    assert err.value.key == "error.arm5.spell_not_chosen"
    with pytest.raises(RulesError) as err:
        initiative("fast_casting zaklęcie:Kula", [])
    assert err.value.key == "error.arm5.fast_casting_not_mastered"
