"""Damage test: dice steps, strength damage categories, weak halving, coverage and armour, wounds."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.errors import RulesError
from rules.model import Modifier
from rules.notation import MAX_DICE, parse_dice

from .made import modifier
from .settings import Settings, parse_wound_thresholds
from .sheet import Sheet, Weapon
from .tables import (
    CATEGORY_ONE,
    CATEGORY_ONE_AND_HALF,
    DAMAGE_LADDER,
    LAST_LISTED_STEP,
    STRENGTH_CATEGORY_LABELS,
)


# --- damage dice steps ------------------------------------------------------------------------------
def dice_at(step: int) -> tuple[int, int]:
    """(count, sides) at a ladder step; past 16k10 every step adds 1k10 ("etc."), up to the 100k10 any
    dice expression may roll (the ladder's top: more steps change nothing)."""
    if step <= LAST_LISTED_STEP:
        return DAMAGE_LADDER[max(step, 0)]
    count, sides = DAMAGE_LADDER[LAST_LISTED_STEP]
    return min(MAX_DICE, count + step - LAST_LISTED_STEP), sides


def step_of(count: int, sides: int) -> int | None:
    """Ladder step of XkY, or None when the dice are not on the ladder."""
    if (count, sides) in DAMAGE_LADDER:
        return DAMAGE_LADDER.index((count, sides))
    last_count, last_sides = DAMAGE_LADDER[LAST_LISTED_STEP]
    if sides == last_sides and count > last_count:
        return LAST_LISTED_STEP + count - last_count
    return None


def shift_dice(text: str, steps: int, ladder_dice: str | None = None) -> str:
    """Move damage dice `steps` along the ladder ("1k6" -2 → "1k2"); clamps at 1k2; keeps a +N bonus."""
    expr = parse_dice(text)
    if steps == 0:
        return text
    base = parse_dice(ladder_dice) if ladder_dice else expr
    step = step_of(base.groups[0][0], base.groups[0][1]) if len(base.groups) == 1 else None
    if step is None:
        raise RulesError("error.pl_wladanie.dice_off_ladder", dice=text)
    count, sides = dice_at(max(0, step + steps))
    bonus = f"{expr.bonus:+d}" if expr.bonus else ""
    return f"{count}k{sides}{bonus}"


# --- strength damage -------------------------------------------------------------------------------
def category_index(label: str) -> int:
    if label in STRENGTH_CATEGORY_LABELS:
        return STRENGTH_CATEGORY_LABELS.index(label)
    return len(STRENGTH_CATEGORY_LABELS) + int(label) - 7  # "7" → 11, "+1 etc."


def category_label_at(index: int) -> str:
    if index < len(STRENGTH_CATEGORY_LABELS):
        return STRENGTH_CATEGORY_LABELS[index]
    return str(index - len(STRENGTH_CATEGORY_LABELS) + 7)


def halve_up(value: int) -> int:
    return (value + 1) // 2


def strength_damage(strength: int, index: int) -> int:
    """Strength damage of a category: fractions halve repeatedly rounding up; 1,5 = S + ceil(S/2)."""
    if index <= 0:
        return 0
    if index < CATEGORY_ONE:
        value = strength
        for _ in range(CATEGORY_ONE - index):
            value = halve_up(value)
        return value
    if index == CATEGORY_ONE:
        return strength
    if index == CATEGORY_ONE_AND_HALF:
        return strength + halve_up(strength)
    return (index - CATEGORY_ONE) * strength  # 2, 3, 4, … (index 6 → 2)


def weak_halve(value: int, settings: Settings) -> int:
    if value <= 0:
        return value
    return halve_up(value) if settings.weak_rounding == "half_up" else value // 2


# Not frozen: a frozen dataclass sets each field through object.__setattr__, slow when an exchange's plan
# is read back on every defence. Never changed once made (the cached plans are shared).
@dataclass(slots=True)
class DamagePlan:
    """Everything the damage test needs, fixed when the attack is made. `dice` are the dice rolled;
    when they were moved along the ladder, `dice_expr` is the weapon's dice as written and `dice_steps`
    the reasons with their steps (improvised −2, better-made weapon +1 …)."""

    dice: str
    category: int
    strength_bonus: int
    weak: bool
    modifiers: tuple[Modifier, ...]
    dice_expr: str | None = None
    dice_steps: tuple[tuple[str, int], ...] = ()


WEAPON_STEPS = "weapon_damage_steps"  # a better-made (or worse) weapon's own steps


def damage_plan(
    weapon: Weapon, strength: int, *, reasons: tuple[tuple[str, int], ...] = (), raise_category: bool
) -> DamagePlan:
    """The damage test of one attack: dice moved by `reasons` (and the weapon's own steps), strength damage
    at the weapon's category (one up for a two-handed direct attack unless light), the weak trait."""
    return _damage_plan(
        weapon.damage_dice, weapon.damage_steps, weapon.ladder_dice, weapon.strength_category,
        "light" in weapon.traits, "weak" in weapon.traits, strength, reasons, raise_category,
    )  # fmt: skip


@lru_cache(maxsize=256)
def _damage_plan(
    damage_dice: str,
    damage_steps: int,
    ladder_dice: str | None,
    strength_category: str,
    light: bool,
    weak: bool,
    strength: int,
    reasons: tuple[tuple[str, int], ...],
    raise_category: bool,
) -> DamagePlan:
    """`damage_plan` of the weapon's numbers (the same numbers make the same plan: computed once)."""
    steps = sum(value for _, value in reasons)
    dice = shift_dice(damage_dice, steps + damage_steps, ladder_dice)
    category = category_index(strength_category)
    if raise_category and not light:
        category += 1  # two-handed grip in a direct attack: one category up (not for light weapons)
    bonus = strength_damage(strength, category)
    mods: list[Modifier] = []
    if steps:
        mods.append(modifier("damage_steps", steps))
    if bonus:
        mods.append(modifier("strength_damage", bonus))
    shown = tuple((key, value) for key, value in reasons if value)
    if damage_steps:
        shown += ((WEAPON_STEPS, damage_steps),)
    written = damage_dice if dice != damage_dice else None
    return DamagePlan(dice, category, bonus, weak, tuple(mods), written, shown if written else ())


# --- coverage and armour ---------------------------------------------------------------------------
# Not frozen: a frozen dataclass sets each field through object.__setattr__, slow on every attack.
@dataclass(slots=True)
class Protector:
    key: str
    coverage: int
    armour: int
    beaten: bool


def protectors(sheet: Sheet, location: str, total: int, settings: Settings) -> list[Protector]:
    """Every armour layer and the shield on the hit part, each with its coverage checked against `total`."""
    found: list[tuple[str, int, int]] = []
    for piece in sheet.armour:
        if location in piece.parts:
            found.append((piece.id, piece.coverage, piece.armour))
    shield = sheet.shield
    if shield is not None and (location == shield.shield_arm or location in shield.protected_parts):
        factor = 2 if location == shield.shield_arm else 1
        found.append((shield.id, shield.coverage * factor, shield.armour))

    # A coverage is beaten when the total reaches it (house rule `>=`) or passes it (`>`).
    reach = 0 if settings.coverage_beaten_when == ">=" else 1
    if settings.coverage_stacking == "max" and found:
        beaten = total >= max(cov for _, cov, _ in found) + reach
        return [Protector(k, c, a, beaten) for k, c, a in found]
    return [Protector(k, c, a, total >= c + reach) for k, c, a in found]


# --- wounds ----------------------------------------------------------------------------------------
def wound_level(damage_taken: int, settings: Settings) -> str | None:
    """The highest GM threshold reached; None when the group set no thresholds."""
    thresholds = parse_wound_thresholds(settings.wound_thresholds)
    if not thresholds:
        return None
    level = "unhurt" if damage_taken <= 0 else "hurt"
    for at, key in thresholds:
        if damage_taken >= at:
            level = key
    return level
