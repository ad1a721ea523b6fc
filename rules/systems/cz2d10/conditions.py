"""Conditions a GM puts on with `/encounter effect add`: each sets exactly the sheet state the rules' own
mechanism sets, so every rule that reads that state treats it the same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.model import Term
from rules.systems.cz2d10.derive import stun_pool, thresholds
from rules.systems.cz2d10.resolve import err
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.status import guess_settings

# L393 a kick leaves the kicker −3 (−2 from 6 levels): the GM's condition is the standard −3.
KICK_OFF_BALANCE = 3


def _faint(s: Sheet, on: bool) -> dict[str, Any]:
    """On: the faint flag a failed shock sets (L467). Off: awake again, so the stun drops just below the
    serious level if it had reached it (the seed has no waking rule; the GM's word ends the faint)."""
    if on:
        return {"fainted": True}
    serious = thresholds(stun_pool(s, guess_settings(s)))[1]
    return {"fainted": False, "stun": min(s.stun, serious - 1)}


# condition -> the sheet update that puts it on (True) or takes it off (False)
_SETTERS: dict[str, Callable[[Sheet, bool], dict[str, Any]]] = {
    "prone": lambda s, on: {"prone": on},  # ležící / povalený (L393): a trip margin of 10 sets it
    "immobile": lambda s, on: {"immobile": on},  # nehybný (L366): defence 13, attacked by stabbing
    "unaware": lambda s, on: {"aware": not on},  # nebránící se (L364): half DEX, no guard, shield, weapon
    "non_dodging": lambda s, on: {"non_dodging": on},  # neuhýbající (L362): no DEX, no dodging
    "off_balance": lambda s, on: {"off_balance": KICK_OFF_BALANCE if on else 0},  # after a kick (L383)
    "intimidated": lambda s, on: {"intimidation": max(1, s.intimidation) if on else 0},  # zastrašený (L368)
    "fainted": _faint,  # omdlel (L467)
    "dead": lambda s, on: {"dead": on},  # mrtvý: head or torso destroyed (L499)
}

CONDITIONS: tuple[str, ...] = tuple(_SETTERS)


def set_condition(sheet: Sheet, condition: str, on: bool) -> Sheet:
    setter = _SETTERS.get(condition)
    if setter is None:
        raise err("unknown_condition", condition=condition, allowed=[Term("condition", c) for c in CONDITIONS])
    return sheet.updated(setter(sheet, on))
