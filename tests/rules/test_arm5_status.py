"""status(): dead for good vs. out of the fight for now, and the one action a round."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM

ROOT = Path(__file__).resolve().parents[2]
CATALOG: dict[str, str] = json.loads((ROOT / "bot/i18n/en/arm5.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("sheet", "dead", "out"),
    [
        ({}, False, False),
        ({"wounds": {"heavy": 1}, "fatigue_level": 4}, False, False),
        ({"dead": True}, True, True),
        ({"wounds": {"incapacitating": 1}}, False, True),  # Eliminujące: out, not dead
        ({"fatigue_level": 5}, False, True),  # Unconscious
        ({"left_combat": True}, False, True),  # left the fight: skipped in the order
    ],
)
def test_dead_and_out_of_fight(sheet: dict[str, Any], dead: bool, out: bool) -> None:
    status = SYSTEM.status(SYSTEM.sheet(sheet))
    assert (status.dead, status.out_of_fight) == (dead, out)


def test_one_action_a_round_is_shown_as_actions_left() -> None:
    # Seed: "Podczas pojedynczej rundy walki, postać jest w stanie wykonać pojedynczą akcję (i wiele reakcji)."
    knight = Fighter("Rycerz", SYSTEM.sheet({"dex": 1, "single_weapon": 3, "weapon": "long_sword"}))
    foe = Fighter("Zbój", SYSTEM.sheet({}))
    assert SYSTEM.status(knight.sheet).actions_left == 1
    req = ActionRequest(knight, foe, SYSTEM.options({}), SYSTEM.settings({}))
    dice = ScriptedDice([5, 5])
    pending = SYSTEM.attack(req, dice)
    assert pending.exchange is not None
    r = SYSTEM.defend(DefenceRequest(foe, knight, pending.exchange, req.settings), dice)
    assert r.actor_sheet is not None
    after = SYSTEM.sheet(r.actor_sheet)
    assert SYSTEM.status(after).actions_left == 0
    start = SYSTEM.start_round(Fighter("Rycerz", after), SYSTEM.settings({}), 2)
    assert start is not None and start.actor_sheet is not None
    assert SYSTEM.status(SYSTEM.sheet(start.actor_sheet)).actions_left == 1
    assert SYSTEM.status(SYSTEM.sheet({"fatigue_level": 5})).actions_left == 0


def test_every_status_number_has_a_term() -> None:
    sheet = SYSTEM.sheet({"initiative": 9, "held_initiative": 4, "fast_casts": 1, "fatigue_level": 2})
    numbers = SYSTEM.status(sheet).numbers
    assert {"held_initiative", "fast_casts", "initiative", "penalty"} <= set(numbers)
    for key in numbers:
        assert f"term.arm5.{key}" in CATALOG, key


def test_the_fatigue_level_is_not_repeated_among_the_numbers() -> None:
    # The sheet shows `fatigue_level` and the conditions name it (`weary`); a status number repeated it
    # as a bare "Poziom Wyczerpania: 2" on the character sheet.
    status = SYSTEM.status(SYSTEM.sheet({"fatigue_level": 2, "light": 1}))
    assert "fatigue_level" not in status.numbers and "weary" in status.conditions
    assert status.numbers["penalty"] == -2
    assert SYSTEM.descriptor(status) == "wounded"  # the Light wound's −1, not the Fatigue's


def test_a_successful_exit_keeps_the_action() -> None:
    """Repro 04: the seed's exit "jest „reakcją”, nie zabiera akcji!", so after it the status says one action
    is left (the guide's round 2: exit, then charge); a failed attempt "jest traktowane jako „akcja”"."""
    jagna = Fighter("Jagna", SYSTEM.sheet({"qik": 2, "single_weapon": 4, "engaged_with": ["Zbój"]}))
    req = ActionRequest(jagna, None, SYSTEM.options({}), SYSTEM.settings({}))
    r = SYSTEM.act("disengage", req, ScriptedDice([]))
    assert r.outcome == "disengaged" and r.actor_sheet is not None
    assert SYSTEM.status(SYSTEM.sheet(r.actor_sheet)).actions_left == 1
    failed = SYSTEM.sheet({**r.actor_sheet, "action_used": True})
    assert SYSTEM.status(failed).actions_left == 0
