"""`/encounter edit`: the keys a Czech GM types, mapped to the fields that hold the current values, and the
per-part HP of the polygonal system (kept as damage taken per part, shown as HP left)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from rules.errors import RulesError
from rules.model import Message, Term
from rules.system import validated
from rules.systems.cz2d10.derive import actions_per_round, hp_max, part_hp, stun_pool
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.status import guess_settings

# Key (as typed, and without diacritics) -> sheet field holding the current value.
_ALIASES: dict[str, str] = {
    # wounds and stun (zranění, omráčení)
    "hp": "hp",
    "hp_current": "hp",
    "životy": "hp",
    "hp_max": "hp_max",
    "max_životy": "hp_max",
    "omráčení": "stun",
    "stun": "stun",
    "mrtvý": "dead",
    "omdlel": "fainted",
    # the round (akce, vyčkávání, protiútoky)
    "akce": "actions_left",
    "actions": "actions_left",
    "rezerva": "actions_reserve",
    "protiútoky": "counter_attacks_used",
    "nabíjení": "reload_left",
    "zrychlení": "acceleration",
    "zastrašení": "intimidation",
    "ležící": "prone",
    "nehybný": "immobile",
    "neuhýbající": "non_dodging",
    "vyčkává": "waiting",
    # stats a GM adjusts mid-fight (the quick-NPC shortcut names)
    "str": "str_",
    "síla": "str_",
    "obr": "dex",
    "obratnost": "dex",
    "kon": "con",
    "kondice": "con",
    "reakce": "reaction",
    "krytí": "guard",
    "ovládání": "weapon_skill",
    "velikost": "size",
    "útok": "attack_fixed",
    "obrana": "defence_fixed",
}

# Body parts: the GM types the part's HP left (`hlava:-3`, `trup:4`).
_PARTS: dict[str, str] = {
    "hlava": "head",
    "trup": "torso",
    "tělo": "torso",
    "pravá_ruka": "right_arm",
    "levá_ruka": "left_arm",
    "pravá_noha": "right_leg",
    "levá_noha": "left_leg",
    **{p: p for p in ("head", "torso", "right_arm", "left_arm", "right_leg", "left_leg")},
    **{f"hp_{p}": p for p in ("head", "torso", "right_arm", "left_arm", "right_leg", "left_leg")},
}


def fold(key: str) -> str:
    """Lower case, spaces and hyphens as underscores, no diacritics ("Pravá ruka" -> "prava_ruka")."""
    plain = unicodedata.normalize("NFKD", key.strip().lower().replace(" ", "_").replace("-", "_"))
    return "".join(c for c in plain if not unicodedata.combining(c))


def _with_plain(table: dict[str, str]) -> dict[str, str]:
    return {**table, **{fold(k): v for k, v in table.items()}}


EDIT_ALIASES: Mapping[str, str] = MappingProxyType(_with_plain(_ALIASES))
PART_KEYS: Mapping[str, str] = MappingProxyType(_with_plain(_PARTS))

Generic = Callable[[BaseModel, Mapping[str, Any]], BaseModel]


def _number(part: str, text: str) -> int:
    try:
        return int(text.replace("−", "-").strip())
    except ValueError:
        raise RulesError(
            "error.stat_invalid", key=Term("location", part), problem=Message("problem.int_parsing", {"value": text})
        ) from None


def _part_damage(sheet: Sheet, part: str, key: str, value: Any, settings: Settings) -> int:
    """Damage taken on a part after the edit: `+n`/`-n` heal/wound by n, a bare or `=` number is HP left."""
    text = str(value).strip()
    taken = sheet.part_damage.get(part, 0)
    if text[:1] in "+-−":
        return max(0, taken - _number(part, text))
    return max(0, part_hp(sheet, part, settings) - _number(part, text.lstrip("=")))


def _current_values(sheet: Sheet, fields: list[str], settings: Settings) -> dict[str, Any]:
    """Fields left empty mean "full": a relative edit counts from the value the rules would use."""
    derived = {
        "hp": lambda: hp_max(sheet, settings),
        "hp_max": lambda: hp_max(sheet, settings.model_copy(update={"polygonal": False})),
        "stun_max": lambda: stun_pool(sheet, settings),
        "actions_left": lambda: actions_per_round(sheet, settings.polygonal),
    }
    return {f: derived[f]() for f in fields if f in derived and getattr(sheet, f) is None}


def edit(sheet: Sheet, changes: Mapping[str, Any], generic: Generic) -> Sheet:
    """Route part keys (and `hp` on a polygonal sheet: the torso, as the status shows it) to the part
    damage; everything else through the generic edit under its field name."""
    settings = guess_settings(sheet)
    parts: dict[str, tuple[str, Any]] = {}
    rest: dict[str, Any] = {}
    for key, value in changes.items():
        k = fold(key)
        field = EDIT_ALIASES.get(key, EDIT_ALIASES.get(k, key))
        part = PART_KEYS.get(k) or ("torso" if field == "hp" and settings.polygonal else None)
        if part:
            parts[part] = (key, value)
        else:
            rest[field] = value
    out: Sheet = sheet
    if rest:
        filled = sheet.model_copy(update=_current_values(sheet, list(rest), settings))
        out = generic(filled, rest)  # type: ignore[assignment]
    if parts:
        damage = dict(out.part_damage)
        for part, (key, value) in parts.items():
            damage[part] = _part_damage(out, part, key, value, settings)
        damage = {p: v for p, v in damage.items() if v}
        out = validated(Sheet, {**out.model_dump(), "part_damage": damage}, "stat")
    return out
