"""dnd35 (issue 13): the words players type — the seed's Czech and English names of every stat and option
key, with or without diacritics; whole characters in one line that read back equal; the weapon, skill,
feat and condition notation; the assumed hit points and the warnings; the catalog texts; and every stats
and options line of the player's guides accepted."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from rules import ActionRequest, Fighter, RandomDice, get_system
from rules.errors import RulesError
from rules.model import Term
from rules.pairs import parse_pairs
from rules.systems.dnd35.options import Options
from rules.systems.dnd35.sheet import Sheet
from rules.systems.dnd35.tables import OBJECT_HARDNESS, WEAPONS
from rules.vocabulary import fold
from tests.rules.guide_lines import registered

S = get_system("dnd35")
STATS = S.stat_vocabulary()
OPTIONS = S.option_vocabulary()
ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "cs", "pl", "it")
CATALOG = {lang: json.loads((ROOT / f"bot/i18n/{lang}/dnd35.json").read_text("utf-8")) for lang in LANGS}


def sheet_of(line: str) -> Sheet:
    sheet: Sheet = S.sheet(STATS.resolve(parse_pairs(line)))  # type: ignore[assignment]
    return sheet


def kept(sheet: Any) -> dict[str, Any]:
    data = sheet.model_dump(mode="json")
    return {k: data[k] for k in S.fields_of("build", "lasting")}


def round_trips(sheet: Sheet) -> None:
    line = S.sheet_line(sheet)
    assert kept(sheet_of(line)) == kept(sheet), line


# --- the names ------------------------------------------------------------------------------------------
def test_the_vocabularies_are_closed_and_list_every_key_a_player_sets() -> None:
    assert not STATS.open_ended and not OPTIONS.open_ended
    settable = set(S.fields_of("build", "lasting"))
    shortcuts = {"ac", "touch", "hp", "attack", "damage", "crit", "init", "weapon", "range"}
    assert set(STATS.keys) == settable | shortcuts
    assert set(OPTIONS.keys) == set(Options.model_fields)
    assert set(OPTIONS.keys["item"].values) == set(OBJECT_HARDNESS)
    assert set(STATS.keys["weapons"].values) == set(WEAPONS) - {"heavy_mace"}  # `mace`, "těžký palcát"


def test_a_czech_character_without_diacritics_is_the_same_character() -> None:
    czech = sheet_of(
        "síla:16 obratnost:13 odolnost:14 základní_útočný_bonus:3 životy:28 bonus_zbroje:5 bonus_štítu:2 "
        "max_obr:2 výdrž:5 velikost:malý odbornosti:bojové_reflexy zbraně:dlouhý_meč+1,oštěp"
    )
    plain = sheet_of(
        "SILA:16 obr:13 odl:14 ZUB:3 zivoty:28 bonus_zbroje:5 bonus_stitu:2 max_obr:2 vydrz:5 "
        "velikost:MALY odbornosti:bojove_reflexy zbrane:dlouhy_mec+1,ostep"
    )
    english = sheet_of(
        "str:16 dex:13 con:14 bab:3 hp:28 armor_bonus:5 shield_bonus:2 max_dex:2 fortitude:5 size:small "
        "feats:combat_reflexes weapons:longsword+1,javelin"
    )
    assert kept(czech) == kept(plain) == kept(english)
    assert czech.size == "small" and czech.bab == 3 and czech.hp_max == 28
    assert czech.feats == ["combat_reflexes"]
    assert [w.name for w in czech.weapons] == ["longsword", "javelin"]
    assert (czech.weapons[0].attack_bonus, czech.weapons[0].flat_bonus) == (1, 1)
    assert czech.weapons[0].damage == "1d6"  # a Small longsword


def test_unknown_keys_and_values_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(RulesError) as unknown:
        STATS.resolve(parse_pairs("brnění:4"))
    assert unknown.value.key == "error.stat_unknown"
    assert any("bonus_zbroje" in str(a) for a in unknown.value.params["allowed"])
    with pytest.raises(RulesError) as size:
        STATS.resolve(parse_pairs("velikost:obří"))
    assert size.value.key == "error.stat_invalid"
    with pytest.raises(RulesError) as cover:
        OPTIONS.resolve(parse_pairs("kryt:tlustý"))
    assert cover.value.key == "error.option_invalid"


def test_options_in_czech() -> None:
    resolved = OPTIONS.resolve(
        parse_pairs("zteč obestoupení kryt:měkký úkryt:úplný pomoc_na:TZ stínové:ano předmět:pavéza pohyb_oře:běh")
    )
    opts = S.options(resolved)
    assert opts.charge and opts.flanking and opts.nonlethal  # type: ignore[attr-defined]
    assert (opts.cover, opts.concealment, opts.aid, opts.item, opts.mount_moving) == (  # type: ignore[attr-defined]
        "soft",
        "total",
        "ac",
        "tower_shield",
        "run",
    )
    assert S.options(OPTIONS.resolve(parse_pairs("ukryt:30 kostky_navic:1k6"))).concealment == 30  # type: ignore[attr-defined]
    assert S.options(OPTIONS.resolve(parse_pairs("uplny_utok:ne"))).full_attack is False  # type: ignore[attr-defined]


def test_every_example_is_the_native_name_and_reads() -> None:
    for vocabulary, what in ((STATS, S.sheet), (OPTIONS, S.options)):
        for spec in vocabulary.keys.values():
            typed = next(iter(parse_pairs(spec.example)))
            assert fold(typed) == fold(spec.names[0]), spec.key
            what(vocabulary.resolve(parse_pairs(spec.example)))


# --- one line -------------------------------------------------------------------------------------------
RICH = (
    "velikost:velký síla:20 obr:8 odolnost:16 int:6 moudrost:11 cha:7 zúb:9 max_životy:90 současné_životy:-3 "
    "stínové:4 dočasné_životy:6 bonus_zbroje:5 bonus_štítu:1 přirozená_zbroj:3 odrazný_bonus:2 úhybné_bonusy:1,2 "
    "max_obr:1 oprava_tz:-2 oprava_iniciativy:4 výdrž:9 reflexy:2 vůle:-1 rychlost:40 druh_zbroje:těžká nohy:4 "
    "stabilní záhadný_úhyb:ano imunita_vůči_kritickým "
    'odbornosti:"Power Attack, zlepšené zatlačení, bojove reflexy" dovednosti:leceni+2,bluff:-1,šplh=5 '
    "stavy:prone,oslepena,stabilizovany "
    'zbraň:"Obří pěst" útok:+14 zranění:2k6+7 kritický:19-20 '
    'zbraně:"obouruční_meč+2(kostky_navíc=1k6/1k6),složený_dlouhý_luk(síla_luku=4;bonus_útoku=1),'
    "Kousnutí drápem(kritický=15-20/x4;druh=přirozená;zranění=1k8;dosah=10;typ=bodná/sečná;stínová;"
    "bonus_zranění=-1;bonus_útoku=+3;síla=ano;luk=složený;jemná;dvojitá;dřevce;proti_zteči;podrážecí;"
    's_dosahem;vleže),dýka(dostřel=ne;typ=ne;stínová=ne),lehky_palcat"'
)


def test_a_rich_character_round_trips() -> None:
    sheet = sheet_of(RICH)
    assert sheet.size == "large" and sheet.hp == -3 and "stable" in sheet.conditions
    assert sheet.feats == ["combat_reflexes", "improved_bull_rush", "power_attack"]
    assert sheet.skills == {"heal": 2, "bluff": -1, "šplh": 5}
    claw = sheet.weapons[3]
    assert (claw.threat_min, claw.crit_mult, claw.category, claw.reach_ft) == (15, 4, "natural", 10)
    assert claw.damage_types == ["piercing", "slashing"] and claw.nonlethal and claw.usable_prone
    round_trips(sheet)


def test_sheets_built_from_objects_round_trip() -> None:
    quick = S.sheet({"hp": 9, "weapons": [{"name": "attack", "attack_override": 3, "threat_min": 17}]})
    round_trips(quick)  # type: ignore[arg-type]
    far = S.sheet({"hp": 1, "misc_ac": 200, "initiative_misc": 200, "dex": 10})
    round_trips(far)  # type: ignore[arg-type]
    odd = S.sheet(
        {
            "hp": 12,
            "weapons": [
                {"name": "greatsword", "damage": "1d10", "add_str": False},
                {"name": "Hůl", "category": "two_handed", "double": True, "extra_damage_dice": ["1d4"]},
                {"name": "attack", "attack_override": -2, "damage": "1", "add_str": False, "range_increment_ft": 20},
            ],
        }
    )
    round_trips(odd)  # type: ignore[arg-type]


def test_the_line_of_a_quick_npc_is_its_quick_line() -> None:
    line = S.sheet_line(sheet_of("TZ:15 životy:7 útok:+1 zranění:1k6 zbraň:kropáč kritický:x3"))
    assert line == "životy:7 TZ:15 zbraň:kropáč útok:+1 zranění:1k6 kritický:x3"


@pytest.mark.parametrize("template", sorted(S.templates()))
def test_templates_fight_and_say_only_what_they_keep_unused(template: str) -> None:
    line = S.templates()[template]
    sheet = sheet_of(line)
    assert sheet.weapons and sheet.hp_max > 1
    notes = {n.key for n in S.sheet_warnings(STATS.resolve(parse_pairs(line)), sheet)}
    assert notes <= {"sheet_abilities_assumed"}, notes  # every template gives its AC, HP and weapons
    foe = sheet_of("TZ:15 životy:30 útok:+3 zranění:1k8")
    request = ActionRequest(Fighter(template, sheet), Fighter("Ork", foe), S.options({}), S.settings({}))
    result = S.attack(request, RandomDice(2))
    assert result.outcome in ("hit", "miss", "crit")


# --- the notation ---------------------------------------------------------------------------------------
def test_weapon_notation() -> None:
    sheet = sheet_of('zbraně:"drápy(zranění=1k4;druh=přirozená;typ=sečná),dýka(kritický=18-20/x3;dostřel=ne)"')
    claws, dagger = sheet.weapons
    assert (claws.name, claws.damage, claws.category, claws.damage_types) == ("drápy", "1k4", "natural", ["slashing"])
    assert (dagger.threat_min, dagger.crit_mult, dagger.range_increment_ft) == (18, 3, None)
    english = sheet_of(
        "weapons:composite_longbow(composite=3;attack_bonus=1),claws(damage=1d4;category=natural;str=no)"
    )
    assert english.weapons[0].composite_rating == 3 and english.weapons[0].attack_bonus == 1
    assert english.weapons[1].add_str is False


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("zbraně:dlouhy_mc", "problem.dnd35.unknown_weapon_name"),  # a typo is no weapon of one's own
        ("zbraně:dýka(krit=2)", "problem.dnd35.notation"),
        ("zbraně:dýka(typ=ohnivá)", "problem.dnd35.notation"),
        ("dovednosti:léčení", "problem.dnd35.notation"),
        ("zbraně:dýka(kritický=často)", "problem.dnd35.crit_format"),
    ],
)
def test_notation_refusals_name_the_problem(line: str, problem: str) -> None:
    with pytest.raises(RulesError) as refused:
        sheet_of(line)
    assert refused.value.params["problem"].key == problem


def test_a_quick_npc_weapon_may_have_a_name_of_its_own() -> None:
    sheet = sheet_of("zbraň:drápy útok:+4 zranění:1k6+2")
    assert sheet.weapons[0].name == "drápy" and sheet.weapons[0].attack_override == 4


def test_feats_skills_and_conditions_by_their_names() -> None:
    sheet = sheet_of('odbornosti:"Přesná střelba, Weapon Finesse" dovednosti:"odhal motiv+3" stavy:"leží oslepen"')
    assert sheet.feats == ["precise_shot", "weapon_finesse"]
    assert sheet.skills == {"sense_motive": 3}
    assert sheet.conditions == ["prone", "blinded"]
    assert sheet_of("feats:improved_sunder").feats == ["improved_sunder"]


# --- defaults and warnings ------------------------------------------------------------------------------
def test_no_silent_one_hit_point_character() -> None:
    assert S.sheet({}).hp_max == 8  # type: ignore[attr-defined]
    veteran = sheet_of("odolnost:14 zúb:3")
    assert veteran.hp_max == 8 + 2 + 2 * (5 + 2)
    frail = sheet_of("odolnost:3 zúb:2")
    assert frail.hp_max == 4 + 1  # at least 1 a die
    notes = S.sheet_warnings(STATS.resolve(parse_pairs("odolnost:14 zúb:3")), veteran)
    hp = next(n for n in notes if n.key == "sheet_hp_assumed")
    assert hp.params == {"hp": 24, "dice": 3, "con": "+2"}


def test_a_quick_npc_line_is_told_what_was_assumed() -> None:
    data = STATS.resolve(parse_pairs("TZ:15 životy:7 útok:+1 zranění:1k6"))
    notes = {n.key: n.params for n in S.sheet_warnings(data, S.sheet(data))}
    assert notes["sheet_touch_assumed"] == {"touch": 15}
    assert notes["sheet_abilities_assumed"] == {"abilities": [Term("term", "str"), Term("term", "dex")]}
    assert "sheet_bab_assumed" in notes and notes["sheet_damage_whole"] == {"damage": "1k6"}
    assert "sheet_hp_assumed" not in notes and "sheet_unarmed" not in notes
    bare = STATS.resolve(parse_pairs("útok:+3"))
    assert {n.key for n in S.sheet_warnings(bare, S.sheet(bare))} >= {"sheet_damage_assumed", "sheet_hp_assumed"}


def test_what_is_kept_but_not_used_is_listed() -> None:
    data = STATS.resolve(
        parse_pairs(
            "odolnost:14 životy:10 moudrost:12 vůle:2 odbornosti:silový_útok dovednosti:šplh+3 zbraně:dýka TZ:12"
        )
    )
    notes = {n.key: n.params for n in S.sheet_warnings(data, S.sheet(data))}
    assert notes["sheet_ignored"] == {"keys": [Term("term", k) for k in ("con", "wis", "will_save")]}
    assert notes["sheet_feats_ignored"] == {"feats": ["silový_útok"]}
    assert notes["sheet_skills_ignored"] == {"skills": ["šplh"]}
    reach = STATS.resolve(parse_pairs("životy:9 TZ:12 zbraně:dlouhé_kopí,kyj(dosah=10)"))
    assert {n.key: n.params for n in S.sheet_warnings(reach, S.sheet(reach))}["sheet_ignored"] == {
        "keys": [Term("term", "reach_ft")]
    }


def test_an_empty_sheet_is_told_everything() -> None:
    notes = {n.key for n in S.sheet_warnings({}, S.sheet({}))}
    assert notes == {"sheet_hp_assumed", "sheet_abilities_assumed", "sheet_ac_assumed", "sheet_unarmed"}


# --- catalog --------------------------------------------------------------------------------------------
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_and_action_has_a_short_meaning(lang: str) -> None:
    catalog = CATALOG[lang]
    for key in {*STATS.keys, *OPTIONS.keys}:
        text = catalog[f"meaning.dnd35.{key}"]
        assert 0 < len(text) <= 80, (key, len(text))
    for action in S.extra_actions:
        assert 0 < len(catalog[f"meaning.dnd35.action.{action}"]) <= 80, action
    for key, limit in (("intro", 600), ("npc", 400), ("notation", 900)):
        assert len(catalog[f"help.dnd35.{key}"]) <= limit, (lang, key)
    for template in S.templates():
        assert catalog[f"template.dnd35.{template}"]


WARNING_PARAMS = {
    "sheet_hp_assumed": {"hp", "dice", "con"},
    "sheet_abilities_assumed": {"abilities"},
    "sheet_ac_assumed": {"ac"},
    "sheet_touch_assumed": {"touch"},
    "sheet_bab_assumed": set(),
    "sheet_unarmed": {"damage"},
    "sheet_damage_whole": {"damage"},
    "sheet_damage_assumed": {"damage"},
    "sheet_ignored": {"keys"},
    "sheet_feats_ignored": {"feats"},
    "sheet_skills_ignored": {"skills"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_warning_has_its_note(lang: str) -> None:
    for key, params in WARNING_PARAMS.items():
        assert set(PLACEHOLDER.findall(CATALOG[lang][f"note.dnd35.{key}"])) == params, (lang, key)
    assert set(PLACEHOLDER.findall(CATALOG[lang]["problem.dnd35.notation"])) == {"what", "value"}


def test_the_help_examples_are_accepted() -> None:
    for text in (CATALOG["en"]["help.dnd35.intro"], CATALOG["en"]["help.dnd35.notation"]):
        for example in re.findall(r"`([^`]+)`", text):
            if ":" in example and not example.startswith("/"):
                sheet_of(example)
    npc = re.search(r'stats:"([^"]+)"', CATALOG["en"]["help.dnd35.npc"])
    assert npc is not None
    sheet_of(npc.group(1))


# --- the guides -----------------------------------------------------------------------------------------
GUIDES = sorted((ROOT / "docs/guide").glob("dnd35.*.md"))


def _console_lines(path: Path) -> list[str]:
    blocks = re.findall(r"```console\n(.*?)```", path.read_text("utf-8"), re.S)
    return [registered(line) for block in blocks for line in block.splitlines() if line.strip()]


def test_there_is_a_guide_in_czech_and_in_english() -> None:
    assert {p.name for p in GUIDES} >= {"dnd35.cs.md", "dnd35.en.md"}


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_every_stats_and_options_line_of_the_guide_is_accepted(guide: Path) -> None:
    lines = _console_lines(guide)
    assert len(lines) >= 20
    for line in lines:
        assert re.match(r"^@\w+:(cs|en|pl|it) #\w+ /", line), line
        words = dict(w.partition(":")[::2] for w in shlex.split(line.split(" /", 1)[1]) if ":" in w)
        if "stats" in words and "/encounter edit" not in line:
            sheet_of(words["stats"])
        if "options" in words:
            S.options(OPTIONS.resolve(parse_pairs(words["options"])))
    assert any("/encounter end" in line for line in lines)


def test_a_gm_edits_the_quick_weapon_instead_of_adding_one() -> None:
    goblin = sheet_of("TZ:15 životy:7 útok:+1 zranění:1k6 zbraň:kropáč")
    edited = S.edit_sheet(goblin, STATS.resolve(parse_pairs("útok:+2 zranění:1k8 kritický:19-20")))
    (weapon,) = edited.weapons  # type: ignore[attr-defined]
    assert (weapon.name, weapon.attack_override, weapon.damage, weapon.threat_min) == ("morningstar", 3, "1k8", 19)
    assert S.edit_sheet(goblin, {"attack": "=5"}).weapons[0].attack_override == 5  # type: ignore[attr-defined]
    fighter = sheet_of("síla:16 zúb:3 životy:20 zbraně:dlouhý_meč+1,dýka")
    longsword, dagger = S.edit_sheet(fighter, {"attack": "+1"}).weapons  # type: ignore[attr-defined]
    assert longsword.attack_override == 3 + 3 + 1 + 1 and dagger.attack_override is None
