"""arm5: the words a Polish table types (and ArM's abbreviations, and English) for stats and options,
with or without diacritics, in any case; listed values by name; refusals that say what is accepted."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.pairs import parse_pairs
from rules.system import ActionRequest, Fighter
from rules.systems.arm5 import SYSTEM
from rules.systems.arm5.options import Options
from rules.systems.arm5.sheet import Abilities, Sheet, Wounds

STATS = SYSTEM.stat_vocabulary()
OPTIONS = SYSTEM.option_vocabulary()


def sheet(line: str) -> Sheet:
    made = SYSTEM.sheet(STATS.resolve(parse_pairs(line)))
    assert isinstance(made, Sheet)
    return made


def options(line: str) -> Options:
    made = SYSTEM.options(OPTIONS.resolve(parse_pairs(line)))
    assert isinstance(made, Options)
    return made


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("siła", "str"),
        ("SIŁA", "str"),
        ("sila", "str"),
        ("Str", "str"),
        ("strength", "str"),
        ("wytrzymałość", "sta"),
        ("wytrzymalosc", "sta"),
        ("Sta", "sta"),
        ("zręczność", "dex"),
        ("Dex", "dex"),
        ("Quickness", "qik"),
        ("szybkość", "qik"),
        ("qik", "qik"),
        ("Budowa", "size"),
        ("single_weapon", "single_weapon"),
        ("broń_jednoręczna", "single_weapon"),
        ("Thrown_Weapon", "throw"),
        ("łuki", "bows"),
        ("jeździectwo", "riding"),
        ("broń", "weapon"),
        ("bron", "weapon"),
        ("tarcza", "shield"),
        ("pancerz", "armour_prot"),
        ("Prot", "armour_prot"),
        ("armour", "armour_prot"),
        ("wyparowania", "soak"),
        ("Obciążenie", "encumbrance"),
        ("Encumberance", "encumbrance"),
        ("konno", "mounted"),
        ("Parma_Magica", "magic_resistance"),
        ("zaklęcia", "spells"),
        ("kości_fuszerki", "botch_dice"),
        ("lekkie", "light"),
        ("Średnie", "medium"),
        ("ciezkie", "heavy"),
        ("eliminujące", "incapacitating"),
        ("martwy", "dead"),
        ("wyczerpanie", "fatigue_level"),
        ("inicjatywa", "init"),
        ("atak", "attack"),
        ("obrona", "defense"),
        ("defence", "defense"),
        ("obrażenia", "damage"),
    ],
)
def test_a_stat_by_its_polish_abbreviated_or_english_name(typed: str, key: str) -> None:
    assert STATS.key_of(typed) == key


def test_the_issues_example_siła_is_accepted() -> None:
    assert sheet("siła:2 wytrzymałość:1").str == 2


def test_names_come_native_first_then_english() -> None:
    assert STATS.keys["str"].names[:2] == ("Siła", "Str")
    assert STATS.keys["soak"].names[0] == "Wyparowania"
    assert STATS.keys["single_weapon"].names[0] == "Single Weapon"  # the seed's own term
    assert OPTIONS.keys["charge"].names[0] == "atak z rozpędu"


def test_listed_values_by_their_names() -> None:
    assert sheet("broń:Miecz_Długi").weapon.name == "long_sword"
    assert sheet("broń:miecz_dlugi").weapon.name == "long_sword"
    assert sheet("broń:LONG_SWORD").weapon.name == "long_sword"
    assert sheet("broń:unarmed").weapon.name == "fist"
    made = sheet("tarcza:tarcza_trójkątna")
    assert made.shield is not None and made.shield.name == "heater_shield" and made.shield.dfn == 3
    assert sheet("tarcza:brak").shield is None
    assert sheet("wyczerpanie:Znużona").fatigue_level == 2
    assert sheet("wyczerpanie:weary").fatigue_level == 2
    assert sheet("wyczerpanie:3").fatigue_level == 3


def test_polish_yes_and_no() -> None:
    made = sheet("konno:tak parma_magica martwy:nie")
    assert (made.mounted, made.magic_resistance, made.dead) == (True, True, False)
    assert options("przebicie:nie").penetrated is False


def test_an_unknown_key_is_refused_with_the_polish_names_first() -> None:
    with pytest.raises(RulesError) as err:
        STATS.resolve(parse_pairs("hp:12"))
    assert err.value.key == "error.stat_unknown"
    assert "`Siła`" in err.value.params["allowed"]
    assert "`Wyparowania`" in err.value.params["allowed"]


def test_the_fights_own_state_is_not_a_stat() -> None:
    state = set(SYSTEM.fields_of("turn", "internal"))
    assert not state & set(STATS.keys)
    with pytest.raises(RulesError):
        STATS.resolve({"cover": "half"})


def test_bounds_are_the_models() -> None:
    limits: dict[str, Any] = {
        "str": (-10, 10),
        "size": (-10, 20),
        "single_weapon": (0, 30),
        "light": (0, 99),
        "fatigue_level": (0, 5),
        "botch_dice": (0, 10),
        "armour_prot": (-10, 30),
    }
    for key, (lo, hi) in limits.items():
        spec = STATS.keys[key]
        assert (spec.minimum, spec.maximum) == (lo, hi), key
    for key, model in (("single_weapon", Abilities), ("heavy", Wounds), ("encumbrance", Sheet)):
        field = model.model_fields[key]
        assert {getattr(m, "ge", None) for m in field.metadata} - {None} == {STATS.keys[key].minimum}


def test_every_example_is_accepted_and_uses_the_native_name() -> None:
    for spec in STATS.keys.values():
        sheet(spec.example)
        first = next(iter(parse_pairs(spec.example)))
        assert STATS.key_of(first) == spec.key
        assert first != spec.key or spec.names[0].casefold().replace(" ", "_") == spec.key, spec.example
    for spec in OPTIONS.keys.values():
        options(spec.example)


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ("atak_z_rozpędu", "charge", True),
        ("szarża teren_trudny", "difficult_ground", True),
        ("osłona:1/2", "cover", "half"),
        ("osłona:prawie_pełna", "cover", "almost_full"),
        ("oslona:+9", "cover", "three_quarters"),
        ("nieśmiercionośne", "nonlethal", True),
        ("kości_fuszerki:2", "botch_dice", 2),
        ("tryb_inicjatywy:zaklęcie", "initiative_mode", "spell"),
        ("fast_casting", "fast_casting", True),
        ("obrażenia_zaklęcia:15", "spell_damage", 15),
        ("casting_score:12", "casting_score", 12),
        ("poziom_zaklęcia:20", "spell_level", 20),
        ("rana:Ciężkie", "wound_band", "heavy"),
        ("rana:uśmiercające", "wound_band", "dead"),
        ("nowa_inicjatywa:5", "new_initiative", 5),
        ("pościg", "pursue", True),
    ],
)
def test_options_in_polish(line: str, field: str, value: Any) -> None:
    assert getattr(options(line), field) == value


def test_a_choice_outside_its_values_is_refused_with_them() -> None:
    with pytest.raises(RulesError) as err:
        OPTIONS.resolve(parse_pairs("osłona:wszędzie"))
    assert err.value.key == "error.option_invalid"
    assert "`ćwierć`" in err.value.params["problem"].params["values"]


def test_every_option_is_listed() -> None:
    assert set(OPTIONS.keys) == set(Options.model_fields)
    assert not OPTIONS.open_ended and not STATS.open_ended


def _attack_with(sheet_line: str, weapon: str) -> Any:
    req = ActionRequest(
        Fighter("A", sheet(sheet_line)), Fighter("B", sheet("")), options(""), SYSTEM.settings({}), weapon=weapon
    )
    return SYSTEM.attack(req, ScriptedDice([5]))


def test_the_weapon_of_an_attack_by_its_polish_or_english_name() -> None:
    assert _attack_with("brawl:2", "sztylet").weapon == "dagger"
    assert _attack_with("brawl:2", "Throwing_Knife").weapon == "throwing_knife"
    own = _attack_with("broń:szabla_rodowa@single_weapon:1/5/1/7 single_weapon:3", "szabla_rodowa")
    assert own.weapon == "szabla rodowa" and own.total == 5 + 3 + 5
    # a table weapon the sheet holds with its own numbers keeps them
    assert _attack_with("broń:miecz_długi:2/7/1/6", "Miecz_Długi").total == 5 + 7
    with pytest.raises(RulesError) as err:
        _attack_with("", "halabarda")
    assert err.value.key == "error.arm5.unknown_weapon"


def test_a_spell_by_its_name_as_typed() -> None:
    mage = sheet("zaklęcia:Pilum_of_Fire:15/12/20/FC,Ball_of_Abysmal_Flame:30/9")
    target = Fighter("B", sheet(""))
    req = ActionRequest(Fighter("M", mage), target, options(""), SYSTEM.settings({}), weapon="pilum_of_fire")
    result = SYSTEM.act("magic_attack", req, ScriptedDice([5, 5]))
    assert result.total == 15 + 5
