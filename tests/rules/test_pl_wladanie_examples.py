"""The digest's worked examples (pl_wladanie §14) as scripted-dice tests."""

from __future__ import annotations

from typing import Any

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter

S = get_system("pl_wladanie")

WIT = {
    "is_hero": True,
    "strength": 6,
    "lift_kg": 24,
    "weapon_skills": {"axe2h": 6},
    "weapons": [{"id": "axe2h", "damage_dice": "2k6", "strength_category": "1", "weight_kg": 6.0, "two_handed": True}],
}
BANDIT = {
    "physical_defence": 17,
    "armour": [{"id": "napiersnik", "parts": ["torso"], "coverage": 12, "armour": 4}],
}
OLA = {
    "strength": 7,
    "lift_kg": 18,
    "weapon_skills": {"throwing": 9},
    "weapons": [
        {
            "id": "cleaver",
            "damage_dice": "1k6",
            "strength_category": "1/2",
            "weight_kg": 1.0,
            "improvised": True,
        }
    ],
}
GAUNTLETED = {
    "physical_defence": 12,
    "armour": [{"id": "rekawica", "parts": ["arms"], "coverage": 5, "armour": 1}],
}


def request(
    actor: dict[str, Any],
    target: dict[str, Any] | None,
    *,
    distance: float | None = None,
    settings: dict[str, Any] | None = None,
    **options: Any,
) -> ActionRequest:
    return ActionRequest(
        Fighter("A", S.sheet(actor)),
        Fighter("T", S.sheet(target)) if target is not None else None,
        S.options(options),
        S.settings(settings or {}),
        None,
        distance,
    )


def finish(req: ActionRequest, pending: Any, dice: ScriptedDice, choice: str | None) -> Any:
    assert req.target is not None
    verify_result(pending)
    dreq = DefenceRequest(req.target, req.actor, pending.exchange, req.settings, choice)
    result = S.defend(dreq, dice)
    verify_result(result)
    return result


def test_example_1_back_and_flank_two_handed_axe_armour_holds() -> None:
    req = request(WIT, BANDIT, from_back=True, flanked_or_pinned=True, location="torso")
    dice = ScriptedDice([4, 5, 3])
    pending = S.attack(req, dice)
    assert pending.outcome == "pending_defence"
    assert pending.against == 7  # 17 - 5 (back) - 5 (flanked)
    assert pending.total == 10 and pending.margin == 3
    assert not any(m.key == "heavy_weapon" for m in pending.modifiers)  # 6.0 kg <= 6.8 kg
    result = finish(req, pending, dice, "none")
    assert result.outcome == "hit"
    assert result.location == "torso"
    assert result.damage is not None
    assert result.damage.dice == [5, 3]
    assert {"key": "strength_damage", "value": 9} in [m.model_dump() for m in result.damage.modifiers]
    assert result.damage.rolled == 17
    assert result.damage.reduced_by == 4
    assert result.damage.applied == 13
    assert result.target_sheet is not None and result.target_sheet["damage_taken"] == 13
    assert result.target_sheet["damage_by_location"] == {"torso": 13}
    assert dice.remaining == 0


def test_example_1_active_defence_modifiers_from_back_only() -> None:
    req = request(WIT, BANDIT, from_back=True, flanked_or_pinned=True)
    pending = S.attack(req, ScriptedDice([4]))
    assert pending.exchange is not None
    assert pending.exchange["active_modifiers"] == [{"key": "active_from_back", "value": -5}]


def test_example_2_thrown_cleaver_misses_by_one() -> None:
    req = request(OLA, GAUNTLETED, distance=7, throw=True)
    result = S.shot(req, ScriptedDice([15]))
    mods = {m.key: m.value for m in result.modifiers}
    assert mods == {"throwing": 9, "not_for_throwing": -10, "range": -3}  # -10 replaces improvised -5
    assert result.total == 11 and result.against == 12
    assert result.outcome == "miss" and result.margin == -1


def test_example_2_second_cleaver_hits_arm_coverage_beaten() -> None:
    req = request(OLA, GAUNTLETED, distance=7, location="arm", throw=True)
    dice = ScriptedDice([17, 2])
    pending = S.shot(req, dice)
    assert pending.outcome == "pending_defence" and pending.total == 13
    result = finish(req, pending, dice, "none")
    assert result.damage is not None
    assert [r.sides for r in result.rolls if r.purpose == "damage"] == [2]  # 1k6 two steps down = 1k2
    assert result.damage.rolled == 6  # 2 + ceil(7/2)
    assert result.damage.reduced_by == 0 and result.damage.applied == 6
    assert result.location == "right_arm"


def test_example_3_initiative_against_archer() -> None:
    actor = {"initiative_bonus": 4, "is_hero": True}
    result = S.initiative(request(actor, None, archer_initiative=12), ScriptedDice([20]))
    assert result.total == 24
    note = next(n for n in result.notes if n.key == "archer_rush")
    assert note.params == {"margin": 12, "regular_actions": 1, "bonus_actions": 0, "archer": 12}


def test_example_3_area_throw_scatters() -> None:
    mira = {
        "lift_kg": 20,
        "weapon_skills": {"throwing": 3},
        "weapons": [
            {
                "id": "flask",
                "damage_dice": "1k6",
                "weight_kg": 0.5,
                "designed_for_throwing": True,
                "ranged_kind": "thrown",
            }
        ],
    }
    dice = ScriptedDice([2, 2, 10, 4, 7, 5])
    result = S.shot(request(mira, {"physical_defence": 10}, distance=9, area=True), dice)
    assert result.against == 14 and result.against_key == "area_st"
    assert result.total == 5 and result.margin == -9
    assert result.outcome == "scatter"
    note = next(n for n in result.notes if n.key == "scatter")
    assert note.params["distance_die"] == 2 and note.params["area_m2"] == 49
    assert (note.params["dx"], note.params["dy"]) == (1, -1)
    assert [r.purpose for r in result.rolls] == [
        "attack",
        "scatter_distance",
        "scatter_direction",
        "scatter_direction",
        "scatter_landing",
        "damage",
    ]
    assert result.damage is None and dice.remaining == 0
    # 5. "A goblin standing on that field is hit; damage counts as a torso hit": the rules know nobody on
    # (+1, −1) and roll its damage test (k6 = 5) for the GM to apply there.
    elsewhere = next(n for n in result.notes if n.key == "scatter_elsewhere")
    assert (elsewhere.params["dx"], elsewhere.params["dy"], elsewhere.params["damage"]) == (1, -1, 5)
