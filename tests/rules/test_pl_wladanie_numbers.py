"""Numbers in notes and errors read as a player writes them: a whole number without `.0`."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("pl_wladanie")
OLA = {
    "strength": 7,
    "lift_kg": 10,
    "weapon_skills": {"topór": 5},
    "weapons": [{"id": "topór", "damage_dice": "2k6", "strength_category": "1", "weight_kg": 3}],
}


def request(distance: float | None = None) -> ActionRequest:
    options = S.options({"throw": True} if distance is not None else {})
    return ActionRequest(
        Fighter("Ola", S.sheet(OLA)), Fighter("Ork", S.sheet({"physical_defence": 5})), options,
        S.settings({}), "topór", distance,
    )  # fmt: skip


def test_the_heavy_weapon_limit_is_a_whole_number_when_it_is_one() -> None:
    # "waga w kg wynosi nie więcej niż 1 + 1/10 udźwigu postaci": 1 + 10/10 = 2 kg
    result = S.attack(request(), ScriptedDice([20]))
    (heavy,) = [n for n in result.notes if n.key == "heavy"]
    assert heavy.params["limit_kg"] == 2 and type(heavy.params["limit_kg"]) is int


def test_out_of_range_names_whole_metres() -> None:
    # "Udźwig - waga przedmiotu (w kg) = zasięg rzutu": 10 - 3 = 7 m
    with pytest.raises(RulesError) as err:
        S.shot(request(9), ScriptedDice([10]))
    assert err.value.key == "error.pl_wladanie.out_of_range"
    assert (err.value.params["distance"], err.value.params["max_range"]) == (9, 7)
    assert type(err.value.params["max_range"]) is int and type(err.value.params["distance"]) is int


def test_the_system_has_one_name() -> None:
    # The bot names the system by this in its messages ("… nie ma akcji odpoczynku") and by the catalog
    # elsewhere: the two agree.
    import json
    from pathlib import Path

    catalog = json.loads(Path("bot/i18n/pl/pl_wladanie.json").read_text(encoding="utf-8"))
    assert S.name == catalog["system.pl_wladanie.name"] == "Władanie (polskie zasady walki)"
