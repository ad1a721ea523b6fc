"""Checks as a player reads them (`rules.model.Check`): the attack roll against the defender's AC, the
damage roll with every die, the opposed checks of the special attacks, saves and d% rolls.

Sides are relative to the whole action: `me` is the side of whoever rolls this check (the action's actor,
or its target when the target makes an attack of opportunity inside the action), `them` the other one.
Checks are plain dataclasses built once per roll (no validation on the hot path)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.checks import add_step, check, totalled
from rules.model import Check, Die, Modifier, Part, Side, Term
from rules.systems.dnd35.defense import ArmorClass
from rules.systems.dnd35.tables import WEAPONS


def other(side: Side) -> Side:
    return "target" if side == "actor" else "actor"


def parts(mods: Iterable[Modifier], side: Side) -> list[Part]:
    """Modifiers as parts (zeros left out: a player does not read `+0 …`)."""
    return [Part(m.key, m.value, side) for m in mods if m.value]


def pairs(values: Iterable[tuple[str, int]], side: Side) -> list[Part]:
    return [Part(k, v, side) for k, v in values if v]


def ac_check(ac: ArmorClass, side: Side) -> Check:
    """The defender's AC as the attack check's `versus`: its parts, then the situational modifiers
    (built directly: this is on every attack's path; they add up to `ac.value` by construction)."""
    shown = [Part(k, v, side) for k, v in ac.parts]
    shown += [Part(m.key, m.value, side) for m in ac.modifiers if m.value]
    return totalled(ac.key, side, [], shown, ac.value)


def d20_check(
    label: str, face: int, mods: Sequence[Modifier], side: Side, versus: Check | None, outcome: str | None
) -> Check:
    """One d20 plus modifiers (zeros left out), built directly: raw = face + Σ modifiers."""
    shown = [Part(m.key, m.value, side) for m in mods if m.value]
    raw = face + sum(p.value for p in shown)
    return totalled(label, side, [Die(20, face)], shown, raw, 1, versus, outcome)


def fixed_check(label: str, value: int, key: str, side: Side = "other") -> Check:
    """A number to reach with no dice (a DC, AC 10, a d% chance)."""
    return check(label, side=side, parts=[Part(key, value, side)])


def percent_check(label: str, face: int, chance: int, versus_label: str, side: Side, outcome: str) -> Check:
    """A d% roll (concealment, stabilisation) against a chance: at most the chance succeeds."""
    return check(
        label,
        side=side,
        dice=[Die(100, face)],
        versus=fixed_check(versus_label, chance, "chance_pct"),
        outcome=outcome,
    )


def attack_outcome(face: int, hit: bool) -> str:
    if face == 20:
        return "natural_20"
    if face == 1:
        return "natural_1"
    return "hit" if hit else "miss"


def minimum_step(c: Check, least: int, key: str) -> None:
    """A bound the total may not go under (damage at least 1, an item's damage at least 0)."""
    if c.total is not None and c.total < least:
        add_step(c, "min", key, least, c.side)


# The name of a quick NPC's weapon made without `zbraň:` (`útok:+3 zranění:1k6+1`).
QUICK_WEAPON = "attack"


def weapon_term(name: str) -> Term | str:
    """A weapon as a parameter: a shipped weapon's id through the catalog, a sheet's own name as typed, a
    quick NPC's nameless weapon (`attack`, from `útok:`/`zranění:`) as the catalog's "weapon"."""
    if name == QUICK_WEAPON:
        return Term("term", "quick_weapon")
    return Term("weapon", name) if name in WEAPONS else name


def terms(kind: str, keys: Iterable[str]) -> list[Term]:
    return [Term(kind, k) for k in keys]
