"""What a stats line gives that does nothing, or mistypes, is said (or refused), never silently kept."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.model import Term
from rules.registry import get_system

S = get_system("pl_wladanie")


def keys(data: dict[str, str]) -> dict[str, dict[str, object]]:
    return {n.key: n.params for n in S.sheet_warnings(data, S.sheet(data))}


def test_strength_without_strength_damage_is_said() -> None:
    # "tylko kategoria 0 nie zapewni jakiegokolwiek bonusu do wyniku testu obrażeń": a quick NPC's weapon
    # without siła_obrażeń has category 0, so its siła adds nothing.
    found = keys({"physical_defence": "12", "weapon_skills": "5", "damage": "1k6", "sila": "10"})
    assert found["ignored_strength"] == {"strength": 10, "weapons": [Term("weapon", "weapon")]}
    with_category = keys({"physical_defence": "12", "damage": "1k6", "category": "1/2", "sila": "10"})
    assert "ignored_strength" not in with_category
    unarmed = keys({"physical_defence": "12", "sila": "10"})  # the unarmed strike has 1/8
    assert "ignored_strength" not in unarmed


def test_a_mistyped_shield_size_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        S.sheet({"physical_defence": "13", "shield": "ogromna"})
    assert err.value.key == "error.stat_invalid"
    S.sheet({"shield": "duża"})  # a size
    S.sheet({"shield": "puklerz:12/2"})  # an own shield with its numbers
