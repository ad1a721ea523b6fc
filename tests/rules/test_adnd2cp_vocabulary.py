"""adnd2cp: the words players type. Native (Italian) names first, English too, in any case and without
accents; what the vocabularies resolve to is what the sheet and the options accept; every key, option,
action, blow, template and warning has its text in the four catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.errors import RulesError
from rules.pairs import parse_pairs
from rules.registry import get_system
from rules.systems.adnd2cp import words
from rules.systems.adnd2cp.blows import BLOWS
from tests.rules.catalogs import load

S = get_system("adnd2cp")
STATS = S.stat_vocabulary()
OPTIONS = S.option_vocabulary()
ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "it", "cs", "pl")
CATALOGS = {lang: load(lang, "adnd2cp") for lang in LANGS}


def sheet(line: str):  # type: ignore[no-untyped-def]
    return S.sheet(STATS.resolve(parse_pairs(line)))


def options(line: str):  # type: ignore[no-untyped-def]
    return S.options(OPTIONS.resolve(parse_pairs(line)))


# --- native words ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ("forza:17", "strength", 17),
        ("FORZA:17", "strength", 17),
        ("for:17", "strength", 17),
        ("str:17", "strength", 17),
        ("forza:18/76", "strength_pct", 76),
        ("destrezza:16", "dexterity", 16),
        ("des:16", "dexterity", 16),
        ("intelligenza:13", "intelligence", 13),
        ("ca:5", "ac", 5),
        ("classe_armatura:5", "ac", 5),
        ("Classe-Armatura:5", "ac", 5),
        ("pf:24", "hp", 24),
        ("punti_ferita:24", "hp_max", 24),
        ("dv:4+1", "hit_dice", "4+1"),
        ("dadi_vita:4+1", "kind", "monster"),
        ("taglia:grande", "size", "L"),
        ("taglia:Huge", "size", "H"),
        ("tipo:png", "kind", "npc"),
        ("punti_combattimento:3", "pool_current", 3),
        ("pc_max:20", "pool_override", 20),
        ("attacchi:3/2", "attacks_per_round", "3/2"),
        ("arti:Schivata,deflect_blows", "arts", ["schivata", "deflettere_i_colpi"]),
        ("competenze:Pain_Tollerance,rapidità", "proficiencies", ["pain_tolerance", "quickness"]),
        ("tratti:non_morto,Incorporeo", "creature_traits", ["undead", "incorporeal"]),
        ("guerriero_multiclasse", "multi_or_dual_class_warrior", True),
        ("guerriero_multiclasse:no", "multi_or_dual_class_warrior", False),
    ],
)
def test_a_native_word_sets_its_field(line: str, field: str, value: object) -> None:
    assert getattr(sheet(line), field) == value


def test_a_class_by_its_italian_or_english_name() -> None:
    for typed in ("classe:guerriero livello:3", "class:Fighter level:3", "CLASSE:GUERRIERO LIVELLO:3"):
        s = sheet(typed)
        assert [(c.class_name, c.group, c.level) for c in s.classes] == [("fighter", "warrior", 3)]
        assert s.thac0 == 18
    two = sheet("classe:guerriero/mago livello:7/6 intelligenza:16")
    assert [(c.class_name, c.group) for c in two.classes] == [("fighter", "warrior"), ("mage", "wizard")]
    assert two.pool_max == 14 + 8  # the seed's Trendor without his weapon: warrior table, Int 16
    assert sheet("classe:ladro livello:4").classes[0].group == "rogue"
    assert sheet("classe:sciamano@sacerdote livello:4").classes[0].group == "priest"


def test_weapons_by_their_italian_name_are_the_table_weapons() -> None:
    assert sheet("arma:spada_lunga").weapons[0].id == "long_sword"
    assert sheet("arma:Spada_Lunga").weapons[0].damage == "1d8"
    assert sheet("arma:longsword").weapons[0].id == "long_sword"
    assert sheet("arma:spada_bastarda_a_due_mani").weapons[0].hands == 2
    bow = sheet("armi:arco_lungo@esperto").weapons[0]
    assert (bow.id, bow.rank, bow.ammo) == ("long_bow", "esperto", "war_arrow")
    assert sheet("arma:spada_lunga abilità_arma:Master").weapons[0].rank == "maestro"


def test_every_listed_value_is_accepted_by_the_model() -> None:
    """What the vocabulary resolves a value to, the sheet accepts as such."""
    for key in ("size", "kind", "rank"):
        for value, names in STATS.keys[key].values.items():
            resolved = STATS.resolve(parse_pairs(f"{STATS.keys[key].names[0]}:{names[0]}"))
            assert resolved[key] == value
            if key == "rank":
                resolved["weapon"] = "long_sword"
            S.sheet(resolved)
    for wid, names in STATS.keys["weapon"].values.items():
        assert sheet(f"arma:{names[0]}").weapons[0].id == wid
        assert sheet(f"armi:{names[0]}").weapons[0].id == wid
    for key, field in (("arts", "arts"), ("proficiencies", "proficiencies"), ("creature_traits", "creature_traits")):
        for value, names in STATS.keys[key].values.items():
            assert getattr(sheet(f"{key}:{names[0]}"), field) == [value]
    for value, names in STATS.keys["conditions"].values.items():
        assert sheet(f"condizioni:{names[0]}").conditions[0].key == value


def test_the_vocabulary_refuses_what_it_does_not_know_listing_the_native_names() -> None:
    with pytest.raises(RulesError) as err:
        STATS.resolve(parse_pairs("forzza:17"))
    assert err.value.key == "error.stat_unknown"
    allowed = err.value.params["allowed"]
    assert any("forza" in a for a in allowed) and not any("`strength`" == a for a in allowed)
    with pytest.raises(RulesError) as err:
        STATS.resolve(parse_pairs("taglia:gigante"))
    assert err.value.key == "error.stat_invalid"


def test_no_turn_or_internal_field_is_typed() -> None:
    assert not set(STATS.keys) & set(S.fields_of("turn", "internal"))
    assert set(S.fields_of("build", "lasting")) - set(STATS.keys) == {"classes"}  # typed as classe/livello


# --- options ---------------------------------------------------------------------------------------
def test_options_by_native_names() -> None:
    o = options("colpi:colpo_preciso,Attacco_di_Forza mano:secondaria gittata:media alle_spalle modificatore:+2")
    assert o.blows == ["colpo_preciso", "attacco_di_forza"]
    assert (o.hand, o.range, o.rear, o.modifier) == ("off", "medium", True, 2)
    assert options("colpi:precise_strike,deep_thrust").blows == ["colpo_preciso", "trafiggere_in_profondita"]
    assert options("colpi:trafiggere_in_profondità").blows == ["trafiggere_in_profondita"]
    assert options("munizioni:freccia_da_caccia ts:fallito ts_pct:40").ammo == "hunting_arrow"
    assert options("colpi_difesa:evasione_migliorata bonus_evasione:10 schivata").target_blows == [
        "evasione_migliorata"
    ]
    assert options("pugnalata_alle_spalle").backstab
    assert options("opportunità").opportunity


def test_every_option_field_is_typed() -> None:
    assert set(OPTIONS.keys) == set(S.Options.model_fields)
    for spec in OPTIONS.keys.values():
        options(spec.example)  # every example is accepted as typed


def test_every_blow_is_named_in_both_languages() -> None:
    assert set(OPTIONS.keys["blows"].values) == set(BLOWS)
    for bid, names in OPTIONS.keys["blows"].values.items():
        assert options(f"colpi:{names[0]}").blows == [bid]
        assert options(f"colpi:{names[-1].upper()}").blows == [bid]


# --- catalogs ------------------------------------------------------------------------------------------
def _warning_keys() -> set[str]:
    source = (ROOT / "rules/systems/adnd2cp/warnings.py").read_text(encoding="utf-8")
    found = set(re.findall(r'_note\(\s*"([a-z_0-9]+)"', source))
    found |= set(re.findall(r'"(assumed_thac0(?:_monster)?)"', source))
    assert len(found) >= 15, found
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_option_action_blow_and_template_has_its_text(lang: str) -> None:
    catalog = CATALOGS[lang]
    wanted = [f"meaning.adnd2cp.{k}" for k in (*STATS.keys, *OPTIONS.keys)]
    wanted += [f"meaning.adnd2cp.action.{a}" for a in S.extra_actions]
    wanted += [f"meaning.adnd2cp.blow.{b}" for b in BLOWS]
    wanted += [f"template.adnd2cp.{t}" for t in S.templates()]
    wanted += [f"note.adnd2cp.{k}" for k in _warning_keys()]
    wanted += [f"help.adnd2cp.{k}" for k in ("intro", "npc", "notation")]
    wanted += [f"problem.adnd2cp.{k}_notation" for k in ("weapon", "condition", "class")]
    assert [k for k in wanted if k not in catalog] == []


@pytest.mark.parametrize("lang", LANGS)
def test_texts_are_short_enough(lang: str) -> None:
    catalog = CATALOGS[lang]
    for key in (*STATS.keys, *OPTIONS.keys, *(f"action.{a}" for a in S.extra_actions)):
        assert len(catalog[f"meaning.adnd2cp.{key}"]) <= 80, (lang, key)
    for key, limit in (("intro", 600), ("npc", 400), ("notation", 900)):
        assert len(catalog[f"help.adnd2cp.{key}"]) <= limit, (lang, key)


def test_each_blow_meaning_names_its_cost() -> None:
    for lang in LANGS:
        for b in BLOWS.values():
            text = CATALOGS[lang][f"meaning.adnd2cp.blow.{b.id}"]
            assert str(b.cost) in text, (lang, b.id)


def test_the_help_examples_are_accepted() -> None:
    """The lines the help texts show are stats lines the sheet takes."""
    intro = CATALOGS["en"]["help.adnd2cp.intro"]
    line = re.findall(r"`(classe:[^`]+)`", intro)[0]
    assert sheet(line).classes[0].class_name == "thief"
    npc = CATALOGS["en"]["help.adnd2cp.npc"]
    for example in re.findall(r"`([^`]+)`", npc):
        sheet(example)
    notation = CATALOGS["en"]["help.adnd2cp.notation"]
    for example in re.findall(r"`((?:armi|classe|arti|condizioni):[^`]+)`", notation):
        sheet(example)


def test_words_tables_have_no_two_values_under_one_name() -> None:
    for table in (words.WEAPONS, words.CLASS_NAMES, words.SIZES, words.RANKS, words.TRAITS, words.CONDITIONS):
        seen: dict[str, str] = {}
        for value, names in table.items():
            for name in (value, *names):
                assert seen.setdefault(words.fold(name), value) == value, name
