"""dnd35's Czech as a player reads it: words that agree in gender and case, and notes that say what
happened. The catalog texts are read as written (`bot/i18n/cs/dnd35.json`)."""

import json
from pathlib import Path

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from rules.vocabulary import fold

SYSTEM = get_system("dnd35")
CS: dict[str, str] = json.loads(Path("bot/i18n/cs/dnd35.json").read_text(encoding="utf-8"))


def test_the_target_charging_option_is_named_ve_zteci_and_the_old_name_still_works() -> None:
    # "v" before "z" + consonant is "ve": "ve zteči" (as the seed's "během zteče", "proti zteči")
    options = SYSTEM.option_vocabulary()
    assert options.keys["target_charging"].shown == "cíl ve zteči"
    assert options.key_of("cíl_ve_zteči") == options.key_of("cil_v_zteci") == "target_charging"
    assert not [k for k, text in CS.items() if " v zteč" in text]


def test_missing_abilities_do_not_disagree_with_their_gender() -> None:
    # "Síla", "Obratnost": feminine; the note names them after an impersonal "Nezadáno:".
    text = CS["note.dnd35.sheet_abilities_assumed"]
    assert text.startswith("Nezadáno: {abilities}")
    filled = text.format(abilities="Obratnost")
    assert "Obratnost nezadáno" not in filled and "Síla, Obratnost nezadáno" not in text.format(
        abilities="Síla, Obratnost"
    )


def test_the_assumed_hit_points_read_as_a_sentence() -> None:
    text = CS["note.dnd35.sheet_hp_assumed"].format(hp=8, dice=1, con="+0")
    assert "1 k8 kostek" not in text and "na každou Odolnost" not in text
    assert "zde 1" in text and "oprava za Odolnost +0" in text


def test_a_failed_massive_damage_save_says_the_character_died() -> None:
    # "musíš hodit na záchranu na Výdrž vůči TO 15. Pokud v tomto hodu na záchranu neuspěješ, zemřeš" — dead, not dying
    failed = CS["note.dnd35.massive_damage_failed"]
    assert "umírá" not in failed and "smrt" in failed
    assert fold("přežívá") in fold(CS["note.dnd35.massive_damage_saved"])


def test_the_weapon_list_names_each_weapon_once_in_czech() -> None:
    # "Těžký palcát" is the seed's one name for the heavy mace: `heavy_mace` is `mace`, not listed again.
    weapons = SYSTEM.stat_vocabulary().keys["weapon"].values
    firsts = [names[0] for names in weapons.values()]
    assert "heavy mace" not in firsts and "heavy_mace" not in weapons and firsts.count("těžký palcát") == 1
    sheet = SYSTEM.sheet({"weapons": "heavy_mace"})
    assert [w.name for w in sheet.weapons] == ["heavy_mace"]  # typed, still the table's weapon


def test_a_whole_distance_out_of_range_is_a_whole_number() -> None:
    thrower = Fighter("A", SYSTEM.sheet({"weapons": "javelin"}))
    req = ActionRequest(thrower, Fighter("T", SYSTEM.sheet({})), SYSTEM.options({}), SYSTEM.settings({}), None, 2000.0)
    with pytest.raises(RulesError) as err:
        SYSTEM.shot(req, ScriptedDice([10]))
    assert err.value.key == "error.dnd35.out_of_range"
    assert err.value.params == {"distance": 2000, "maximum": 150} and type(err.value.params["distance"]) is int
