"""The wound level follows the damage taken as soon as the damage changes, not at the next round."""

from __future__ import annotations

from typing import Any

from rules.registry import get_system
from rules.system import Fighter

S = get_system("pl_wladanie")


def level(sheet: Any) -> str:
    return S.status(sheet).level


def test_a_sheet_typed_with_damage_shows_the_level_its_damage_gives() -> None:
    # HOUSE DEFAULT thresholds light:5,serious:10,critical:15,out:20,dead:30 (the seed has no wound model):
    # the character sheet shows what the fight will show (`Ciężka rana` for 14, not `Odniesione rany`).
    assert level(S.sheet({"physical_defence": 12, "damage_taken": 14})) == "serious"
    assert level(S.sheet({"physical_defence": 12})) == "unhurt"
    assert level(S.update_sheet(S.sheet({"physical_defence": 12}), {"damage_taken": 14})) == "serious"


def test_the_fights_upkeep_agrees_with_the_sheet_and_says_nothing() -> None:
    sheet = S.sheet({"damage_taken": 14})
    assert S.start_round(Fighter("Jagna", sheet), S.settings({}), 1) is None  # shown as serious already


def test_a_group_without_thresholds_gets_its_own_reading_at_the_upkeep() -> None:
    sheet = S.sheet({"damage_taken": 14})
    synced = S.start_round(Fighter("Jagna", sheet), S.settings({"wound_thresholds": ""}), 1)
    assert synced is not None and synced.actor_sheet is not None
    assert level(S.sheet(synced.actor_sheet)) == "hurt"


def test_a_stored_sheet_keeps_its_own_level() -> None:
    # the encounter's own thresholds set it at the round upkeep: loading a stored sheet does not redo it
    stored = {**S.sheet({"damage_taken": 14}).model_dump(), "wound_level": "light"}
    assert level(S.sheet(stored)) == "light"


def test_a_gm_edit_to_damage_settles_the_level_and_takes_the_combatant_out() -> None:
    ork = S.sheet({"physical_defence": 12})
    edited = S.edit_sheet(ork, {"obrażenia": "25"})
    status = S.status(edited)
    assert status.level == "out" and status.out_of_fight  # out:20 ≤ 25 < dead:30
    assert level(S.edit_sheet(edited, {"obrażenia": "0"})) == "unhurt"
    assert level(S.edit_sheet(edited, {"obrażenia": "-20"})) == "light"  # relative: 25 - 20 = 5


def test_an_edit_that_leaves_damage_alone_keeps_the_level() -> None:
    stored = {**S.sheet({"damage_taken": 14}).model_dump(), "wound_level": "light"}
    edited = S.edit_sheet(S.sheet(stored), {"zmęczenie": "2"})
    assert level(edited) == "light"


def test_a_combatant_typed_out_of_the_fight_cannot_attack() -> None:
    import pytest

    from rules.dice import ScriptedDice
    from rules.errors import RulesError
    from rules.system import ActionRequest

    out = S.sheet({"physical_defence": 12, "damage_taken": 20})
    req = ActionRequest(Fighter("Ork", out), Fighter("B", S.sheet({})), S.options({}), S.settings({}))
    with pytest.raises(RulesError) as err:
        S.attack(req, ScriptedDice([10]))
    assert err.value.key == "error.pl_wladanie.cannot_act"
