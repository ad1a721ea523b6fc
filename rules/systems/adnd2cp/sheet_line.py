"""A whole character in one stats line, in the game's Italian words and the notation of oneline.py:

    classe:guerriero livello:5 forza:18/76 destrezza:14 intelligenza:13 ca:3 pf:42
    armi:spada_lunga@maestro(+1;specializzata),arco_lungo@abile arti:schivata percentuale_schivata:15

Pasted into `/character create stats:` it makes an equal character (build and lasting fields). What the
tables give from a score (THAC0 from the classes, Strength's to-hit and damage …) is left for them to give
again; a value set by hand is written. A single weapon a quick line can say (`arma:`, `attacco:`,
`danni:`, `abilità_arma:`) is written that way.
"""

from __future__ import annotations

import shlex
from typing import Any

from rules.systems.adnd2cp import words
from rules.systems.adnd2cp.sheet import (
    CLASS_GROUPS,
    DERIVABLE,
    ClassEntry,
    Condition,
    Sheet,
    WeaponEntry,
    _derived_values,
    quick_weapon,
)
from rules.systems.adnd2cp.vocabulary import stat_vocabulary

_DEFAULTS = {name: f.default for name, f in Sheet.model_fields.items()}
_ALWAYS = ("thac0", "ac")  # written even at their default: a line that leaves them out is warned about
_SAVES = ("save_toughness", "save_reflexes", "save_courage")


def _name(key: str) -> str:
    """The Italian name of a stat key, as a line writes it."""
    return stat_vocabulary().keys[key].shown.lower()


def _pair(key: str, value: object) -> str:
    text = f"{_name(key)}:{value}"
    return shlex.quote(text) if any(ch.isspace() or ch in "'\"" for ch in text) else text


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _signed(value: int) -> str:
    return f"{value:+d}"


# --- classes ------------------------------------------------------------------------------------------
def class_word(entry: ClassEntry) -> str:
    """A class as a line writes it: its Italian name, and `@group` when the table does not say it."""
    word = words.native(words.CLASS_NAMES, entry.class_name) if entry.class_name else ""
    if not entry.class_name or entry.group != CLASS_GROUPS.get(entry.class_name, "warrior"):
        word += "@" + words.native(words.GROUPS, entry.group)
    return word


# --- weapons ------------------------------------------------------------------------------------------
def _base(weapon_id: str) -> dict[str, Any]:
    return WeaponEntry.model_validate({"id": weapon_id}).model_dump(mode="json")


def _list_words(table: words.Names, values: list[str]) -> str:
    return "/".join(words.native(table, v) for v in values)


def _flag(word: str, on: bool) -> str:
    return word if on else f"{word}=no"


def weapon_text(weapon: WeaponEntry) -> str:
    """One weapon in the notation: its name, `@grado`, and what differs from the table's weapon."""
    mine, base = weapon.model_dump(mode="json"), _base(weapon.id)
    text = words.weapon_word(weapon.id)
    if mine["rank"] != base["rank"]:
        text += "@" + words.native(words.RANKS, mine["rank"])
    attrs: list[str] = []
    if mine["magic"] != base["magic"]:
        attrs.append(_signed(mine["magic"]))
    if mine["specialised"] != base["specialised"]:
        attrs.append(_flag("specializzata", mine["specialised"]))
    if mine["proficient"] != base["proficient"]:
        attrs.append("non_competente" if not mine["proficient"] else "competente")
    if mine["strength_rated_bow"] != base["strength_rated_bow"]:
        attrs.append(_flag("arco_tarato", mine["strength_rated_bow"]))
    if mine["damage_unsplit"] != base["damage_unsplit"]:
        attrs.append(_flag("danni_indivisi", mine["damage_unsplit"]))
    if mine["relation"] != base["relation"]:
        word = words.native(words.RELATIONS, mine["relation"])
        attrs.append(f"{word}={words.weapon_word(mine['related_to'])}" if mine["related_to"] else word)
    elif mine["related_to"] != base["related_to"] and mine["related_to"]:
        attrs.append(f"relativa_a={words.weapon_word(mine['related_to'])}")
    fields: list[tuple[str, str, Any]] = [
        ("name", "nome", mine["name"]),
        ("category", "categoria", mine["category"]),
        ("size", "taglia", words.native(words.WEAPON_SIZES, mine["size"])),
        ("damage_type", "tipo", _list_words(words.DAMAGE_TYPES, mine["damage_type"])),
        ("delivery", "uso", _list_words(words.DELIVERIES, mine["delivery"])),
        ("hands", "mani", mine["hands"]),
        ("damage", "danni", mine["damage"]),
        ("damage_large", "danni_grandi", mine["damage_large"]),
        ("speed_factor", "velocità", mine["speed_factor"]),
        ("ranges", "gittata", "/".join(_number(r) for r in mine["ranges"] or [])),
        ("ammo", "munizioni", words.native(words.AMMO, mine["ammo"]) if mine["ammo"] else None),
        ("max_str_damage_bonus", "limite_forza", mine["max_str_damage_bonus"]),
        ("to_hit_bonus", "colpire", _signed(mine["to_hit_bonus"])),
        ("damage_bonus", "bonus_danni", _signed(mine["damage_bonus"])),
        ("natural_kind", "naturale", mine["natural_kind"]),
        ("cost_size", "taglia_costo", words.native(words.WEAPON_SIZES, mine["cost_size"] or "")),
    ]
    for field, word, shown in fields:
        if mine[field] != base[field] and shown not in (None, ""):
            attrs.append(f"{word}={shown}")
    return text + (f"({';'.join(attrs)})" if attrs else "")


def _quick_words(weapon: WeaponEntry) -> list[tuple[str, object]] | None:
    """The one weapon as quick keys (`arma:`, `attacco:`, `danni:`, `abilità_arma:`), if they make it."""
    mine = weapon.model_dump(mode="json")
    keys: dict[str, object] = {}
    if weapon.id != words.QUICK_ATTACK:
        keys["weapon"] = weapon.id
    if weapon.to_hit_bonus:
        keys["attack"] = weapon.to_hit_bonus
    if weapon.rank != "none":
        keys["rank"] = weapon.rank
    for tried in (keys, {**keys, "damage": weapon.damage}):
        made = quick_weapon(dict(tried))
        if made is not None and WeaponEntry.model_validate(made).model_dump(mode="json") == mine:
            return [
                (k, words.weapon_word(str(v)) if k == "weapon" else _signed(int(str(v))) if k == "attack" else v)
                for k, v in tried.items()
            ]
    return None


def _weapon_pairs(sheet: Sheet) -> list[str]:
    if not sheet.weapons:
        return []
    if len(sheet.weapons) == 1:
        quick = _quick_words(sheet.weapons[0])
        if quick is not None:
            return [_pair(k, words.native(words.RANKS, str(v)) if k == "rank" else v) for k, v in quick]
    return [_pair("weapons", ",".join(weapon_text(w) for w in sheet.weapons))]


# --- conditions ---------------------------------------------------------------------------------------
def condition_text(condition: Condition) -> str:
    attrs = []
    if condition.rounds is not None:
        attrs.append(f"round={condition.rounds}")
    if condition.value:
        attrs.append(f"valore={condition.value}")
    if condition.source:
        attrs.append(f"fonte={condition.source}")
    word = words.native(words.CONDITIONS, condition.key)
    return word + (f"({';'.join(attrs)})" if attrs else "")


# --- the line -----------------------------------------------------------------------------------------
def _derivable(sheet: Sheet, data: dict[str, Any], field: str) -> bool:
    """Write a field the tables can give only when it was set by hand."""
    if field in sheet.derived:
        return False
    return field in _ALWAYS or data[field] != _DEFAULTS[field] or field in _derived_values(data)


def sheet_line(sheet: Sheet) -> str:
    data = sheet.model_dump(mode="json")
    out: list[str] = []
    if sheet.kind != "pc" or (sheet.hit_dice and not sheet.classes):
        out.append(_pair("kind", words.native(words.KINDS, sheet.kind)))
    if sheet.classes:
        out.append(_pair("class", "/".join(class_word(c) for c in sheet.classes)))
        out.append(_pair("level", "/".join(str(c.level) for c in sheet.classes)))
    if sheet.hit_dice:
        out.append(_pair("hit_dice", sheet.hit_dice))
    if sheet.strength is not None:
        exceptional = sheet.strength == 18 and sheet.strength_pct > 0
        pct = "00" if sheet.strength_pct == 100 else f"{sheet.strength_pct:02d}"
        out.append(_pair("strength", f"18/{pct}" if exceptional else sheet.strength))
    if sheet.strength_pct and not (sheet.strength == 18):
        out.append(_pair("strength_pct", sheet.strength_pct))
    if sheet.dexterity is not None:
        out.append(_pair("dexterity", sheet.dexterity))
    if sheet.intelligence != _DEFAULTS["intelligence"]:
        out.append(_pair("intelligence", sheet.intelligence))
    for field in ("thac0", "ac"):
        if _derivable(sheet, data, field):
            out.append(_pair(field, data[field]))
    out.append(_pair("hp", sheet.hp))
    if sheet.hp_max != sheet.hp:
        out.append(_pair("hp_max", sheet.hp_max))
    if sheet.size != _DEFAULTS["size"]:
        out.append(_pair("size", words.native(words.SIZES, sheet.size)))
    if sheet.attacks_per_round is not None:
        out.append(_pair("attacks_per_round", sheet.attacks_per_round))
    out += _weapon_pairs(sheet)
    for field in DERIVABLE:
        if field != "thac0" and _derivable(sheet, data, field):
            out.append(_pair(field, data[field]))
    for field in ("racial_max_dex_ac_adjustment", "armour_dex_cap", "combat_art_grades"):
        if data[field] != _DEFAULTS[field]:
            out.append(_pair(field, data[field]))
    for field, table in (("arts", words.ARTS), ("proficiencies", words.PROFICIENCIES)):
        if data[field]:
            out.append(_pair(field, ",".join(words.native(table, v) for v in data[field])))
    for field in ("deflection_score", "dodge_pct", "mastery_dodge_pct", "extra_pool_points", "pool_override"):
        if data[field] != _DEFAULTS[field]:
            out.append(_pair(field, data[field]))
    for field in _SAVES:  # the campaign's percentage saves: a blow's save is rolled against them
        if data[field] is not None:
            out.append(_pair(field, data[field]))
    if sheet.pool_current != sheet.pool_max:
        out.append(_pair("pool_current", sheet.pool_current))
    if sheet.creature_traits:
        out.append(_pair("creature_traits", ",".join(words.native(words.TRAITS, t) for t in sheet.creature_traits)))
    multi = len(sheet.classes) > 1 and any(c.group == "warrior" for c in sheet.classes)
    if sheet.multi_or_dual_class_warrior != multi:
        out.append(_name("multi_or_dual_class_warrior") + ("" if sheet.multi_or_dual_class_warrior else ":no"))
    if sheet.conditions:
        out.append(_pair("conditions", ",".join(condition_text(c) for c in sheet.conditions)))
    return " ".join(out)
