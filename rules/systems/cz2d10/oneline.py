"""A whole character as one stats line in the seed's words (`/character show` prints it, `/character create`
takes it back): the build and lasting fields that differ from a new sheet, structured ones in the compact
notation of compact.py."""

from __future__ import annotations

from typing import Any

from rules.systems.cz2d10.compact import (
    material_word,
    piece_word,
    shield_word,
    weapon_word,
    write_armour_parts,
    write_numbers,
    write_part_damage,
    write_parts,
    write_skills,
)
from rules.systems.cz2d10.fields import FIELD_CLASSES
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.words import stat_keys, stat_name

_FIELD = {"str": "str_"}
# Written together with another key (armour with its DR, the body's HP with the current HP).
_WITH_OTHERS = frozenset({"armour_dr", "helmet_dr", "accessories_dr", "hp_max", "hp"})


def _token(value: Any) -> str:
    text = str(value)
    return f'"{text}"' if " " in text else text


def _pieces(data: dict[str, Any]) -> list[str]:
    words = []
    for piece in ("armour", "helmet", "accessories"):
        material, dr = data.get(piece), data.get(f"{piece}_dr") or 0
        if material is not None:
            words.append(f"{stat_name(piece)}:{piece_word(material, dr) if dr else material_word(material)}")
        elif dr:
            words.append(f"{stat_name(f'{piece}_dr')}:{dr}")
    return words


def _hp(data: dict[str, Any]) -> list[str]:
    top, now = data.get("hp_max"), data.get("hp")
    if top is not None and now in (None, top):
        return [f"{stat_name('hp_max' if now is None else 'hp')}:{top}"]
    words = [f"{stat_name('hp_max')}:{top}"] if top is not None else []
    return [*words, f"{stat_name('hp')}:{now}"] if now is not None else words


def sheet_line(sheet: Sheet) -> str:
    data = sheet.model_dump(mode="json")
    new = Sheet().model_dump(mode="json")
    words: list[str] = []
    for spec in stat_keys():
        key = spec.key
        field = _FIELD.get(key, key)
        if FIELD_CLASSES.get(field) not in ("build", "lasting"):
            continue
        if key == "armour":
            words += _pieces(data)
            continue
        if key == "hp_max":
            words += _hp(data)
            continue
        if key in _WITH_OTHERS or key in ("helmet", "accessories"):
            continue
        value = data.get(field)
        if value == new.get(field) or value in (None, [], {}, ""):
            continue
        name = spec.shown
        if isinstance(value, bool):
            words.append(name if value else f"{name}:ne")
        elif key in ("weapon", "off_weapon"):
            words.append(f"{name}:{weapon_word(value)}")
        elif key == "shield":
            words.append(f"{name}:{shield_word(value)}")
        elif key == "weapon_skill":
            words.append(f"{name}:{write_skills(value)}")
        elif key == "armour_parts":
            words.append(f"{name}:{write_armour_parts(value)}")
        elif key == "part_damage":
            words.append(f"{name}:{write_part_damage(value)}")
        elif key == "amputated":
            words.append(f"{name}:{write_parts(value)}")
        elif key in ("wound_thresholds", "wound_penalties"):
            words.append(f"{name}:{write_numbers(value)}")
        else:
            words.append(f"{name}:{_token(value)}")
    return " ".join(words)
