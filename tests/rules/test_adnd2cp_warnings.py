"""adnd2cp: no silent defaults. A stats line that leaves out what the rules need gets the documented
default and a warning naming it; what it gives that the rules will not use is named too. A full
character (every template) gets none."""

from __future__ import annotations

from typing import Any

import pytest

from rules.model import Term
from rules.pairs import parse_pairs
from rules.registry import get_system

S = get_system("adnd2cp")
STATS = S.stat_vocabulary()


def warned(line: str) -> dict[str, dict[str, Any]]:
    data = STATS.resolve(parse_pairs(line))
    return {n.key: n.params for n in S.sheet_warnings(data, S.sheet(data))}


def test_an_empty_line_names_every_default() -> None:
    notes = warned("")
    assert notes == {
        "assumed_hp": {"hp": 10},
        "assumed_thac0": {"thac0": 20},
        "assumed_ac": {"ac": 10},
        "assumed_fist": {"weapon": Term("weapon", "fist"), "damage": "1d2"},
        "no_combat_points": {},
    }


def test_every_template_is_complete() -> None:
    for name, line in S.templates().items():
        assert warned(line) == {}, name


def test_the_quick_npc_line() -> None:
    notes = warned("ca:6 pf:15 thac0:19 danni:1d8")
    assert set(notes) == {"assumed_no_dex_in_ac", "no_combat_points"}
    notes = warned("ca:6 pf:15 attacco:+3")
    assert notes["assumed_attack_damage"] == {"damage": "1d6"}
    assert notes["assumed_thac0"] == {"thac0": 20}


def test_a_monster() -> None:
    notes = warned("dv:4+1 ca:5 pf:20 danni:2d4")
    assert notes["assumed_thac0_monster"] == {"thac0": 20}
    assert notes["assumed_intelligence"] == {"intelligence": 10}
    assert "no_combat_points" not in notes
    dull = warned("dv:4 intelligenza:3 ca:5 pf:20 thac0:17 danni:2d4")
    assert dull["monster_too_dull"] == {"intelligence": 3}


def test_classes_and_levels() -> None:
    assert "assumed_class_fighter" in warned("livello:3 ca:5 pf:20 arma:spada_lunga")
    assert warned("classe:ladro ca:5 pf:6 arma:pugnale intelligenza:12")["assumed_level"] == {"level": 1}
    notes = warned("classe:cavaliere livello:2 ca:5 pf:12 arma:lancia intelligenza:10")
    assert notes["assumed_warrior_group"] == {"name": "cavaliere"}
    assert "assumed_warrior_group" not in warned("classe:cavaliere@combattente livello:2 ca:5 pf:12 arma:lancia")
    assert "assumed_intelligence" in warned("classe:guerriero livello:2 ca:5 pf:12 arma:lancia")
    assert "assumed_intelligence" not in warned("classe:chierico livello:2 ca:5 pf:12 arma:mazza_da_fante")


def test_an_unknown_weapon_without_damage() -> None:
    notes = warned("classe:guerriero livello:1 intelligenza:9 destrezza:12 ca:5 pf:9 arma:spadone")
    assert notes == {"assumed_weapon": {"weapon": "spadone", "damage": "1d6"}}
    assert warned("classe:guerriero livello:1 intelligenza:9 destrezza:12 ca:5 pf:9 armi:spadone(danni=2d6)") == {}


@pytest.mark.parametrize(
    ("line", "key", "params"),
    [
        (
            "armi:spada_lunga arma:ascia_da_battaglia attacco:+1",
            "ignored_quick_weapon",
            {"keys": [Term("term", "weapon"), Term("term", "attack")]},
        ),
        ("arti:schivata,critico_potenziato", "ignored_arts", {"arts": ["critico_potenziato"]}),
        (
            "competenze:quickness,healing,cavalcare",
            "ignored_proficiencies",
            {"proficiencies": ["healing", "cavalcare"]},
        ),
        ("tratti:non_morto,fearless", "ignored_traits", {"traits": ["fearless"]}),
        ("forza:17 forza_eccezionale:50", "ignored_strength_pct", {"pct": 50}),
        ("forza:17 forza_colpire:+3", "over_the_tables", {"fields": [Term("term", "str_to_hit")]}),
        ("classe:guerriero livello:5 thac0:10", "over_the_tables", {"fields": [Term("term", "thac0")]}),
        ("classe:guerriero livello:5 pc_max:40", "combat_points_by_hand", {"pool": 40, "computed": 10}),
        ("pf:30 pf_max:20", "hp_over_max", {"hp": 30, "hp_max": 20}),
    ],
)
def test_what_is_given_but_not_used(line: str, key: str, params: dict[str, Any]) -> None:
    assert warned(line)[key] == params


def test_a_value_the_tables_would_give_anyway_is_not_warned() -> None:
    assert "over_the_tables" not in warned("classe:guerriero livello:5 thac0:16 forza:17 forza_colpire:+1")
