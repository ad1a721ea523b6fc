"""Tests (test die + skill + modifiers vs ST), heavy weapons, range penalties and the situation modifiers."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from functools import lru_cache

from rules.dice import Roller
from rules.model import Die, Modifier
from rules.notation import parse_dice

from .made import modifier
from .options import Options
from .settings import Settings
from .sheet import Sheet, Weapon

TENTH = Decimal("0.1")
HEAVY_EFFORT_RELIEF = 5
HEAVY_EXTRA_BONUS_ACTION_AT = -10
BACK, FLANK, HEIGHT, PRONE_DIRECT, PRONE_RANGED = -5, -5, -5, -10, 10
IMPROVISED, NOT_FOR_THROWING = -5, -10


def exact(value: float) -> Decimal:
    """A sheet number as an exact decimal (3.8 stays 3.8, never 3.79999…)."""
    return Decimal(str(value))


def roll_test(roller: Roller, settings: Settings, purpose: str) -> tuple[list[Die], int]:
    """Roll the test die (GM setting, house default 1k20): the dice as shown in a check, and their sum."""
    count, sides = _test_dice(settings.test_die)
    if count == 1:  # the house 1k20: no list to build and sum
        face = roller.d(sides, purpose)
        return [Die(sides, face)], face
    shown = [Die(sides, roller.d(sides, purpose)) for _ in range(count)]
    return shown, sum(d.face for d in shown)


@lru_cache(maxsize=8)
def _test_dice(test_die: str) -> tuple[int, int]:
    """(count, sides) of the one group of equal dice a test die is (1d20, 2d10, 3d6)."""
    count, sides, _ = parse_dice(test_die).groups[0]
    return count, sides


@dataclass(frozen=True, slots=True)
class Heavy:
    """The heavy-weapon reading for one wielder and grip."""

    limit_kg: Decimal
    penalty: int  # unreduced, <= 0
    too_heavy: bool  # no władanie: treated as non-proficient

    @property
    def forbids_bonus_action_attacks(self) -> bool:
        return self.penalty <= -1

    @property
    def extra_bonus_action(self) -> bool:
        return self.penalty <= HEAVY_EXTRA_BONUS_ACTION_AT


def heavy(weight_kg: float, lift_kg: float, two_handed: bool, settings: Settings) -> Heavy:
    """-1 per full 0.1 kg over 1 + lift/10 (two hands: doubled), in exact decimals."""
    return _heavy(weight_kg, lift_kg, two_handed, settings.two_handed_limit)


@lru_cache(maxsize=256)
def _heavy(weight_kg: float, lift_kg: float, two_handed: bool, two_handed_limit: str) -> Heavy:
    weight, lift = exact(weight_kg), exact(lift_kg)
    one_hand = 1 + lift / 10
    if not two_handed:
        limit = one_hand
    elif two_handed_limit == "double_all":
        limit = 2 * one_hand
    else:
        limit = 1 + 2 * lift / 10
    over = max(Decimal(0), weight - limit)
    units = int((over / TENTH).to_integral_value(rounding=ROUND_FLOOR))
    too_heavy = weight > (lift if two_handed else lift / 2)
    return Heavy(limit, -units, too_heavy)


def range_penalty(distance_m: float, settings: Settings) -> int:
    """-1 per 2 m (per full 2 m by default; per started 2 m with `range_rounding: ceil`)."""
    halves = exact(distance_m) / 2
    rounding = ROUND_FLOOR if settings.range_rounding == "floor" else ROUND_CEILING
    return -int(halves.to_integral_value(rounding=rounding))


def throw_range(weapon: Weapon, sheet: Sheet) -> float | None:
    """Udźwig - waga (m) unless the weapon states its own range; None when neither is known."""
    if weapon.max_range_m is not None and weapon.designed_for_throwing:
        return weapon.max_range_m
    if sheet.lift_kg is None:
        return weapon.max_range_m
    return float(exact(sheet.lift_kg) - exact(weapon.weight_kg or 0))


# Not frozen: a frozen dataclass sets each field through object.__setattr__, slow on every attack.
@dataclass(slots=True)
class Situation:
    """Who is unprepared and which physical-defence modifiers apply, for one attack."""

    unprepared: bool
    surprised: bool
    unseen: bool
    helpless: str | None  # unconscious, dead, out: cannot know of the attack (and lies, by default)
    st_mods: tuple[Modifier, ...]
    active_mods: tuple[Modifier, ...]  # to parry and dodge


def situation(opts: Options, target: Sheet, settings: Settings, *, ranged: bool) -> Situation:
    """The defence side: unprepared defence and every ST / parry / dodge modifier (they all stack).

    A helpless target (unconscious, dead, wound level out) "nie jest świadoma tego, że ktoś ją atakuje":
    it is attacked as surprised, and (setting `helpless_lies_prone`) as a lying character."""
    cond = target.conditions  # a few names at most: looked through as it is, no set built
    helpless = target.helpless
    surprised = opts.surprise or "unaware" in cond or helpless is not None
    unseen = opts.unseen or "cannot_see_attacker" in cond
    st: list[Modifier] = []
    active: list[Modifier] = []
    if opts.from_back:
        st.append(modifier("defence_from_back", BACK))
        active.append(modifier("active_from_back", BACK))
    if opts.flanked_or_pinned or "flanked_or_pinned" in cond:
        st.append(modifier("defence_flanked_or_pinned", FLANK))
        if settings.flank_affects_active_defence:
            active.append(modifier("active_flanked_or_pinned", FLANK))
    if not ranged and opts.has_height_advantage:
        st.append(modifier("defence_height_advantage", HEIGHT))
        active.append(modifier("active_height_advantage", HEIGHT))
    if opts.prone or "prone" in cond or (helpless is not None and settings.helpless_lies_prone):
        value = PRONE_RANGED if ranged else PRONE_DIRECT
        st.append(modifier("defence_prone", value))
        if not ranged:
            active.append(modifier("active_prone", PRONE_DIRECT))
    return Situation(surprised or unseen, surprised, unseen, helpless, tuple(st), tuple(active))
