"""Percentage rolls (the house saves and the dodge): d100 against a chance, shown as a check whose versus
is the chance with its parts. Roll-under: the roll succeeds when the d100 is at most the chance."""

from __future__ import annotations

from collections.abc import Iterable

from rules.checks import check, die, part
from rules.dice import Roller
from rules.model import Check

SAVE_CHANCE = "save_chance"
DODGE_CHANCE = "dodge_chance"


def chance_check(label: str, parts: Iterable[tuple[str, int]]) -> Check:
    """The defender's chance (a versus check): base percentage plus its bonuses (those that are not 0),
    all the target's."""
    shown = [part(key, value, "target") for i, (key, value) in enumerate(parts) if value or i == 0]
    return check(label, side="target", parts=shown)


def roll_under(roller: Roller, label: str, chance: Check, success: str, failure: str) -> Check:
    """Roll d100 (purpose = `label`) against `chance`; the outcome names which way it went."""
    face = roller.d(100, label)
    target = chance.total if chance.total is not None else 0
    return check(
        label,
        side="target",
        dice=[die(100, face)],
        versus=chance,
        outcome=success if face <= target else failure,
    )


def save_rolls(roller: Roller, label: str, parts: list[tuple[str, int]], count: int) -> list[Check]:
    """`count` percentage saves of the victim (d100 ≤ base % + bonuses), each its own check."""
    return [roll_under(roller, label, chance_check(SAVE_CHANCE, parts), "passed", "failed") for _ in range(count)]


def passed(checks: list[Check]) -> list[bool]:
    return [c.outcome == "passed" for c in checks]
