"""`/encounter edit` mid-fight: current values under the names a Polish table types, wounds per band."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RulesError
from rules.model import Message, Term
from rules.systems.arm5 import SYSTEM

FIGHTER = {"qik": 1, "sta": 2, "fatigue_level": 1, "wounds": {"light": 1}, "initiative": 12}


def edit(changes: dict[str, Any], sheet: dict[str, Any] = FIGHTER) -> dict[str, Any]:
    return SYSTEM.edit_sheet(SYSTEM.sheet(sheet), changes).model_dump()


def test_aliases_point_at_the_current_value_fields() -> None:
    assert SYSTEM.edit_aliases["wyczerpanie"] == "fatigue_level"
    assert SYSTEM.edit_aliases["osłona"] == SYSTEM.edit_aliases["oslona"] == "cover"
    assert set(SYSTEM.edit_aliases.values()) <= set(SYSTEM.Sheet.model_fields)


@pytest.mark.parametrize(
    ("changes", "level"),
    [
        ({"fatigue": "+1"}, 2),
        ({"Wyczerpanie": "+2"}, 3),
        ({"zmęczenie": "-1"}, 0),
        ({"zmeczenie": "=4"}, 4),
        ({"fatigue": "weary"}, 2),
        ({"wyczerpanie": "oszołomiony"}, 4),
        ({"wyczerpanie": "Oszolomiony"}, 4),
        ({"fatigue": "+9"}, 5),  # stops at Unconscious (nieprzytomny)
        ({"fatigue": "-5"}, 0),
    ],
)
def test_fatigue_level_absolute_relative_and_by_name(changes: dict[str, Any], level: int) -> None:
    assert edit(changes)["fatigue_level"] == level


def test_wounds_are_counts_per_band() -> None:
    out = edit({"lekkie": "+1", "Ciężkie": "1", "srednie": "-1", "eliminujace": "=0"})
    assert out["wounds"] == {"light": 2, "medium": 0, "heavy": 1, "incapacitating": 0}
    assert edit({"light": "-1"})["wounds"]["light"] == 0
    assert edit({"eliminujące": "+1"})["wounds"]["incapacitating"] == 1
    after = SYSTEM.sheet(edit({"ciężkie": "+1"}))
    assert SYSTEM.status(after).level == "heavy" and after.wound_penalty == -6  # type: ignore[attr-defined]


def test_other_current_values() -> None:
    out = edit({"martwy": "true", "inicjatywa": "-3", "osłona": "1/2", "budowa": "+1", "konno": "yes"})
    assert (out["dead"], out["initiative"], out["cover"], out["size"], out["mounted"]) == (True, 9, "half", 1, True)
    assert edit({"odwrot": "+3"})["disengage_bonus"] == 3
    assert (edit({"martwy": "tak"})["dead"], edit({"konno": "Nie"}, {"mounted": True})["mounted"]) == (True, False)
    assert edit({"DEX": "+2"})["dex"] == 2  # a plain field, any case


def test_bad_numbers_name_the_field_in_the_readers_words() -> None:
    with pytest.raises(RulesError) as err:
        edit({"lekkie": "dużo"})
    assert err.value.key == "error.stat_invalid"
    problem = Message("problem.int_parsing", {"value": "dużo"})
    assert err.value.params == {"key": Term("term", "light"), "problem": problem}
