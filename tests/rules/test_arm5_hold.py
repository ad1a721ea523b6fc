"""Holding the action (opóźnienie akcji): a later place this round, back to the combat Initiative next."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM
from rules.systems.arm5.tables import HOLD_TIEBREAK

# Seed: "postać może celowo chcieć opóźnić swoje działanie (akcję) … Może za to zadziałać (wykonać akcję) w
# dowolnej, późniejszej kolejności … Opóźnione akcje mogę się przenosić z rundy na rundę, ale wygasają
# gdy przychodzi normalna kolej działania postaci."
MAJA = {"qik": 2, "dex": 1, "single_weapon": 3, "weapon": "long_sword"}  # Init 2 + 2 = 4 before the die


def fighter(sheet: dict[str, Any]) -> Fighter[Any]:
    return Fighter("Maja", SYSTEM.sheet(sheet))


def rolled_maja() -> dict[str, Any]:
    """Maja's Initiative roll: 4 + die 9 = 13, tiebreak [Qik 2, roll-off 6], held on the sheet."""
    req = ActionRequest(fighter(MAJA), None, SYSTEM.options({}), SYSTEM.settings({}))
    r = SYSTEM.initiative(req, ScriptedDice([9, 6]))
    assert (r.total, r.tiebreak) == (13, [2, 6])
    assert r.actor_sheet is not None and r.actor_sheet["initiative_tiebreak"] == [2, 6]
    return r.actor_sheet


def hold(sheet: dict[str, Any], options: dict[str, Any] | None = None, action: str = "hold") -> ActionResult:
    req = ActionRequest(fighter(sheet), None, SYSTEM.options(options or {}), SYSTEM.settings({}))
    return SYSTEM.act(action, req, ScriptedDice([]))


def test_holding_to_a_later_count_changes_the_place_in_the_order() -> None:
    r = hold(rolled_maja(), {"new_initiative": 8})
    assert (r.outcome, r.total, r.tiebreak) == ("initiative_changed", 8, [HOLD_TIEBREAK])
    assert [HOLD_TIEBREAK] < [-10, 1]  # after anyone who rolled 8: "musi poczekać, aż przeciwnik zakończy"
    assert r.actor_sheet is not None
    assert (r.actor_sheet["held_initiative"], r.actor_sheet["delaying"]) == (8, True)
    assert r.actor_sheet["initiative"] == 13  # the combat Initiative "obowiązuje przez całą walkę"
    assert r.actor_sheet["action_used"] is False and "delaying" in r.conditions
    # The count is shown as the held action's Initiative, not a bare "= 8" with no terms.
    (shown,) = r.checks
    assert (shown.label, [(p.key, p.value) for p in shown.parts], shown.total) == (
        "held_initiative",
        [("held_initiative", 8)],
        8,
    )


def test_delay_is_an_alias_and_a_bare_hold_only_marks_the_wait() -> None:
    r = hold(rolled_maja(), action="delay")
    assert (r.action, r.outcome, r.total, r.tiebreak) == ("hold", "delaying", None, [])
    assert r.actor_sheet is not None and r.actor_sheet["delaying"] is True
    assert r.actor_sheet["held_initiative"] == 13  # still in its own place until it names a count
    later = hold(r.actor_sheet, {"new_initiative": 5})
    assert (later.outcome, later.total) == ("initiative_changed", 5)


def test_holding_to_an_earlier_count_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        hold(rolled_maja(), {"new_initiative": 14})
    assert err.value.key == "error.arm5.hold_not_later"
    assert err.value.params == {"who": "Maja", "initiative": 13, "new_initiative": 14}
    moved = hold(rolled_maja(), {"new_initiative": 8}).actor_sheet
    assert moved is not None
    with pytest.raises(RulesError):  # once at 8, not back before it
        hold(moved, {"new_initiative": 10})
    assert hold(moved, {"new_initiative": 8}).total == 8


def test_a_used_action_cannot_be_held() -> None:
    with pytest.raises(RulesError) as err:
        hold({**rolled_maja(), "action_used": True}, {"new_initiative": 8})
    assert err.value.key == "error.arm5.action_used"


def test_acting_takes_the_held_action() -> None:
    held = hold(rolled_maja(), {"new_initiative": 8}).actor_sheet
    assert held is not None
    req = ActionRequest(fighter(held), Fighter("Zbój", SYSTEM.sheet({})), SYSTEM.options({}), SYSTEM.settings({}))
    dice = ScriptedDice([5, 5])
    pending = SYSTEM.attack(req, dice)
    assert pending.exchange is not None and req.target is not None
    r = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings), dice)
    assert r.actor_sheet is not None
    assert (r.actor_sheet["delaying"], r.actor_sheet["action_used"]) == (False, True)


def test_the_next_round_puts_the_character_back_on_its_combat_initiative() -> None:
    held = hold(rolled_maja(), {"new_initiative": 8}).actor_sheet
    assert held is not None
    r = SYSTEM.start_round(fighter({**held, "action_used": True, "delaying": False}), SYSTEM.settings({}), 2)
    assert r is not None and r.actor_sheet is not None
    assert (r.outcome, r.total, r.tiebreak) == ("initiative_changed", 13, [2, 6])
    assert r.actor_sheet["held_initiative"] is None
    assert any(n.key == "hold_ends" and n.params == {"initiative": 13} for n in r.notes)


def test_an_unused_held_action_carries_over_until_the_normal_turn() -> None:
    held = hold(rolled_maja(), {"new_initiative": 8}).actor_sheet  # the round ends before Maja acts
    assert held is not None
    r = SYSTEM.start_round(fighter(held), SYSTEM.settings({}), 2)
    assert r is not None and r.actor_sheet is not None and r.outcome == "initiative_changed"
    assert r.actor_sheet["delaying"] is True  # "mogą się przenosić z rundy na rundę"
    early = hold(r.actor_sheet, {"new_initiative": 20})  # it may act before its normal turn (13) comes
    assert (early.outcome, early.total) == ("initiative_changed", 20)


def test_a_round_without_a_hold_keeps_the_plain_round_start() -> None:
    r = SYSTEM.start_round(fighter({**rolled_maja(), "action_used": True}), SYSTEM.settings({}), 2)
    assert r is not None and (r.outcome, r.total) == ("round_started", None)


def test_the_round_start_names_the_initiative_it_goes_back_to() -> None:
    """Finding 10: the round's start read 'Oberżysta: = 12' (a total with no check); it now shows the combat
    Initiative as its own line (seed: the Initiative "obowiązuje przez całą walkę")."""
    from rules.checks import verify_result

    held = hold(rolled_maja(), {"new_initiative": 8}).actor_sheet
    assert held is not None
    r = SYSTEM.start_round(fighter(held), SYSTEM.settings({}), 2)
    assert r is not None and r.outcome == "initiative_changed"
    assert [(c.label, c.total) for c in r.checks] == [("initiative", 13)]
    verify_result(r)
