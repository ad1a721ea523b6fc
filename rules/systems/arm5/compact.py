"""The one-line notation of the sheet's structured fields, read by the Sheet and written by `sheet_line`.

- weapon (`broń`): a table weapon by name, `broń:miecz_długi`; or a weapon of one's own,
  `broń:<name>@<Ability>:<Init>/<Atk>/<Dfn>/<Dam>` (`broń:szabla@single_weapon:1/4/1/6`). A table weapon
  with other numbers keeps its Ability: `broń:miecz_długi:3/5/1/6`. Without `@Ability` a weapon of one's
  own takes the one combat Ability the sheet has (else Single Weapon). A fifth part `dystansowa` / `wręcz`
  marks a weapon shot or thrown although its Ability is a melee one (or the other way round).
- shield (`tarcza`): `tarcza:puklerz`; one's own `tarcza:pawęż:0/0/4/0` (Init/Atk/Dfn/Dam); `tarcza:brak`.
- spells (`zaklęcia`): `<name>:<damage>/<Casting Score>[/<level>][/FC]`, several joined by commas
  (`zaklęcia:Pilum_of_Fire:15/12/20/FC,Ball_of_Abysmal_Flame:30/9`); `FC` = Spell Mastery with Fast
  Casting; `zaklęcia:brak` = none.

Names are one word: an underscore stands for a space (`Pilum_of_Fire` is the spell "Pilum of Fire").
"""

from __future__ import annotations

from typing import Any, Final

from rules.errors import RulesError
from rules.model import Term
from rules.systems.arm5.tables import RANGED_ABILITIES
from rules.systems.arm5.weapons import SHIELDS, WEAPONS
from rules.systems.arm5.words import (
    ABILITIES,
    FAST_CASTING_MARK,
    NO_SHIELD,
    NOTHING,
    RANGED_MARK,
    SHIELD_NAMES,
    WEAPON_NAMES,
    lookup,
    written,
)
from rules.vocabulary import fold

COMBAT_ABILITIES: Final = ("single_weapon", "great_weapon", "brawl", "throw", "bows")
EXAMPLES: Final[dict[str, str]] = {
    "weapon": "broń:miecz_długi · broń:szabla@single_weapon:1/4/1/6",
    "shield": "tarcza:puklerz · tarcza:pawęż:0/0/4/0",
    "spells": "zaklęcia:Pilum_of_Fire:15/12/20/FC",
}


def _refuse(key: str, value: str) -> RulesError:
    return RulesError("error.arm5.bad_notation", key=Term("term", key), value=value, expected=EXAMPLES[key])


def _numbers(key: str, text: str, value: str) -> list[int]:
    try:
        return [int(part.strip().replace("−", "-")) for part in text.split("/")]
    except ValueError:
        raise _refuse(key, value) from None


def own_name(text: str) -> str:
    """A name as typed in the notation: underscores are spaces."""
    return text.replace("_", " ").strip()


def weapon_of(value: str) -> dict[str, Any]:
    """`miecz_długi`, `Long_Sword`, `szabla@single_weapon:1/4/1/6`, `miecz_długi:3/5/1/6` → weapon data."""
    head, sep, tail = value.strip().partition(":")
    name_text, at, ability_text = head.partition("@")
    table = lookup(WEAPON_NAMES, name_text) if name_text.strip() else None
    ability = None
    if at:
        ability = lookup({k: ABILITIES[k] for k in COMBAT_ABILITIES}, ability_text)
        if ability is None:
            raise _refuse("weapon", value)
    if not sep:
        if table is None:
            if at:  # a weapon of one's own needs its numbers
                raise _refuse("weapon", value)
            allowed = [Term("weapon", w) for w in sorted(WEAPONS)]
            raise RulesError("error.arm5.unknown_weapon", weapon=value, allowed=allowed)
        if ability is None:
            return {"name": table}
        w = WEAPONS[table]
        return {"name": table, "ability": ability, "init": w.init, "atk": w.atk, "dfn": w.dfn, "dam": w.dam}
    parts = tail.split("/")
    ranged = None
    if len(parts) == 5:
        ranged = lookup({str(k): v for k, v in RANGED_MARK.items()}, parts.pop())
        if ranged is None:
            raise _refuse("weapon", value)
    if len(parts) != 4:
        raise _refuse("weapon", value)
    init, atk, dfn, dam = _numbers("weapon", "/".join(parts), value)
    data: dict[str, Any] = {
        "name": table or own_name(name_text) or "weapon",
        "init": init,
        "atk": atk,
        "dfn": dfn,
        "dam": dam,
    }
    if ability is None and table is not None:
        ability = WEAPONS[table].ability
    if ability is not None:
        data["ability"] = ability
    if ranged is not None:
        data["ranged"] = ranged == "True"
    return data


def shield_of(value: str) -> dict[str, Any] | None:
    """`puklerz`, `Round_Shield`, `pawęż:0/0/4/0`, `brak` → shield data (None: no shield)."""
    head, sep, tail = value.strip().partition(":")
    table = lookup(SHIELD_NAMES, head) if head.strip() else None
    if table == NO_SHIELD and not sep:
        return None
    if not sep:
        if table is None:
            allowed = [Term("weapon", s) for s in sorted(SHIELDS)]
            raise RulesError("error.arm5.unknown_shield", shield=value, allowed=allowed)
        s = SHIELDS[table]
        return {"name": table, "init": s.init, "atk": s.atk, "dfn": s.dfn, "dam": s.dam}
    numbers = _numbers("shield", tail, value)
    if len(numbers) != 4:
        raise _refuse("shield", value)
    init, atk, dfn, dam = numbers
    name = table if table not in (None, NO_SHIELD) else own_name(head) or "shield"
    return {"name": name, "init": init, "atk": atk, "dfn": dfn, "dam": dam}


def spells_of(value: str) -> list[dict[str, Any]]:
    """`Pilum_of_Fire:15/12/20/FC,Ball_of_Abysmal_Flame:30/9` → spell data; `brak` → none."""
    if fold(value) in {fold(n) for n in NOTHING}:
        return []
    spells = []
    for item in value.split(","):
        if not item.strip():
            continue
        name, sep, tail = item.strip().partition(":")
        spell: dict[str, Any] = {"name": own_name(name)}
        if not spell["name"]:
            raise _refuse("spells", value)
        parts = tail.split("/") if sep else []
        if parts and fold(parts[-1]) in {fold(m) for m in FAST_CASTING_MARK}:
            spell["fast_casting"] = True
            parts.pop()
        if len(parts) > 3 or (sep and not parts):
            raise _refuse("spells", value)
        numbers = _numbers("spells", "/".join(parts), value) if parts else []
        for field, number in zip(("damage", "casting_score", "level"), numbers, strict=False):
            spell[field] = number
        spells.append(spell)
    return spells


# --- writing ----------------------------------------------------------------------------------------
def _name(names: tuple[str, ...], fallback: str) -> str:
    return written(names[0]) if names else fallback


def _four(init: int, atk: int, dfn: int, dam: int) -> str:
    return f"{init}/{atk}/{dfn}/{dam}"


def weapon_text(weapon: dict[str, Any]) -> str:
    """A weapon as the notation writes it: the table's name when it is the table's weapon unchanged."""
    name, ability = weapon["name"], weapon["ability"]
    numbers = (weapon["init"], weapon["atk"], weapon["dfn"], weapon["dam"])
    ranged_default = ability in RANGED_ABILITIES
    if name in WEAPONS:
        w = WEAPONS[name]
        if (ability, *numbers) == (w.ability, w.init, w.atk, w.dfn, w.dam) and weapon["ranged"] == ranged_default:
            return _name(WEAPON_NAMES[name], name)
        head = _name(WEAPON_NAMES[name], name)
    else:
        head = own_name_text(name)
    text = f"{head}@{_name(ABILITIES[ability], ability)}:{_four(*numbers)}"
    if weapon["ranged"] != ranged_default:
        text += "/" + RANGED_MARK[bool(weapon["ranged"])][0]
    return text


def shield_text(shield: dict[str, Any]) -> str:
    name = shield["name"]
    numbers = (shield["init"], shield["atk"], shield["dfn"], shield["dam"])
    if name in SHIELDS and numbers == tuple(SHIELDS[name])[1:]:
        return _name(SHIELD_NAMES[name], name)
    head = _name(SHIELD_NAMES[name], name) if name in SHIELDS else own_name_text(name)
    return f"{head}:{_four(*numbers)}"


def spells_text(spells: list[dict[str, Any]]) -> str:
    out = []
    for spell in spells:
        text = f"{own_name_text(spell['name'])}:{spell['damage']}/{spell['casting_score']}"
        if spell.get("level") is not None:
            text += f"/{spell['level']}"
        if spell.get("fast_casting"):
            text += "/" + FAST_CASTING_MARK[0]
        out.append(text)
    return ",".join(out)


def own_name_text(name: str) -> str:
    """A name of one's own as one word of the notation (spaces as underscores, never empty)."""
    return name.strip().replace(" ", "_") or "_"
