"""The hit test an exchange carries, written and read for the one shape this system makes.

An attack that waits for the defender's answer carries its hit test as plain JSON: exactly what
`rules.checks.dump_checks` writes, and `load_checks` reads back. This system's hit test always has one
shape (test dice, the attacker's parts, raw = total, against the target's ST of parts alone), so both
directions are written out for it here; anything else (a hand-edited exchange, a shape this module does
not know) goes through the shared codec as before, errors included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.checks import dump_checks, load_checks
from rules.model import Check, Die, Part


class _Other(Exception):
    """Not the hit test's usual shape: the shared codec handles it."""


_HIT_KEYS = frozenset({"label", "dice", "parts", "raw", "total", "versus", "outcome"})
_ST_KEYS = frozenset({"label", "side", "parts", "raw", "total"})
_DIE_KEYS = frozenset({"sides", "face"})
_ACTOR_PART = frozenset({"key", "value"})
_TARGET_PART = frozenset({"key", "value", "side"})


def _plain(c: Check, side: str) -> bool:
    """A check of dice and parts only (raw = total, no steps) of one side, all of exact JSON types."""
    raw = c.raw
    return (
        type(c) is Check
        and c.side == side
        and type(c.label) is str
        and type(raw) is int
        and c.total == raw
        and type(c.total) is int
        and c.multiplier == 1
        and type(c.multiplier) is int
        and not c.steps
        and not c.dice_steps
        and c.location is None
        and c.dice_expr is None
        and type(c.dice) is list
        and type(c.parts) is list
        and all(type(p) is Part and p.side == side and type(p.key) is str and type(p.value) is int for p in c.parts)
    )


def _hit_shape(checks: Sequence[Check]) -> bool:
    if len(checks) != 1:
        return False
    c = checks[0]
    st = c.versus
    return (
        _plain(c, "actor")
        and type(c.outcome) is str
        and bool(c.dice)
        and all(type(d) is Die and d.role == "kept" and type(d.sides) is int and type(d.face) is int for d in c.dice)
        and st is not None
        and _plain(st, "target")
        and not st.dice
        and st.versus is None
        and st.outcome is None
        and bool(st.parts)
    )


def dump_hit(checks: Sequence[Check]) -> list[dict[str, Any]]:
    """`dump_checks(checks)`: the same plain data, written directly for the hit test's shape."""
    if not _hit_shape(checks):
        return dump_checks(checks)
    c = checks[0]
    st = c.versus
    assert st is not None
    out: dict[str, Any] = {"label": c.label, "dice": [{"sides": d.sides, "face": d.face} for d in c.dice]}
    if c.parts:  # the key is left out when empty, as dump_checks does
        out["parts"] = [{"key": p.key, "value": p.value} for p in c.parts]
    out["raw"] = c.raw
    out["total"] = c.total
    out["versus"] = {
        "label": st.label,
        "side": "target",
        "parts": [{"key": p.key, "value": p.value, "side": "target"} for p in st.parts],
        "raw": st.raw,
        "total": st.total,
    }
    out["outcome"] = c.outcome
    return [out]


def load_hit(data: Sequence[Any]) -> list[Check]:
    """`load_checks(data)`: the same checks, read directly when the data has the hit test's shape."""
    try:
        return [_load(data)]
    except _Other:
        return load_checks(data)


def _load(data: Sequence[Any]) -> Check:
    if type(data) is not list or len(data) != 1:
        raise _Other
    c = data[0]
    if type(c) is not dict or not (c.keys() == _HIT_KEYS or c.keys() == _HIT_KEYS - {"parts"}):
        raise _Other
    st = c["versus"]
    if type(st) is not dict or st.keys() != _ST_KEYS or st["side"] != "target":
        raise _Other
    label, raw, total, outcome = c["label"], c["raw"], c["total"], c["outcome"]
    st_label, st_raw, st_total = st["label"], st["raw"], st["total"]
    if (
        type(label) is not str
        or type(outcome) is not str
        or type(raw) not in _NUMBER
        or type(total) not in _NUMBER
        or type(st_label) is not str
        or type(st_raw) not in _NUMBER
        or type(st_total) not in _NUMBER
    ):
        raise _Other
    versus = Check(
        st_label, "target", [], 1, _parts(st["parts"], "target"), st_raw, [], st_total, None, None, None, [], None
    )
    parts = _parts(c["parts"], "actor") if "parts" in c else []
    return Check(label, "actor", _dice(c["dice"]), 1, parts, raw, [], total, versus, outcome, None, [], None)


_NUMBER = (int, float)


def _dice(items: object) -> list[Die]:
    if type(items) is not list:
        raise _Other
    dice = []
    for d in items:
        if type(d) is not dict or d.keys() != _DIE_KEYS:
            raise _Other
        sides, face = d["sides"], d["face"]
        if type(sides) is not int or type(face) is not int:
            raise _Other
        dice.append(Die(sides, face, "kept"))
    return dice


def _parts(items: object, side: str) -> list[Part]:
    """Parts of one side: an actor's part has no `side` key (its default), a target's names it."""
    if type(items) is not list:
        raise _Other
    keys = _ACTOR_PART if side == "actor" else _TARGET_PART
    parts = []
    for p in items:
        if type(p) is not dict or p.keys() != keys or (side != "actor" and p["side"] != side):
            raise _Other
        key, value = p["key"], p["value"]
        if type(key) is not str or type(value) not in _NUMBER:
            raise _Other
        parts.append(Part(key, value, side))  # type: ignore[arg-type]
    return parts
