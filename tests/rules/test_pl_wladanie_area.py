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


def test_a_scattered_throw_hits_whoever_stands_where_it_lands_in_the_torso() -> None:
    # "Obszarowy: ... Efekt ataku dotyczy jednak tego co się na owym polu znajduje. ... Jeżeli celem ataku
    # jest postać to w przypadku zadanych obrażeń należy uznać, że została trafiona ona w korpus."
    result = throw([*SCATTER, 5], landing="Goblin", others={"Goblin": GOBLIN})
    assert result.outcome == "scatter" and result.target_sheet is None and result.damage is None
    assert [r.purpose for r in result.rolls][-1] == "damage"
    (sub,) = result.attacks
    assert sub.target == "Goblin" and sub.outcome == "hit" and sub.location == "torso"
    assert sub.total == 5  # the area test total, checked against the coverage
    # the area test total 5 does not beat the breastplate's coverage 16: its armour 4 takes off
    assert sub.damage is not None and sub.damage.rolled == 5 and sub.damage.applied == 1
    assert sub.target_sheet is not None and sub.target_sheet["damage_taken"] == 1
    assert sub.target_sheet["damage_by_location"] == {"torso": 1}
    assert any(n.key == "on_field" and n.params["name"] == "Goblin" for n in sub.notes)


def test_without_anyone_on_the_landing_field_no_damage_is_rolled() -> None:
    result = throw(SCATTER)
    assert result.attacks == [] and result.damage is None


def test_a_hit_field_hurts_the_target_and_everyone_else_on_it_with_one_damage_test() -> None:
    # "Efekt ataku dotyczy jednak tego co się na owym polu znajduje": the target and the two beside it.
    result = throw([*HIT, 4], landing="Goblin,Orc", others={"Goblin": GOBLIN, "Orc": ORC})
    assert result.outcome == "hit" and result.location == "torso"
    assert [r.purpose for r in result.rolls] == ["attack", "damage"]  # one damage test for the field
    assert result.damage is not None and result.damage.applied == 4
    assert result.target_sheet is not None and result.target_sheet["damage_taken"] == 4
    goblin, orc = result.attacks
    # each with its own armour: 15 does not beat the goblin's coverage 16 → 4 - 4
    assert goblin.target == "Goblin" and goblin.damage is not None and goblin.damage.applied == 0
    assert orc.target == "Orc" and orc.target_sheet is not None and orc.target_sheet["damage_taken"] == 3 + 4
    assert all(sub.location == "torso" for sub in result.attacks)


def test_a_scatter_back_onto_the_aimed_field_hits_the_target_and_the_others_there() -> None:
    # Failure by 1-4: one diagram roll; 1 = the aimed field ("pudło może trafić w cokolwiek").
    result = throw([10, 1, 3], landing="Orc", others={"Orc": ORC})  # 13 vs 14: failure by 1
    assert result.outcome == "scatter_on_target"
    assert result.target_sheet is not None and result.target_sheet["damage_taken"] == 3
    assert [sub.target for sub in result.attacks] == ["Orc"]


def test_the_target_named_on_the_landing_field_is_hit_there() -> None:
    result = throw([*SCATTER, 2], landing="target")
    assert result.outcome == "scatter" and result.attacks == []
    assert result.target_sheet is not None and result.target_sheet["damage_taken"] == 2


def test_a_throw_landing_on_the_thrower_hurts_the_thrower() -> None:
    result = throw([*SCATTER, 6], landing="Mira, Orc", others={"Orc": ORC})
    assert result.actor_sheet is not None and result.actor_sheet["damage_taken"] == 6
    assert [sub.target for sub in result.attacks] == ["Orc", "Mira"]
    assert any(c.combatant == "Mira" and c.field == "damage_taken" for c in result.changes)


def test_a_name_the_rules_got_no_sheet_for_is_left_to_the_gm() -> None:
    result = throw([*SCATTER, 6], landing="Ghost, Orc", others={"Orc": ORC})
    assert [sub.target for sub in result.attacks] == ["Orc"]
    assert any(n.key == "landing_unknown" and n.params["name"] == "Ghost" for n in result.notes)
    nobody = throw(SCATTER, landing="Ghost")  # nobody known on the field: no damage rolled
    assert nobody.attacks == [] and any(n.key == "landing_unknown" for n in nobody.notes)


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
