"""What a D&D 3.5 player types in `stats:` and `options:` — each key by the seed's Czech name first, then
English, with its bounds, its listed values and an example the sheet accepts (issue 13).

The stat keys are the build and lasting fields a player sets and the quick NPC shortcuts (`tz`, `životy`,
`útok`, `zranění` …); a fight's own state (`turn_conditions`, `aoo_used`) and the bookkeeping (`side`) are
never typed. Structured fields take the one-line notation of `notation.py`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel

from rules.bounds import field_limits
from rules.systems.dnd35.options import Options
from rules.systems.dnd35.sheet import SHORTCUT_BOUNDS, Sheet
from rules.systems.dnd35.tables import CONDITIONS, TURN_CONDITIONS, WEAPONS
from rules.systems.dnd35.words import (
    ARMOR_CATEGORY_NAMES,
    CONDITION_NAMES,
    FEAT_NAMES,
    SIZE_NAMES,
    SKILL_NAMES,
    WEAPON_NAMES,
    YES_NO,
    listed_weapon,
    typed,
)
from rules.vocabulary import Key, KeyKind, Vocabulary

# key → (kind, names (Czech first, then English), example). Bounds come from the model.
_STATS: dict[str, tuple[KeyKind, tuple[str, ...], str]] = {
    "str": ("number", ("síla", "síl", "strength"), "síla:16"),
    "dex": ("number", ("obratnost", "obr", "dexterity"), "obratnost:14"),
    "con": ("number", ("odolnost", "odl", "constitution"), "odolnost:12"),
    "int": ("number", ("inteligence", "intelligence"), "inteligence:10"),
    "wis": ("number", ("moudrost", "mdr", "wisdom"), "moudrost:10"),
    "cha": ("number", ("charisma",), "charisma:8"),
    "bab": ("number", ("základní útočný bonus", "zúb", "base attack bonus"), "základní_útočný_bonus:3"),
    "hp": ("number", ("životy", "žt", "hit points"), "životy:24"),
    "hp_max": ("number", ("celkový počet životů", "max životy", "max hp"), "celkový_počet_životů:24"),
    "hp_current": ("number", ("současné životy", "current hp"), "současné_životy:10"),
    "nonlethal": ("number", ("stínové zranění", "stínové", "nonlethal damage"), "stínové_zranění:3"),
    "temp_hp": ("number", ("dočasné životy", "temporary hp"), "dočasné_životy:5"),
    "ac": ("number", ("TZ", "třída zbroje", "armor class", "armour class"), "TZ:15"),
    "touch": ("number", ("TZ proti dotyku", "TZ dotyk", "touch ac"), "TZ_proti_dotyku:12"),
    "armor_bonus": ("number", ("bonus zbroje", "armour bonus"), "bonus_zbroje:4"),
    "shield_bonus": ("number", ("bonus štítu",), "bonus_štítu:2"),
    "natural_armor": ("number", ("přirozená zbroj", "natural armour"), "přirozená_zbroj:1"),
    "deflection_bonus": ("number", ("odrazný bonus",), "odrazný_bonus:1"),
    "dodge_bonuses": ("list", ("úhybné bonusy", "úhybný bonus", "dodge"), "úhybné_bonusy:1"),
    "max_dex_bonus": ("number", ("max Obr", "maximální bonus Obr", "max dex"), "max_obr:3"),
    "misc_ac": ("number", ("oprava TZ", "ostatní opravy TZ", "other ac"), "oprava_tz:1"),
    "weapon": ("text", ("zbraň",), "zbraň:dlouhý_meč"),
    "weapons": ("notation", ("zbraně",), "zbraně:dlouhý_meč+1,dýka"),
    "attack": ("number", ("útok", "útočný bonus", "attack bonus"), "útok:+3"),
    "damage": ("text", ("zranění",), "zranění:1k8+2"),
    "crit": ("text", ("kritický", "kritický zásah", "critical"), "kritický:19-20/x2"),
    "range": ("number", ("dostřel", "range increment"), "dostřel:60"),
    "init": ("number", ("iniciativa", "initiative"), "iniciativa:+2"),
    "initiative_misc": (
        "number",
        ("oprava iniciativy", "bonus k iniciativě", "initiative bonus"),
        "oprava_iniciativy:4",
    ),
    "fort_save": ("number", ("výdrž", "fortitude", "fort"), "výdrž:4"),
    "ref_save": ("number", ("reflexy", "reflex", "ref"), "reflexy:2"),
    "will_save": ("number", ("vůle", "will"), "vůle:1"),
    "size": ("choice", ("velikost",), "velikost:malý"),
    "speed_ft": ("number", ("rychlost", "speed"), "rychlost:20"),
    "armor_category": ("choice", ("druh zbroje", "armour category", "armor"), "druh_zbroje:střední"),
    "legs": ("number", ("nohy", "počet nohou"), "nohy:4"),
    "stable": ("flag", ("výjimečně stabilní", "stabilní", "stability"), "výjimečně_stabilní"),
    "feats": ("list", ("odbornosti", "odbornost", "feat"), "odbornosti:bojové_reflexy,zbraňová_jemnost"),
    "skills": ("notation", ("dovednosti", "dovednost", "skill"), "dovednosti:léčení+4,předstírání+2"),
    "uncanny_dodge": ("flag", ("záhadný úhyb",), "záhadný_úhyb"),
    "crit_immune": (
        "flag",
        ("imunní vůči kritickým", "imunita vůči kritickým", "immune to crits"),
        "imunní_vůči_kritickým",
    ),
    "conditions": ("list", ("stavy", "stav", "condition"), "stavy:leží"),
}

# Options of /attack, /shot and /action: (names, values) — flags take `ano`/`ne` too.
_OPTIONS: dict[str, tuple[str, ...]] = {
    "attack_of_opportunity": ("příležitostný útok", "aoo"),
    "readied": ("připravená akce", "připravená"),
    "full_attack": ("úplný útok", "full"),
    "two_weapon": ("boj dvěma zbraněmi", "dvě zbraně", "two weapon fighting"),
    "off_hand_weapon": ("zbraň ve vedlejší ruce", "vedlejší ruka", "off hand"),
    "two_handed": ("obouruč", "two hands"),
    "touch": ("útok dotykem", "dotykem", "touch attack"),
    "charge": ("zteč",),
    "fighting_defensively": ("obranný boj", "defensively"),
    "nonlethal": ("stínové zranění", "stínové", "nonlethal damage"),
    "lethal": ("normální zranění", "smrtící", "lethal damage"),
    "nonproficient": ("neznalost zbraně", "nonproficiency"),
    "attacker_prone": ("útočník leží", "ležím", "prone attacker"),
    "attacker_squeezing": ("útočník se protahuje", "squeezing attacker"),
    "attacker_entangled": ("útočník omotán", "entangled attacker"),
    "dazzled": ("oslněn",),
    "shaken": ("otřesen", "vystrašený", "frightened"),
    "flanking": ("obestoupení", "obestoupil", "flank"),
    "higher_ground": ("stojí výše", "výše", "high ground"),
    "invisible": ("neviditelný",),
    "aided": ("pomoc druhému", "pomoc", "aid another"),
    "mount_moving": ("pohyb oře", "mount"),
    "in_melee": ("do víru boje", "vír boje", "into melee"),
    "grapple_opponent": ("zápasím s cílem", "grappling target"),
    "flat_footed": ("zaskočen", "cíl zaskočen", "flatfooted"),
    "target_prone": ("cíl leží", "target on the ground"),
    "target_squeezing": ("cíl se protahuje",),
    "target_entangled": ("cíl omotán",),
    "target_grappling": ("cíl zápasí",),
    "helpless": ("bezmocný",),
    "pinned": ("držený",),
    "stunned": ("ochromený",),
    "blinded": ("oslepen",),
    "cowering": ("zděšený",),
    "kneeling": ("klečí", "sedí", "sitting"),
    "total_defense": ("úplná obrana", "total defence"),
    "target_fighting_defensively": ("cíl v obranném boji", "target defensive"),
    "target_charging": ("cíl ve zteči", "cíl v zteči", "target charged"),
    "cover": ("kryt",),
    "concealment": ("úkryt",),
    "miss_chance": ("šance na minutí", "miss"),
    "target_aided": ("pomoc na TZ", "aided ac"),
    "set_vs_charge": ("zapřená proti zteči", "set"),
    "mounted_charge": ("zteč v sedle", "lance charge"),
    "attack_misc": ("oprava útoku", "attack bonus"),
    "ac_misc": ("oprava tz", "ac bonus"),
    "damage_misc": ("oprava zranění", "damage bonus"),
    "extra_damage": ("kostky navíc", "zranění navíc", "sneak attack"),
    "target_weapon": ("zbraň cíle", "their weapon"),
    "item": ("předmět",),
    "item_hp": ("životy předmětu", "item hit points"),
    "defender_avoids": ("obránce uhne", "avoids"),
    "follow": ("následovat", "následuji"),
    "moved_ft": ("ušlé stopy", "moved"),
    "target_nonhumanoid": ("cíl není humanoid", "nonhumanoid"),
    "new_initiative": ("nová iniciativa", "initiative"),
    "amount": ("vyléčené životy", "množství", "healed"),
    "aid": ("pomoc na", "aid to"),
}
_OPTION_VALUES: dict[str, dict[str, tuple[str, ...]]] = {
    "mount_moving": {"none": ("žádný",), "double": ("dvojnásobný", "dvojitý pohyb"), "run": ("běh", "běží")},
    "cover": {
        "none": ("žádný", "bez krytu"),
        "soft": ("měkký", "měkký kryt"),
        "cover": ("kryt", "běžný"),
        "normal": ("normální",),
        "improved": ("zlepšený", "větší"),
        "total": ("úplný", "úplný kryt"),
    },
    "concealment": {
        "none": ("žádný", "bez úkrytu"),
        "concealment": ("úkryt", "částečný"),
        "total": ("úplný", "úplný úkryt"),
    },
    "aid": {"attack": ("útok",), "ac": ("TZ", "třída zbroje")},
}
_ITEM_NAMES: dict[str, tuple[str, ...]] = {
    "light_blade": ("lehká čepel",),
    "one_handed_blade": ("jednoruční čepel",),
    "two_handed_blade": ("dvouruční čepel",),
    "light_metal_hafted": ("lehká zbraň s kovovou rukojetí",),
    "one_handed_metal_hafted": ("jednoruční zbraň s kovovou rukojetí",),
    "light_hafted": ("lehká zbraň s rukojetí",),
    "one_handed_hafted": ("jednoruční zbraň s rukojetí",),
    "two_handed_hafted": ("dvouruční zbraň s rukojetí",),
    "projectile": ("vrhací zbraň",),
    "buckler": ("terčík",),
    "light_wooden_shield": ("lehký dřevěný štít",),
    "heavy_wooden_shield": ("těžký dřevěný štít",),
    "light_steel_shield": ("lehký ocelový štít",),
    "heavy_steel_shield": ("těžký ocelový štít",),
    "tower_shield": ("pavéza",),
}
_OPTION_EXAMPLES: dict[str, str] = {
    "off_hand_weapon": "zbraň_ve_vedlejší_ruce:dýka",
    "aided": "pomoc_druhému:1",
    "mount_moving": "pohyb_oře:běh",
    "cover": "kryt:měkký",
    "concealment": "úkryt:úplný",
    "miss_chance": "šance_na_minutí:30",
    "target_aided": "pomoc_na_tz:1",
    "attack_misc": "oprava_útoku:+1",
    "ac_misc": "oprava_tz:-2",
    "damage_misc": "oprava_zranění:+2",
    "extra_damage": "kostky_navíc:1k6",
    "target_weapon": "zbraň_cíle:dlouhý_meč",
    "item": "předmět:jednoruční_čepel",
    "item_hp": "životy_předmětu:3",
    "moved_ft": "ušlé_stopy:20",
    "new_initiative": "nová_iniciativa:12",
    "amount": "vyléčené_životy:5",
    "aid": "pomoc_na:tz",
}

_FLAG_VALUES: dict[str, tuple[str, ...]] = dict(YES_NO)


def _bounds(model: type[BaseModel], key: str) -> tuple[Any, Any]:
    if key in model.model_fields:
        lo, hi = field_limits(model, key)
        return lo, hi
    return SHORTCUT_BOUNDS.get(key, (None, None))


def _stat_values(key: str) -> dict[str, tuple[str, ...]]:
    if key == "size":
        return dict(SIZE_NAMES)
    if key == "armor_category":
        return dict(ARMOR_CATEGORY_NAMES)
    if key in ("weapon", "weapons"):
        return {w: WEAPON_NAMES.get(w, ()) for w in WEAPONS if listed_weapon(w)}
    if key == "feats":
        return dict(FEAT_NAMES)
    if key == "skills":
        return dict(SKILL_NAMES)
    if key == "conditions":
        return {c: CONDITION_NAMES[c] for c in sorted(CONDITIONS - TURN_CONDITIONS)}
    if key in ("stable", "uncanny_dodge", "crit_immune"):
        return _FLAG_VALUES
    return {}


@cache
def stat_vocabulary() -> Vocabulary:
    keys = []
    for key, (kind, names, example) in _STATS.items():
        lo, hi = _bounds(Sheet, key) if kind == "number" or key == "dodge_bonuses" else (None, None)
        if key == "dodge_bonuses":
            lo, hi = 0, 50
        keys.append(Key(key, names, kind, lo, hi, _stat_values(key), example))
    return Vocabulary(keys, "stat")


def _option_kind(key: str) -> KeyKind:
    info = Options.model_fields[key]
    if info.annotation is bool:
        return "flag"
    if key in ("mount_moving", "cover", "aid", "item"):
        return "choice"
    if key == "concealment":
        return "text"  # a named degree or a miss chance in %
    lo, _ = field_limits(Options, key)
    return "number" if lo is not None else "text"


@cache
def option_vocabulary() -> Vocabulary:
    keys = []
    for key in Options.model_fields:
        kind = _option_kind(key)
        names = _OPTIONS[key]
        values = _OPTION_VALUES.get(key) or (_ITEM_NAMES if key == "item" else {})
        if kind == "flag":
            values = _FLAG_VALUES
        lo, hi = field_limits(Options, key) if kind == "number" else (None, None)
        example = _OPTION_EXAMPLES.get(key, typed(names[0]))
        keys.append(Key(key, names, kind, lo, hi, dict(values), example))
    return Vocabulary(keys, "option")
