"""A whole character as one stats line in the seed's words (`sheet_line`), and ready archetypes (`TEMPLATES`).

The line holds every build and lasting field that differs from the sheet's default (physical defence always,
so that a pasted line is never told its defence was assumed); the structured ones in the compact notation
of `notation.py`. Pasted into `/character create`, it makes an equal character."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import notation
from .sheet import Sheet
from .words import STAT_KEYS

NAME: Final[dict[str, str]] = {k.key: k.shown.replace(" ", "_") for k in STAT_KEYS}  # typeable: `obrona_fizyczna`


def _number(value: Any) -> str:
    return notation.shown_number(value)


# (field, how its value is written) in the order a player reads a sheet
_WRITTEN: Final[tuple[tuple[str, Callable[[Any], str]], ...]] = (
    ("physical_defence", _number),
    ("physical_defence_unprepared", _number),
    ("weapon_skills", notation.skills_text),
    ("weapons", notation.weapons_text),
    ("shield", notation.shield_text),
    ("armour", notation.armour_text),
    ("strength", _number),
    ("lift_kg", _number),
    ("parry_skill", _number),
    ("dodge_skill", _number),
    ("unarmed_skill", _number),
    ("initiative_bonus", _number),
    ("reflex", _number),
    ("endurance", _number),
    ("natural_armour", _number),
    ("proficiencies", ",".join),
    ("name", str),
    ("damage_taken", _number),
    ("damage_by_location", notation.parts_numbers_text),
    ("fatigue_points", _number),
    ("down", {"unconscious": "nieprzytomny", "dead": "martwy"}.__getitem__),
)
_ALWAYS: Final = frozenset({"physical_defence"})


def sheet_line(sheet: Sheet) -> str:
    data = sheet.model_dump(mode="json")
    defaults = {name: f.get_default(call_default_factory=True) for name, f in Sheet.model_fields.items()}
    words = [NAME["is_hero"]] if sheet.is_hero else []
    for field, write in _WRITTEN:
        value = data.get(field)
        if value is None or (value == defaults.get(field) and field not in _ALWAYS):
            continue
        words.append(f"{NAME[field]}:{notation.quoted(write(value))}")
    return " ".join(words)


# Ready archetypes (issue 13): `/character create template:<id>`, each fights and defends as it is. Numbers
# on the scale of the quick NPCs (a test is 1k20 + skill against a defence of 12–14); HOUSE choices, the
# seed's weapon and armour tables being elsewhere. Names: `template.pl_wladanie.<id>`.
TEMPLATES: Final[dict[str, str]] = {
    "fighter": (
        "bohater obrona_fizyczna:13 obrona_nieprzygotowana:10 władanie:miecz=6,tarcza=5 "
        "broń:miecz:1k8:1/2:1,5kg:parowanie+1 tarcza:średnia zbroja:kolczuga@korpus,ręce:16/4;hełm:15/3 "
        "siła:6 udźwig:45 parowanie:5 unik:3 walka_wręcz:2 inicjatywa:2 refleks:4 wytrwałość:4"
    ),
    "archer": (
        "bohater obrona_fizyczna:13 obrona_nieprzygotowana:11 władanie:łuk=7,sztylet=4 "
        "broń:łuk:1k8:1kg:oburęczna:strzelecka:150m;sztylet:1k4:1/4:0,5kg:lekka:do_miotania "
        "zbroja:przeszywanica@korpus,ręce:14/2 siła:5 udźwig:40 parowanie:3 unik:5 walka_wręcz:2 "
        "inicjatywa:4 refleks:6 wytrwałość:3"
    ),
    "brawler": (
        "bohater obrona_fizyczna:14 obrona_nieprzygotowana:11 broń:pięść zbroja:skórznia@korpus:15/1 siła:8 "
        "udźwig:50 parowanie:3 unik:6 walka_wręcz:7 inicjatywa:3 refleks:5 wytrwałość:6 naturalny_pancerz:1"
    ),
    "axeman": (
        "bohater obrona_fizyczna:12 obrona_nieprzygotowana:9 władanie:topór=6 broń:topór:1k10:1/2:4,5kg:oburęczna "
        "zbroja:kolczuga@korpus,ręce:16/4;hełm:15/3 siła:7 udźwig:50 parowanie:4 unik:2 walka_wręcz:3 "
        "inicjatywa:1 refleks:3 wytrwałość:5"
    ),
}
