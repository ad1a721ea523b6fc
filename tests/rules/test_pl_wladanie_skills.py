"""A plain test (`/akcja nazwa:test`) of a skill typed in Polish, `władanie` among them."""

from __future__ import annotations

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("pl_wladanie")
JAGNA = {
    "weapon_skills": {"miecz": 6, "tarcza": 5},
    "weapons": [{"id": "miecz", "damage_dice": "1k8"}, {"id": "sztylet", "damage_dice": "1k4"}],
    "parry_skill": 5,
}


def plain_test(skill: str, weapon: str | None = None, face: int = 7) -> ActionResult:
    req = ActionRequest(
        Fighter("Jagna", S.sheet(JAGNA)), None, S.options({"st": 12, "test_skill": skill}), S.settings({}), weapon
    )
    result = S.act("test", req, ScriptedDice([face]))
    verify_result(result)
    return result


def test_wladanie_is_the_skill_of_the_weapon_in_hand() -> None:
    # "Należy przeprowadzić normalny test rzucania (władanie)": władanie is a skill a test may use; without
    # a weapon named it is the władanie of the first weapon on the sheet (the sword: 6).
    result = plain_test("władanie")
    assert result.total == 7 + 6 and result.outcome == "success"
    assert [(p.key, p.value) for p in result.checks[0].parts] == [("wladanie", 6)]
    assert plain_test("wladanie").total == 13


def test_wladanie_of_a_named_weapon_without_a_skill_on_the_sheet_is_zero() -> None:
    assert plain_test("władanie", weapon="sztylet").total == 7


def test_an_unknown_skill_lists_wladanie_first_each_by_its_catalog_name() -> None:
    with pytest.raises(RulesError) as err:
        plain_test("pływanie")
    assert err.value.key == "error.pl_wladanie.unknown_skill"
    allowed = err.value.params["allowed"]
    assert allowed[:3] == [Term("term", "wladanie"), Term("weapon", "miecz"), Term("weapon", "tarcza")]
    assert Term("term", "parry_skill") in allowed
