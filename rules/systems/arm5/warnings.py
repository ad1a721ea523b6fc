"""No silent defaults: what a stats line left to the rules' default, and what it gave that the rules do
not use, as notes shown with the new character or NPC (`note.arm5.<key>` in the catalogs).

- `assumed {values}`: numbers the rules use that the line did not give, with the value taken:
  a character's Characteristics (0, an average human: base game), Size (0, a human), the Ability of its
  weapon (0), armour (Protection 0), Riding when mounted (0); a quick NPC line's totals it left out
  (Initiative, Attack, Defense, Damage, Soak before the die), computed from the rest of the line.
- `no_weapon`: no weapon, so the fist (Brawl, all modifiers 0).
- `absorbed {keys}`: values a quick NPC line's totals already contain, so they change nothing
  (Dexterity beside `atak`: the Attack stays as written).
- `weapon_replaced {weapon}`: a weapon beside quick totals: the totals make the NPC weapon instead.
- `shield_unused {shield, ability}`: a shield counts only with a Single Weapon weapon (seed: "broń+tarcza
  których wartości się sumuje").
- `riding_unused`: Riding counts only for a rider (`konno`).
- `finesse_unused`: Finesse counts only for Fast Casting, which needs a spell mastered with it (`FC`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rules.errors import RulesError
from rules.model import Message, Note, Term
from rules.systems.arm5.common import in_hand
from rules.systems.arm5.compact import weapon_of
from rules.systems.arm5.sheet import ABILITY_ALIASES, FIELD_ALIASES, Sheet
from rules.systems.arm5.vocabulary import canonical
from rules.systems.arm5.weapons import SHIELDS, WEAPONS

QUICK: Final = ("init", "attack", "defense", "damage")
# What each value feeds among the five statistics: given all of those as quick totals, it changes nothing.
FEEDS: Final[dict[str, frozenset[str]]] = {
    "dex": frozenset({"attack"}),
    "str": frozenset({"damage"}),
    "qik": frozenset({"defense", "init"}),
    "encumbrance": frozenset({"init"}),
    "sta": frozenset({"soak"}),
    "armour_prot": frozenset({"soak"}),
    "soak_bonus": frozenset({"soak"}),
    "shield": frozenset({"attack", "defense", "damage", "init"}),
}


def _given(data: Mapping[str, Any]) -> set[str]:
    """The keys a line (or stored sheet data) gave, as the vocabulary's keys; nested groups opened."""
    typed = canonical({FIELD_ALIASES.get(k, k): v for k, v in data.items()})
    given = set(typed)
    for group in ("abilities", "wounds"):
        if isinstance(typed.get(group), Mapping):
            given |= {ABILITY_ALIASES.get(k, k) for k in typed[group]}
    if "defence" in given:
        given.add("defense")
    return given


def _signed(value: int) -> str:
    return f"{value:+d}"


# The catalog's word for a statistic (a quick line's `init` is the Initiative before the die).
TERM_OF: Final[dict[str, str]] = {"init": "initiative"}


def _value(key: str, value: int | str) -> Message:
    return Message("note.arm5.value", {"what": Term("term", TERM_OF.get(key, key)), "value": value})


def _thing(kind: str, name: str, table: Mapping[str, Any]) -> Term | str:
    return Term(kind, name) if name in table else name


def _totals(sheet: Sheet) -> dict[str, int]:
    """The five statistics before the die (wound and Fatigue penalties left out)."""
    weapon, s = in_hand(sheet, None)
    skill = sheet.ability(weapon.ability)
    return {
        "init": sheet.qik + weapon.init + (s.init if s else 0) - sheet.encumbrance,
        "attack": sheet.dex + skill + weapon.atk + (s.atk if s else 0),
        "defense": sheet.qik + skill + weapon.dfn + (s.dfn if s else 0),
        "damage": sheet.str + weapon.dam + (s.dam if s else 0),
        "soak": sheet.sta + sheet.armour_prot + sheet.soak_bonus,
    }


def sheet_warnings(data: Mapping[str, Any], sheet: Sheet) -> list[Note]:
    given = _given(data)
    quick = given & set(QUICK)
    notes: list[Note] = []
    assumed: list[Message] = []
    if quick:
        totals = _totals(sheet)
        soak_given = bool(given & {"soak", "armour_prot"})  # Stamina alone leaves the armour at 0
        for key in (*QUICK, "soak"):
            if key not in given and (key != "soak" or not soak_given):
                assumed.append(_value(key, _signed(totals[key])))
    else:
        for key in ("str", "sta", "dex", "qik"):
            if key not in given:
                assumed.append(_value(key, 0))
    if "size" not in given:
        assumed.append(_value("size", 0))
    ability = sheet.weapon.ability
    if not quick and ability not in given:
        assumed.append(_value(ability, 0))
    if not quick and not given & {"armour_prot", "soak"}:
        assumed.append(_value("armour_prot", 0))
    if sheet.mounted and "riding" not in given:
        assumed.append(_value("riding", 0))
    if assumed:
        notes.append(Note(key="assumed", params={"values": assumed}))
    if not quick and "weapon" not in given:
        notes.append(Note(key="no_weapon"))
    if quick:
        absorbed = [Term("term", k) for k, feeds in FEEDS.items() if k in given and feeds <= given]
        if absorbed:
            notes.append(Note(key="absorbed", params={"keys": absorbed}))
        if "weapon" in given:
            weapon = data_weapon_name(data, sheet)
            notes.append(Note(key="weapon_replaced", params={"weapon": _thing("weapon", weapon, WEAPONS)}))
    if sheet.shield is not None and ability != "single_weapon":
        shield = _thing("weapon", sheet.shield.name, SHIELDS)
        notes.append(Note(key="shield_unused", params={"shield": shield, "ability": Term("term", ability)}))
    if sheet.abilities.riding and not sheet.mounted:
        notes.append(Note(key="riding_unused"))
    if sheet.abilities.finesse and not any(s.fast_casting for s in sheet.spells):
        notes.append(Note(key="finesse_unused"))
    return notes


def data_weapon_name(data: Mapping[str, Any], sheet: Sheet) -> str:
    """The weapon the line named (the sheet holds the NPC weapon made of the totals instead)."""
    typed = canonical(dict(data)).get("weapon")
    if isinstance(typed, Mapping):
        return str(typed.get("name", "weapon"))
    if isinstance(typed, str):
        try:
            return str(weapon_of(typed).get("name", typed))
        except RulesError:  # a weapon the sheet did not need (the totals replaced it): shown as typed
            return typed
    return sheet.weapon.name
