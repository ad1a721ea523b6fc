"""What a stats line left to a default the rules assumed, or gave that the rules will not use: shown with
the created character or NPC (`sheet_warnings`), so nothing is assumed silently.

`data` is the line as the vocabulary resolved it (the sheet's keys and the quick shortcuts); each note is
`note.adnd2cp.<key>` with terms for the ids it names. The defaults are the ones docs/rules/adnd2cp.md
documents: 10 hit points (house default), AC 10 (unarmoured), THAC0 20 (a 0-level human; a monster's is
not derived from its Hit Dice), a fist (1d2), 1d6 for a weapon the table does not know, level 1, fighter,
Intelligence 10, no combat points without a class or Hit Dice, no Dexterity bonus inside a given AC.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.model import Note, Term
from rules.systems.adnd2cp import oneline, pool, weapons, words
from rules.systems.adnd2cp.sheet import (
    CLASS_GROUPS,
    DEFAULT_HP,
    DERIVABLE,
    QUICK_WEAPON_KEYS,
    Sheet,
    WeaponEntry,
    _derived_values,
)

_SCORE_OF = {
    "thac0": "class",
    "str_to_hit": "strength",
    "str_damage": "strength",
    "dex_missile": "dexterity",
    "dex_ac_adjustment": "dexterity",
}
_CLASS_KEYS = ("class", "level", "classes")


def _note(key: str, **params: Any) -> Note:
    return Note(key=key, params=params)


def _given(data: Mapping[str, Any], *keys: str) -> bool:
    return any(k in data for k in keys)


def _assumed(data: Mapping[str, Any], sheet: Sheet) -> list[Note]:
    notes: list[Note] = []
    if not _given(data, "hp", "hp_max"):
        notes.append(_note("assumed_hp", hp=DEFAULT_HP))
    if "level" in data and "class" not in data and "classes" not in data:
        notes.append(_note("assumed_class_fighter"))
    if "class" in data and "level" not in data and "classes" not in data:
        notes.append(_note("assumed_level", level=1))
    grouped = _classes_with_a_group(data)
    for entry in sheet.classes:
        unknown = entry.class_name and entry.class_name not in CLASS_GROUPS
        if unknown and entry.group == "warrior" and entry.class_name not in grouped:
            notes.append(_note("assumed_warrior_group", name=entry.class_name))
    if "thac0" not in data and not sheet.classes:
        key = "assumed_thac0_monster" if sheet.hit_dice else "assumed_thac0"
        notes.append(_note(key, thac0=sheet.thac0))
    if "ac" not in data:
        notes.append(_note("assumed_ac", ac=sheet.ac))
    elif not _given(data, "dexterity", "dex_ac_adjustment"):
        notes.append(_note("assumed_no_dex_in_ac", ac=sheet.ac))
    notes += _weapon_notes(data, sheet)
    int_counts = sheet.kind == "monster" or pool.int_bonus_applies(sheet)
    if "intelligence" not in data and int_counts:
        notes.append(_note("assumed_intelligence", intelligence=sheet.intelligence))
    if sheet.pool_override is None and not sheet.classes and not sheet.hit_dice:
        notes.append(_note("no_combat_points"))
    elif sheet.kind == "monster" and sheet.pool_override is None and sheet.pool_max == 0:
        notes.append(_note("monster_too_dull", intelligence=sheet.intelligence))
    return notes


def _classes_with_a_group(data: Mapping[str, Any]) -> set[str]:
    """Classes the line gave a group (`sciamano@sacerdote`, or a stored class entry)."""
    if "classes" in data:
        return {str(c.get("class_name", "")) for c in data["classes"] if isinstance(c, dict) and "group" in c}
    typed = str(data.get("class", ""))
    return {oneline.parse_class(t)["class_name"] for t in typed.split("/") if "@" in t}


def _weapon_notes(data: Mapping[str, Any], sheet: Sheet) -> list[Note]:
    if not sheet.weapons:
        fist = WeaponEntry.model_validate({"id": "fist"})
        return [_note("assumed_fist", weapon=Term("weapon", "fist"), damage=fist.damage)]
    notes = []
    default_damage = WeaponEntry.model_fields["damage"].default
    for w in sheet.weapons:
        if w.id == words.QUICK_ATTACK:
            if "damage" not in data and "weapons" not in data:
                notes.append(_note("assumed_attack_damage", damage=w.damage))
        elif weapons.builtin(w.id) is None and w.damage == default_damage:
            notes.append(_note("assumed_weapon", weapon=w.name or w.id, damage=w.damage))
    return notes


def _ignored(data: Mapping[str, Any], sheet: Sheet) -> list[Note]:
    notes: list[Note] = []
    quick = [k for k in QUICK_WEAPON_KEYS if k in data]
    if quick and "weapons" in data:
        notes.append(_note("ignored_quick_weapon", keys=[Term("term", k) for k in quick]))
    arts = [a for a in sheet.arts if a not in words.ARTS]
    if arts:
        notes.append(_note("ignored_arts", arts=arts))
    proficiencies = [p for p in sheet.proficiencies if p not in words.USED_PROFICIENCIES]
    if proficiencies:
        notes.append(_note("ignored_proficiencies", proficiencies=proficiencies))
    traits = [t for t in sheet.creature_traits if t not in words.TRAITS]
    if traits:
        notes.append(_note("ignored_traits", traits=traits))
    if sheet.strength_pct and sheet.strength != 18:
        notes.append(_note("ignored_strength_pct", pct=sheet.strength_pct))
    table = _derived_values(sheet.model_dump(mode="json", exclude={"derived"}))
    by_hand = [f for f in DERIVABLE if f in data and f in table and table[f] != getattr(sheet, f)]
    if by_hand:
        notes.append(_note("over_the_tables", fields=[Term("term", f) for f in by_hand]))
    if sheet.pool_override is not None and "pool_override" in data:
        computed = pool.pool_breakdown(sheet).total
        if computed != sheet.pool_override:
            notes.append(_note("combat_points_by_hand", pool=sheet.pool_override, computed=computed))
    if sheet.hp > sheet.hp_max:
        notes.append(_note("hp_over_max", hp=sheet.hp, hp_max=sheet.hp_max))
    return notes


def sheet_warnings(data: Mapping[str, Any], sheet: Sheet) -> list[Note]:
    """Every default the rules assumed for this line, then everything it gave that they will not use."""
    return _assumed(data, sheet) + _ignored(data, sheet)
