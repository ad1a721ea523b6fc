"""The checks a player reads (`rules.model.Check`): the pieces this system's tests are shown with.

Every roll that is compared or applied becomes one check, built with `rules.checks` so that it adds up
by construction: the hit test against the target's physical defence (its modifiers on the target's
side), the parry or dodge test, the damage test with its dice steps, weak halving and every armour layer
that held, the location roll, the scatter dice of an area attack, initiative and plain tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.checks import add_step, minus, totalled
from rules.model import COUNTED, Check, Die, DieRole, Modifier, Part, Side, Term
from rules.notation import DiceExpr

from .settings import Settings

NEGATIVE_DICE = "negative_dice"  # a subtracted dice group (`1k6-1k4`): shown, and taken off as a part
DAMAGE_TEST = "damage_test"  # the shared damage test of an area attack, on each other combatant's line
AREA_DAMAGE = "area_damage"  # the label of that line: the field's damage on one combatant, after its armour
NOT_BELOW_ZERO = "not_below_zero"  # damage after armour never goes below 0


def mod_parts(mods: Iterable[Modifier], side: Side = "actor") -> list[Part]:
    """Modifiers as a check's parts (zero values left out), all of one side."""
    return [Part(m.key, m.value, side) for m in mods if m.value]


def summed(
    label: str, side: Side, dice: list[Die], parts: list[Part], versus: Check | None, outcome: str | None
) -> Check:
    """`rules.checks.check` for a check of dice and parts only (no multiplier, steps or location), made from
    lists the caller built for it: raw = counted dice + parts, as `check` adds them (a whole float as an int)."""
    raw: int | float | None = None
    if dice or parts:
        raw = sum([d.face for d in dice if d.role in COUNTED]) + sum([p.value for p in parts])
        if type(raw) is not int:
            raw = int(raw) if float(raw).is_integer() else raw
    return totalled(label, side, dice, parts, raw, 1, versus, outcome)


def defence_check(key: str, base: int, mods: Iterable[Modifier], raw: int | None = None) -> Check:
    """The ST a hit test must reach: the target's physical defence and every modifier to it (back, flank,
    height, prone) — all of them the target's numbers, never the attacker's. `raw`: the ST when the
    caller added it up already (whole numbers)."""
    parts = [Part(key, base, "target")]
    parts += [Part(m.key, m.value, "target") for m in mods if m.value]
    if raw is None:
        return summed(key, "target", [], parts, None, None)
    return totalled(key, "target", [], parts, raw)


def hit_test_check(
    dice: Sequence[Die], mods: Iterable[Modifier], versus: Check, outcome: str, raw: int | None = None
) -> Check:
    """The hit test (test trafienia): the test die + władanie + the attacker's modifiers, against `versus`.
    `raw`: the test's total when the caller added it up already (its dice and whole modifiers)."""
    if raw is None:
        return summed("attack", "actor", list(dice), mod_parts(mods), versus, outcome)
    return totalled("attack", "actor", list(dice), mod_parts(mods), raw, 1, versus, outcome)


def defence_test_check(choice: str, dice: list[Die], mods: Iterable[Modifier], raw: int | None = None) -> Check:
    """The parry or dodge test: its test die + skill + item + situation modifiers, all the target's.

    `raw`: the test's total when the caller added it up already (its dice and whole modifiers)."""
    if raw is None:
        return summed(choice, "target", dice, mod_parts(mods, "target"), None, None)
    return totalled(choice, "target", dice, mod_parts(mods, "target"), raw)


def against_defence(total: int, defence: Check, outcome: str) -> Check:
    """The attack's total once more, now against the defender's parry or dodge test (its own dice)."""
    if type(total) is not int:
        return summed("attack", "actor", [], [Part("hit_test", total)], defence, outcome)
    # One whole part: raw and total are that number (what `summed` would add up).
    return totalled("attack", "actor", [], [Part("hit_test", total)], total, 1, defence, outcome)


def expr_dice(expr: DiceExpr, faces: Sequence[int]) -> tuple[list[Die], int]:
    """The dice of a rolled expression as shown, and what a subtracted group takes off (0 or less)."""
    dice: list[Die] = []
    negative = 0
    pos = 0
    for count, sides, sign in expr.groups:
        for face in faces[pos : pos + count]:
            role: DieRole = "kept" if sign > 0 else "dropped"
            dice.append(Die(sides, face, role))
            negative -= face if sign < 0 else 0
        pos += count
    return dice, negative


def weak_steps(c: Check, settings: Settings) -> Check:
    """Weak (słabe): the damage test is halved, rounded half up by default (`weak_rounding`)."""
    total = c.total if c.total is not None else 0
    if total <= 0:
        return c
    add_step(c, "divide", "weak", 2)
    if total % 2:
        up = settings.weak_rounding == "half_up"
        add_step(c, "ceil" if up else "floor", "round_up" if up else "round_down")
    return c


def copied(c: Check) -> Check:
    """A check to add further steps to without touching the original (one damage test, several targets)."""
    return Check(
        c.label, c.side, c.dice, c.multiplier, c.parts, c.raw, list(c.steps), c.total, c.versus, c.outcome,
        c.location, c.dice_steps, c.dice_expr,
    )  # fmt: skip


def armour_step(c: Check, piece: str, armour: int, coverage: int) -> Check:
    """One armour layer whose coverage (pokrycie) the hit test did not beat: its armour (pancerz) off."""
    return minus(c, piece, armour, side="target", detail=[Part("coverage", coverage, "target")])


def floor_at_zero(c: Check) -> Check:
    if c.total is not None and c.total < 0:
        add_step(c, "min", NOT_BELOW_ZERO, 0, side="other")
    return c


def rolled_again(sides: int, faces: Sequence[int]) -> list[Die]:
    """A die rolled again until it counted: the earlier faces are shown as rerolled, the last one kept."""
    return [*(Die(sides, f, "rerolled") for f in faces[:-1]), Die(sides, faces[-1])]


# --- catalog terms in notes carried by an exchange (plain JSON there, `Term`s again when finished) ----
_SCALARS = frozenset({int, str, float, bool, type(None)})  # plain JSON already: kept as they are


def _plain(value: object) -> object:
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Term):
        return {"kind": value.kind, "key": value.key}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _term(value: object) -> object:
    if type(value) in _SCALARS:
        return value
    if isinstance(value, dict) and set(value) == {"kind", "key"}:
        return Term(str(value["kind"]), str(value["key"]))
    if isinstance(value, list):
        return [_term(v) for v in value]
    return value


def plain_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Note parameters as plain JSON: a `Term` becomes {"kind", "key"}."""
    return {k: v if type(v) in _SCALARS else _plain(v) for k, v in params.items()}


def term_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Note parameters back from plain JSON: {"kind", "key"} becomes a `Term` again."""
    return {k: v if type(v) in _SCALARS else _term(v) for k, v in params.items()}
