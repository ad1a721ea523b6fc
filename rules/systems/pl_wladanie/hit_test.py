"""The attacker's side of a hit test: władanie, attack modifiers, heavy weapons, range, damage plan."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.errors import RulesError
from rules.model import Modifier, Note, Term

from .checks import (
    HEAVY_EFFORT_RELIEF,
    IMPROVISED,
    NOT_FOR_THROWING,
    exact,
    heavy,
    range_penalty,
    throw_range,
)
from .damage import DamagePlan, damage_plan
from .made import modifier, whole
from .options import Options
from .settings import Settings
from .sheet import Sheet, Weapon

UNARMED_SKILL_KEYS = ("unarmed", "walka_wrecz", "wrecz")
THROWING_SKILL_KEYS = ("throwing", "rzucanie", "miotanie", "throw")
IMPROVISED_STEPS = -2
THROWN_STEPS = -2


@dataclass(slots=True)
class Attempt:
    """One hit test being built: what the attacker adds, the damage it will deal and the notes."""

    kind: str  # "direct" or "ranged"
    weapon: Weapon
    two_handed: bool
    throwing: bool
    modifiers: list[Modifier] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    fatigue: int = 0
    max_range_m: float | None = None
    plan: DamagePlan | None = None

    @property
    def bonus(self) -> int:
        return int(sum(m.value for m in self.modifiers))


def _skill(sheet: Sheet, weapon: Weapon, throwing: bool) -> tuple[str, int | None]:
    """The skill key and value: walka wręcz for unarmed, throwing (władanie) for throws, else władanie."""
    if "unarmed" in weapon.traits:
        if not sheet.unarmed_skill:  # a sheet may list walka wręcz among its skills
            for key in UNARMED_SKILL_KEYS:
                if key in sheet.weapon_skills:
                    return "unarmed_skill", sheet.weapon_skills[key]
        return "unarmed_skill", sheet.unarmed_skill
    if not throwing:  # the usual case: the weapon's own władanie, nothing else to try
        return "wladanie", sheet.weapon_skills.get(weapon.skill_key)
    keys = [weapon.skill_key] if weapon.designed_for_throwing else []
    keys += [*THROWING_SKILL_KEYS, weapon.skill_key]
    for key in keys:
        if key in sheet.weapon_skills:
            return "throwing", sheet.weapon_skills[key]
    return "throwing", None


def _heavy(attempt: Attempt, sheet: Sheet, opts: Options, settings: Settings) -> bool:
    """Heavy-weapon penalty, extra effort and too-heavy; returns True when władanie may not be used."""
    weapon = attempt.weapon
    if weapon.weight_kg is None:
        return False
    if sheet.lift_kg is None:
        attempt.notes.append(Note("heavy_unchecked", {"weight_kg": whole(weapon.weight_kg)}, side="actor"))
        return False
    h = heavy(weapon.weight_kg, sheet.lift_kg, attempt.two_handed, settings)
    if h.penalty:
        attempt.modifiers.append(modifier("heavy_weapon", h.penalty))
        # The attacker's notes (side "actor"): a hidden NPC's penalty band tells its weight against its lift.
        attempt.notes.append(Note("heavy", {"limit_kg": whole(float(h.limit_kg)), "penalty": h.penalty}, side="actor"))
        if h.forbids_bonus_action_attacks:
            if opts.bonus_action:
                raise RulesError("error.pl_wladanie.heavy_bonus_action", penalty=h.penalty)
            # Even a weapon that normally attacks as a bonus action must now spend a regular action.
            cost = Term("term", "cost_regular_action")
            params = {"cost": cost, "penalty": h.penalty}
            attempt.notes.append(Note("heavy_no_bonus_action_attacks", params, side="actor"))
        if h.extra_bonus_action:
            attempt.notes.append(Note("heavy_extra_bonus_action", {"penalty": h.penalty}, side="actor"))
    if opts.extra_effort:
        if h.penalty < 0:
            relief = min(HEAVY_EFFORT_RELIEF, -h.penalty)
            attempt.modifiers.append(modifier("extra_effort", relief))
            attempt.fatigue = 1
        else:
            attempt.notes.append(Note("effort_unneeded", side="actor"))
    if h.too_heavy:
        params = {"weight_kg": whole(weapon.weight_kg), "lift_kg": whole(sheet.lift_kg)}
        attempt.notes.append(Note("too_heavy", params, side="actor"))
    return h.too_heavy


def build_attempt(
    sheet: Sheet, weapon: Weapon, opts: Options, settings: Settings, *, ranged: bool, distance: float | None
) -> Attempt:
    """Everything on the attacker's side of the hit test (skill, improvised, throwing, heavy, range)."""
    if not ranged and weapon.ranged_kind in ("shooting", "spell"):
        raise RulesError("error.pl_wladanie.ranged_weapon_in_melee", weapon=Term("weapon", weapon.id))
    throwing = ranged and (opts.throw or weapon.ranged_kind in (None, "thrown"))
    if throwing and "unarmed" in weapon.traits:
        raise RulesError("error.pl_wladanie.cannot_throw", weapon=Term("weapon", weapon.id))
    if throwing and not opts.throw and weapon.ranged_kind is None and not weapon.designed_for_throwing:
        # "Postać może wykorzystać broń i rzucić nią …": throwing a sword is the player's choice (−10),
        # not what a shot with a melee-only sheet silently does.
        raise RulesError(
            "error.pl_wladanie.throw_not_chosen", weapon=Term("weapon", weapon.id), penalty=NOT_FOR_THROWING
        )
    two_handed = opts.grip == "two_handed" if opts.grip else weapon.two_handed
    attempt = Attempt("ranged" if ranged else "direct", weapon, two_handed, throwing, [], [])
    too_heavy = _heavy(attempt, sheet, opts, settings)
    key, value = _skill(sheet, weapon, throwing)
    if too_heavy:
        attempt.modifiers.insert(0, modifier("non_proficient", settings.non_proficiency_penalty))
    elif value is None:
        attempt.notes.append(Note(key="no_skill", params={"skill": Term("weapon", weapon.skill_key)}))
    else:
        attempt.modifiers.insert(0, modifier(key, value))
    improvised = opts.improvised or weapon.improvised
    not_for_throwing = throwing and not weapon.designed_for_throwing
    if not_for_throwing:
        attempt.modifiers.append(modifier("not_for_throwing", NOT_FOR_THROWING))
    elif improvised:
        attempt.modifiers.append(modifier("improvised", IMPROVISED))
    if ranged:
        _range(attempt, sheet, opts, settings, distance)
    if opts.modifier:
        attempt.modifiers.append(modifier("modifier", opts.modifier))
    attempt.plan = damage_plan(
        weapon, sheet.strength, reasons=_dice_steps(improvised, not_for_throwing, settings),
        raise_category=not ranged and two_handed,
    )  # fmt: skip
    return attempt


def _dice_steps(improvised: bool, not_for_throwing: bool, settings: Settings) -> tuple[tuple[str, int], ...]:
    """Why the damage dice move down the ladder: improvised −2; thrown and not made for throwing −2, which
    replaces the improvised −2 unless the group counts both (`thrown_improvised_steps: 4`)."""
    if not_for_throwing and improvised and settings.thrown_improvised_steps == 4:
        return (("improvised", IMPROVISED_STEPS), ("not_for_throwing", THROWN_STEPS))
    if not_for_throwing:
        return (("not_for_throwing", THROWN_STEPS),)
    if improvised:
        return (("improvised", IMPROVISED_STEPS),)
    return ()


def _range(attempt: Attempt, sheet: Sheet, opts: Options, settings: Settings, distance: float | None) -> None:
    """Maximum range and, for a shot at a character, -1 per 2 m (area attacks put it in the ST)."""
    if distance is None:
        raise RulesError("error.pl_wladanie.distance_required")
    if distance < 0:
        raise RulesError("error.pl_wladanie.distance_invalid", distance=distance)
    weapon = attempt.weapon
    attempt.max_range_m = throw_range(weapon, sheet) if attempt.throwing else weapon.max_range_m
    if attempt.max_range_m is None:
        attempt.notes.append(Note(key="range_unknown"))
    elif exact(distance) > exact(attempt.max_range_m):
        raise RulesError(
            "error.pl_wladanie.out_of_range", distance=whole(distance), max_range=whole(attempt.max_range_m)
        )
    penalty = range_penalty(distance, settings)
    if penalty and not opts.area:
        attempt.modifiers.append(modifier("range", penalty))
