"""The compact notation of a D&D 3.5 sheet's structured fields, read and written: weapons, skills, feats
and conditions in one `key:value` each, so a whole character fits one stats line.

    zbraně:dlouhý_meč+1,dýka,"složený_dlouhý_luk(síla_luku=2)"
    dovednosti:léčení+4,předstírání+2
    odbornosti:bojové_reflexy,zbraňová_jemnost
    stavy:leží

A weapon is a shipped SRD weapon by its Czech or English name (scaled to the wielder's size) or any other
name, then `+N` for an enhancement bonus (to attack and damage), then in parentheses what differs from
the table (or, for a weapon of your own, from a one-handed 1d6 weapon), `;`-separated:
`útok=+5` (the whole attack bonus, as a stat block gives it), `bonus_útoku=1`, `bonus_zranění=2`,
`zranění=1k8`, `kostky_navíc=1k6/1k6`, `kritický=19-20/x2`, `dostřel=60` (or `ne`), `dosah=10`,
`druh=lehká|jednoruční|obouruční|vrhací|střelná|neozbrojená|přirozená`, `typ=bodná/sečná/drtivá`,
`síla=ano|ne|auto` (Strength to damage), `luk=obyčejný|složený`, `síla_luku=2`, and the flags `jemná`,
`dvojitá`, `dřevce`, `proti_zteči`, `podrážecí`, `s_dosahem`, `vleže`, `stínová` (bare = yes, `=ne`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pydantic_core import PydanticCustomError

from rules.systems.dnd35.tables import table_key
from rules.systems.dnd35.words import (
    BOW_NAMES,
    CATEGORY_NAMES,
    CONDITION_NAMES,
    DAMAGE_TYPE_NAMES,
    FEAT_NAMES,
    NONE_NAMES,
    SKILL_NAMES,
    WEAPON_FLAGS,
    WEAPON_SPEC_NAMES,
    YES_NO,
    lookup,
    native_weapon_name,
    typed,
)
from rules.vocabulary import fold

if TYPE_CHECKING:
    from rules.systems.dnd35.sheet import Weapon

_ENHANCEMENT = re.compile(r"^(.*?)\s*([+-]\d+)$")
_SKILL = re.compile(r"^(.*?)\s*[=:]?\s*([+-]?\d+)$")
_CRIT = re.compile(r"^\s*(?:(\d+)(?:\s*-\s*20)?)?\s*(?:/?\s*[x×]\s*(\d+))?\s*$", re.IGNORECASE)
_SPECIAL = set(",;()=")
_NONE = {fold(n) for n in NONE_NAMES}


def _refuse(what: str, value: str) -> PydanticCustomError:
    return PydanticCustomError("dnd35.notation", "{what}: cannot read {value}", {"what": what, "value": value})


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split at `sep` outside parentheses: `a(x;y),b` → [`a(x;y)`, `b`]."""
    parts: list[str] = []
    depth = 0
    current = ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        if ch == sep and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    parts.append(current.strip())
    return [p for p in parts if p]


def _yes_no(value: str, what: str) -> bool:
    found = lookup(YES_NO, value)
    if found is None:
        raise _refuse(what, value)
    return found == "true"


def _whole(value: str, what: str) -> int:
    try:
        return int(value.strip().replace("+", "", 1).replace("−", "-"))
    except ValueError:
        raise _refuse(what, value) from None


def parse_crit(text: str) -> tuple[int, int]:
    """`19-20/x2`, `19-20`, `x3`, `20/x3`, `18` → (threat_min, crit_mult)."""
    m = _CRIT.match(str(text).replace("–", "-").replace("—", "-"))
    if not m or not (m.group(1) or m.group(2)):
        raise PydanticCustomError(
            "dnd35.crit_format", "crit: expected like 19-20/x2, got {value}", {"value": str(text)}
        )
    return int(m.group(1) or 20), int(m.group(2) or 2)


def _spec(fields: dict[str, Any], spec: str) -> None:
    """One `key=value` (or a bare flag) of a weapon's parentheses onto its fields."""
    name, sep, value = spec.partition("=")
    key = lookup(WEAPON_SPEC_NAMES, name.strip())
    if key is None:
        raise _refuse("zbraně", spec)
    value = value.strip()
    if not sep:
        if key not in WEAPON_FLAGS:
            raise _refuse("zbraně", spec)
        fields[key] = True
        return
    if key in WEAPON_FLAGS:
        fields[key] = _yes_no(value, name)
    elif key in ("attack_override", "attack_bonus", "flat_bonus", "reach_ft"):
        fields[key] = _whole(value, name)
    elif key in ("range_increment_ft", "composite_rating"):
        fields[key] = None if fold(value) in _NONE else _whole(value, name)
    elif key == "crit":
        fields["threat_min"], fields["crit_mult"] = parse_crit(value)
    elif key == "damage":
        fields[key] = value
    elif key == "extra_damage_dice":
        fields[key] = [] if fold(value) in _NONE else [d.strip() for d in value.split("/") if d.strip()]
    elif key == "damage_types":
        types = [] if fold(value) in _NONE else [lookup(DAMAGE_TYPE_NAMES, t) for t in value.split("/") if t]
        if None in types:
            raise _refuse(name, value)
        fields[key] = types
    elif key == "category":
        fields[key] = lookup(CATEGORY_NAMES, value) or value
    elif key == "bow_kind":
        fields[key] = lookup(BOW_NAMES, value) or value
    elif key == "add_str":
        fields[key] = None if fold(value) in {"auto"} else _yes_no(value, name)


def weapon_fields(item: str, size: str, own: bool = False) -> dict[str, Any]:
    """One weapon of the notation → the Weapon's fields (a shipped weapon's, scaled to `size`, with the
    parentheses' changes). A name the tables do not know needs its parentheses (`drápy(zranění=1k4)`,
    even empty: `hůl()` is a one-handed 1d6 weapon), so a typo is refused rather than made a weapon;
    `own` accepts it bare (the quick NPC line's `zbraň:`, whose numbers come from `útok:`/`zranění:`)."""
    from rules.systems.dnd35.sheet import Weapon, table_weapon

    text = item.strip()
    specs: list[str] = []
    bracketed = text.endswith(")") and "(" in text
    if bracketed:
        text, _, inner = text[:-1].partition("(")
        specs = split_top(inner, ";")
    text = text.strip()
    enhancement = None
    found = _ENHANCEMENT.match(text)
    if found and found.group(1).strip():
        text, enhancement = found.group(1).strip(), int(found.group(2))
    if not text or _SPECIAL & set(text):
        raise _refuse("zbraně", item)
    base = table_weapon(text, size)
    if base is None and not (bracketed or own):
        from rules.systems.dnd35.words import all_weapon_names, similar_weapons

        like = similar_weapons(text)
        if like:
            raise PydanticCustomError(
                "dnd35.unknown_weapon_name", "weapons: unknown weapon {value}", {"value": text, "like": ", ".join(like)}
            )
        raise PydanticCustomError(
            "dnd35.unknown_weapon_name_list",
            "weapons: unknown weapon {value}",
            {"value": text, "all": ", ".join(all_weapon_names())},
        )
    fields: dict[str, Any] = base.model_dump() if base is not None else Weapon(name=text).model_dump()
    if enhancement is not None:
        fields["attack_bonus"] = fields["flat_bonus"] = enhancement
    for spec in specs:
        _spec(fields, spec)
    return fields


def given_specs(value: Any) -> set[str]:
    """The weapon fields a notation string sets in parentheses (for the warnings: what it gave)."""
    found: set[str] = set()
    items = split_top(value) if isinstance(value, str) else [v for v in value if isinstance(v, str)]
    for item in items:
        if item.endswith(")") and "(" in item:
            for spec in split_top(item[:-1].partition("(")[2], ";"):
                key = lookup(WEAPON_SPEC_NAMES, spec.partition("=")[0].strip())
                if key is not None:
                    found.add(key)
    return found


def parse_weapons(value: Any, size: str) -> list[Any]:
    """`weapons` as typed: a notation string, or a list of notation strings and weapon objects."""
    items = split_top(value) if isinstance(value, str) else list(value)
    return [weapon_fields(w, size) if isinstance(w, str) else w for w in items]


def parse_skills(value: Any) -> Any:
    """`léčení+4,předstírání+2` (also `léčení=4`, `heal:4`) → {"heal": 4, "bluff": 2}; a dict's keys by
    their Czech or English names."""
    if isinstance(value, dict):
        return {skill_key(k): v for k, v in value.items()}
    if not isinstance(value, str):
        return value
    out: dict[str, Any] = {}
    for item in split_top(value):
        m = _SKILL.match(item)
        if not m or not m.group(1).strip():
            raise _refuse("dovednosti", item)
        out[skill_key(m.group(1))] = int(m.group(2))
    return out


def skill_key(name: str) -> str:
    return lookup(SKILL_NAMES, name) or "_".join(name.strip().lower().replace("-", " ").split())


def names_list(value: Any, table: dict[str, tuple[str, ...]]) -> Any:
    """A list of names as typed (`bojové reflexy, zbraňová jemnost` or `prone blinded`) → table keys
    where the names are known, the rest as typed. Commas separate; without them, spaces do unless the
    whole text is one known name."""
    items = value if isinstance(value, list) else split_top(value) if isinstance(value, str) else None
    if items is None:
        return value
    out: list[Any] = []
    for item in items:
        if not isinstance(item, str):
            out.append(item)
            continue
        known = lookup(table, item)
        words = item.split()
        if known is None and len(words) > 1 and all(lookup(table, w) for w in words):
            out.extend(lookup(table, w) for w in words)
        else:
            out.append(known or item)
    return out


def feats_list(value: Any) -> Any:
    return names_list(value, FEAT_NAMES)


def conditions_list(value: Any) -> Any:
    return names_list(value, CONDITION_NAMES)


# --- writing ---------------------------------------------------------------------------------------------
def _yes(flag: bool) -> str:
    return "ano" if flag else "ne"


def _named(table: dict[str, tuple[str, ...]], key: str) -> str:
    names = table.get(key, ())
    return typed(names[0]) if names else key


def weapon_notation(weapon: Weapon, size: str) -> str:
    """One weapon in the notation `weapon_fields` reads back to an equal weapon."""
    from rules.systems.dnd35.sheet import Weapon, table_weapon

    key = table_key(weapon.name)
    base = table_weapon(weapon.name, size) if key is not None else None
    name = native_weapon_name(key) if key is not None else weapon.name
    if base is None:
        base = Weapon(name=weapon.name)
    ours, theirs = weapon.model_dump(), base.model_dump()
    specs: list[str] = []
    enhancement = ""
    if (
        ours["attack_bonus"] == ours["flat_bonus"] != 0
        and theirs["attack_bonus"] == theirs["flat_bonus"]
        and ours["attack_bonus"] != theirs["attack_bonus"]
    ):
        enhancement = f"{ours['attack_bonus']:+d}"
        theirs["attack_bonus"] = theirs["flat_bonus"] = ours["attack_bonus"]
    for field in Weapon.model_fields:
        if field in ("name", "threat_min", "crit_mult") or ours[field] == theirs[field]:
            continue
        value = ours[field]
        spec = _named(WEAPON_SPEC_NAMES, field)
        if field in WEAPON_FLAGS:
            specs.append(spec if value else f"{spec}=ne")
        elif field in ("attack_override", "attack_bonus", "flat_bonus"):
            specs.append(f"{spec}={value:+d}" if value is not None else f"{spec}=ne")
        elif field in ("range_increment_ft", "composite_rating", "reach_ft"):
            specs.append(f"{spec}={value if value is not None else 'ne'}")
        elif field == "extra_damage_dice":
            specs.append(f"{spec}={'/'.join(value) if value else 'ne'}")
        elif field == "damage_types":
            typed = "/".join(_named(DAMAGE_TYPE_NAMES, t) for t in value)
            specs.append(f"{spec}={typed or 'ne'}")
        elif field == "category":
            specs.append(f"{spec}={_named(CATEGORY_NAMES, value)}")
        elif field == "bow_kind":
            specs.append(f"{spec}={_named(BOW_NAMES, value)}")
        elif field == "add_str":
            specs.append(f"{spec}={'auto' if value is None else _yes(value)}")
        else:
            specs.append(f"{spec}={value}")
    if (ours["threat_min"], ours["crit_mult"]) != (theirs["threat_min"], theirs["crit_mult"]):
        crit = f"{ours['threat_min']}-20/x{ours['crit_mult']}" if ours["threat_min"] < 20 else f"x{ours['crit_mult']}"
        specs.insert(0, f"{_named(WEAPON_SPEC_NAMES, 'crit')}={crit}")
    own = key is None
    return f"{name}{enhancement}" + (f"({';'.join(specs)})" if specs or own else "")


def skills_notation(skills: dict[str, int]) -> str:
    return ",".join(f"{_named(SKILL_NAMES, k)}{v:+d}" for k, v in skills.items())


def names_notation(keys: list[str], table: dict[str, tuple[str, ...]]) -> str:
    return ",".join(_named(table, k) for k in keys)


def quoted(text: str) -> str:
    """A value as one token of a stats line: in double quotes when it has spaces or quotes."""
    if not any(ch.isspace() or ch in "\"'" for ch in text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
