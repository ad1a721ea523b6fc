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


def _simple(c: Check) -> bool:
    """Dice and parts only: what `dump_checks` writes of it is the fields below, nothing else."""
    return (
        type(c) is Check
        and not c.steps
        and not c.dice_steps
        and c.multiplier == 1
        and type(c.multiplier) is int
        and c.location is None
        and c.dice_expr is None
    )


def _dump_simple(c: Check, versus: dict[str, Any] | None) -> dict[str, Any]:
    """`dump_checks`' form of a simple check, its defaults left out. The numbers are the rules' own (dice
    faces, sheet and setting integers), so they are written as they are, without a type walk."""
    out: dict[str, Any] = {"label": c.label}
    if c.side != "actor":
        out["side"] = c.side
    if c.dice:
        out["dice"] = [
            {"sides": d.sides, "face": d.face}
            if d.role == "kept"
            else {"sides": d.sides, "face": d.face, "role": d.role}
            for d in c.dice
        ]
    if c.parts:
        out["parts"] = [
            {"key": p.key, "value": p.value} if p.side == "actor" else {"key": p.key, "value": p.value, "side": p.side}
            for p in c.parts
        ]
    if c.raw is not None:
        out["raw"] = c.raw
    if c.total is not None:
        out["total"] = c.total
    if versus is not None:
        out["versus"] = versus
    if c.outcome is not None:
        out["outcome"] = c.outcome
    return out


def dump_hit(checks: Sequence[Check]) -> list[dict[str, Any]]:
    """`dump_checks(checks)` of the hit test `resolve_attack` just made (`hit_test_check` against
    `defence_check`): the same plain data, written directly; any other shape goes through dump_checks."""
    if len(checks) != 1:
        return dump_checks(checks)
    c = checks[0]
    st = c.versus
    if st is None or st.versus is not None or not _simple(c) or not _simple(st):
        return dump_checks(checks)
    return [_dump_simple(c, _dump_simple(st, None))]


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
