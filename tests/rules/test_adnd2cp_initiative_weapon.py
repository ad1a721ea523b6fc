"""The initiative's speed factor is the one of the weapon the attack will use (`ActionRequest.weapon`, as
the rules CLI's `weapon` and, once it has the option, the bot's `/initiative` pass it); without one named,
the sheet's first weapon. Seed (Colpo Rapido): "questo colpo di combattimento ridurrà di un punto il
fattore iniziativa dell'attacco" — the factor belongs to the attack, so to its weapon."""

from __future__ import annotations

from typing import Any

from rules.__main__ import resolve
from rules.dice import ScriptedDice
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from tests.rules.test_adnd2cp_checks import described

S = get_system("adnd2cp")
SHEET: dict[str, Any] = {
    "classes": [{"class_name": "thief", "level": 3}],
    "dexterity": 17,
    "hp": 14,
    "ac": 5,
    "weapons": ["short_sword", "short_bow"],
}


def rolled(weapon: str | None) -> Any:
    req = ActionRequest(Fighter("Lia", S.sheet(SHEET)), None, S.options({}), S.settings({}), weapon)
    return described(S.initiative(req, ScriptedDice([6])))


def factor(result: Any) -> int | float:
    return next(p.value for p in result.checks[0].parts if p.key == "speed_factor")


def test_the_named_weapon_gives_the_speed_factor() -> None:
    assert (factor(rolled(None)), rolled(None).weapon) == (3, "short_sword")  # the first weapon
    for named in ("arco_corto", "short_bow", "Arco corto"):
        bow = rolled(named)
        assert (factor(bow), bow.total, bow.weapon) == (7, 6 + 7, "short_bow")


def test_the_rules_cli_passes_the_weapon() -> None:
    out = resolve(
        {
            "system": "adnd2cp",
            "action": "initiative",
            "actor": {"name": "Lia", **SHEET},
            "weapon": "arco_corto",
            "dice": [6],
        }
    )
    assert out["total"] == 13 and out["weapon"] == "short_bow"
