"""Reactions off the actor's turn: the reaction Attack on a withdrawing character, counted per attempt."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.system import ActionRequest, Fighter
from rules.systems.arm5 import SYSTEM

MAJA = {"qik": 1, "single_weapon": 3, "weapon": {"name": "sword", "ability": "single_weapon", "dfn": 3}}
BANDITS: dict[str, dict[str, Any]] = {
    "Bandit A": {"dex": 0, "single_weapon": 2, "weapon": {"name": "axe", "ability": "single_weapon", "atk": 3}},
    "Bandit B": {
        "dex": 1,
        "single_weapon": 3,
        "riding": 5,
        "mounted": True,
        "weapon": {"name": "sword", "ability": "single_weapon", "atk": 4},
    },
    "Bandit C": {"dex": 0},
}


def act(action: str, actor: Fighter[Any], target: Fighter[Any] | None, faces: list[int]) -> ActionResult:
    dice = ScriptedDice(faces)
    req = ActionRequest(actor, target, SYSTEM.options({}), SYSTEM.settings({}))
    result = SYSTEM.act(action, req, dice)
    assert dice.remaining == 0
    verify_result(result)  # every check adds up as shown
    return result


def maja(data: dict[str, Any]) -> Fighter[Any]:
    return Fighter("Maja", SYSTEM.sheet(data))


def bandit(name: str) -> Fighter[Any]:
    return Fighter(name, SYSTEM.sheet(BANDITS[name]))


def test_reaction_attack_is_declared_as_a_reaction() -> None:
    assert SYSTEM.reaction_actions == frozenset({"reaction_attack"})
    assert SYSTEM.is_reaction("reaction_attack", SYSTEM.options({}))
    assert not SYSTEM.is_reaction("disengage", SYSTEM.options({}))  # declared on one's own turn (seed)


def test_worked_example_3_with_the_bandits_rolling_their_own_reactions() -> None:
    # Seed: "Wszyscy przeciwnicy, którzy w poprzedniej rundzie atakowali tę postać, ponownie wykonują test
    # Ataku - to również „reakcja”, nie akcja." Maja declares; each bandit rolls off his own turn.
    declared = act("disengage", maja({**MAJA, "attacked_by": ["Bandit A", "Bandit B"]}), None, [8])
    assert declared.actor_sheet is not None and declared.total == 15
    a = act("reaction_attack", bandit("Bandit A"), maja(declared.actor_sheet), [6])
    assert (a.actor, a.target, a.total, a.against, a.margin) == ("Bandit A", "Maja", 11, 15, -4)
    assert (a.outcome, a.against_key, a.actor_sheet) == ("disengage_continues", "disengage_defence", None)
    assert a.target_sheet is not None and a.target_sheet["disengage_pending"] == ["Bandit B"]
    b = act("reaction_attack", bandit("Bandit B"), maja(a.target_sheet), [4])
    assert [m.value for m in b.modifiers if m.key == "atk_riding"] == [3]
    assert (b.total, b.against, b.margin, b.outcome) == (15, 15, 0, "disengage_failed")  # a tie fails
    assert b.target_sheet is not None
    assert (b.target_sheet["disengage_bonus"], b.target_sheet["action_used"]) == (3, True)

    # The same dice through Maja naming each bandit give the same sheet.
    first = act("disengage", maja({**MAJA, "attacked_by": ["Bandit A", "Bandit B"]}), bandit("Bandit A"), [8, 6])
    assert first.actor_sheet is not None
    second = act("disengage", maja(first.actor_sheet), bandit("Bandit B"), [4])
    assert second.actor_sheet == b.target_sheet and second.outcome == b.outcome


def test_each_opponent_reacts_once_per_attempt() -> None:
    declared = act("disengage", maja({**MAJA, "attacked_by": ["Bandit A", "Bandit B"]}), None, [8])
    assert declared.actor_sheet is not None
    a = act("reaction_attack", bandit("Bandit A"), maja(declared.actor_sheet), [6])
    assert a.target_sheet is not None
    with pytest.raises(RulesError) as err:  # Bandit A has rolled already
        act("reaction_attack", bandit("Bandit A"), maja(a.target_sheet), [9])
    assert err.value.key == "error.arm5.not_a_reactor"
    assert err.value.params == {"who": "Bandit A", "target": "Maja", "pending": ["Bandit B"]}
    with pytest.raises(RulesError) as err:  # Bandit C did not attack Maja last round
        act("reaction_attack", bandit("Bandit C"), maja(a.target_sheet), [9])
    assert err.value.key == "error.arm5.not_a_reactor"


def test_no_reaction_attack_on_someone_not_leaving_the_fight() -> None:
    with pytest.raises(RulesError) as err:
        act("reaction_attack", bandit("Bandit A"), maja({**MAJA, "attacked_by": ["Bandit A"]}), [9])
    assert err.value.key == "error.arm5.not_disengaging" and err.value.params == {"who": "Maja"}


def test_an_unconscious_opponent_makes_no_reaction_attack() -> None:
    declared = act("disengage", maja({**MAJA, "attacked_by": ["Bandit A"]}), None, [8])
    assert declared.actor_sheet is not None
    out = Fighter("Bandit A", SYSTEM.sheet({**BANDITS["Bandit A"], "fatigue_level": 5}))
    with pytest.raises(RulesError) as err:
        act("reaction_attack", out, maja(declared.actor_sheet), [9])
    assert err.value.key == "error.arm5.cannot_act"


def test_an_unfinished_attempt_goes_on_into_the_next_round_with_its_reactions() -> None:
    declared = act("disengage", maja({**MAJA, "attacked_by": ["Bandit A"]}), None, [8])
    assert declared.actor_sheet is not None
    start = SYSTEM.start_round(maja(declared.actor_sheet), SYSTEM.settings({}), 2)
    assert start is not None and start.actor_sheet is not None
    r = act("reaction_attack", bandit("Bandit A"), maja(start.actor_sheet), [9])
    assert r.outcome in ("disengaged", "disengage_failed")


PILUM = {"name": "Pilum of Fire", "damage": 15, "casting_score": 20, "level": 20, "fast_casting": True}
MAGUS = {"qik": 1, "finesse": 2, "spells": [PILUM], "action_used": True, "disengage_bonus": 3}
BEAST = {"sta": 3, "armour_prot": 2, "size": 1}


def spell(
    caster: dict[str, Any], faces: list[int], settings: dict[str, Any] | None = None, fast: bool = True
) -> ActionResult:
    dice = ScriptedDice(faces)
    req = ActionRequest(
        Fighter("Mag", SYSTEM.sheet(caster)),
        Fighter("Bestia", SYSTEM.sheet(BEAST)),
        SYSTEM.options({"fast_casting": fast}),
        SYSTEM.settings(settings or {}),
        "Pilum of Fire",
    )
    result = SYSTEM.act("magic_attack", req, dice)
    assert dice.remaining == 0
    verify_result(result)  # every check adds up as shown
    return result


def test_a_fast_cast_offensive_spell_is_a_reaction_and_keeps_the_action() -> None:
    # Seed: "Opcja Fast Casting również jest reakcją (wyjątek od reguły!) … Reakcje nie zużywają akcji w
    # rundzie walki." The magus has used the round's action already; the fast-cast Pilum still goes off.
    assert SYSTEM.reaction_options == frozenset({"fast_casting"})
    assert SYSTEM.is_reaction("magic_attack", SYSTEM.options({"fast_casting": True}))
    r = spell(MAGUS, [1, 1, 3, 4])  # the digest's example 2: 15 + 12 = 27 vs Soak 3 + 2 + 4 = 9
    assert (r.outcome, r.total, r.against, r.wound) == ("hit", 27, 9, "heavy")
    assert r.actor_sheet is not None
    assert r.actor_sheet["action_used"] is True and r.actor_sheet["fast_casts"] == 1
    assert r.actor_sheet["disengage_bonus"] == 3  # not a normal attack: the +3 stays
    with pytest.raises(RulesError) as err:  # the same spell cast normally needs the action
        spell(MAGUS, [1, 1, 3, 4], fast=False)
    assert err.value.key == "error.arm5.action_used"


def test_fast_casts_are_counted_per_round_within_the_gm_limit() -> None:
    once = {"fast_casts_per_round": 1}
    r = spell(MAGUS, [5, 4], once)
    assert r.actor_sheet is not None and r.actor_sheet["fast_casts"] == 1
    with pytest.raises(RulesError) as err:
        spell(r.actor_sheet, [5, 4], once)
    assert err.value.key == "error.arm5.fast_cast_limit" and err.value.params == {"who": "Mag", "limit": 1}
    unlimited = spell(r.actor_sheet, [5, 4])  # the default: no limit (seed "i wiele reakcji")
    assert unlimited.actor_sheet is not None and unlimited.actor_sheet["fast_casts"] == 2
    start = SYSTEM.start_round(Fighter("Mag", SYSTEM.sheet(r.actor_sheet)), SYSTEM.settings(once), 2)
    assert start is not None and start.actor_sheet is not None and start.actor_sheet["fast_casts"] == 0
    assert spell(start.actor_sheet, [5, 4], once).outcome == "hit"


@pytest.mark.parametrize("action", ["attack", "shot", "disengage", "reaction_attack"])
def test_only_spells_can_be_fast_cast(action: str) -> None:
    req = ActionRequest(
        Fighter("Mag", SYSTEM.sheet(MAGUS)),
        Fighter("Bestia", SYSTEM.sheet(BEAST)),
        SYSTEM.options({"fast_casting": True}),
        SYSTEM.settings({}),
    )
    with pytest.raises(RulesError) as err:
        if action == "attack":
            SYSTEM.attack(req, ScriptedDice([5, 5]))
        elif action == "shot":
            SYSTEM.shot(req, ScriptedDice([5, 5]))
        else:
            SYSTEM.act(action, req, ScriptedDice([5, 5]))
    assert err.value.key == "error.arm5.fast_casting_spells_only"
    assert err.value.params == {"action": Term("action", action)}
