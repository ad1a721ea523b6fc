"""A whole D&D 3.5 character as one stats line in the seed's Czech keys (what `/character show` prints and
`/character create` reads back to an equal character), the ready templates, and the warnings about what a
stats line left to an assumed value or gave that the bot's rules do not use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import RulesError
from rules.model import Note, Term
from rules.systems.dnd35.notation import (
    given_specs,
    names_notation,
    quoted,
    skills_notation,
    weapon_notation,
)
from rules.systems.dnd35.sheet import (
    SHORTCUT_BOUNDS,
    Sheet,
    Weapon,
    _ac_parts,
    _quick_weapon,
    ability_mod,
    hit_dice_of,
)
from rules.systems.dnd35.tables import UNARMED_DAMAGE, table_key
from rules.systems.dnd35.vocabulary import stat_vocabulary
from rules.systems.dnd35.words import (
    ARMOR_CATEGORY_NAMES,
    CONDITION_NAMES,
    FEAT_NAMES,
    FEATS_USED,
    SIZE_NAMES,
    SKILLS_USED,
    closest_weapon,
    native_weapon_name,
    typed,
)

# Ready characters (1st level, the SRD's elite array, standard gear), in the seed's Czech keys.
TEMPLATES: dict[str, str] = {
    "fighter": (
        "síla:15 obratnost:13 základní_útočný_bonus:1 životy:12 bonus_zbroje:4 bonus_štítu:2 max_obr:3 "
        "rychlost:20 výdrž:4 odbornosti:bojové_reflexy zbraně:dlouhý_meč,oštěp"
    ),
    "archer": (
        "síla:13 obratnost:15 základní_útočný_bonus:1 životy:12 bonus_zbroje:3 max_obr:5 výdrž:4 "
        "odbornosti:přesná_střelba zbraně:složený_dlouhý_luk(síla_luku=1),krátký_meč"
    ),
    "rogue": (
        "síla:10 obratnost:15 životy:7 bonus_zbroje:2 max_obr:6 výdrž:1 odbornosti:zbraňová_jemnost "
        "dovednosti:předstírání+4,odhal_motiv+4 zbraně:rapír,krátký_luk"
    ),
    "cleric": (
        "síla:13 obratnost:8 životy:10 bonus_zbroje:4 bonus_štítu:2 max_obr:3 rychlost:20 výdrž:4 "
        "dovednosti:léčení+6 zbraně:těžký_palcát,lehká_kuše"
    ),
}

_ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
_NUMBERS = (
    "bab",
    "nonlethal",
    "temp_hp",
    "armor_bonus",
    "shield_bonus",
    "natural_armor",
    "deflection_bonus",
    "max_dex_bonus",
)
_SAVES_ON = ("fort_save", "ref_save", "will_save", "speed_ft")
# Accepted and kept on the sheet, not used by the bot's combat rules (the seed's saves other than
# Fortitude, Wisdom and Charisma, the armour category; Constitution once the hit points are given).
IGNORED = ("wis", "cha", "ref_save", "will_save", "armor_category")
_AC_KEYS = ("ac", "touch", "armor_bonus", "shield_bonus", "natural_armor", "deflection_bonus", "dodge_bonuses")


def _name(key: str) -> str:
    """A key's Czech name as one lower-case word (`bonus_zbroje`), the seed's `TZ` as it writes it."""
    name = typed(stat_vocabulary().keys[key].shown)
    return name if name.startswith("TZ") else name.lower()


def _signed(value: int) -> str:
    return f"{value:+d}"


def _quick_pairs(weapon: Weapon, size: str) -> dict[str, Any] | None:
    """The quick NPC keys (`zbraň`, `útok`, `zranění`, `kritický`, `dostřel`) that make this weapon again,
    or None when it is not such a weapon."""
    if weapon.attack_override is None:
        return None
    pairs: dict[str, Any] = {}
    key = table_key(weapon.name)
    if weapon.name != "attack":
        pairs["weapon"] = native_weapon_name(key) if key == weapon.name else weapon.name
    pairs["attack"] = _signed(weapon.attack_override)
    if weapon.add_str is False:
        pairs["damage"] = weapon.damage
    if weapon.range_increment_ft is not None:
        pairs["range"] = str(weapon.range_increment_ft)
    crit_text = f"{weapon.threat_min}-20/x{weapon.crit_mult}" if weapon.threat_min < 20 else f"x{weapon.crit_mult}"
    for crit in (None, crit_text):
        tried = pairs if crit is None else {**pairs, "crit": crit}
        try:
            again = _quick_weapon({**tried, "size": size})
        except (ValueError, RulesError):
            return None
        if again == weapon:
            return tried
    return None


def sheet_line(sheet: Sheet) -> str:
    """The build and lasting fields in one line of the seed's Czech keys; structured fields in the notation
    of `notation.py`. Pasted into `/character create`, it makes an equal character."""
    s = sheet
    data = s.model_dump(mode="json")
    words: list[str] = []

    def put(key: str, value: Any) -> None:
        words.append(f"{_name(key)}:{quoted(str(value))}")

    if s.size != "medium":
        put("size", typed(SIZE_NAMES[s.size][0]))
    for key in _ABILITIES:
        if data[key] != 10:
            put(key, data[key])
    put("hp", s.hp_max)
    if s.hp != s.hp_max:
        put("hp_current", s.hp)
    for key in _NUMBERS:
        default = Sheet.model_fields[key].default
        if data[key] != default:
            put(key, data[key])
    if s.dodge_bonuses:
        put("dodge_bonuses", ",".join(str(b) for b in s.dodge_bonuses))
    ac, _ = _ac_parts({**data, "misc_ac": s.misc_ac})
    lo, hi = SHORTCUT_BOUNDS["ac"]
    if lo <= ac <= hi:
        put("ac", ac)
    elif s.misc_ac:
        put("misc_ac", s.misc_ac)
    if s.initiative_misc:
        total = ability_mod(s.dex) + s.initiative_misc
        lo, hi = SHORTCUT_BOUNDS["init"]
        if lo <= total <= hi:
            put("init", _signed(total))
        else:
            put("initiative_misc", s.initiative_misc)
    for key in _SAVES_ON:
        if data[key] != Sheet.model_fields[key].default:
            put(key, data[key])
    if s.armor_category != "none":
        put("armor_category", typed(ARMOR_CATEGORY_NAMES[s.armor_category][0]))
    if s.legs != 2:
        put("legs", s.legs)
    for flag in ("stable", "uncanny_dodge", "crit_immune"):
        if data[flag]:
            words.append(_name(flag))
    if s.feats:
        put("feats", names_notation(s.feats, FEAT_NAMES))
    if s.skills:
        put("skills", skills_notation(s.skills))
    if s.conditions:
        put("conditions", names_notation(s.conditions, CONDITION_NAMES))
    weapons = list(s.weapons)
    quick = _quick_pairs(weapons[0], s.size) if weapons else None
    if quick is not None:
        weapons = weapons[1:]
        for key, value in quick.items():
            put(key, value)
    if weapons:
        put("weapons", ",".join(weapon_notation(w, s.size) for w in weapons))
    return " ".join(words)


# --- warnings ------------------------------------------------------------------------------------------
def _terms(keys: list[str]) -> list[Term]:
    return [Term("term", k) for k in keys]


def _quick_weapon_notes(given: set[str], first: Weapon) -> list[Note]:
    """The quick NPC's weapon (`zbraň:`, `útok:`, `zranění:` …): its damage as given or assumed, and a
    `zbraň:` name the tables do not know — taken as the NPC's own weapon, as `zbraně:` would refuse it,
    so the line says so and names the table's weapon a typo most likely meant."""
    notes: list[Note] = []
    unknown = table_key(first.name) is None
    if "damage" in given:
        notes.append(Note(key="sheet_damage_whole", params={"damage": first.damage}))
    elif unknown:
        notes.append(Note(key="sheet_damage_assumed", params={"damage": first.damage}))
    if "weapon" in given and unknown:
        like = closest_weapon(first.name)
        if like is None:
            notes.append(Note(key="sheet_weapon_own", params={"weapon": first.name}))
        else:
            notes.append(Note(key="sheet_weapon_own_like", params={"weapon": first.name, "like": like}))
    return notes


def sheet_warnings(data: Mapping[str, Any], sheet: Sheet) -> list[Note]:
    """What the stats line left to a default the rules assumed, and what it gave that they do not use."""
    s = sheet
    given = set(data)
    notes: list[Note] = []
    if not given & {"hp", "hp_max"}:
        notes.append(
            Note(
                key="sheet_hp_assumed",
                params={"hp": s.hp_max, "dice": hit_dice_of(s.bab), "con": _signed(ability_mod(s.con))},
            )
        )
    missing = [k for k in ("str", "dex") if k not in given]
    if missing:
        notes.append(Note(key="sheet_abilities_assumed", params={"abilities": _terms(missing)}))
    acs = _ac_parts(s.model_dump(mode="json"))
    if not given & {*_AC_KEYS, "misc_ac"}:
        notes.append(Note(key="sheet_ac_assumed", params={"ac": acs[0]}))
    elif "ac" in given and not given & {"touch", "armor_bonus", "shield_bonus", "natural_armor"}:
        notes.append(Note(key="sheet_touch_assumed", params={"touch": acs[1]}))
    if "attack" in given and "bab" not in given:
        notes.append(Note(key="sheet_bab_assumed"))
    if not s.weapons:
        notes.append(Note(key="sheet_unarmed", params={"damage": UNARMED_DAMAGE.get(s.size, "1d3")}))
    elif given & {"attack", "weapon", "damage", "crit", "range"}:
        notes += _quick_weapon_notes(given, s.weapons[0])
    ignored = [k for k in IGNORED if k in given]
    if "con" in given and given & {"hp", "hp_max"}:
        ignored.insert(0, "con")
    if isinstance(data.get("weapons"), (str, list)) and given_specs(data["weapons"]) & {"reach_ft", "reach"}:
        ignored.append("reach_ft")  # no grid: a weapon's reach is the GM's to judge
    if ignored:
        notes.append(Note(key="sheet_ignored", params={"keys": _terms(ignored)}))
    feats = [f for f in s.feats if f not in FEATS_USED]
    if feats:
        notes.append(Note(key="sheet_feats_ignored", params={"feats": feats}))
    skills = [k for k in s.skills if k not in SKILLS_USED]
    if skills:
        notes.append(Note(key="sheet_skills_ignored", params={"skills": skills}))
    return notes
