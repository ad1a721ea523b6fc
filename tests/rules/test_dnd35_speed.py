"""dnd35 rules speed (issue 17): results built without validation must still be valid results, equal to
what validating them gives back, on every path (single, full, two-weapon, interrupted, crit, shot)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import ActionRequest, ActionResult, Fighter, RandomDice, get_system
from rules.pairs import parse_pairs

D = get_system("dnd35")


def _fighter(name: str, stats: str) -> Fighter[Any]:
    return Fighter(name, D.sheet(D.stat_vocabulary().resolve(parse_pairs(stats))))


CASES: list[tuple[str, str, dict[str, Any], str]] = [
    ("bab:6 str:14 weapons:longsword", "ac:14 hp:12", {}, "attack"),
    ("bab:11 str:14 weapons:longsword", "ac:14 hp:30 temp_hp:3", {"full_attack": True}, "attack"),
    ("bab:6 str:12 weapons:shortsword,dagger", "ac:12 hp:8", {"two_weapon": True, "concealment": 20}, "attack"),
    ("bab:1 hp:1 hp_current:1", "ac:10 hp:10 bab:20 str:30 weapons:greataxe", {}, "attack"),  # unarmed, provokes
    ("bab:3 dex:16 weapons:longbow", "ac:13 hp:60", {"extra_damage": "2d6"}, "shot"),
]


@pytest.mark.parametrize(("actor", "target", "options", "action"), CASES)
def test_results_built_without_validation_are_valid(
    actor: str, target: str, options: dict[str, Any], action: str
) -> None:
    req = ActionRequest(
        _fighter("Ana", actor), _fighter("Orc", target), D.options(options), D.settings({}), distance=40
    )
    dice = RandomDice(7)
    for _ in range(200):
        r = (D.shot if action == "shot" else D.attack)(req, dice)
        again = ActionResult.model_validate(r.model_dump())
        assert again == r
        assert again.model_dump(mode="json") == r.model_dump(mode="json")
