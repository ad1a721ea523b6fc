"""arm5: a whole character in one stats line. The notation of the weapon, shield and spells is read by the
sheet, `sheet_line` writes it under the Polish names, and the line makes an equal character again."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.errors import RulesError
from rules.pairs import parse_pairs
from rules.systems.arm5 import SYSTEM
from rules.systems.arm5.sheet import Sheet
from tests.rules.catalogs import ROOT

STATS = SYSTEM.stat_vocabulary()


def sheet(line: str) -> Sheet:
    made = SYSTEM.sheet(STATS.resolve(parse_pairs(line)))
    assert isinstance(made, Sheet)
    return made


def kept(made: Any) -> dict[str, Any]:
    data = made.model_dump(mode="json")
    return {k: data[k] for k in SYSTEM.fields_of("build", "lasting")}


def round_trip(made: Sheet) -> str:
    line = SYSTEM.sheet_line(made)
    assert kept(sheet(line)) == kept(made), line
    return line


def test_a_table_weapon_and_shield_by_their_polish_names() -> None:
    made = sheet("broń:miecz_długi tarcza:puklerz single_weapon:5")
    assert (made.weapon.name, made.weapon.ability, made.weapon.atk, made.weapon.dam) == (
        "long_sword",
        "single_weapon",
        4,
        6,
    )
    assert made.shield is not None and made.shield.dfn == 1
    line = round_trip(made)
    assert "broń:miecz_długi" in line and "tarcza:puklerz" in line


def test_a_weapon_of_ones_own() -> None:
    made = sheet("broń:szabla_rodowa@single_weapon:1/5/1/7")
    w = made.weapon
    assert (w.name, w.ability, w.init, w.atk, w.dfn, w.dam, w.ranged) == (
        "szabla rodowa",
        "single_weapon",
        1,
        5,
        1,
        7,
        False,
    )
    assert "broń:szabla_rodowa@single_weapon:1/5/1/7" in round_trip(made)


def test_a_table_weapon_with_other_numbers_keeps_its_ability() -> None:
    w = sheet("broń:topór_bojowy:1/5/0/10").weapon
    assert (w.name, w.ability, w.atk, w.dam) == ("great_axe", "great_weapon", 5, 10)
    assert sheet("broń:miecz_długi@great_weapon").weapon.ability == "great_weapon"


def test_without_an_ability_a_weapon_takes_the_ones_the_sheet_has() -> None:
    assert sheet("broń:proca_bojowa:-2/2/0/5 throw:4").weapon.ability == "throw"
    assert sheet("broń:proca_bojowa:-2/2/0/5").weapon.ability == "single_weapon"


def test_a_ranged_mark_only_where_it_differs_from_the_ability() -> None:
    thrown = sheet("broń:topór@single_weapon:1/4/0/6/dystansowa")
    assert thrown.weapon.ranged is True
    assert "broń:topór@single_weapon:1/4/0/6/dystansowa" in round_trip(thrown)
    javelin = sheet("broń:oszczep")
    assert javelin.weapon.ranged is True and "broń:oszczep " in round_trip(javelin)
    held = sheet("broń:oszczep@throw:0/3/0/5/wręcz")
    assert held.weapon.ranged is False and "broń:oszczep@throw:0/3/0/5/wręcz" in round_trip(held)


def test_shields_of_ones_own_and_none() -> None:
    made = sheet("broń:miecz_długi tarcza:pawęż:0/0/4/0")
    assert made.shield is not None and (made.shield.name, made.shield.dfn) == ("pawęż", 4)
    assert "tarcza:pawęż:0/0/4/0" in round_trip(made)
    modified = sheet("tarcza:puklerz:0/1/2/0")
    assert modified.shield is not None and modified.shield.name == "buckler"
    assert "tarcza:puklerz:0/1/2/0" in round_trip(modified)
    assert sheet("tarcza:brak").shield is None


def test_spells() -> None:
    made = sheet('zaklęcia:"Pilum_of_Fire:15/12/20/FC,Ball_of_Abysmal_Flame:30/9,Wizard\'s_Sidestep"')
    spells = [s.model_dump() for s in made.spells]
    assert spells == [
        {"name": "Pilum of Fire", "damage": 15, "casting_score": 12, "level": 20, "fast_casting": True},
        {"name": "Ball of Abysmal Flame", "damage": 30, "casting_score": 9, "level": None, "fast_casting": False},
        {"name": "Wizard's Sidestep", "damage": 0, "casting_score": 0, "level": None, "fast_casting": False},
    ]
    line = round_trip(made)
    assert 'zaklęcia:"Pilum_of_Fire:15/12/20/FC,Ball_of_Abysmal_Flame:30/9,Wizard\'s_Sidestep:0/0"' in line
    assert sheet("zaklęcia:Pilum:15/12/FC").spells[0].fast_casting is True
    assert sheet("zaklęcia:brak").spells == []


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("broń:szabla@", "error.arm5.bad_notation"),
        ("broń:szabla@single_weapon", "error.arm5.bad_notation"),
        ("broń:szabla@pałka:1/2/3/4", "error.arm5.bad_notation"),
        ("broń:szabla:1/2/3", "error.arm5.bad_notation"),
        ("broń:szabla:1/2/3/x", "error.arm5.bad_notation"),
        ("broń:szabla:1/2/3/4/daleko", "error.arm5.bad_notation"),
        ("broń:szabla", "error.arm5.unknown_weapon"),
        ("tarcza:pawęż", "error.arm5.unknown_shield"),
        ("tarcza:pawęż:0/4", "error.arm5.bad_notation"),
        ("zaklęcia:Pilum:a/b", "error.arm5.bad_notation"),
        ("zaklęcia:Pilum:1/2/3/4", "error.arm5.bad_notation"),
        ("zaklęcia::15/12", "error.arm5.bad_notation"),
    ],
)
def test_a_notation_it_cannot_read_is_refused_saying_how_to_write_it(line: str, key: str) -> None:
    with pytest.raises(RulesError) as err:
        sheet(line)
    assert err.value.key == key
    for lang in ("en", "pl", "cs", "it"):
        text = json.loads((ROOT / f"bot/i18n/{lang}/arm5.json").read_text(encoding="utf-8"))[key]
        text.format(**{k: "x" for k in err.value.params})


def test_a_number_out_of_bounds_in_the_notation_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        sheet("broń:szabla@single_weapon:1/99/1/6")
    assert err.value.key == "error.stat_invalid"


RICH = (
    "siła:3 wytrzymałość:-1 zręczność:2 quickness:-2 budowa:-2 single_weapon:6 great_weapon:1 brawl:2 "
    "throw:3 bows:4 riding:2 finesse:1 broń:rapier_z_Toledo@single_weapon:-1/5/2/5 "
    "tarcza:tarcza_okrągła:0/1/3/0 pancerz:5 premia_do_wyparowań:3 obciążenie:2 konno parma_magica "
    "zaklęcia:Pilum_of_Fire:15/12/20/FC,Ball_of_Abysmal_Flame:30/9 kości_fuszerki:0 "
    "lekkie:2 średnie:1 ciężkie:1 wyczerpanie:zmęczona"
)


def test_a_rich_character_round_trips() -> None:
    made = sheet(RICH)
    assert (made.size, made.abilities.riding, made.botch_dice, made.fatigue_level) == (-2, 2, 0, 3)
    assert made.shield is not None and made.shield.name == "round_shield" and made.shield.atk == 1
    line = round_trip(made)
    assert line.startswith("siła:3 wytrzymałość:-1 zręczność:2 quickness:-2 budowa:-2 single_weapon:6")
    assert "kości_fuszerki:0" in line and "wyczerpanie:zmęczony" in line and "konno" in line


def test_the_lasting_state_round_trips() -> None:
    made = sheet("eliminujące:1 martwy wyczerpanie:nieprzytomny")
    assert round_trip(made).endswith("eliminujące:1 martwy wyczerpanie:nieprzytomny")


def test_a_quick_npc_line_becomes_a_full_line() -> None:
    made = sheet("atak:9 obrona:6 obrażenia:5 wyparowania:7 inicjatywa:2 budowa:1")
    line = round_trip(made)
    assert "broń:npc@single_weapon:2/9/6/5" in line and "pancerz:7" in line
    again = SYSTEM.status(sheet(line)).numbers
    assert (again["attack"], again["defence"], again["damage"], again["soak"]) == (9, 6, 5, 7)


def test_a_stored_sheet_from_before_round_trips() -> None:
    """A character stored as JSON (the bot's /character show) prints a line that makes it again."""
    stored = {
        "dex": 1,
        "abilities": {"single_weapon": 3},
        "weapon": {"name": "sword", "ability": "single_weapon", "init": 2, "atk": 4, "dfn": 1, "dam": 6},
        "shield": {"name": "round", "dfn": 3},
        "spells": [{"name": "pilum", "damage": 15, "casting_score": 20, "level": 15}],
        "initiative": 9,
    }
    made = SYSTEM.sheet(stored)
    assert isinstance(made, Sheet)
    round_trip(made)


@pytest.mark.parametrize("template", sorted(SYSTEM.templates()))
def test_templates_print_as_they_are_written(template: str) -> None:
    line = SYSTEM.templates()[template]
    assert SYSTEM.sheet_line(sheet(line)) == line
