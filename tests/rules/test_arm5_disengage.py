"""Leaving combat (wyjście z walki): digest worked example 3, automatic exit, bonus and its reset."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM

MAJA = {"qik": 1, "single_weapon": 3, "weapon": {"name": "sword", "ability": "single_weapon", "dfn": 3}}
BANDIT_A = {"dex": 0, "single_weapon": 2, "weapon": {"name": "axe", "ability": "single_weapon", "atk": 3}}
BANDIT_B = {
    "dex": 1,
    "single_weapon": 3,
    "riding": 5,
    "mounted": True,
    "weapon": {"name": "sword", "ability": "single_weapon", "atk": 4},
}
BIG = {**BANDIT_A, "str": 3, "weapon": {"name": "axe", "ability": "single_weapon", "atk": 3, "dam": 6}}
SHEETS = {"Bandit A": BANDIT_A, "Bandit B": BANDIT_B, "Big": BIG}


def disengage(
    maja: dict[str, Any], target: str | None, faces: list[int], settings: dict[str, Any] | None = None
) -> ActionResult:
    dice = ScriptedDice(faces)
    req = ActionRequest(
        Fighter("Maja", SYSTEM.sheet(maja)),
        Fighter(target, SYSTEM.sheet(SHEETS[target])) if target else None,
        SYSTEM.options({}),
        SYSTEM.settings(settings or {}),
    )
    result = SYSTEM.act("disengage", req, dice)
    assert dice.remaining == 0
    verify_result(result)  # every check adds up as shown
    return result


def test_worked_example_3_two_opponents_fail_then_succeed() -> None:
    maja = {**MAJA, "attacked_by": ["Bandit A", "Bandit B"]}
    # Round 3: Defense 7 + die 8 = 15; Bandit A reacts 5 + 6 = 11.
    r = disengage(maja, "Bandit A", [8, 6])
    assert (r.total, r.against, r.outcome) == (15, 11, "disengage_continues")
    assert [(d.purpose, d.face) for d in r.rolls] == [("disengage_defence", 8), ("reaction_attack", 6)]
    assert r.actor_sheet is not None
    assert r.actor_sheet["disengage_defence"] == 15 and r.actor_sheet["disengage_pending"] == ["Bandit B"]
    # Bandit B, a rider against Maja on foot: 1 + 3 + 4 + Riding 3 (capped) + die 4 = 15; a tie fails.
    r = disengage(r.actor_sheet, "Bandit B", [4])
    assert [m.value for m in r.defence_modifiers if m.key == "atk_riding"] == [3]  # the reaction's side
    assert (r.total, r.against, r.margin, r.outcome) == (15, 15, 0, "disengage_failed")
    assert r.wound is None  # advantage 0: no damage under either reading
    sheet = r.actor_sheet
    assert sheet is not None
    assert sheet["disengage_bonus"] == 3 and sheet["action_used"] is True
    assert sheet["left_combat"] is False and sheet["disengage_defence"] is None
    # Round 4: the bandits attacked her again; a new round gives the action back.
    start = SYSTEM.start_round(Fighter("Maja", SYSTEM.sheet(sheet)), SYSTEM.settings({}), 4)
    assert start is not None and start.actor_sheet is not None
    maja4 = {**start.actor_sheet, "attacked_by": ["Bandit A", "Bandit B"]}
    r = disengage(maja4, "Bandit A", [5, 3])  # Defense 7 + 3 + 5 = 15; A 5 + 3 = 8
    assert [m.value for m in r.modifiers if m.key == "def_disengage_bonus"] == [3]
    assert (r.total, r.against) == (15, 8)
    assert r.actor_sheet is not None
    r = disengage(r.actor_sheet, "Bandit B", [2])  # B 11 + 2 = 13
    assert (r.total, r.against, r.outcome) == (15, 13, "disengaged")
    assert r.actor_sheet is not None
    assert r.actor_sheet["left_combat"] is True and r.actor_sheet["disengage_bonus"] == 0
    assert r.actor_sheet["engaged_with"] == []


def test_not_attacked_in_the_window_leaves_automatically() -> None:
    r = disengage({**MAJA, "engaged_with": ["Bandit A"]}, None, [])
    assert r.outcome == "disengaged" and r.rolls == []
    assert any(n.key == "disengage_automatic" for n in r.notes)
    assert r.actor_sheet is not None and r.actor_sheet["left_combat"] is True


def test_naming_an_opponent_who_did_not_attack_is_refused() -> None:
    # Seed: "Wszyscy przeciwnicy, którzy w poprzedniej rundzie atakowali tę postać, ponownie wykonują test
    # Ataku": only they react, so an opponent outside that set cannot be named.
    with pytest.raises(RulesError) as err:
        disengage({**MAJA, "attacked_by": ["Bandit B"]}, "Bandit A", [9, 2])
    assert err.value.key == "error.arm5.not_a_reactor"
    assert err.value.params == {"who": "Bandit A", "target": "Maja", "pending": ["Bandit B"]}


def test_nobody_attacked_naming_an_opponent_is_refused_too() -> None:
    # Seed: "Strona, która nie została zaatakowana w poprzedniej rundzie może wyjść z walki automatycznie."
    with pytest.raises(RulesError) as err:
        disengage(MAJA, "Bandit A", [9, 2])
    assert err.value.key == "error.arm5.not_a_reactor" and err.value.params["pending"] == ["—"]
    assert disengage(MAJA, None, []).outcome == "disengaged"


def test_without_a_target_the_defence_is_rolled_and_waits_for_the_reactions() -> None:
    r = disengage({**MAJA, "attacked_by": ["Bandit A", "Bandit B"]}, None, [8])
    assert (r.outcome, r.total, r.against) == ("disengage_continues", 15, None)
    assert [(d.purpose, d.face) for d in r.rolls] == [("disengage_defence", 8)]
    assert any(n.key == "disengage_awaits" and n.params["pending"] == ["Bandit A", "Bandit B"] for n in r.notes)
    assert r.actor_sheet is not None
    assert (r.actor_sheet["disengage_defence"], r.actor_sheet["disengage_pending"]) == (15, ["Bandit A", "Bandit B"])
    assert r.actor_sheet["action_used"] is False  # the attempt itself is a reaction
    with pytest.raises(RulesError) as err:  # continuing the attempt needs the next opponent's name
        disengage(r.actor_sheet, None, [])
    assert err.value.key == "error.arm5.disengage_needs_attacker"
    with pytest.raises(RulesError) as err:
        disengage(r.actor_sheet, "Big", [5])
    assert err.value.key == "error.arm5.not_a_reactor"


def test_a_rider_adds_riding_only_against_opponents_on_foot() -> None:
    # Seed: "Walcząc z pieszym, jeździec dodaje wartość umiejętności Riding (maksymalnie do 3 pkt) do Attack
    # Total i do Defense Total." Maja rides (Riding 5 → +3): +3 against Bandit A on foot, 0 against the
    # mounted Bandit B, with one Defense roll for the attempt.
    rider = {**MAJA, "mounted": True, "riding": 5, "attacked_by": ["Bandit A", "Bandit B"]}
    r = disengage(rider, "Bandit A", [5, 9])  # Defense 7 + 5 = 12, + 3 vs A = 15; A 5 + 9 = 14
    assert [m.value for m in r.modifiers if m.key == "def_riding"] == [3]
    assert (r.total, r.against, r.margin, r.outcome) == (15, 14, 1, "disengage_continues")
    assert r.actor_sheet is not None and r.actor_sheet["disengage_defence"] == 12  # kept without Riding
    r = disengage(r.actor_sheet, "Bandit B", [5])  # B 8 + 5 = 13 (no Riding: Maja rides too) vs 12
    assert not [m for m in r.modifiers if m.key in ("def_riding", "atk_riding")]
    assert (r.total, r.against, r.outcome) == (12, 13, "disengage_failed")


def test_a_botched_disengage_defence_stays_zero_whatever_the_riding() -> None:
    rider = {**MAJA, "mounted": True, "riding": 5, "attacked_by": ["Bandit A"]}
    r = disengage(rider, "Bandit A", [10, 10, 2])  # Defense botched → 0 (base game B3); A 5 + 2 = 7
    assert not [m for m in r.modifiers if m.key == "def_riding"]
    assert (r.total, r.against, r.outcome) == (0, 7, "disengage_failed")


def test_bonus_is_cumulative_over_failed_attempts() -> None:
    maja = {**MAJA, "attacked_by": ["Bandit A"], "disengage_bonus": 3}
    r = disengage(maja, "Bandit A", [2, 9])  # 7 + 3 + 2 = 12 vs 14
    assert r.outcome == "disengage_failed"
    assert r.actor_sheet is not None and r.actor_sheet["disengage_bonus"] == 6


def test_a_normal_attack_resets_the_bonus() -> None:
    req = ActionRequest(
        Fighter("Maja", SYSTEM.sheet({**MAJA, "disengage_bonus": 6})),
        Fighter("Bandit A", SYSTEM.sheet(BANDIT_A)),
        SYSTEM.options({}),
        SYSTEM.settings({}),
    )
    dice = ScriptedDice([5, 5])
    pending = SYSTEM.attack(req, dice)
    assert pending.exchange is not None and req.target is not None
    r = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings), dice)
    assert r.actor_sheet is not None and r.actor_sheet["disengage_bonus"] == 0
    assert any(c.field == "disengage_bonus" and c.before == 6 and c.after == 0 for c in r.changes)


def test_reaction_attack_that_beats_the_defence_deals_damage() -> None:
    r = disengage({**MAJA, "attacked_by": ["Big"]}, "Big", [2, 9])  # Defense 9 vs Attack 14: advantage 5
    assert r.outcome == "disengage_failed" and r.margin == -5
    assert r.wound == "heavy"  # 3 + 6 + 5 = 14 damage, Soak 0 → Size 0 row: 11-15 Ciężkie
    assert r.actor_sheet is not None and r.actor_sheet["wounds"]["heavy"] == 1
    r2 = disengage({**MAJA, "attacked_by": ["Big"]}, "Big", [2, 9], settings={"disengage_reaction_damage": False})
    assert r2.wound is None and r2.actor_sheet is not None and r2.actor_sheet["wounds"]["heavy"] == 0


def test_previous_round_window_setting() -> None:
    settings = {"disengage_window": "previous_round_number"}
    maja = {**MAJA, "attacked_by": ["Bandit A"]}  # attacked this round, not last round
    r = disengage(maja, None, [], settings)
    assert r.outcome == "disengaged"
    start = SYSTEM.start_round(Fighter("Maja", SYSTEM.sheet(maja)), SYSTEM.settings(settings), 2)
    assert start is not None and start.actor_sheet is not None
    assert start.actor_sheet["attacked_by_last_round"] == ["Bandit A"]
    with pytest.raises(RulesError):
        disengage(start.actor_sheet, None, [], settings)


def test_unfinished_attempt_is_kept_at_the_next_round() -> None:
    """Repro 03: the GM moved on before Bandit B rolled. The seed makes every opponent's Attack part of the
    attempt ("Wszyscy przeciwnicy, którzy w poprzedniej rundzie atakowali tę postać, ponownie wykonują
    test Ataku"), so the attempt is not dropped: it waits, and the round's start says how to roll it."""
    r = disengage({**MAJA, "attacked_by": ["Bandit A", "Bandit B"]}, "Bandit A", [8, 6])
    assert r.outcome == "disengage_continues" and r.actor_sheet is not None
    start = SYSTEM.start_round(Fighter("Maja", SYSTEM.sheet(r.actor_sheet)), SYSTEM.settings({}), 4)
    assert start is not None and start.actor_sheet is not None
    assert start.actor_sheet["disengage_defence"] == 15 and start.actor_sheet["disengage_pending"] == ["Bandit B"]
    assert start.actor_sheet["disengage_carried"] is True
    carried = next(n for n in start.notes if n.key == "disengage_carried")
    [command] = carried.params["commands"]
    assert command.key == "syntax.arm5.reaction_attack"
    assert command.params["who"] == "Bandit B" and command.params["target"] == "Maja"
    # Bandit B's reaction, rolled in the new round: 11 + 4 = 15 ties the Defense, the exit fails; the failed
    # attempt was last round's action, so this round's action stays.
    r = disengage(start.actor_sheet, "Bandit B", [4])
    assert r.outcome == "disengage_failed" and r.actor_sheet is not None
    assert r.actor_sheet["action_used"] is False and r.actor_sheet["disengage_bonus"] == 3
    assert r.actor_sheet["disengage_carried"] is False


def test_declaring_the_exit_starts_a_new_window() -> None:
    """Repro 03: after an attempt, nobody attacked her since her last turn; the next attempt is automatic
    ("Strona, która nie została zaatakowana w poprzedniej rundzie może wyjść z walki automatycznie")."""
    r = disengage({**MAJA, "attacked_by": ["Bandit A"]}, None, [8])
    assert r.actor_sheet is not None and r.actor_sheet["attacked_by"] == []
    assert r.actor_sheet["disengage_pending"] == ["Bandit A"]
    r = disengage(r.actor_sheet, "Bandit A", [9])  # 5 + 9 = 14 < 15: she leaves
    assert r.outcome == "disengaged" and r.actor_sheet is not None
    again = disengage({**r.actor_sheet, "left_combat": False}, None, [])
    assert again.outcome == "disengaged" and again.rolls == []
