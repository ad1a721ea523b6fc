"""What a hit does: the damage test, the location, coverage and armour layers, wounds, self-injury."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.dice import Roller
from rules.model import Damage, Modifier, Note, StateChange
from rules.notation import parse_dice
from rules.system import Fighter

from .damage import DamagePlan, category_label_at, protectors, weak_halve, wound_level
from .settings import Settings, location_table
from .sheet import Sheet


@dataclass(slots=True)
class HitOutcome:
    damage: Damage
    location: str
    wound: str | None
    notes: list[Note] = field(default_factory=list)
    changes: list[StateChange] = field(default_factory=list)
    target_sheet: Sheet | None = None
    actor_sheet: Sheet | None = None


def roll_location(roller: Roller, aimed: str | None, settings: Settings) -> str:
    """The aimed part; else torso (house default) or a roll on the GM's location table."""
    if aimed is not None:
        return aimed
    if settings.unnamed_location == "torso":
        return "torso"
    sides, rows = location_table(settings)
    face = roller.d(sides, "location")
    return next(part for low, high, part in rows if low <= face <= high)


def _change(name: str, fieldname: str, before: Any, after: Any) -> StateChange:
    return StateChange(combatant=name, field=fieldname, before=before, after=after)


@dataclass(frozen=True, slots=True)
class DamageTest:
    """One damage test (test obrażeń): dice + strength damage (+ bonus), halved when weak."""

    faces: list[int]
    value: int
    modifiers: tuple[Modifier, ...]
    weak: bool
    category: int


def damage_test(roller: Roller, plan: DamagePlan, settings: Settings) -> DamageTest:
    expr = parse_dice(plan.dice)
    faces, rolled = expr.roll(roller, "damage")
    test = rolled + expr.bonus + plan.strength_bonus
    mods = list(plan.modifiers)
    if expr.bonus:
        mods.append(Modifier(key="damage_bonus", value=expr.bonus))
    if plan.weak:
        halved = weak_halve(test, settings)
        mods.append(Modifier(key="weak", value=halved - test))
        test = halved
    return DamageTest(faces, test, tuple(mods), plan.weak, plan.category)


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
    out = land(roller, target, total=total, test=test, aimed=aimed, settings=settings)
    if self_injury:
        _self_injury(out, attacker, test.value)
    return out


def land(
    roller: Roller, target: Fighter[Sheet], *, total: int, test: DamageTest, aimed: str | None, settings: Settings
) -> HitOutcome:
    """One damage test landing on one target: location, coverage and armour layers, the wound recorded."""
    location = roll_location(roller, aimed, settings)
    notes: list[Note] = []
    if test.category:
        notes.append(Note(key="strength_category", params={"category": category_label_at(test.category)}))
    reduction = 0
    for p in protectors(target.sheet, location, total, settings):
        notes.append(
            Note(
                key="coverage_beaten" if p.beaten else "coverage_held",
                params={"piece": p.key, "coverage": p.coverage, "total": total, "armour": p.armour},
            )
        )
        if not p.beaten:
            reduction += p.armour
    applied = max(0, test.value - reduction)
    damage = Damage(
        dice=test.faces,
        modifiers=list(test.modifiers),
        multiplier=0.5 if test.weak else 1,
        rolled=test.value,
        reduced_by=max(0, test.value) - applied,
        applied=applied,
        kind="wound",
    )
    out = HitOutcome(damage, location, None, notes)
    _record_damage(out, target, applied, settings)
    return out


def _record_damage(out: HitOutcome, target: Fighter[Sheet], applied: int, settings: Settings) -> None:
    sheet = target.sheet
    total = sheet.damage_taken + applied
    by_loc = dict(sheet.damage_by_location)
    by_loc[out.location] = by_loc.get(out.location, 0) + applied
    level = wound_level(total, settings)
    out.wound = level
    update: dict[str, Any] = {"damage_taken": total, "damage_by_location": by_loc}
    out.changes.append(_change(target.name, "damage_taken", sheet.damage_taken, total))
    before = sheet.damage_by_location.get(out.location, 0)
    out.changes.append(
        _change(target.name, f"damage_by_location.{out.location}", before, by_loc[out.location])
    )
    if level is not None and level != sheet.wound_level:
        update["wound_level"] = level
        out.changes.append(_change(target.name, "wound_level", sheet.wound_level, level))
    out.target_sheet = sheet.model_copy(update=update)


def _self_injury(out: HitOutcome, attacker: Fighter[Sheet], test: int) -> None:
    """Unarmed: damage above the striker's endurance + natural armour hurts the striker, point for point."""
    sheet = attacker.sheet
    limit = sheet.endurance + sheet.natural_armour
    excess = test - limit
    if excess <= 0:
        return
    after = sheet.damage_taken + excess
    out.notes.append(Note(key="self_injury", params={"damage": excess, "limit": limit}))
    out.changes.append(_change(attacker.name, "damage_taken", sheet.damage_taken, after))
    out.actor_sheet = sheet.model_copy(update={"damage_taken": after})
