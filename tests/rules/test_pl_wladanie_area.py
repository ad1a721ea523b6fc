"""Area attacks hit whoever stands on the field where they land (`landing:`), always in the torso."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("pl_wladanie")
FLASK = {"id": "flask", "damage_dice": "1k6", "weight_kg": 0.5, "designed_for_throwing": True, "ranged_kind": "thrown"}
MIRA = {"lift_kg": 20, "weapon_skills": {"throwing": 3}, "weapons": [FLASK]}
BREASTPLATE = {"id": "napiersnik", "parts": ["torso"], "coverage": 16, "armour": 4}
HELM = {"id": "helm", "parts": ["head"], "coverage": 1, "armour": 9}  # not the torso: never counts
GOBLIN = {"physical_defence": 10, "armour": [BREASTPLATE, HELM]}
ORC = {"physical_defence": 12, "damage_taken": 3}
# Example 3: ST 14 at 9 m; k20 2 + 3 = 5, failure by 9: k2 = 2, direction 10 (again) 4, landing 7.
SCATTER = [2, 2, 10, 4, 7]
HIT = [12]  # 12 + 3 = 15 >= 14


def throw(
    faces: list[int],
    *,
    others: dict[str, dict[str, Any]] | None = None,
    actor: dict[str, Any] = MIRA,
    **options: Any,
) -> ActionResult:
    req = ActionRequest(
        Fighter("Mira", S.sheet(actor)),
        Fighter("Target", S.sheet({"physical_defence": 10})),
        S.options({"area": True, **options}),
        S.settings({}),
        None,
        9,
        tuple(Fighter(name, S.sheet(sheet)) for name, sheet in (others or {}).items()),
    )
    dice = ScriptedDice(faces)
    result = S.shot(req, dice)
    assert dice.remaining == 0
    verify_result(result)
    return result


def test_landing_is_a_combatant_option() -> None:
    assert S.combatant_options == frozenset({"landing"})
    assert S.options({"landing": "Goblin, Orc 2"}).landing_names == ["Goblin", "Orc 2"]  # type: ignore[attr-defined]
    assert S.options({"pole": "a,A, b"}).landing_names == ["a", "b"]  # type: ignore[attr-defined]


def test_a_scattered_throw_hurts_nobody_named_on_the_aimed_field() -> None:
    # "Porażka w teście oznacza, że pocisk spada na losowe pole." `landing` names who stands on the aimed
    # field: a throw that came down elsewhere hurts none of them, nor the target.
    result = throw([*SCATTER, 5], landing="Goblin", others={"Goblin": GOBLIN})
    assert result.outcome == "scatter" and result.target_sheet is None and result.damage is None
    assert result.attacks == [] and not result.changes
    # the field it fell on: its damage test is rolled for the GM to apply to whoever stands there
    assert [r.purpose for r in result.rolls][-1] == "damage" and result.checks[-1].label == "damage"
    (elsewhere,) = [n for n in result.notes if n.key == "scatter_elsewhere"]
    assert elsewhere.params == {"dx": 2 * 1 - 1, "dy": 2 * 0 - 1, "damage": 5} and elsewhere.side == "actor"
    (spared,) = [n for n in result.notes if n.key == "scatter_spared"]
    assert spared.params == {"names": "Goblin"}


def test_a_near_miss_off_the_field_spares_the_one_standing_there() -> None:
    # The tester's throw: failure by 1, diagram 6 (the field below the aimed one); the shaman named on the
    # aimed field takes nothing ("Porażka w teście oznacza, że pocisk spada na losowe pole").
    shaman = {"physical_defence": 10, "armour": [{"id": "zbroja", "parts": ["torso"], "coverage": 20, "armour": 2}]}
    result = throw([10, 6, 4], landing="Szaman", others={"Szaman": shaman})  # 13 vs 14: failure by 1
    assert result.outcome == "scatter" and result.attacks == [] and result.target_sheet is None
    assert not any(c.combatant == "Szaman" for c in result.changes)


def test_a_scatter_with_nobody_named_still_rolls_the_fields_damage_for_the_gm() -> None:
    result = throw([*SCATTER, 4])
    assert result.attacks == [] and result.damage is None
    assert any(n.key == "scatter_elsewhere" and n.params["damage"] == 4 for n in result.notes)
    assert not any(n.key == "scatter_spared" for n in result.notes)


def test_a_hit_field_hurts_the_target_and_everyone_else_on_it_with_one_damage_test() -> None:
    # "Efekt ataku dotyczy jednak tego co się na owym polu znajduje": the target and the two beside it.
    result = throw([*HIT, 4], landing="Goblin,Orc", others={"Goblin": GOBLIN, "Orc": ORC})
    assert result.outcome == "hit" and result.location == "torso"
    assert [r.purpose for r in result.rolls] == ["attack", "damage"]  # one damage test for the field
    assert result.target_sheet is not None and result.target_sheet["damage_taken"] == 4
    target, goblin, orc = result.attacks  # every combatant hurt, the target first
    assert target.target == "Target" and target.damage is not None and target.damage.applied == 4
    # each with its own armour: 15 does not beat the goblin's coverage 16 → 4 - 4
    assert goblin.target == "Goblin" and goblin.damage is not None and goblin.damage.applied == 0
    assert orc.target == "Orc" and orc.target_sheet is not None and orc.target_sheet["damage_taken"] == 3 + 4
    assert all(sub.location == "torso" for sub in result.attacks)
    # the result's damage is the field's in all (what a summary of the fight counts): 4 + 0 + 4
    assert result.damage is not None and result.damage.applied == 8 and result.damage.rolled == 12


def test_every_number_of_a_combatant_on_the_field_is_that_combatants_side() -> None:
    # A hidden NPC on the field: its coverage and armour are the `target` side of its own sub-result.
    result = throw([*HIT, 4], landing="Goblin", others={"Goblin": GOBLIN})
    _, goblin = result.attacks
    (line,) = goblin.checks
    assert line.label == "area_damage" and [(p.key, p.value, p.side) for p in line.parts] == [
        ("damage_test", 4, "actor")
    ]
    assert [(s.key, s.side) for s in line.steps] == [("napiersnik", "target")]
    numeric = [n for n in goblin.notes if any(type(v) is int for v in n.params.values())]
    assert numeric and all(n.side == "target" for n in numeric)
    (held,) = [n for n in goblin.notes if n.key == "coverage_held"]
    assert "total" not in held.params  # the hit test's total is the thrower's, on its own line


def test_a_scatter_back_onto_the_aimed_field_hits_the_target_and_the_others_there() -> None:
    # Failure by 1-4: one diagram roll; 1 = the aimed field ("pudło może trafić w cokolwiek").
    result = throw([10, 1, 3], landing="Orc", others={"Orc": ORC})  # 13 vs 14: failure by 1
    assert result.outcome == "scatter_on_target"
    assert result.target_sheet is not None and result.target_sheet["damage_taken"] == 3
    assert [sub.target for sub in result.attacks] == ["Target", "Orc"]


def test_the_target_named_on_the_landing_field_is_hit_once() -> None:
    result = throw([*HIT, 2], landing="target")
    assert result.outcome == "hit" and result.attacks == []
    assert result.target_sheet is not None and result.target_sheet["damage_taken"] == 2


def test_a_thrower_standing_on_the_field_it_hit_is_hurt_too() -> None:
    result = throw([*HIT, 6], landing="Mira, Orc", others={"Orc": ORC})
    assert result.actor_sheet is not None and result.actor_sheet["damage_taken"] == 6
    assert [sub.target for sub in result.attacks] == ["Target", "Orc", "Mira"]
    assert any(c.combatant == "Mira" and c.field == "damage_taken" for c in result.changes)
    assert result.damage is not None and result.damage.applied == 18


def test_a_name_the_rules_got_no_sheet_for_is_left_to_the_gm() -> None:
    result = throw([*HIT, 6], landing="Ghost, Orc", others={"Orc": ORC})
    assert [sub.target for sub in result.attacks] == ["Target", "Orc"]
    assert any(n.key == "landing_unknown" and n.params["name"] == "Ghost" for n in result.notes)
    alone = throw([*HIT, 6], landing="Ghost")  # nobody known beside the target: its own line
    assert alone.attacks == [] and any(n.key == "landing_unknown" for n in alone.notes)


def test_landing_needs_an_area_attack() -> None:
    req = ActionRequest(
        Fighter("Mira", S.sheet(MIRA)),
        Fighter("Target", S.sheet({"physical_defence": 10})),
        S.options({"landing": "Orc"}),
        S.settings({}),
        None,
        9,
    )
    with pytest.raises(RulesError) as err:
        S.shot(req, ScriptedDice([10]))
    assert err.value.key == "error.pl_wladanie.landing_needs_area"
