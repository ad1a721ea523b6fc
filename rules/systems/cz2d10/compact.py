"""The compact notation of the sheet's structured fields, read and written in the seed's words.

    ovládání:meč=6,luky=4                 weapon skill per weapon, category or family (or one number)
    zbroj:pletená:5  přílba:plátová:3     a piece of armour: material and DR (the basic system)
    zbroj_částí:tělo=pletená:5,hlava=plátová:3,ruce+nohy=kůže:2
                                          polygonal armour per body part (`končetiny` = arms and legs)
    zranění_částí:tělo=3,levá_ruka=2      damage taken per body part
    amputace:levá_ruka                    lost parts
    prahy_zranění:3,6,9,12                lists of numbers

Reading accepts every name of names.py (Czech or English, with or without diacritics, `_` or spaces);
writing uses the first Czech name, so a written line reads back to the same sheet.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic_core import PydanticCustomError

from rules.systems.cz2d10.names import (
    MATERIAL_NAMES,
    PART_NAMES,
    SHIELD_NAMES,
    SKILL_NAMES,
    SLOT_NAMES,
    WEAPON_NAMES,
    Names,
    every,
    native,
)
from rules.systems.cz2d10.tables import WEAPONS, lookup_id
from rules.vocabulary import fold


def _index(table: Mapping[str, Names]) -> dict[str, str]:
    return {fold(name): key for key, names in table.items() for name in (key, *every(names))}


_SLOTS = _index(SLOT_NAMES)
_PARTS = _index(PART_NAMES)
_SKILLS = _index(SKILL_NAMES)
_FAMILIES = {w.family for w in WEAPONS.values()}
_CATEGORIES = {w.category for w in WEAPONS.values()}


def _bad(what: str, value: str) -> PydanticCustomError:
    """A name the seed's tables do not know (catalog `problem.cz2d10.unknown_<what>`)."""
    return PydanticCustomError(f"cz2d10.unknown_{what}", f"unknown {what} {{value}}", {"value": value})


# ---- reading --------------------------------------------------------------------------------------
def skill_key(typed: str) -> str:
    """A weapon-skill key: an id, category or family as it is; a category or family by name; a weapon by
    name counts as its category (the seed's skill is per type and weight, L18)."""
    text = str(typed).strip()
    if text in WEAPONS or text in _CATEGORIES or text in _FAMILIES:
        return text
    folded = fold(text)
    if folded in _SKILLS:
        return _SKILLS[folded]
    found = lookup_id(text)
    if found in WEAPONS:
        return WEAPONS[found].category
    raise _bad("weapon", text)


def split_items(text: str) -> list[str]:
    """`a,b;c` → items (commas or semicolons), blanks dropped."""
    return [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]


def parse_skills(text: str) -> int | dict[str, int]:
    """`6` → 6; `meč=6,luky=4` → {category: levels}."""
    text = text.strip()
    if "=" not in text:
        return int(text) if text.lstrip("+-").isdigit() else text  # type: ignore[return-value]
    out: dict[str, int] = {}
    for item in split_items(text):
        name, _, levels = item.partition("=")
        if not levels.strip().lstrip("+-").isdigit():
            raise PydanticCustomError(
                "cz2d10.weapon_skill_list", "weapon=levels, separated by commas, not {value}", {"value": text}
            )
        out[skill_key(name)] = int(levels)
    return out


def skills_of(value: Any) -> Any:
    """weapon_skill as stored or typed, its keys made canonical."""
    if isinstance(value, str):
        return parse_skills(value)
    if isinstance(value, Mapping):
        return {skill_key(str(k)): v for k, v in value.items()}
    return value


def slot_of(typed: str) -> str:
    found = _SLOTS.get(fold(typed))
    if found is None:
        raise _bad("part", str(typed))
    return found


def part_of(typed: str) -> str:
    found = _PARTS.get(fold(typed))
    if found is None:
        raise _bad("part", str(typed))
    return found


_PIECE = re.compile(r"^(?P<material>.*?)[\s:]+(?P<dr>\d+)$")


def piece_parts(text: str) -> tuple[str, int | None]:
    """`pletená:5` (or `kůže a látka 2`) → (material, 5); `pletená` → ("pletená", None); `5` → ("generic", 5)."""
    text = text.strip()
    if text.isdigit():
        return "generic", int(text)
    found = _PIECE.match(text)
    if found:
        return found["material"].strip() or "generic", int(found["dr"])
    return text, None


def parse_armour_parts(value: Any) -> Any:
    """`tělo=pletená:5,ruce+nohy=kůže:2` (or a mapping slot → piece) → {slot: piece}; `končetiny` fills
    both arms and legs."""
    if isinstance(value, str):
        pairs: list[tuple[str, Any]] = []
        for item in split_items(value):
            slots, sep, piece = item.partition("=")
            if not sep or not piece.strip():
                raise PydanticCustomError(
                    "cz2d10.armour_parts", "part=material:DR, separated by commas, not {value}", {"value": value}
                )
            pairs += [(slot, piece.strip()) for slot in slots.split("+")]
    elif isinstance(value, Mapping):
        pairs = list(value.items())
    else:
        return value
    out: dict[str, Any] = {}
    for slot, piece in pairs:
        key = slot_of(str(slot))
        for one in ("arms", "legs") if key == "limbs" else (key,):
            out[one] = piece
    return out


def parse_part_damage(value: Any) -> Any:
    """`tělo=3,levá_ruka=2` (or a mapping) → {part: damage}."""
    if isinstance(value, str):
        out: dict[str, Any] = {}
        for item in split_items(value):
            part, sep, amount = item.partition("=")
            if not sep:
                raise PydanticCustomError(
                    "cz2d10.part_damage", "part=damage, separated by commas, not {value}", {"value": value}
                )
            out[part_of(part)] = amount.strip()
        return out
    if isinstance(value, Mapping):
        return {part_of(str(k)): v for k, v in value.items()}
    return value


def parse_parts(value: Any) -> Any:
    """`levá_ruka,pravá_noha` (or a list) → [part, …]."""
    items = split_items(value) if isinstance(value, str) else value
    if isinstance(items, (list, tuple)):
        return [part_of(str(p)) for p in items]
    return value


def parse_numbers(value: Any) -> Any:
    """`3,6,9,12` → [3, 6, 9, 12] (the model checks the numbers)."""
    if isinstance(value, str):
        return split_items(value)
    return value


# ---- writing --------------------------------------------------------------------------------------
def weapon_word(weapon_id: str) -> str:
    names = WEAPON_NAMES.get(weapon_id)
    return native(names) if names else weapon_id


def shield_word(shield_id: str) -> str:
    names = SHIELD_NAMES.get(shield_id)
    return native(names) if names else shield_id


def material_word(material_id: str) -> str:
    names = MATERIAL_NAMES.get(material_id)
    return native(names) if names else material_id


def part_word(part: str) -> str:
    names = SLOT_NAMES.get(part)
    return native(names) if names else part


def skill_word(key: str) -> str:
    """A stored weapon-skill key as the name that reads back to it."""
    if key in SKILL_NAMES:
        return native(SKILL_NAMES[key])
    return key


def piece_word(material: str, dr: int) -> str:
    return f"{material_word(material)}:{dr}"


def write_skills(value: int | Mapping[str, int]) -> str:
    if isinstance(value, int):
        return str(value)
    return ",".join(f"{skill_word(k)}={v}" for k, v in value.items())


def write_armour_parts(parts: Mapping[str, Any]) -> str:
    """Slots with the same piece share one entry (`ruce+nohy=kůže:2`; both → `končetiny`)."""
    groups: dict[tuple[str, int], list[str]] = {}
    for slot, piece in parts.items():
        groups.setdefault((piece["material"], piece["dr"]), []).append(slot)
    items = []
    for (material, dr), slots in groups.items():
        if "arms" in slots and "legs" in slots:
            slots = [s for s in slots if s not in ("arms", "legs")] + ["limbs"]
        items.append("+".join(part_word(s) for s in slots) + "=" + piece_word(material, dr))
    return ",".join(items)


def write_part_damage(damage: Mapping[str, int]) -> str:
    return ",".join(f"{part_word(p)}={v}" for p, v in damage.items())


def write_parts(parts: list[str]) -> str:
    return ",".join(part_word(p) for p in parts)


def write_numbers(numbers: list[int]) -> str:
    return ",".join(str(n) for n in numbers)
