"""What a hit does: the damage test, the location, coverage and armour layers, wounds, self-injury."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.checks import check, minus
from rules.dice import Roller
from rules.model import Check, Damage, Modifier, Note, Part, StateChange, term
from rules.notation import parse_dice
from rules.system import Fighter

from .damage import DamagePlan, category_label_at, protectors
from .described import NEGATIVE_DICE, armour_step, copied, expr_dice, floor_at_zero, weak_steps
from .made import change, dump, hit_damage, modifier, note, updated
from .phases import absorbed, applied_damage, damage_roll, locate, wound_after
from .settings import Settings
from .sheet import DAMAGE, Sheet


@dataclass(slots=True)
class HitOutcome:
    damage: Damage
    location: str
    wound: str | None
    notes: list[Note] = field(default_factory=list)
    changes: list[StateChange] = field(default_factory=list)
    actor_sheet: Sheet | None = None
    # The location roll (if one was rolled), the damage test ending at the damage applied, self-injury.
    checks: list[Check] = field(default_factory=list)
    # The target's sheet before the blow and the fields the blow changed: the sheet after it is built
    # only when asked for (`target_sheet`); the result needs only its dump (`target_dump`).
    hurt: Sheet | None = None
    hurt_update: dict[str, Any] = field(default_factory=dict)

    @property
    def target_sheet(self) -> Sheet | None:
        """The target's sheet after the blow (its numbers are within the sheet's bounds already)."""
        return None if self.hurt is None else updated(self.hurt, self.hurt_update)

    def target_dump(self) -> dict[str, Any]:
        """`dump(target_sheet)` without building that sheet: the sheet before the blow dumped, the changed
        fields written over it (the same keys in the same order, each a plain number, text or dict)."""
        assert self.hurt is not None
        data = dump(self.hurt)
        for key, value in self.hurt_update.items():
            data[key] = dict(value) if type(value) is dict else value
        return data


def roll_location(roller: Roller, aimed: str | None, settings: Settings) -> tuple[str, Check | None]:
    """The aimed part; else torso (house default) or a roll on the GM's location table (its own check)."""
    part, die = locate(roller, aimed, settings)
    return part, (check("location", dice=[die], location=part) if die is not None else None)


# Not frozen: a frozen dataclass sets each field through object.__setattr__, slow on every attack.
@dataclass(slots=True)
class DamageTest:
    """One damage test (test obrażeń): dice + strength damage (+ bonus), halved when weak; `check` shows
    it as rolled, before any armour."""

    faces: list[int]
    value: int
    modifiers: tuple[Modifier, ...]
    weak: bool
    category: int
    check: Check


def damage_test(roller: Roller, plan: DamagePlan, settings: Settings) -> DamageTest:
    expr = parse_dice(plan.dice)
    faces, test, value = damage_roll(roller, plan, settings)
    mods = list(plan.modifiers)
    if expr.bonus:
        mods.append(modifier("damage_bonus", expr.bonus))
    dice, negative = expr_dice(expr, faces)
    parts = [Part("strength_damage", plan.strength_bonus)] if plan.strength_bonus else []
    parts += [Part("damage_bonus", expr.bonus)] if expr.bonus else []
    parts += [Part(NEGATIVE_DICE, negative)] if negative else []
    # `check(...)` of these dice and parts, built directly: raw = the kept dice + strength damage + bonus
    # + what a subtracted group takes off, which is the test before halving (all whole numbers).
    steps = [Part(key, value) for key, value in plan.dice_steps]
    raw = test if dice or parts else None
    shown = Check("damage", "actor", dice, 1, parts, raw, [], raw, None, None, None, steps, plan.dice_expr)
    if plan.weak:
        mods.append(modifier("weak", value - test))
        weak_steps(shown, settings)
    return DamageTest(faces, value, tuple(mods), plan.weak, plan.category, shown)


def apply_hit(
    roller: Roller,
    attacker: Fighter[Sheet],
    target: Fighter[Sheet],
    *,
    total: int,
    plan: DamagePlan,
    aimed: str | None,
    settings: Settings,
    self_injury: bool,
) -> HitOutcome:
    """Roll the damage test, find the location, let every unbeaten protector reduce it, record the wound."""
    test = damage_test(roller, plan, settings)
    out = land(roller, target, total=total, test=test, aimed=aimed, settings=settings, own=True)
    if self_injury:
        _self_injury(out, attacker, test.value)
    return out


def land(
    roller: Roller,
    target: Fighter[Sheet],
    *,
    total: int,
    test: DamageTest,
    aimed: str | None,
    settings: Settings,
    shown: Check | None = None,
    own: bool = False,
) -> HitOutcome:
    """One damage test landing on one target: location, coverage and armour layers, the wound recorded.

    `shown` is where the target's damage check starts (default: the damage test with its dice); each
    armour layer that held is a step of it, which ends at the damage applied. `own`: the test was rolled
    for this target alone, so its check takes the steps itself (an area's test is copied per target)."""
    location, located = roll_location(roller, aimed, settings)
    notes: list[Note] = []
    if test.category:
        notes.append(note("strength_category", {"category": category_label_at(test.category)}))
    damage_check = test.check if own and shown is None else copied(shown if shown is not None else test.check)
    found = protectors(target.sheet, location, total, settings)
    for p in found:
        # The target's numbers (its armour's coverage and pancerz): hidden with a hidden target. The hit
        # test's total they are checked against is on the attack's own line.
        params = {"piece": term("term", p.key), "coverage": p.coverage, "armour": p.armour}
        notes.append(Note("coverage_beaten" if p.beaten else "coverage_held", params, side="target"))
        if not p.beaten and p.armour:
            armour_step(damage_check, p.key, p.armour, p.coverage)
    applied = applied_damage(test.value, absorbed(found))
    floor_at_zero(damage_check)
    reduced_by = max(0, test.value) - applied
    damage = hit_damage(test.faces, list(test.modifiers), 0.5 if test.weak else 1, test.value, reduced_by, applied)
    out = HitOutcome(damage, location, None, notes, checks=[*([located] if located else []), damage_check])
    _record_damage(out, target, applied, settings)
    return out


def _record_damage(out: HitOutcome, target: Fighter[Sheet], applied: int, settings: Settings) -> None:
    sheet = target.sheet
    total, level = wound_after(sheet, applied, settings)  # the sheet's bound: damage piles up past any sheet
    by_loc = dict(sheet.damage_by_location)
    before = by_loc.get(out.location, 0)
    by_loc[out.location] = after = min(DAMAGE, before + applied)
    out.wound = level
    update: dict[str, Any] = {"damage_taken": total, "damage_by_location": by_loc}
    out.changes.append(change(target.name, "damage_taken", sheet.damage_taken, total))
    out.changes.append(change(target.name, f"damage_by_location.{out.location}", before, after))
    if level is not None and level != sheet.wound_level:
        update["wound_level"] = level
        out.changes.append(change(target.name, "wound_level", sheet.wound_level, level))
    # The numbers are within the sheet's bounds already (DAMAGE above): no clipping walk when it is built.
    out.hurt, out.hurt_update = sheet, update


def _self_injury(out: HitOutcome, attacker: Fighter[Sheet], test: int) -> None:
    """Unarmed: damage above the striker's endurance + natural armour hurts the striker, point for point."""
    sheet = attacker.sheet
    limit = sheet.endurance + sheet.natural_armour
    excess = test - limit
    if excess <= 0:
        return
    after = min(DAMAGE, sheet.damage_taken + excess)
    hurt = check("self_injury", parts=[Part("damage_test", test)])
    if sheet.endurance:
        minus(hurt, "endurance", sheet.endurance, side="actor")
    if sheet.natural_armour:
        minus(hurt, "natural_armour", sheet.natural_armour, side="actor")
    out.checks.append(hurt)
    out.notes.append(Note(key="self_injury", params={"damage": excess, "limit": limit}))
    out.changes.append(change(attacker.name, "damage_taken", sheet.damage_taken, after))
    out.actor_sheet = sheet.model_copy(update={"damage_taken": after})
