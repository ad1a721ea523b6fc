"""What the bot's turn loop needs from pl_wladanie: field classes, no reactions, GM edits, no delay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("pl_wladanie")
SWORD = {"id": "sword", "damage_dice": "1k8", "strength_category": "1/2"}
FIGHTER = {"strength": 6, "physical_defence": 14, "weapon_skills": {"sword": 5}, "weapons": [SWORD]}
DOCS = Path(__file__).resolve().parents[2] / "docs/rules/pl_wladanie.md"


# --- A1: sheet fields by class ------------------------------------------------------------------------
def test_field_classes_keep_wounds_and_drop_the_fight() -> None:
    classes = S.field_classes
    assert {f for f, c in classes.items() if c == "lasting"} == {
        "fatigue_points", "damage_taken", "damage_by_location", "down",
    }  # fmt: skip
    assert {f for f, c in classes.items() if c == "turn"} == {"initiative_result", "conditions"}
    assert {f for f, c in classes.items() if c == "internal"} == {"wound_level"}
    assert S.fields_of("build")[:3] == ["name", "is_hero", "initiative_bonus"]


def test_a_character_after_the_fight_keeps_build_and_lasting_state_only() -> None:
    fought = S.set_condition(
        S.sheet({**FIGHTER, "damage_taken": 9, "fatigue_points": 1, "initiative_result": 17}), "prone", True
    )
    fought = S.set_condition(fought, "unconscious", True)
    data = fought.model_dump()
    kept = S.sheet({k: data[k] for k in S.fields_of("build", "lasting")})
    assert kept.damage_taken == 9 and kept.fatigue_points == 1  # type: ignore[attr-defined]
    assert kept.down == "unconscious"  # type: ignore[attr-defined]
    assert kept.initiative_result is None and kept.conditions == []  # type: ignore[attr-defined]
    assert kept.weapon_skills == {"sword": 5}  # type: ignore[attr-defined]


def test_docs_list_every_field_in_the_table() -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## Sheet fields by class", 1)[1].split("\n## ", 1)[0]
    for field, cls in S.field_classes.items():
        assert f"| `{field}` | {cls} |" in section, field


# --- A2 / A7: no reactions, no delay in the seed ----------------------------------------------------------
def test_no_reactions_and_no_delay() -> None:
    # "Atak jest formą akcji podczas walki, którą postać wykonuje w swojej turze." Parry and dodge are
    # the defence prompt; the seed names no off-turn action and no way to delay or hold one's turn.
    assert S.reaction_actions == frozenset() and S.reaction_options == frozenset()
    assert not any(S.is_reaction(a, S.options({})) for a in S.extra_actions)
    assert not {"delay", "ready", "hold"} & set(S.extra_actions)


# --- A3: /encounter edit ----------------------------------------------------------------------------------
def edit(changes: dict[str, Any], base: dict[str, Any] | None = None) -> Any:
    return S.edit_sheet(S.sheet(base if base is not None else {**FIGHTER, "damage_taken": 4}), changes)


@pytest.mark.parametrize(
    ("changes", "damage"),
    [
        ({"obrazenia": "+5"}, 9),
        ({"obrażenia": "7"}, 7),
        ({"rany": "-1"}, 3),
        ({"damage_taken": "−2"}, 2),
        ({"obrazenia": "-10"}, 0),  # never below unhurt
        ({"hp": "-5"}, 9),  # 5 hit points lost = 5 more damage taken
        ({"HP": "+3"}, 1),
        ({"pż": "+9"}, 0),
        ({"obrazenia": "=3"}, 3),
    ],
)
def test_edit_damage_taken(changes: dict[str, str], damage: int) -> None:
    assert edit(changes).damage_taken == damage


@pytest.mark.parametrize("value", ["12", "=12", "abc"])
def test_hp_cannot_be_set_absolutely(value: str) -> None:
    with pytest.raises(RulesError) as err:
        edit({"hp": value})
    assert err.value.key == "error.pl_wladanie.no_hit_points"


def test_edit_fatigue_and_the_quick_npc_keys_relatively() -> None:
    sheet = edit({"zmęczenie": "+2", "of": "-2", "sila": "+1", "parowanie": "3"})
    assert sheet.fatigue_points == 2 and sheet.physical_defence == 12  # type: ignore[attr-defined]
    assert sheet.strength == 7 and sheet.parry_skill == 3  # type: ignore[attr-defined]
    assert edit({"zmeczenie": "-4"}).fatigue_points == 0
    assert edit({"obrona": "=-1"}).physical_defence == -1


def test_edit_down_state_in_polish() -> None:
    knocked = edit({"stan": "nieprzytomny"})
    assert S.status(knocked).out_of_fight and not S.status(knocked).dead
    assert S.status(edit({"stan": "martwy"})).dead
    assert edit({"stan": "żywy"}, knocked.model_dump()).down is None


def test_edit_bad_values_are_refused() -> None:
    with pytest.raises(RulesError):
        edit({"obrazenia": "+x"})
    with pytest.raises(RulesError):
        edit({"no_such_key": "1"})


def test_an_edited_wound_takes_effect_at_once() -> None:
    settings = S.settings({"wound_thresholds": "light:5,out:20"})
    sheet = edit({"hp": "-20"})  # 4 + 20 = 24 damage taken
    assert S.status(sheet).out_of_fight  # not only at the next round
    assert S.start_round(Fighter("T", sheet), settings, 3) is None  # nothing left to adjust
    req = ActionRequest(Fighter("A", sheet), Fighter("B", S.sheet(FIGHTER)), S.options({}), settings)
    with pytest.raises(RulesError):
        S.attack(req, ScriptedDice([10]))
