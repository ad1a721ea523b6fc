"""The hit test carried in an exchange as plain data: written and read for the one shape this system
gives it, without the generic codec's walk over every field of every check (issue 17).

`resolve_attack` builds the hit test with `rules.checks.check` (dice, parts, a versus of parts only,
an outcome; no multiplier, steps, location or dice steps), so its plain form is written straight from
those fields, exactly as `dump_checks` writes it. Reading it back takes only that shape, each value of
its exact type; anything else (an older exchange, a hand edit) goes through `load_checks` as before, so
both directions give what the generic codec gives, errors included.
"""

from __future__ import annotations

from typing import Any

from rules.checks import dump_checks, load_checks
from rules.model import Check, Die, Part, Side

_NUMBER = (int, float)  # exactly: a bool is left to the generic codec
_PLAIN_CHECK = frozenset({"label", "side", "dice", "parts", "raw", "total", "versus", "outcome"})
_PART_KEYS = frozenset({"key", "value"})
_SIDED_PART_KEYS = frozenset({"key", "value", "side"})
_DIE_KEYS = frozenset({"sides", "face"})
_SIDES = ("actor", "target", "other", "both")  # `rules.model.Side`


_ABSENT: Any = object()  # a key left out (its default), unlike one given as null (refused)


class _Other(Exception):
    """Not the shape written here: the generic codec reads it."""


def _plain_parts(parts: list[Part]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for p in parts:
        if type(p.key) is not str or type(p.value) not in _NUMBER:
            raise _Other
        if p.side == "actor":
            out.append({"key": p.key, "value": p.value})
        elif p.side in _SIDES:
            out.append({"key": p.key, "value": p.value, "side": p.side})
        else:
            raise _Other
    return out


def _plain(c: Check) -> dict[str, Any]:
    """`dump_checks` of one check with kept dice and parts only (what `check` builds without steps)."""
    if (
        c.steps
        or c.dice_steps
        or c.multiplier != 1
        or type(c.multiplier) is not int
        or c.location is not None
        or c.dice_expr is not None
        or c.side not in ("actor", "target")
        or type(c.label) is not str
        or (c.outcome is not None and type(c.outcome) is not str)
        or type(c.dice) is not list
        or type(c.parts) is not list
    ):
        raise _Other
    out: dict[str, Any] = {"label": c.label}
    if c.side != "actor":
        out["side"] = c.side
    if c.dice:
        dice = []
        for d in c.dice:
            if type(d.sides) is not int or type(d.face) is not int or d.role != "kept":
                raise _Other
            dice.append({"sides": d.sides, "face": d.face})
        out["dice"] = dice
    if c.parts:
        out["parts"] = _plain_parts(c.parts)
    for name, value in (("raw", c.raw), ("total", c.total)):
        if value is not None:
            if type(value) not in _NUMBER:
                raise _Other
            out[name] = value
    if c.versus is not None:
        out["versus"] = _plain(c.versus)
    if c.outcome is not None:
        out["outcome"] = c.outcome
    return out


def carry(checks: list[Check]) -> list[dict[str, Any]]:
    """The exchange's checks as plain data: exactly `dump_checks(checks)`."""
    try:
        return [_plain(c) for c in checks]
    except _Other:
        return dump_checks(checks)


def _parts(data: object) -> list[Part]:
    if type(data) is not list:
        raise _Other
    parts = []
    for p in data:
        if type(p) is not dict:
            raise _Other
        keys = p.keys()
        part_side: Side
        if keys == _PART_KEYS:
            part_side = "actor"
        elif keys == _SIDED_PART_KEYS and p["side"] in _SIDES:
            part_side = p["side"]  # one of `_SIDES`
        else:
            raise _Other
        key, value = p["key"], p["value"]
        if type(key) is not str or type(value) not in _NUMBER:
            raise _Other
        parts.append(Part(key, value, part_side))
    return parts


def _dice(data: object) -> list[Die]:
    if type(data) is not list:
        raise _Other
    dice = []
    for d in data:
        if type(d) is not dict or d.keys() != _DIE_KEYS:
            raise _Other
        sides, face = d["sides"], d["face"]
        if type(sides) is not int or type(face) is not int:
            raise _Other
        dice.append(Die(sides, face))
    return dice


def _back(data: object) -> Check:
    if type(data) is not dict or not data.keys() <= _PLAIN_CHECK:
        raise _Other
    get = data.get
    label, side, outcome, versus = get("label"), get("side", "actor"), get("outcome"), get("versus")
    raw, total, dice, parts = get("raw"), get("total"), get("dice", _ABSENT), get("parts", _ABSENT)
    if (
        type(label) is not str
        or side not in _SIDES
        or (outcome is not None and type(outcome) is not str)
        or (raw is not None and type(raw) not in _NUMBER)
        or (total is not None and type(total) not in _NUMBER)
    ):
        raise _Other
    return Check(
        label, side, [] if dice is _ABSENT else _dice(dice), 1, [] if parts is _ABSENT else _parts(parts), raw, [],
        total, None if versus is None else _back(versus), outcome, None, [], None,
    )  # fmt: skip


def carried(data: Any) -> list[Check]:
    """The exchange's checks back: exactly `load_checks(data)`."""
    try:
        if type(data) is not list:
            raise _Other
        return [_back(c) for c in data]
    except _Other:
        return load_checks(data)
