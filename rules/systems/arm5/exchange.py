"""The attack's check carried in the exchange, written and read for the shape this system makes (issue 17).

`rules.checks.dump_checks` / `load_checks` handle any check (each field through a helper, a dozen calls for a
stress roll's check); an exchange carries one Attack check of a known shape: the attacker's side, dice, a
multiplier, whole parts, raw, at most a botch step, and the total. `dump_check` and `load_check` write and
read exactly that shape inline, giving exactly what the shared functions give, and return None for any
other shape, which the shared functions then handle as before (errors included).
"""

from __future__ import annotations

from typing import Any, get_args

from rules.checks import dump_checks, load_checks
from rules.model import Check, Die, DieRole, Part, Step, StepOp

_ROLES: frozenset[object] = frozenset(get_args(DieRole))
_OPS: frozenset[object] = frozenset(get_args(StepOp))
_CHECK_KEYS = frozenset({"label", "dice", "multiplier", "parts", "raw", "steps", "total"})
_DIE_KEYS = frozenset({"sides", "face", "role"})


def dump_one(c: Check) -> list[dict[str, Any]]:
    """`dump_checks([c])`: the usual shape written here, any other by the shared function."""
    dumped = dump_check(c)
    return dump_checks([c]) if dumped is None else [dumped]


def load_first(data: Any) -> Check:
    """`load_checks(data)[0]`: a list of one check of the usual shape read here, anything else (more
    checks, each to be validated) by the shared function."""
    if type(data) is list and len(data) == 1:
        loaded = load_check(data[0])
        if loaded is not None:
            return loaded
    return load_checks(data)[0]


def dump_check(c: Check) -> dict[str, Any] | None:
    """`dump_checks([c])[0]` for an actor's check with whole numbers and plain steps; None for any other."""
    if (
        type(c) is not Check
        or c.side != "actor"
        or type(c.label) is not str
        or type(c.multiplier) is not int
        or type(c.raw) is not int
        or type(c.total) is not int
        or c.versus is not None
        or c.outcome is not None
        or c.location is not None
        or c.dice_steps
        or c.dice_expr is not None
        or type(c.dice) is not list
        or type(c.parts) is not list
        or type(c.steps) is not list
        or type(c.dice_steps) is not list
    ):
        return None
    dice = []
    for d in c.dice:
        if type(d) is not Die or type(d.sides) is not int or type(d.face) is not int or d.role not in _ROLES:
            return None
        dice.append(
            {"sides": d.sides, "face": d.face}
            if d.role == "kept"
            else {"sides": d.sides, "face": d.face, "role": d.role}
        )
    parts = []
    for p in c.parts:
        if type(p) is not Part or p.side != "actor" or type(p.key) is not str or type(p.value) is not int:
            return None
        parts.append({"key": p.key, "value": p.value})
    steps = []
    for s in c.steps:
        if (
            type(s) is not Step
            or s.side != "actor"
            or s.op not in _OPS
            or type(s.key) is not str
            or type(s.value) is not int
            or type(s.total) is not int
            or type(s.detail) is not list
            or s.detail
        ):
            return None
        steps.append({"op": s.op, "key": s.key, "value": s.value, "total": s.total})
    out: dict[str, Any] = {"label": c.label}  # the fields in declared order, defaults left out
    if dice:
        out["dice"] = dice
    if c.multiplier != 1:
        out["multiplier"] = c.multiplier
    if parts:
        out["parts"] = parts
    out["raw"] = c.raw
    if steps:
        out["steps"] = steps
    out["total"] = c.total
    return out


def load_check(data: Any) -> Check | None:
    """`load_checks([data])[0]` for the shape `dump_check` writes (exact types, no other keys); None for
    any other shape."""
    if type(data) is not dict or not data.keys() <= _CHECK_KEYS:
        return None
    label, multiplier, raw, total = data.get("label"), data.get("multiplier", 1), data.get("raw"), data.get("total")
    if type(label) is not str or type(multiplier) is not int or type(raw) is not int or type(total) is not int:
        return None
    dice_data, parts_data, steps_data = data.get("dice", []), data.get("parts", []), data.get("steps", [])
    if type(dice_data) is not list or type(parts_data) is not list or type(steps_data) is not list:
        return None
    dice = []
    for d in dice_data:
        if type(d) is not dict or not d.keys() <= _DIE_KEYS:
            return None
        sides, face, role = d.get("sides"), d.get("face"), d.get("role", "kept")
        if type(sides) is not int or type(face) is not int or role not in _ROLES:
            return None
        dice.append(Die(sides, face, role))
    parts = []
    for p in parts_data:
        if type(p) is not dict or len(p) != 2:
            return None
        key, value = p.get("key"), p.get("value")
        if type(key) is not str or type(value) is not int:
            return None
        parts.append(Part(key, value, "actor"))
    steps = []
    for s in steps_data:
        if type(s) is not dict or len(s) != 4:
            return None
        op, key, value, step_total = s.get("op"), s.get("key"), s.get("value"), s.get("total")
        if op not in _OPS or type(key) is not str or type(value) is not int or type(step_total) is not int:
            return None
        steps.append(Step(op, key, value, step_total, "actor", []))  # type: ignore[arg-type]  # op checked
    return Check(label, "actor", dice, multiplier, parts, raw, steps, total, None, None, None, [], None)
