"""dnd35: the QA findings of a Czech table (weapon names, standing up, stances, withdrawing, delaying,
resting, quick NPC weapons, opposed-check margins, sunder). Rule readings quote the seed
(shared/seeds/002_48e41cbd1ba2704b.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import ActionRequest, Fighter, RulesError, ScriptedDice, get_system
from rules.model import ActionResult

S = get_system("dnd35")
HERO = {"str": "16", "dex": "14", "bab": "6", "hp": "40", "weapons": "longsword"}
ORC = {"str": "14", "dex": "12", "bab": "3", "hp": "30", "natural_armor": "4", "weapons": "greataxe"}


def refusal(call: Any) -> RulesError:
    with pytest.raises(RulesError) as refused:
        call()
    return refused.value


def req(
    actor: Any, target: Any = None, opts: dict[str, Any] | None = None, settings: dict[str, Any] | None = None
) -> ActionRequest:
    return ActionRequest(actor, target, S.options(opts or {}), S.settings(settings or {}))


def fighter(name: str, stats: dict[str, Any]) -> Fighter[Any]:
    return Fighter(name, S.sheet(stats))


def act(action: str, r: ActionRequest, faces: list[int] | None = None) -> ActionResult:
    dice = ScriptedDice(faces or [])
    if action == "attack":
        return S.attack(r, dice)
    return S.act(action, r, dice)


# --- 1. an unknown weapon name lists the table's names ----------------------------------------------------
def test_an_unknown_weapon_names_the_similar_table_weapons() -> None:
    err = refusal(lambda: S.sheet({"weapons": "velká_sekera"}))
    problem = err.params["problem"]
    assert problem.key == "problem.dnd35.unknown_weapon_name"
    assert "obouruční_sekera" in problem.params["like"] and "válečná_sekera" in problem.params["like"]


def test_a_weapon_name_like_none_lists_every_table_weapon() -> None:
    problem = refusal(lambda: S.sheet({"weapons": "laser"})).params["problem"]
    assert problem.key == "problem.dnd35.unknown_weapon_name_list"
    names = problem.params["all"].split(", ")
    assert "obouruční_sekera" in names and "dlouhý_meč" in names and "těžká_kuše" in names
    assert "heavy_mace" not in names  # English ids only where no Czech name reads back
