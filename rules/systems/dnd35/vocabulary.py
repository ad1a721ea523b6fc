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
    "bab": ("number", ("základní_útočný_bonus", "zúb", "base_attack_bonus"), "základní_útočný_bonus:3"),
    "hp": ("number", ("životy", "žt", "hit_points"), "životy:24"),
    "hp_max": ("number", ("celkový_počet_životů", "max_životy", "max_hp"), "max_životy:24"),
    "hp_current": ("number", ("současné_životy", "current_hp"), "současné_životy:10"),
    "nonlethal": ("number", ("stínové_zranění", "stínové", "nonlethal_damage"), "stínové_zranění:3"),
    "temp_hp": ("number", ("dočasné_životy", "temporary_hp"), "dočasné_životy:5"),
    "ac": ("number", ("TZ", "třída_zbroje", "armor_class", "armour_class"), "TZ:15"),
    "touch": ("number", ("TZ_proti_dotyku", "tz_dotyk", "touch_ac"), "TZ_proti_dotyku:12"),
    "armor_bonus": ("number", ("bonus_zbroje", "armour_bonus"), "bonus_zbroje:4"),
    "shield_bonus": ("number", ("bonus_štítu",), "bonus_štítu:2"),
    "natural_armor": ("number", ("přirozená_zbroj", "natural_armour"), "přirozená_zbroj:1"),
    "deflection_bonus": ("number", ("odrazný_bonus",), "odrazný_bonus:1"),
    "dodge_bonuses": ("list", ("úhybné_bonusy", "úhybný_bonus", "dodge"), "úhybné_bonusy:1"),
    "max_dex_bonus": ("number", ("max_obr", "maximální_bonus_obr", "max_dex"), "max_obr:3"),
    "misc_ac": ("number", ("oprava_tz", "ostatní_opravy_tz", "other_ac"), "oprava_tz:1"),
    "weapon": ("text", ("zbraň",), "zbraň:dlouhý_meč"),
    "weapons": ("notation", ("zbraně",), "zbraně:dlouhý_meč+1,dýka"),
    "attack": ("number", ("útok", "útočný_bonus", "attack_bonus"), "útok:+3"),
    "damage": ("text", ("zranění",), "zranění:1k8+2"),
    "crit": ("text", ("kritický", "kritický_zásah", "critical"), "kritický:19-20/x2"),
    "range": ("number", ("dostřel", "range_increment"), "dostřel:60"),
    "init": ("number", ("iniciativa", "initiative"), "iniciativa:+2"),
    "initiative_misc": (
        "number",
        ("oprava_iniciativy", "bonus_k_iniciativě", "initiative_bonus"),
        "oprava_iniciativy:4",
    ),
    "fort_save": ("number", ("výdrž", "fortitude", "fort"), "výdrž:4"),
    "ref_save": ("number", ("reflexy", "reflex", "ref"), "reflexy:2"),
    "will_save": ("number", ("vůle", "will"), "vůle:1"),
    "size": ("choice", ("velikost",), "velikost:malý"),
    "speed_ft": ("number", ("rychlost", "speed"), "rychlost:20"),
    "armor_category": ("choice", ("druh_zbroje", "armour_category", "armor"), "druh_zbroje:střední"),
    "legs": ("number", ("nohy", "počet_nohou"), "nohy:4"),
    "stable": ("flag", ("výjimečně_stabilní", "stabilní", "stability"), "výjimečně_stabilní"),
    "feats": ("list", ("odbornosti", "odbornost", "feat"), "odbornosti:bojové_reflexy,zbraňová_jemnost"),
    "skills": ("notation", ("dovednosti", "dovednost", "skill"), "dovednosti:léčení+4,předstírání+2"),
    "uncanny_dodge": ("flag", ("záhadný_úhyb",), "záhadný_úhyb"),
    "crit_immune": (
        "flag",
        ("imunní_vůči_kritickým", "imunita_vůči_kritickým", "immune_to_crits"),
        "imunní_vůči_kritickým",
    ),
    "conditions": ("list", ("stavy", "stav", "condition"), "stavy:leží"),
}

# Options of /attack, /shot and /action: (names, values) — flags take `ano`/`ne` too.
_OPTIONS: dict[str, tuple[str, ...]] = {
    "attack_of_opportunity": ("příležitostný_útok", "aoo"),
    "readied": ("připravená_akce", "připravená"),
    "full_attack": ("úplný_útok", "full"),
    "two_weapon": ("boj_dvěma_zbraněmi", "dvě_zbraně", "two_weapon_fighting"),
    "off_hand_weapon": ("zbraň_ve_vedlejší_ruce", "vedlejší_ruka", "off_hand"),
    "two_handed": ("obouruč", "two_hands"),
    "touch": ("útok_dotykem", "dotykem", "touch_attack"),
    "charge": ("zteč",),
    "fighting_defensively": ("obranný_boj", "defensively"),
    "nonlethal": ("stínové_zranění", "stínové", "nonlethal_damage"),
    "lethal": ("normální_zranění", "smrtící", "lethal_damage"),
    "nonproficient": ("neznalost_zbraně", "nonproficiency"),
    "attacker_prone": ("útočník_leží", "ležím", "prone_attacker"),
    "attacker_squeezing": ("útočník_se_protahuje", "squeezing_attacker"),
    "attacker_entangled": ("útočník_omotán", "entangled_attacker"),
    "dazzled": ("oslněn",),
    "shaken": ("otřesen", "vystrašený", "frightened"),
    "flanking": ("obestoupení", "obestoupil", "flank"),
    "higher_ground": ("stojí_výše", "výše", "high_ground"),
    "invisible": ("neviditelný",),
    "aided": ("pomoc_druhému", "pomoc", "aid_another"),
    "mount_moving": ("pohyb_oře", "mount"),
    "in_melee": ("do_víru_boje", "vír_boje", "into_melee"),
    "grapple_opponent": ("zápasím_s_cílem", "grappling_target"),
    "flat_footed": ("zaskočen", "cíl_zaskočen", "flatfooted"),
    "target_prone": ("cíl_leží", "target_on_the_ground"),
    "target_squeezing": ("cíl_se_protahuje",),
    "target_entangled": ("cíl_omotán",),
    "target_grappling": ("cíl_zápasí",),
    "helpless": ("bezmocný",),
    "pinned": ("držený",),
    "stunned": ("ochromený",),
    "blinded": ("oslepen",),
    "cowering": ("zděšený",),
    "kneeling": ("klečí", "sedí", "sitting"),
    "total_defense": ("úplná_obrana", "total_defence"),
    "target_fighting_defensively": ("cíl_v_obranném_boji", "target_defensive"),
    "target_charging": ("cíl_v_zteči", "target_charged"),
    "cover": ("kryt",),
    "concealment": ("úkryt",),
    "miss_chance": ("šance_na_minutí", "miss"),
    "target_aided": ("pomoc_na_tz", "aided_ac"),
    "set_vs_charge": ("zapřená_proti_zteči", "set"),
    "mounted_charge": ("zteč_v_sedle", "lance_charge"),
    "attack_misc": ("oprava_útoku", "attack_bonus"),
    "ac_misc": ("oprava_tz", "ac_bonus"),
    "damage_misc": ("oprava_zranění", "damage_bonus"),
    "extra_damage": ("kostky_navíc", "zranění_navíc", "sneak_attack"),
    "target_weapon": ("zbraň_cíle", "their_weapon"),
    "item": ("předmět",),
    "item_hp": ("životy_předmětu", "item_hit_points"),
    "defender_avoids": ("obránce_uhne", "avoids"),
    "follow": ("následovat", "následuji"),
    "moved_ft": ("ušlé_stopy", "moved"),
    "target_nonhumanoid": ("cíl_není_humanoid", "nonhumanoid"),
    "new_initiative": ("nová_iniciativa", "initiative"),
    "amount": ("vyléčené_životy", "množství", "healed"),
    "aid": ("pomoc_na", "aid_to"),
}
_OPTION_VALUES: dict[str, dict[str, tuple[str, ...]]] = {
    "mount_moving": {"none": ("žádný",), "double": ("dvojnásobný", "dvojitý_pohyb"), "run": ("běh", "běží")},
    "cover": {
        "none": ("žádný", "bez_krytu"),
        "soft": ("měkký", "měkký_kryt"),
        "cover": ("kryt", "běžný"),
        "normal": ("normální",),
        "improved": ("zlepšený", "větší"),
        "total": ("úplný", "úplný_kryt"),
    },
    "concealment": {
        "none": ("žádný", "bez_úkrytu"),
        "concealment": ("úkryt", "částečný"),
        "total": ("úplný", "úplný_úkryt"),
    },
    "aid": {"attack": ("útok",), "ac": ("tz", "třída_zbroje")},
}
_ITEM_NAMES: dict[str, tuple[str, ...]] = {
    "light_blade": ("lehká_čepel",),
    "one_handed_blade": ("jednoruční_čepel",),
    "two_handed_blade": ("dvouruční_čepel",),
    "light_metal_hafted": ("lehká_zbraň_s_kovovou_rukojetí",),
    "one_handed_metal_hafted": ("jednoruční_zbraň_s_kovovou_rukojetí",),
    "light_hafted": ("lehká_zbraň_s_rukojetí",),
    "one_handed_hafted": ("jednoruční_zbraň_s_rukojetí",),
    "two_handed_hafted": ("dvouruční_zbraň_s_rukojetí",),
    "projectile": ("vrhací_zbraň",),
    "buckler": ("terčík",),
    "light_wooden_shield": ("lehký_dřevěný_štít",),
    "heavy_wooden_shield": ("těžký_dřevěný_štít",),
    "light_steel_shield": ("lehký_ocelový_štít",),
    "heavy_steel_shield": ("těžký_ocelový_štít",),
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
        return {w: WEAPON_NAMES.get(w, ()) for w in WEAPONS}
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
        example = _OPTION_EXAMPLES.get(key, names[0])
        keys.append(Key(key, names, kind, lo, hi, dict(values), example))
    return Vocabulary(keys, "option")

