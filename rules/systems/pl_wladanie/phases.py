"""The phases of one attack or shot, each the numbers of one step of the resolution, rolled through a `Roller`.

The real attack (attack.py, hit.py) runs them in this order and dresses their numbers up as checks, notes
and state changes; the exact odds (odds_plan.py) enumerate each of them over the dice it consumes, once
per distinct state the phase before left. One code path: whatever a phase decides, it decides for both.

1. `setup`       — no dice: the weapon, the attacker's side of the hit test (`Attempt`), the situation,
                   the ST (physical defence + modifiers) and the defences the target may choose.
2. `hit_roll`    — the hit test: test die + władanie + modifiers; a hit when the total reaches the ST.
3. `defence_roll`— parry or dodge: test die + skill + modifiers against the attack's total.
4. `damage_roll` — the damage test: dice + strength damage (+ bonus), halved when weak.
5. `locate`      — the aimed part, the torso (house default) or a roll on the GM's location table.
6. `absorbed`, `applied_damage`, `wound_after` — no dice: the armour of every protector whose coverage
                   the total did not beat, the damage left, the wound level it brings.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import cast

from rules.dice import Roller
from rules.errors import RulesError
from rules.model import Die, Modifier
from rules.notation import parse_dice
from rules.system import ActionRequest, Fighter

from .checks import Situation, roll_test, situation
from .damage import DamagePlan, Protector, weak_halve, wound_level
from .hit_test import Attempt, build_attempt
from .options import Options
from .parry import Defence, dodge, parry
from .settings import Settings, location_table
from .sheet import DAMAGE, Sheet, Weapon

DEFENCE_OUTCOMES = {"parry": "parried", "dodge": "dodged"}


# --- 1. setup --------------------------------------------------------------------------------------
# Not frozen: a frozen dataclass sets each field through object.__setattr__, slow on every attack.
@dataclass(slots=True)
class Setup:
    """What is fixed once an attack at a character is declared (no dice rolled yet)."""

    req: ActionRequest  # with the option's distance filled in
    actor: Fighter[Sheet]
    target: Fighter[Sheet]
    weapon: Weapon
    attempt: Attempt
    sit: Situation
    base: int  # the physical defence used (prepared or unprepared)
    against_key: str
    st: int
    defences: list[str]  # what the target may answer with


def defence_value(target: Fighter[Sheet], sit: Situation) -> tuple[int, str]:
    sheet = target.sheet
    value = sheet.defence_unprepared if sit.unprepared else sheet.physical_defence
    if value is None:
        raise RulesError("error.pl_wladanie.no_physical_defence", target=target.name)
    return value, ("physical_defence_unprepared" if sit.unprepared else "physical_defence")


def allowed_defences(target: Sheet, sit: Situation, settings: Settings, ranged: bool) -> list[str]:
    if sit.surprised or (sit.unseen and not settings.unseen_allows_active_defence):
        return ["none"]
    can_parry = (
        not ranged
        or settings.ranged_parry == "always"
        or (settings.ranged_parry == "shield_only" and target.shield is not None)
    )
    return ["parry", "dodge", "none"] if can_parry else ["dodge", "none"]


def setup(req: ActionRequest, actor: Fighter[Sheet], target: Fighter[Sheet], weapon: Weapon, *, ranged: bool) -> Setup:
    opts = cast(Options, req.options)
    settings = cast(Settings, req.settings)
    attempt = build_attempt(actor.sheet, weapon, opts, settings, ranged=ranged, distance=req.distance)
    sit = situation(opts, target.sheet, settings, ranged=ranged)
    base, against_key = defence_value(target, sit)
    st = base + int(sum([m.value for m in sit.st_mods])) if sit.st_mods else base
    allowed = allowed_defences(target.sheet, sit, settings, ranged)
    return Setup(req, actor, target, weapon, attempt, sit, base, against_key, st, allowed)


def with_distance(req: ActionRequest) -> ActionRequest:
    """The request with `distance_m` (an option) as its distance when the request names none."""
    distance = cast(Options, req.options).distance_m
    if req.distance is None and distance is not None:
        return dataclasses.replace(req, distance=distance)
    return req


# --- 2. the hit test -------------------------------------------------------------------------------
def hit_roll(roller: Roller, settings: Settings, bonus: int, st: int) -> tuple[list[Die], int, bool]:
    """The test die as shown, the total and whether it reaches the ST (a hit, pending the defence)."""
    shown, face = roll_test(roller, settings, "attack")
    total = face + bonus
    return shown, total, total >= st


# --- 3. parry or dodge -----------------------------------------------------------------------------
def defence_of(sheet: Sheet, choice: str, active: list[Modifier]) -> tuple[Defence, list[Modifier]]:
    """The defence (parry or dodge) and every modifier of its test: skill, item, situation."""
    defence = parry(sheet) if choice == "parry" else dodge(sheet)
    return defence, [*defence.modifiers(), *active]


def defence_roll(
    roller: Roller, settings: Settings, choice: str, bonus: int, attack_total: int
) -> tuple[list[Die], int, bool]:
    """The parry or dodge test as shown, its total and whether it stops the hit (total ≥ the attack's,
    unless the GM adjudicates: `parry_resolution: gm` only records it)."""
    shown, face = roll_test(roller, settings, choice)
    total = face + bonus
    return shown, total, total >= attack_total and settings.parry_resolution != "gm"


# --- 4. the damage test ----------------------------------------------------------------------------
def damage_roll(roller: Roller, plan: DamagePlan, settings: Settings) -> tuple[list[int], int, int]:
    """The damage dice's faces, the test before halving and the test (halved when weak)."""
    expr = parse_dice(plan.dice)
    faces, rolled = expr.roll(roller, "damage")
    test = rolled + expr.bonus + plan.strength_bonus
    return faces, test, (weak_halve(test, settings) if plan.weak else test)


# --- 5. the location ---------------------------------------------------------------------------------
def locate(roller: Roller, aimed: str | None, settings: Settings) -> tuple[str, Die | None]:
    """The aimed part; else the torso (house default) or the part the location table's die names."""
    if aimed is not None:
        return aimed, None
    if settings.unnamed_location == "torso":
        return "torso", None
    sides, rows = location_table(settings)
    face = roller.d(sides, "location")
    return next(part for low, high, part in rows if low <= face <= high), Die(sides, face)


def locations(aimed: str | None, settings: Settings) -> tuple[str, ...]:
    """Every part `locate` can name, in table order."""
    if aimed is not None:
        return (aimed,)
    if settings.unnamed_location == "torso":
        return ("torso",)
    return tuple(dict.fromkeys(part for _, _, part in location_table(settings)[1]))


# --- 6. armour and wounds --------------------------------------------------------------------------
def absorbed(found: list[Protector]) -> int:
    """The armour of every protector whose coverage the hit test did not beat."""
    return sum(p.armour for p in found if not p.beaten)


def applied_damage(test: int, reduction: int) -> int:
    return max(0, test - reduction)


def wound_after(sheet: Sheet, applied: int, settings: Settings) -> tuple[int, str | None]:
    """The target's damage taken after the blow (the sheet's bound) and the wound level it reaches."""
    total = min(DAMAGE, sheet.damage_taken + applied)
    return total, wound_level(total, settings)
