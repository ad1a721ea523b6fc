"""The words a player and a GM type in cz2d10: the seed's Czech names first, English too, values by name,
refusals that say what is accepted, the keys of /encounter edit passed on, and the catalog texts that
explain every key, option and action in four languages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules.errors import RulesError
from rules.model import Term
from rules.pairs import parse_pairs
from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.tables import MATERIALS, SHIELDS, WEAPONS

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "cs", "pl", "it")
CATALOGS = {lang: json.loads((ROOT / f"bot/i18n/{lang}/cz2d10.json").read_text(encoding="utf-8")) for lang in LANGS}
STATS = S.stat_vocabulary()
OPTIONS = S.option_vocabulary()


def stats(line: str) -> dict[str, Any]:
    return STATS.resolve(parse_pairs(line))


def sheet(line: str) -> Any:
    return S.sheet(stats(line))


# ---- the seed's words ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("síla", "str"),
        ("SILA", "str"),
        ("obratnost", "dex"),
        ("obr", "dex"),
        ("kondice", "con"),
        ("konstituce", "con"),
        ("reakce", "reaction"),
        ("ovládání_zbraně", "weapon_skill"),
        ("Ovladani", "weapon_skill"),
        ("krytí", "guard"),
        ("uhýbání", "dodging"),
        ("zbraň", "weapon"),
        ("štít", "shield"),
        ("zbroj", "armour"),
        ("přílba", "helmet"),
        ("doplňky", "accessories"),
        ("zbroj_částí", "armour_parts"),
        ("zpomalení", "slowdown"),
        ("útok", "attack_fixed"),
        ("obrana", "defence_fixed"),
        ("zranění", "weapon_damage"),
        ("životy", "hp"),
        ("omráčení", "stun"),
        ("iniciativa", "initiative_fixed"),
        ("finesa", "finesse"),
        ("hrubá síla", "brute_force"),
        ("bitevní_reflexy", "battle_reflexes"),
        ("tvrdost", "toughness"),
        ("zaměření_na_zbraň", "weapon_focus"),
        ("kompatibilita_zbroje", "armour_compatibility"),
        ("amputace", "amputated"),
        # English
        ("strength", "str"),
        ("attack", "attack_fixed"),
        ("defence", "defence_fixed"),
        ("damage", "weapon_damage"),
        ("hp", "hp"),
        ("init", "initiative_fixed"),
        ("weapon", "weapon"),
        ("armour", "armour"),
        ("armor", "armour"),
    ],
)
def test_the_seeds_words_and_english_ones_name_the_keys(typed: str, key: str) -> None:
    assert STATS.key_of(typed) == key


def test_every_key_has_a_czech_name_first_and_an_english_one() -> None:
    english = re.compile(r"^[a-z_]+$")
    for spec in STATS.keys.values():
        assert len(spec.names) >= 2, spec.key
        assert any(english.match(n) for n in (spec.key, *spec.names)), spec.key
    czech_first = {"str": "síla", "dex": "obratnost", "con": "kondice", "weapon": "zbraň", "hp": "životy"}
    for key, name in czech_first.items():
        assert STATS.keys[key].shown == name


def test_bounds_are_the_models() -> None:
    assert (STATS.keys["str"].minimum, STATS.keys["str"].maximum) == (-10, 60)
    assert (STATS.keys["armour_dr"].minimum, STATS.keys["armour_dr"].maximum) == (0, 30)
    assert (STATS.keys["weapon_skill"].minimum, STATS.keys["weapon_skill"].maximum) == (0, 60)
    assert (OPTIONS.keys["cover"].minimum, OPTIONS.keys["cover"].maximum) == (0, 8)


def test_table_values_by_every_name() -> None:
    for weapon in WEAPONS.values():
        assert STATS.value_of("weapon", weapon.name_cs) == weapon.id  # the seed's table name
        assert STATS.value_of("weapon", weapon.id) == weapon.id
    for shield in SHIELDS.values():
        assert STATS.value_of("shield", shield.name_cs) == shield.id
    for material in MATERIALS:
        assert material in STATS.keys["armour"].values
    assert stats("zbraň:meč štít:STREDNI_STIT")["weapon"] == "medium_straight_blade_1h"
    assert stats("weapon:greataxe shield:pavise") == {"weapon": "heavy_axe", "shield": "pavise"}
    assert stats('zbraň:"Rovná čepel (střední), obouruč"')["weapon"] == "medium_straight_blade_2h"
    assert sheet("zbroj:kroužková:5").armour == "mail"
    assert sheet("armour:plate:6").armour == "plate"


def test_unknown_keys_and_values_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(RulesError) as exc:
        stats("sila:7 charisma:3")
    assert exc.value.key == "error.stat_unknown" and exc.value.params["key"] == "charisma"
    assert "`síla`" in exc.value.params["allowed"]
    with pytest.raises(RulesError) as exc:
        stats("zbraň:laser")
    assert exc.value.key == "error.stat_invalid"
    assert "`meč`" in exc.value.params["problem"].params["values"]


def test_no_turn_state_is_a_stats_key() -> None:
    for field in S.fields_of("turn", "internal"):
        assert field not in STATS
    assert STATS.key_of("akce") is None and STATS.key_of("iniciativa") == "initiative_fixed"


def test_the_keys_of_a_running_fight_pass_on_to_encounter_edit() -> None:
    """`/encounter edit` resolves its line like any other: a part's HP and the round's counters are no
    stats keys, but edit_sheet still gets them under the names it takes."""
    assert stats("hlava:-3 pravá_ruka:2 akce:2 ležící:ano") == {
        "head": "-3",
        "right_arm": "2",
        "actions_left": "2",
        "prone": "ano",
    }
    npc = sheet("útok:10 obrana:17 zranění:d5+1 životy:12")
    edited: Any = S.edit_sheet(npc, stats("hlava:-3 tělo:-2 omráčení:+1 akce:2"))
    assert edited.part_damage == {"head": 3, "torso": 2}
    assert (edited.stun, edited.actions_left) == (1, 2)
    with pytest.raises(RulesError) as exc:  # a part's HP in a new sheet: where it belongs instead
        sheet("hlava:3")
    assert exc.value.params["problem"].key == "problem.cz2d10.edit_only"


def test_options_in_the_seeds_words() -> None:
    opts: Any = S.options(OPTIONS.resolve(parse_pairs("naběhnutí kritický_zásah:minout_zbroj cíl:hlava cílený:2")))
    assert (opts.charge, opts.crit_effect, opts.target_location, opts.targeted) == (True, "miss_armour", "head", 2)
    assert S.options(OPTIONS.resolve(parse_pairs("postoj:castecna"))).stance == "partial"  # type: ignore[attr-defined]
    assert OPTIONS.resolve(parse_pairs("zpusob_zraneni:BOD stisnene_prostory:velmi_stisnene")) == {
        "damage_type": "thrust",
        "confined": "very_confined",
    }
    assert set(OPTIONS.keys) == set(S.Options.model_fields)
    flags: Any = S.options(OPTIONS.resolve(parse_pairs("naběhnutí:ano naplocho:ne")))
    assert (flags.charge, flags.flat) == (True, False)
    with pytest.raises(RulesError) as exc:
        OPTIONS.resolve(parse_pairs("postoj:bojový"))
    assert exc.value.key == "error.option_invalid"


def test_every_example_is_accepted() -> None:
    for spec in OPTIONS.keys.values():
        S.options(OPTIONS.resolve(parse_pairs(spec.example)))
    for spec in STATS.keys.values():
        sheet(spec.example)


# ---- the catalog: meanings, help, templates, warnings ----------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_key_option_and_action_is_explained_in_one_short_line(lang: str) -> None:
    catalog = CATALOGS[lang]
    keys = [*STATS.keys, *OPTIONS.keys, *(f"action.{a}" for a in S.extra_actions)]
    for key in keys:
        text = catalog.get(f"meaning.cz2d10.{key}")
        assert text, (lang, key)
        assert len(text) <= 80, (lang, key, len(text))
    assert len(catalog["help.cz2d10.intro"]) <= 600
    assert len(catalog["help.cz2d10.npc"]) <= 400
    assert len(catalog["help.cz2d10.notation"]) <= 900
    for template in S.templates():
        assert catalog[f"template.cz2d10.{template}"]


def test_help_examples_are_accepted() -> None:
    """The stats lines quoted in the help texts are lines the vocabulary and the sheet accept."""
    for lang in LANGS:
        for key in ("help.cz2d10.intro", "help.cz2d10.npc"):
            quoted = re.findall(r':\\?"([^"\\]+)\\?"', CATALOGS[lang][key])
            assert quoted, (lang, key)
            for line in quoted:
                sheet(line)


def _warning_cases() -> list[tuple[str, dict[str, Any]]]:
    lines = [
        "",
        "útok:10 obrana:17 životy:12 iniciativa:1 reakce:3 obratnost:4 krytí:2 ovládání:5 tvrdost",
        "zbraň:luk dosah:4 zbroj:pletená prahy_zranění:3,6,9,12 postih_nedominantní_ruky:-2",
        "zbraň:meč zranění:d10 zbroj_částí:tělo=pletená:5 dr:2 krytí:2 ovládání_štítu:2 zpomalení:1",
        "max_životy:12 životy:8 kondice:3",
        "zbroj_částí:hlava=plátová:3",
        "zbroj:pletená:4 dr_přílby:2 krytí:3 zbraň:dýka dosah:5",
    ]
    out = []
    for line in lines:
        data = stats(line)
        for note in S.sheet_warnings(data, S.sheet(data)):
            out.append((note.key, note.params))
    return out


def test_every_warning_has_its_text_with_the_same_placeholders() -> None:
    placeholder = re.compile(r"\{(\w+)\}")
    seen = set()
    for key, params in _warning_cases():
        seen.add(key)
        for lang in LANGS:
            text = CATALOGS[lang][f"note.cz2d10.{key}"]
            assert set(placeholder.findall(text)) == set(params), (lang, key)
        for value in params.values():
            if isinstance(value, list):
                assert all(isinstance(v, Term) for v in value), (key, value)
    assert {
        "assumed_zero",
        "assumed_bare_hands",
        "assumed_no_weapon_skill",
        "assumed_part_hp",
        "assumed_npc_weapon",
        "assumed_npc_damage",
        "assumed_quick_parts",
        "ignored_hp_polygonal",
        "ignored_toughness",
        "ignored_initiative_fixed",
        "ignored_attack_fixed",
        "ignored_defence_fixed",
        "ignored_armour_without_dr",
        "armour_parts_replace_basic",
        "armour_parts_polygonal_only",
        "slowdown_replaces_equipment",
        "basic_system_only",
        "hp_below_max_basic_only",
        "guard_or_shield_skill",
        "ignored_reach",
        "damage_replaces_table",
        "ignored_off_hand_penalty",
        "fixed_everywhere",
        "assumed_piece_material",
        "guard_needs_compatibility",
        "reach_outside_table",
    } <= seen


@pytest.mark.parametrize("lang", LANGS)
def test_materials_and_shields_have_names_for_terms(lang: str) -> None:
    for material in MATERIALS:
        assert CATALOGS[lang][f"material.cz2d10.{material}"]
    for shield in SHIELDS:
        assert CATALOGS[lang][f"shield.cz2d10.{shield}"]
