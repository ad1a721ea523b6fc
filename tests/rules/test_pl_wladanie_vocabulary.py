"""Issue 13 for pl_wladanie: the words players type, the one-line notation of a whole character, templates,
warnings and the catalog texts that explain them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.dice import RandomDice, ScriptedDice
from rules.errors import RulesError
from rules.model import Message, Note, Term
from rules.pairs import parse_pairs
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.pl_wladanie.sheet import Sheet

S = get_system("pl_wladanie")
STATS = S.stat_vocabulary()
OPTIONS = S.option_vocabulary()
ROOT = Path(__file__).resolve().parents[2] / "bot/i18n"
LANGS = ("en", "pl", "cs", "it")
CATALOGS = {
    lang: {
        **json.loads((ROOT / lang / "core.json").read_text(encoding="utf-8")),
        **json.loads((ROOT / lang / "pl_wladanie.json").read_text(encoding="utf-8")),
    }
    for lang in LANGS
}


def sheet(line: str) -> Sheet:
    made: Sheet = S.sheet(STATS.resolve(parse_pairs(line)))  # type: ignore[assignment]
    return made


def kept(made: Any) -> dict[str, Any]:
    data = made.model_dump(mode="json")
    return {k: data[k] for k in S.fields_of("build", "lasting")}


def warnings(line: str) -> list[Note]:
    data = STATS.resolve(parse_pairs(line))
    return S.sheet_warnings(data, S.sheet(data))


# --- the words ---------------------------------------------------------------------------------------
def test_the_seeds_words_come_first_and_english_ones_follow() -> None:
    shown = {k.key: k.shown for k in STATS.keys.values()}
    assert shown["physical_defence"] == "obrona fizyczna" and shown["weapon_skills"] == "władanie"
    assert shown["weapons"] == "broń" and shown["shield"] == "tarcza" and shown["armour"] == "zbroja"
    assert shown["damage"] == "kostki obrażeń" and shown["category"] == "siła obrażeń"
    for typed, key in {"OBRONA": "physical_defence", "defence": "physical_defence", "wladanie": "weapon_skills",
                       "Udzwig": "lift_kg", "lift": "lift_kg", "Walka_Wrecz": "unarmed_skill", "armor": "armour",
                       "kostki": "damage", "stan": "down", "rany": "damage_taken"}.items():  # fmt: skip
        assert STATS.key_of(typed) == key, typed


def test_no_turn_or_internal_field_can_be_typed() -> None:
    for field in ("wound_level", "initiative_result", "conditions"):
        assert field not in STATS.keys
        with pytest.raises(RulesError) as err:
            STATS.resolve({field: "1"})
        assert err.value.key == "error.stat_unknown"


def test_an_unknown_word_is_refused_with_the_native_names() -> None:
    with pytest.raises(RulesError) as err:
        STATS.resolve(parse_pairs("tz:12"))
    assert err.value.key == "error.stat_unknown"
    assert "`obrona_fizyczna`" in err.value.params["allowed"]  # as typed


def test_the_quick_npc_lines_the_bot_has_always_taken_still_mean_the_same() -> None:
    old = S.sheet(parse_pairs("of:12 wladanie:+6 damage:1k8 sila:6 udzwig:40 parowanie:4 unik:3 pancerz:3 pokrycie:14"))
    new = sheet("of:12 wladanie:+6 damage:1k8 sila:6 udzwig:40 parowanie:4 unik:3 pancerz:3 pokrycie:14")
    assert kept(old) == kept(new)
    assert new.weapon_skills == {"weapon": 6} and new.weapons[0].damage_dice == "1k8"
    assert new.armour[0].parts == ["head", "torso", "left_arm", "right_arm", "left_leg", "right_leg"]
    native = sheet("obrona_fizyczna:12 władanie:6 kostki_obrażeń:1k8 siła:6 udźwig:40 parowanie:4 unik:3 "
                   "pancerz:3 pokrycie:14")  # fmt: skip
    assert kept(native) == kept(new)


def test_listed_values_by_their_names() -> None:
    assert sheet("tarcza:ŚREDNIA").shield.id == "medium_shield"  # type: ignore[union-attr]
    assert sheet("tarcza:medium").shield.coverage == 14  # type: ignore[union-attr]
    assert sheet("zbroja:helm").armour[0].parts == ["head"]
    assert sheet("broń:piesc").weapons[0].id == "unarmed"
    assert sheet("stan:Nie_Zyje").down == "dead" and sheet("stan:żywy").down is None
    assert sheet("kostki:1k8 kategoria:0,5").weapons[0].strength_category == "1/2"
    with pytest.raises(RulesError) as err:
        sheet("kostki:1k8 siła_obrażeń:1/3")
    assert err.value.key == "error.stat_invalid"
    assert isinstance(err.value.params["problem"], Message)


def test_numbers_take_a_sign_and_a_polish_decimal_comma() -> None:
    made = sheet("udźwig:45,5 obrona:+13 bohater:tak władanie:miecz=+6 broń:miecz:1k8:1,5kg")
    assert made.lift_kg == 45.5 and made.physical_defence == 13 and made.is_hero
    assert made.weapon_skills == {"miecz": 6} and made.weapons[0].weight_kg == 1.5
    assert not sheet("bohater:nie").is_hero


def test_every_option_word_gives_what_the_options_accept() -> None:
    for spec in OPTIONS.keys.values():
        assert spec.names and spec.example, spec.key
        S.options(OPTIONS.resolve(parse_pairs(spec.example)))
    line = "cios_w_plecy flankowanie leży chwyt:oburęczny miejsce_trafienia:lewa_ręka modyfikator:-2 odległość:12"
    opts: Any = S.options(OPTIONS.resolve(parse_pairs(line)))
    assert opts.from_back and opts.flanked_or_pinned and opts.prone and opts.grip == "two_handed"
    assert opts.location == "left_arm" and opts.modifier == -2 and opts.distance_m == 12
    assert S.options(OPTIONS.resolve({"oburęcznie": True})).grip == "two_handed"  # type: ignore[attr-defined]
    assert S.options(OPTIONS.resolve({"miejsce_trafienia": "ręka"})).location == "right_arm"  # type: ignore[attr-defined]
    assert OPTIONS.clashes() == [] and not OPTIONS.open_ended


def test_the_old_option_words_still_work() -> None:
    for typed in ("flanking", "back", "effort", "hard_target", "pole", "lokacja", "rzut", "obszarowy", "mod", "lezy"):
        assert OPTIONS.key_of(typed) is not None, typed


# --- the notation ----------------------------------------------------------------------------------
RICH = (
    'bohater imię:"Jagna z Lasu" obrona_fizyczna:13 obrona_nieprzygotowana:9 '
    "władanie:miecz=6,tarcza=5,rzucanie=3,łuk=4 "
    "broń:miecz:1k8+1:1/2:1,5kg:parowanie:oburęczna:parowanie+1:stopnie+1:akcja_zwykła:władanie=miecze;"
    "łuk:1k8:1kg:strzelecka:150m;oszczep:1k6:1,5:2kg:do_miotania:miotana:30m;"
    "pałka:1k3:1/4:improwizowana:odpowiednik=1k4;pięść:stopnie-1 "
    "tarcza:puklerz@korpus,lewa_noga:12/2:parowanie-1:prawa_ręka:władanie=tarcza "
    "zbroja:kolczuga@korpus,ręce:16/4;hełm:15/3;nogawice:13/2;karwasz@lewa_ręka:11/1;stara_koszula@-;"
    "napierśnik@korpus,głowa:17/5 "
    "siła:6 udźwig:45,5 parowanie:5 unik:3 walka_wręcz:2 inicjatywa:-2 refleks:4 wytrwałość:4 "
    "naturalny_pancerz:1 biegłość:miecz,łuk "
    "obrażenia:7 obrażenia_części:korpus=4,głowa=3 punkty_zmęczenia:2 stan:nieprzytomny"
)


def test_a_rich_character_round_trips_through_one_line() -> None:
    made = sheet(RICH)
    line = S.sheet_line(made)
    assert kept(sheet(line)) == kept(made), line
    assert S.sheet_line(sheet(line)) == line
    # what the line says, read back
    assert [w.id for w in made.weapons] == ["miecz", "łuk", "oszczep", "pałka", "unarmed"]
    sword = made.weapons[0]
    assert (sword.damage_dice, sword.strength_category, sword.weight_kg) == ("1k8+1", "1/2", 1.5)
    assert sword.traits == ["parry"]
    assert sword.two_handed and sword.parry_modifier == 1 and sword.damage_steps == 1 and sword.skill == "miecze"
    assert sword.attack_action_cost == "regular"
    assert made.weapons[2].strength_category == "1,5" and made.weapons[2].ranged_kind == "thrown"
    assert made.weapons[3].improvised and made.weapons[3].ladder_dice == "1k4"
    assert made.weapons[4].damage_dice == "1k4" and made.weapons[4].damage_steps == -1
    shield = made.shield
    assert shield is not None and shield.protected_parts == ["torso", "left_leg"] and shield.shield_arm == "right_arm"
    assert (shield.coverage, shield.armour, shield.parry_modifier, shield.skill) == (12, 2, -1, "tarcza")
    parts = {p.id: p.parts for p in made.armour}
    assert parts == {
        "kolczuga": ["torso", "left_arm", "right_arm"], "helmet": ["head"], "greaves": ["left_leg", "right_leg"],
        "karwasz": ["left_arm"], "stara_koszula": [], "breastplate": ["torso", "head"],
    }  # fmt: skip
    assert made.damage_by_location == {"torso": 4, "head": 3} and made.down == "unconscious"
    assert made.name == "Jagna z Lasu" and made.proficiencies == ["miecz", "łuk"]


def test_the_line_is_written_in_the_seeds_words() -> None:
    line = S.sheet_line(sheet("of:12 wladanie:6 damage:1k8 pancerz:3 pokrycie:14 obrazenia:2"))
    assert line == ("obrona_fizyczna:12 władanie:broń=6 broń:broń:1k8 zbroja:zbroja@całe_ciało:14/3 obrażenia:2")
    assert S.sheet_line(sheet("")) == "obrona_fizyczna:10"


def test_every_template_round_trips_and_the_line_can_be_set_again() -> None:
    for line in S.templates().values():
        made = sheet(line)
        again = S.update_sheet(made, STATS.resolve(parse_pairs(S.sheet_line(made))))
        assert kept(again) == kept(made)


def test_a_notation_that_cannot_be_read_names_the_field_and_how_to_write_it() -> None:
    for line, field, problem in [
        ("broń:topór", "weapons", "weapon_dice"),
        ("broń:miecz:1k8:ostry", "weapons", "weapon_token"),
        ("zbroja:kolczuga:16", "armour", "armour_token"),
        ("zbroja:kolczuga@ogon:16/4", "armour", "body_part"),
        ("tarcza:duża:xx", "shield", "shield_token"),
        ("władanie:miecz=dużo", "weapon_skills", "skills_notation"),
        ("obrażenia_części:korpus", "damage_by_location", "parts_notation"),
    ]:
        with pytest.raises(RulesError) as err:
            sheet(line)
        assert err.value.key == "error.stat_invalid", line
        assert err.value.params["key"] == Term("term", field), line
        assert err.value.params["problem"].key == f"problem.pl_wladanie.{problem}", line
        for lang in LANGS:
            assert f"problem.pl_wladanie.{problem}" in CATALOGS[lang]


def test_the_quick_weapon_completes_a_weapon_named_without_dice() -> None:
    made = sheet("broń:topór kostki_obrażeń:1k10 siła_obrażeń:1/2 waga:2,5 władanie:6")
    axe = made.weapons[0]
    assert (axe.id, axe.damage_dice, axe.strength_category, axe.weight_kg) == ("topór", "1k10", "1/2", 2.5)
    assert made.weapon_skills == {"topór": 6}
    assert sheet("broń:miecz:1k8 władanie:5").weapon_skills == {"miecz": 5}  # one number: the first weapon


def test_setting_a_skill_keeps_the_others() -> None:
    made = sheet("władanie:miecz=6,tarcza=5 broń:miecz:1k8")
    changed: Any = S.update_sheet(made, STATS.resolve(parse_pairs("władanie:łuk=4")))
    assert changed.weapon_skills == {"miecz": 6, "tarcza": 5, "łuk": 4}
    changed = S.update_sheet(made, STATS.resolve(parse_pairs("władanie:7")))
    assert changed.weapon_skills == {"miecz": 7, "tarcza": 5}
    changed = S.update_sheet(made, STATS.resolve(parse_pairs("tarcza:-")))
    assert changed.shield is None


def test_an_edit_in_the_fight_takes_the_native_words() -> None:
    made = sheet("obrona_fizyczna:12 broń:miecz:1k8")
    edited: Any = S.edit_sheet(made, STATS.resolve(parse_pairs("obrona:-2 obrażenia:+4 stan:nieprzytomny")))
    assert edited.physical_defence == 10 and edited.damage_taken == 4 and edited.down == "unconscious"


def test_hit_points_the_game_does_not_have_are_damage_taken_backwards() -> None:
    assert sheet("punkty_życia:-3").damage_taken == 3 and sheet("obrażenia:5 hp:+2").damage_taken == 3
    made = sheet("obrażenia:5")
    edited: Any = S.edit_sheet(made, STATS.resolve(parse_pairs("hp:-4")))
    assert edited.damage_taken == 9
    assert S.update_sheet(made, STATS.resolve(parse_pairs("pż:+9"))).damage_taken == 0  # type: ignore[attr-defined]
    for line in ("hp:12", "życie:dużo"):
        with pytest.raises(RulesError) as err:
            sheet(line)
        assert err.value.key == "error.pl_wladanie.no_hit_points"


# --- defaults and warnings ---------------------------------------------------------------------------
def _keys(notes: list[Note]) -> list[str]:
    return [n.key for n in notes]


def test_an_empty_sheet_is_told_every_default() -> None:
    made = sheet("")
    assert made.physical_defence == 10 and made.weapons == []
    notes = warnings("")
    assert _keys(notes) == ["assumed_physical_defence", "assumed", "assumed_unarmed"]
    items = next(n for n in notes if n.key == "assumed").params["items"]
    fields = ("physical_defence_unprepared", "parry_skill", "dodge_skill", "strength", "unarmed_skill")
    assert [i.params["key"] for i in items] == [Term("term", k) for k in fields]


def test_a_quick_npc_hears_what_was_assumed_and_what_does_nothing() -> None:
    notes = warnings("of:12 wladanie:6 damage:1k8 pancerz:3")
    assert _keys(notes) == ["assumed", "ignored_protection"]
    items = notes[0].params["items"]
    assert [i.params["key"] for i in items] == [Term("term", k) for k in ("physical_defence_unprepared", "parry_skill",
                                                                         "dodge_skill")]  # fmt: skip
    assert notes[1].params["pieces"] == [Term("term", "armour")]  # pokrycie 0: every hit beats it


def test_what_the_rules_ignore_is_listed() -> None:
    notes = {n.key: n for n in warnings(
        "obrona:12 ofn:12 parowanie:1 unik:1 siła:3 imię:X biegłość:miecz władanie:łuk=3,miecz=4 "
        "broń:miecz:1k8:ciężka:2kg;miecz:1k6 siła_obrażeń:1 zbroja:koszula:10/2"
    )}  # fmt: skip
    assert notes["ignored_skills"].params["skills"] == ["łuk"]
    assert notes["ignored_heavy_trait"].params["weapons"] == [Term("weapon", "miecz")]
    assert notes["duplicate_weapons"].params["weapons"] == [Term("weapon", "miecz")]
    assert notes["ignored_quick_weapon"].params["keys"] == [Term("term", "category")]
    assert notes["assumed_no_lift"].params["weapons"] == [Term("weapon", "miecz")]
    assert notes["assumed_armour_parts"].params["pieces"] == [Term("term", "koszula")]
    assert notes["low_coverage"].params == {"pieces": [Term("term", "koszula")], "defence": 12}
    assert "ignored_proficiencies" in notes and "ignored_name" in notes


def test_a_shield_size_says_its_house_numbers_and_a_shield_without_its_skill_parries_with_parowanie() -> None:
    notes = {n.key: n for n in warnings("obrona:12 tarcza:duża parowanie:4")}
    assert notes["assumed_shield"].params == {"shield": Term("term", "large_shield"), "coverage": 16, "armour": 4,
                                              "parry": 2}  # fmt: skip
    assert notes["assumed_shield_skill"].params == {"shield": Term("term", "large_shield")}
    assert "assumed_shield" not in _keys(warnings("tarcza:duża:16/4"))
    assert "low_coverage" not in _keys(warnings("obrona:14 tarcza:średnia"))  # its arm has 28
    assert "low_coverage" in _keys(warnings("obrona:14 tarcza:puklerz:7/2"))


def test_every_warning_and_its_terms_are_in_all_four_languages() -> None:
    lines = [
        "", "of:12 wladanie:6 damage:1k8 pancerz:3", "tarcza:duża zbroja:kolczuga:10/2 biegłość:x imię:Y",
        "broń:miecz:1k8:ciężka:2kg;miecz:1k6 siła_obrażeń:1 władanie:łuk=3 zbroja:hełm;napierśnik;nogawice;rękawice",
        "tarcza:mała zbroja:skórznia:1/1", "tarcza:średnia", *S.templates().values(),
    ]  # fmt: skip
    seen = set()
    for line in lines:
        for note in warnings(line):
            seen.add(note.key)
            keys = [f"note.pl_wladanie.{note.key}"]
            for value in note.params.values():
                for item in value if isinstance(value, list) else [value]:
                    if isinstance(item, Term):
                        keys.append(f"{item.kind}.pl_wladanie.{item.key}")
                    if isinstance(item, Message):
                        keys.append(item.key)
                        keys += [f"{t.kind}.pl_wladanie.{t.key}" for t in item.params.values() if isinstance(t, Term)]
            for lang in LANGS:
                assert [k for k in keys if k not in CATALOGS[lang]] == [], (lang, line)
    assert len(seen) >= 14


def test_the_house_wound_levels_let_a_fight_end() -> None:
    settings = S.settings({})
    assert settings.wound_thresholds == "light:5,serious:10,critical:15,out:20,dead:30"  # type: ignore[attr-defined]
    assert S.status(sheet("obrażenia:20")).level == "out"  # the level its damage gives, at once
    assert S.status(sheet("obrażenia:20")).out_of_fight
    assert S.start_round(Fighter("Zbój", sheet("obrażenia:20")), settings, 2) is None


# --- templates -----------------------------------------------------------------------------------------
def test_the_templates_and_their_names() -> None:
    assert set(S.templates()) == {"fighter", "archer", "brawler", "axeman"}
    for tid in S.templates():
        for lang in LANGS:
            assert f"template.pl_wladanie.{tid}" in CATALOGS[lang]
    for tid, line in S.templates().items():
        assert set(_keys(warnings(line))) <= {"assumed_shield"}, tid  # each says everything it needs


def test_the_archer_shoots_with_the_bow_and_strikes_and_parries_with_the_dagger() -> None:
    archer, fighter = sheet(S.templates()["archer"]), sheet(S.templates()["fighter"])
    settings, options = S.settings({}), S.options({})
    me, them = Fighter("Łucznik", archer), Fighter("Wojownik", fighter)
    shot = S.shot(ActionRequest(me, them, options, settings, None, 20), ScriptedDice([15]))
    assert shot.weapon == "łuk"
    blow = S.attack(ActionRequest(me, them, options, settings), ScriptedDice([15]))
    assert blow.weapon == "sztylet"
    back = S.attack(ActionRequest(them, me, options, settings), ScriptedDice([19]))
    assert back.outcome == "pending_defence" and back.exchange is not None
    parried = S.defend(DefenceRequest(me, them, back.exchange, settings, "parry"), ScriptedDice([1, 1, 1]))
    assert any(c.label == "parry" for top in parried.checks for c in [top, *([top.versus] if top.versus else [])])


def test_a_whole_fight_of_templates_ends_with_someone_down() -> None:
    fighters = {tid: sheet(line) for tid, line in S.templates().items()}
    settings = S.settings({})
    a, b = Fighter("fighter", fighters["fighter"]), Fighter("axeman", fighters["axeman"])
    dice = RandomDice(5)
    for _ in range(60):
        for actor, target in ((a, b), (b, a)):
            result = S.attack(ActionRequest(actor, target, S.options({}), settings), dice)
            if result.outcome == "pending_defence" and result.exchange is not None:
                choice = S.default_defence(result.exchange)
                result = S.defend(DefenceRequest(target, actor, result.exchange, settings, choice), dice)
            if result.target_sheet is not None:
                target = Fighter(target.name, S.sheet(result.target_sheet))
            a, b = (target, actor) if actor is b else (actor, target)
        if S.status(a.sheet).out_of_fight or S.status(b.sheet).out_of_fight:
            break
    assert S.status(a.sheet).out_of_fight or S.status(b.sheet).out_of_fight


# --- catalog ---------------------------------------------------------------------------------------
def test_every_key_and_action_has_a_short_meaning_in_every_language() -> None:
    keys = [*STATS.keys, *OPTIONS.keys, *(f"action.{a}" for a in S.extra_actions)]
    for lang in LANGS:
        for key in keys:
            text = CATALOGS[lang].get(f"meaning.pl_wladanie.{key}")
            assert text and len(text) <= 80, (lang, key, text)
        limits = {"intro": 600, "npc": 400, "notation": 900}
        for name, limit in limits.items():
            assert len(CATALOGS[lang][f"help.pl_wladanie.{name}"]) <= limit, (lang, name)


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_examples_are_accepted(lang: str) -> None:
    import re

    for name in ("intro", "npc", "notation"):
        text = CATALOGS[lang][f"help.pl_wladanie.{name}"]
        for quoted in re.findall(r'"([^"]+)"', text):
            sheet(quoted)
        for token in re.findall(r"\b(?:broń|tarcza|zbroja|władanie):\S+", text):
            sheet(token.rstrip(".,"))
