"""Conditions a GM puts on (`set_condition`) act exactly like the rules' own; helpless targets; status."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter

S = get_system("pl_wladanie")
SWORD = {"id": "sword", "damage_dice": "1k8", "strength_category": "1/2"}
BOW = {"id": "bow", "damage_dice": "1k8", "ranged_kind": "shooting", "max_range_m": 60}
FIGHTER = {"strength": 6, "weapon_skills": {"sword": 5, "bow": 4}, "weapons": [SWORD, BOW]}
TARGET = {"physical_defence": 15, "physical_defence_unprepared": 11, "parry_skill": 3, "dodge_skill": 6}
WOUNDS = {"wound_thresholds": "light:5,serious:10,out:20,dead:30"}


def with_condition(condition: str, base: dict[str, Any] = TARGET) -> Any:
    return S.set_condition(S.sheet(base), condition, True)


def request(target: Any, *, settings: dict[str, Any] | None = None, **options: Any) -> ActionRequest:
    sheet = target if not isinstance(target, dict) else S.sheet(target)
    return ActionRequest(
        Fighter("A", S.sheet(FIGHTER)),
        Fighter("T", sheet),
        S.options(options),
        S.settings({**WOUNDS, **(settings or {})}),
        "bow" if options.get("distance_m") is not None else None,
    )


def play(req: ActionRequest, faces: list[int], choice: str | None, *, ranged: bool = False) -> ActionResult:
    """Attack (or shoot) and answer the defence prompt with `choice` on the same dice list."""
    dice = ScriptedDice(faces)
    first = S.shot(req, dice) if ranged else S.attack(req, dice)
    verify_result(first)
    if first.outcome != "pending_defence":
        assert dice.remaining == 0
        return first
    assert req.target is not None
    result = S.defend(DefenceRequest(req.target, req.actor, first.exchange or {}, req.settings, choice), dice)
    assert dice.remaining == 0
    verify_result(result)
    return result.model_copy(update={"defences": first.defences})


def numbers(result: ActionResult) -> dict[str, Any]:
    """What the rules decided: totals, ST, defence, outcome, every modifier and the damage."""
    return {
        "total": result.total,
        "against": result.against,
        "against_key": result.against_key,
        "outcome": result.outcome,
        "margin": result.margin,
        "defences": result.defences,
        "modifiers": sorted((m.key, m.value) for m in [*result.modifiers, *result.defence_modifiers]),
        "damage": result.damage.applied if result.damage else None,
    }


# --- each condition family against the rules' own mechanism -------------------------------------------
@pytest.mark.parametrize(
    ("faces", "choice", "ranged"),
    [([9, 4, 5], "dodge", False), ([9, 4, 5], "parry", False), ([20], "none", True), ([3], "none", True)],
)
def test_prone_condition_is_the_prone_rule(faces: list[int], choice: str, ranged: bool) -> None:
    # "Leżąca postać otrzymuje modyfikator -10 do obrony fizycznej, uników i parowania, ale tylko
    # względem ataków bezpośrednich. Wobec ataków dystansowych otrzymuje modyfikator +10"
    extra = {"distance_m": 3} if ranged else {}
    by_gm = play(request(with_condition("prone"), **extra), faces, choice, ranged=ranged)
    by_rule = play(request(TARGET, prone=True, **extra), faces, choice, ranged=ranged)
    assert numbers(by_gm) == numbers(by_rule)
    assert ("defence_prone", 10 if ranged else -10) in numbers(by_gm)["modifiers"]


@pytest.mark.parametrize(("faces", "choice"), [([6, 5], "parry"), ([5], "none")])
def test_unaware_condition_is_a_surprise_attack(faces: list[int], choice: str) -> None:
    # "Atak z zaskoczenia ... Obrona fizyczna atakowanego przyjmuje wariant nieprzygotowany. Atakowany nie
    # może parować i unikać ataków."
    by_gm = play(request(with_condition("unaware")), faces, choice)
    by_rule = play(request(TARGET, surprise=True), faces, choice)
    assert numbers(by_gm) == numbers(by_rule)
    assert by_gm.against_key == "physical_defence_unprepared"
    if by_gm.outcome != "miss":
        assert by_gm.defences == [] and by_gm.exchange is None  # nothing to answer: resolved at once


def test_cannot_see_attacker_condition_is_the_unseen_rule() -> None:
    # "Obrona fizyczna atakowanego, który nie widzi atakującego przyjmuje wariant nieprzygotowany."
    by_gm = play(request(with_condition("cannot_see_attacker")), [6, 12], "dodge")
    by_rule = play(request(TARGET, unseen=True), [6, 12], "dodge")
    assert numbers(by_gm) == numbers(by_rule)
    assert by_gm.against == 12 + 6 and by_gm.outcome == "dodged"  # attack 11 vs ST 11; dodge 18


@pytest.mark.parametrize("settings", [{}, {"flank_affects_active_defence": True}])
def test_flanked_condition_is_the_flanking_rule(settings: dict[str, Any]) -> None:
    # "Atakowany otrzymuje karę -5 do obrony fizycznej."
    # attack 10 vs ST 10; dodge 2 + 6 (- 5 with the setting) < 10: the blow lands, 1k8 = 3
    by_gm = play(request(with_condition("flanked_or_pinned"), settings=settings), [5, 2, 3], "dodge")
    by_rule = play(request(TARGET, flanking=True, settings=settings), [5, 2, 3], "dodge")
    assert numbers(by_gm) == numbers(by_rule)
    assert ("defence_flanked_or_pinned", -5) in numbers(by_gm)["modifiers"]


def _knocked_out(level: str) -> Any:
    """A target brought to a wound level by the rules themselves: a hit over the GM's threshold."""
    damage = {"out": 20, "dead": 30}[level]
    hurt = S.sheet({**TARGET, "damage_taken": damage - 4})
    result = play(request(hurt), [20, 1], "none")  # 25 vs 15; 1k8 = 1 + strength 3 → 4 more
    assert result.wound == level and result.target_sheet is not None
    return S.sheet(result.target_sheet)


@pytest.mark.parametrize(("faces", "ranged"), [([4, 2], False), ([1, 8], False), ([20, 5], True), ([9], True)])
@pytest.mark.parametrize(("condition", "level"), [("unconscious", "out"), ("dead", "dead")])
def test_down_condition_is_a_helpless_target(condition: str, level: str, faces: list[int], ranged: bool) -> None:
    # A target that is down "nie jest świadoma tego, że ktoś ją atakuje" (Atak z zaskoczenia): unprepared
    # physical defence, no parry or dodge; and it lies ("Leżąca postać": -10 direct, +10 ranged).
    extra = {"distance_m": 3} if ranged else {}
    by_gm = play(request(with_condition(condition), **extra), faces, None, ranged=ranged)
    by_wounds = play(request(_knocked_out(level), **extra), faces, None, ranged=ranged)
    by_options = play(request(TARGET, surprise=True, prone=True, **extra), faces, None, ranged=ranged)
    assert numbers(by_gm) == numbers(by_options)
    assert {**numbers(by_wounds), "damage": None} == {**numbers(by_options), "damage": None}
    assert by_gm.against == 11 + (10 if ranged else -10)
    assert any(n.key == "helpless_target" and n.params["state"] == Term("wound", condition) for n in by_gm.notes)
    assert condition in by_gm.conditions  # the result lists the target's down state too
    if by_gm.outcome != "miss":
        assert by_gm.defences == [] and by_gm.exchange is None  # nothing to answer: resolved at once


def test_helpless_target_need_not_lie_by_setting() -> None:
    settings = {"helpless_lies_prone": False}
    by_gm = play(request(with_condition("unconscious"), settings=settings), [8, 2], None)
    by_rule = play(request(TARGET, surprise=True, settings=settings), [8, 2], None)
    assert numbers(by_gm) == numbers(by_rule) and by_gm.against == 11


def test_a_defender_who_went_down_meanwhile_cannot_parry() -> None:
    req = request(TARGET)
    dice = ScriptedDice([12, 5])
    pending = S.attack(req, dice)  # 17 vs 15, parry and dodge offered
    assert pending.defences == ["parry", "dodge", "none"]
    down = Fighter("T", with_condition("unconscious"))
    result = S.defend(DefenceRequest(down, req.actor, pending.exchange or {}, req.settings, "parry"), dice)
    assert result.outcome == "hit"
    assert any(n.key == "defence_not_allowed" for n in result.notes)


@pytest.mark.parametrize("state", ["unconscious", "dead"])
def test_one_who_is_down_cannot_attack(state: str) -> None:
    req = request(TARGET)
    down = ActionRequest(Fighter("A", with_condition(state, FIGHTER)), req.target, req.options, req.settings)
    with pytest.raises(RulesError) as err:
        S.attack(down, ScriptedDice([10]))
    assert err.value.key == "error.pl_wladanie.cannot_act"
    out = ActionRequest(Fighter("A", S.sheet({**FIGHTER, "wound_level": "out"})), req.target, req.options, req.settings)
    with pytest.raises(RulesError):
        S.attack(out, ScriptedDice([10]))


# --- status -------------------------------------------------------------------------------------------
def test_status_of_the_down_states() -> None:
    fresh = S.status(S.sheet(TARGET))
    assert not fresh.out_of_fight and not fresh.dead and fresh.level == "unhurt"
    out = S.status(S.sheet({**TARGET, "damage_taken": 20, "wound_level": "out"}))
    assert out.out_of_fight and not out.dead and out.level == "out"
    unconscious = S.status(with_condition("unconscious"))
    assert unconscious.out_of_fight and not unconscious.dead and unconscious.level == "unconscious"
    assert unconscious.conditions == ["unconscious"]
    dead = S.status(with_condition("dead"))
    assert dead.out_of_fight and dead.dead and dead.level == "dead" and dead.conditions == ["dead"]
    by_wounds = S.status(S.sheet({**TARGET, "damage_taken": 31, "wound_level": "dead"}))
    assert by_wounds.dead and by_wounds.out_of_fight
    assert fresh.actions_left is None  # the seed gives no per-round action budget


def test_prone_does_not_put_anyone_out_of_the_fight() -> None:
    status = S.status(with_condition("prone"))
    assert status.conditions == ["prone"] and not status.out_of_fight


def test_conditions_go_on_and_off_without_touching_the_others() -> None:
    sheet = with_condition("prone")
    sheet = S.set_condition(sheet, "prone", True)  # twice on: once in the list
    sheet = S.set_condition(sheet, "dead", True)
    assert S.status(sheet).conditions == ["prone", "dead"]
    sheet = S.set_condition(sheet, "unconscious", False)  # not unconscious: nothing changes
    assert S.status(sheet).dead
    sheet = S.set_condition(sheet, "unconscious", True)  # the GM's latest word wins
    assert S.status(sheet).conditions == ["prone", "unconscious"] and not S.status(sheet).dead
    sheet = S.set_condition(S.set_condition(sheet, "prone", False), "unconscious", False)
    assert S.status(sheet).conditions == [] and not S.status(sheet).out_of_fight
    assert set(S.conditions()) == {
        "prone", "unaware", "cannot_see_attacker", "flanked_or_pinned", "unconscious", "dead",
    }  # fmt: skip
    with pytest.raises(RulesError):
        S.set_condition(sheet, "stunned", True)


def test_down_state_is_typed_in_polish() -> None:
    assert S.sheet({"down": "nieprzytomny"}).down == "unconscious"  # type: ignore[attr-defined]
    assert S.sheet({"down": "Martwy"}).down == "dead"  # type: ignore[attr-defined]
    assert S.sheet({"down": "żywy"}).down is None  # type: ignore[attr-defined]


# --- round upkeep: the wound level follows damage taken ----------------------------------------------
def test_start_round_brings_the_wound_level_in_line_with_damage() -> None:
    settings = S.settings(WOUNDS)
    edited = S.sheet({**TARGET, "damage_taken": 22, "wound_level": "serious"})  # a GM edit added damage
    result = S.start_round(Fighter("T", edited), settings, 2)
    assert result is not None and result.outcome == "upkeep" and result.wound == "out"
    assert result.actor_sheet is not None and S.status(S.sheet(result.actor_sheet)).out_of_fight
    healed = S.sheet({**TARGET, "damage_taken": 0, "wound_level": "out"})
    result = S.start_round(Fighter("T", healed), settings, 2)
    assert result is not None and result.actor_sheet is not None
    assert not S.status(S.sheet(result.actor_sheet)).out_of_fight
    assert S.start_round(Fighter("T", S.sheet({**TARGET, "damage_taken": 3})), settings, 2) is None
    assert S.start_round(Fighter("T", S.sheet(TARGET)), S.settings({}), 1) is None
