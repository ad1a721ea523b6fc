"""Conditions a GM may put on or take off (`/encounter effect`), each written the way the rules' own
mechanism writes it, so every later result is the same as if the rules had caused it."""

from __future__ import annotations

from typing import Any, Final

from rules.systems.arm5.common import no_attempt
from rules.systems.arm5.sheet import Sheet
from rules.systems.arm5.tables import COVER_BONUS, FATIGUE_LEVELS

FATIGUE_CONDITIONS: Final[dict[str, int]] = {name: FATIGUE_LEVELS.index(name) for name in FATIGUE_LEVELS[1:]}
COVER_CONDITIONS: Final[dict[str, str]] = {f"cover_{kind}": kind for kind in COVER_BONUS if kind != "none"}
GM_CONDITIONS: Final[tuple[str, ...]] = (
    *FATIGUE_CONDITIONS,
    "incapacitated",
    "dead",
    "mounted",
    *COVER_CONDITIONS,
    "left_combat",
    "delaying",
)


def _fatigue(sheet: Sheet, level: int, on: bool) -> dict[str, Any]:
    """A Fatigue level (poziom Wyczerpania); Unconscious is level 5 (as a non-lethal hit leaves it).
    Taking the level's condition off leaves the character Fresh."""
    if on:
        return {"fatigue_level": level}
    return {"fatigue_level": 0} if sheet.fatigue_level == level else {}


def _incapacitated(sheet: Sheet, on: bool) -> dict[str, Any]:
    """An Eliminujące wound, as a hit in that band records it; off: no such wound."""
    count = max(1, sheet.wounds.incapacitating) if on else 0
    return {"wounds": sheet.wounds.model_copy(update={"incapacitating": count})}


def _cover(sheet: Sheet, kind: str, on: bool) -> dict[str, Any]:
    if on:
        return {"cover": kind}
    return {"cover": "none"} if sheet.cover == kind else {}


def _left_combat(on: bool) -> dict[str, Any]:
    """As a successful disengage leaves it: out of the melee, nobody engaged, no attempt or bonus."""
    if not on:
        return {"left_combat": False}
    return no_attempt() | {"left_combat": True, "engaged_with": [], "attacked_by": [], "disengage_bonus": 0}


def _delaying(sheet: Sheet, on: bool) -> dict[str, Any]:
    """As `hold` without a count: waiting in its own place."""
    if not on:
        return {"delaying": False}
    place = sheet.initiative if sheet.held_initiative is None else sheet.held_initiative
    return {"delaying": True, "held_initiative": place}


def condition_updates(sheet: Sheet, condition: str, on: bool) -> dict[str, Any]:
    """The sheet changes for one GM condition (the caller checks that it is one of GM_CONDITIONS)."""
    if condition in FATIGUE_CONDITIONS:
        return _fatigue(sheet, FATIGUE_CONDITIONS[condition], on)
    if condition in COVER_CONDITIONS:
        return _cover(sheet, COVER_CONDITIONS[condition], on)
    if condition == "incapacitated":
        return _incapacitated(sheet, on)
    if condition == "left_combat":
        return _left_combat(on)
    if condition == "delaying":
        return _delaying(sheet, on)
    return {condition: on}  # dead, mounted: the sheet's own flags
