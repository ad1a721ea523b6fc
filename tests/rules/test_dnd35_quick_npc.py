"""dnd35 quick NPCs: a `zbraň:` name the tables do not know is the NPC's own weapon, and the line says
so (with the table's weapon a typo most likely meant), where `zbraně:` refuses the same name."""

from typing import Any

import pytest

from rules.errors import RulesError
from rules.registry import get_system

SYSTEM = get_system("dnd35")


def warnings(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {n.key: n.params for n in SYSTEM.sheet_warnings(data, SYSTEM.sheet(data))}


def test_a_typo_in_a_quick_weapon_is_taken_as_its_own_but_named_with_what_it_meant() -> None:
    line = {"ac": 13, "hp": 15, "attack": "+4", "damage": "1d12+3", "weapon": "obourucni_sekyra"}
    assert warnings(line)["sheet_weapon_own_like"] == {"weapon": "obourucni_sekyra", "like": "obouruční_sekera"}
    with pytest.raises(RulesError):  # the same name in `zbraně:` needs its parentheses
        SYSTEM.sheet({"ac": 13, "hp": 15, "weapons": "obourucni_sekyra"})


def test_an_own_weapon_far_from_any_table_name_is_said_to_be_its_own() -> None:
    claws = warnings({"hp": 9, "attack": "+3", "damage": "1d4", "weapon": "drápy"})
    assert claws["sheet_weapon_own"] == {"weapon": "drápy"} and "sheet_weapon_own_like" not in claws


def test_a_table_weapon_gives_no_such_note() -> None:
    found = warnings({"hp": 9, "attack": "+3", "weapon": "obouruční_sekera"})
    assert "sheet_weapon_own" not in found and "sheet_weapon_own_like" not in found
