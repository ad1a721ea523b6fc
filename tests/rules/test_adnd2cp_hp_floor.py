"""Hit points stay within the sheet's own bounds (hp ≥ −100) however often a corpse is hit or bleeds."""

from __future__ import annotations

from typing import Any

from rules.dice import ScriptedDice
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("adnd2cp")


def ogre() -> Any:
    return S.sheet(
        {
            "classes": [{"class_name": "fighter", "level": 6}],
            "thac0": 15,
            "hp": 60,
            "weapons": [{"id": "two_handed_sword", "damage": "3d6", "damage_bonus": 10}],
        }
    )


def attack(actor: Any, tgt: Any, dice: list[int]) -> ActionResult:
    req = ActionRequest(Fighter("A", actor), Fighter("T", tgt), S.options({}), S.settings({}))
    source = ScriptedDice(dice)
    result = S.attack(req, source)
    assert source.remaining == 0
    return result


def test_forty_hits_on_a_dead_character_keep_a_valid_sheet() -> None:
    corpse = S.sheet({"hp": 5, "ac": 5})
    for _ in range(40):
        r = attack(ogre(), corpse, [15, 6, 6, 6])  # 18 + 10 damage a hit
        assert r.target_sheet is not None
        corpse = S.sheet(r.target_sheet)  # validates: would raise below the bound
    assert corpse.hp == -100 and corpse.has("dead")


def test_bleeding_and_pulling_out_stop_at_the_bound() -> None:
    dying = S.sheet({"hp_max": 10, "hp": -99, "conditions": [{"key": "bleeding", "rounds": 5}]})
    res = S.start_round(Fighter("T", dying), S.settings({}), 2)
    assert res is not None and res.actor_sheet is not None
    assert S.sheet(res.actor_sheet).hp == -100
    stuck = S.sheet({"hp_max": 10, "hp": -98, "conditions": [{"key": "impaled", "value": 1}]})
    pulled = S.act(
        "pull_out",
        ActionRequest(Fighter("A", ogre()), Fighter("T", stuck), S.options({}), S.settings({}), "halberd"),
        ScriptedDice([9]),
    )
    assert pulled.target_sheet is not None and S.sheet(pulled.target_sheet).hp == -100


def test_the_cleaves_second_target_stops_at_the_bound_too() -> None:
    second = S.sheet({"hp_max": 10, "hp": -95, "ac": 5, "conditions": ["dead"]})
    req = ActionRequest(
        Fighter("A", ogre()),
        Fighter("T", S.sheet({"hp": 40, "ac": 5})),
        S.options({"blows": "fendente_frontale", "second_target": "B"}),
        S.settings({}),
        others=(Fighter("B", second),),
    )
    r = S.attack(req, ScriptedDice([15, 6, 6, 6, 6, 6, 6]))
    cleave = r.attacks[0]
    assert cleave.outcome == "hit" and cleave.target_sheet is not None
    assert S.sheet(cleave.target_sheet).hp == -100
