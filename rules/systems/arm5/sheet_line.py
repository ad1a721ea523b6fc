"""A whole character in one stats line (`/character show` prints it, `/character create` takes it back):
the build and lasting fields under their Polish names, the weapon, shield and spells in the notation
of `compact.py`. The Characteristics, Size, the weapon, its Ability and the armour are always written,
so the line says everything the rules use; everything else only when it differs from the default."""

from __future__ import annotations

from typing import Any, Final

from rules.systems.arm5.compact import shield_text, spells_text, weapon_text
from rules.systems.arm5.sheet import Sheet
from rules.systems.arm5.vocabulary import stat_vocabulary
from rules.systems.arm5.words import FATIGUE, written

ALWAYS: Final = ("str", "sta", "dex", "qik", "size")


def _name(key: str) -> str:
    return written(stat_vocabulary().keys[key].shown)


def _pair(key: str, value: Any) -> str:
    if value is True:
        return _name(key)
    if value is False:
        return f"{_name(key)}:nie"
    text = str(value)
    if "'" in text:  # a name like Wizard's Sidestep: quoted, so the line's parser keeps it whole
        text = f'"{text}"'
    elif '"' in text:
        text = f"'{text}'"
    return f"{_name(key)}:{text}"


def sheet_line(sheet: Sheet) -> str:
    data = sheet.model_dump(mode="json")
    words = [_pair(k, data[k]) for k in ALWAYS]
    weapon_ability = data["weapon"]["ability"]
    for ability, score in data["abilities"].items():
        if score or ability == weapon_ability:
            words.append(_pair(ability, score))
    words.append(_pair("weapon", weapon_text(data["weapon"])))
    if data["shield"] is not None:
        words.append(_pair("shield", shield_text(data["shield"])))
    words.append(_pair("armour_prot", data["armour_prot"]))
    for key in ("soak_bonus", "encumbrance"):
        if data[key]:
            words.append(_pair(key, data[key]))
    for key in ("mounted", "magic_resistance"):
        if data[key]:
            words.append(_pair(key, True))
    if data["spells"]:
        words.append(_pair("spells", spells_text(data["spells"])))
    if data["botch_dice"] is not None:
        words.append(_pair("botch_dice", data["botch_dice"]))
    for band, count in data["wounds"].items():
        if count:
            words.append(_pair(band, count))
    if data["dead"]:
        words.append(_pair("dead", True))
    if data["fatigue_level"]:
        words.append(_pair("fatigue_level", written(FATIGUE[str(data["fatigue_level"])][0])))
    return " ".join(words)
