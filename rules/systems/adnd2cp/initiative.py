"""Initiative: the pure d10 roll with the attack's speed factor, and Colpo Rapido declared for the roll.

Colpo Rapido is declared "al suo tiro puro dell'iniziativa" (at the pure initiative roll). Between rounds
a player declares it (`declare_for_initiative`); the copies wait in `pending_round_blows` and the next
roll pays them and takes −1 per copy off the speed factor (minimum +1). `round_no` and
`initiative_rolled` tell whether the roll of the round `start_round` last opened has happened.
"""

from __future__ import annotations

from typing import cast

from rules.checks import check, die, part
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Modifier, Note, Part
from rules.system import ActionRequest
from rules.systems.adnd2cp.blows import BLOWS
from rules.systems.adnd2cp.common import blow_terms, note, pick_weapon, weapon_term
from rules.systems.adnd2cp.options import Options
from rules.systems.adnd2cp.rounds import apply_round_plan, sheet_result
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import Sheet, WeaponEntry
from rules.systems.adnd2cp.stacking import QUICK, plan_round, quick_strike_cost, split_pending, weapon_refusal


def speed_factor_used(settings: Settings) -> bool:
    return settings.initiative == "individual" and settings.speed_factors


def _quick_strike_fits(weapon: WeaponEntry) -> bool:
    return weapon_refusal(BLOWS[QUICK], weapon, weapon.delivery[0]) is None


def pay_declared_quick_strike(actor: Sheet, weapon: WeaponEntry, settings: Settings, notes: list[Note]) -> Sheet:
    """The roll takes the Colpo Rapido copies declared for it: paid now, or lapsed with the reason."""
    rounds, copies = split_pending(actor.pending_round_blows)
    copies = min(copies, 2 - actor.quick_strike)
    if copies <= 0:
        return actor
    left = actor.model_copy(update={"pending_round_blows": rounds})
    if not speed_factor_used(settings) or not _quick_strike_fits(weapon):
        notes.append(Note(key="quick_strike_lapsed", params={"weapon": weapon_term(weapon.id)}))
        return left
    # [ROUND] blows not paid yet (round 1: the roll comes before `start_round`) are in the stack too.
    cost = quick_strike_cost(actor, copies, settings, actor.round_blows + rounds)
    if cost > actor.points:
        notes.append(note("quick_strike_unaffordable", {"cost": cost, "points": actor.points}, "actor"))
        return left
    points = actor.points - cost
    notes.append(note("quick_strike_paid", {"copies": copies, "cost": cost, "points": points}, "actor"))
    return left.model_copy(update={"quick_strike": actor.quick_strike + copies, "pool_current": points})


def initiative(req: ActionRequest, dice: DiceSource) -> ActionResult:
    actor = cast(Sheet, req.actor.sheet)
    options, settings = cast(Options, req.options), cast(Settings, req.settings)
    weapon = pick_weapon(actor, req.weapon)
    notes: list[Note] = []
    factor_used = speed_factor_used(settings)
    ready = actor if actor.initiative_rolled else pay_declared_quick_strike(actor, weapon, settings, notes)
    plan = plan_round(ready, weapon, options, settings, at_initiative=True) if options.blows else None
    if plan is not None and plan.attack_blows and not factor_used:
        raise RulesError("error.adnd2cp.quick_strike_without_speed_factor")
    after = apply_round_plan(ready, plan, options.next_round) if plan is not None else ready
    after = after.model_copy(update={"initiative_rolled": True})
    roller = Roller(dice)
    pure = roller.d(10, "initiative")
    mods = _initiative_modifiers(actor, after, weapon, options, factor_used, notes)
    shown = check("initiative", dice=[die(10, pure)], parts=_initiative_parts(mods, weapon))
    if plan is not None:
        notes.append(
            note(
                "round_blows_paid" if not options.next_round else "round_blows_declared",
                {"blows": blow_terms(plan.all_blows), "cost": plan.cost},
                "actor",
            )
        )
    return sheet_result(
        "initiative",
        req.actor,
        actor,
        after,
        rolls=roller.rolls,
        modifiers=mods,
        total=pure + sum(int(m.value) for m in mods),
        notes=notes,
        weapon=weapon.id,
        checks=[shown],
    )


def _initiative_parts(mods: list[Modifier], weapon: WeaponEntry) -> list[Part]:
    """The pure roll's parts: the weapon's speed factor and Colpo Rapido's −1 a copy apart (the factor
    never goes below +1), then the other modifiers."""
    parts: list[Part] = []
    for m in mods:
        if m.key == "speed_factor" and m.value < weapon.speed_factor:
            parts += [part("speed_factor", weapon.speed_factor), part("blow." + QUICK, m.value - weapon.speed_factor)]
        else:
            parts.append(part(m.key, m.value))
    return parts


def _initiative_modifiers(
    before: Sheet, after: Sheet, weapon: WeaponEntry, options: Options, factor_used: bool, notes: list[Note]
) -> list[Modifier]:
    mods: list[Modifier] = []
    if factor_used:
        factor = weapon.speed_factor
        if after.quick_strike:
            factor = max(1, factor - after.quick_strike)
            notes.append(note("quick_strike_factor", {"factor": factor, "base": weapon.speed_factor}, "actor"))
        mods.append(Modifier(key="speed_factor", value=factor))
    impaled = before.condition("impaled")
    for key, value in (
        ("situational", options.initiative_modifier),
        ("slowed", 4 if before.has("slowed") else 0),
        ("impaled", 2 * min(3, impaled.value) if impaled is not None else 0),
    ):
        if value:
            mods.append(Modifier(key=key, value=value))
    return mods


def declare_for_initiative(req: ActionRequest) -> ActionResult:
    """`/initiative blows:colpo_rapido` between rounds: recorded for the next roll, which pays it."""
    actor = cast(Sheet, req.actor.sheet)
    options, settings = cast(Options, req.options), cast(Settings, req.settings)
    if not options.blows:
        raise RulesError("error.adnd2cp.declare_needs_blows")
    others = [bid for bid in options.blows if bid != QUICK]
    if others:
        raise RulesError("error.adnd2cp.not_declared_at_initiative", blows=blow_terms(others))
    if not speed_factor_used(settings):
        raise RulesError("error.adnd2cp.quick_strike_without_speed_factor")
    if actor.initiative_rolled and not settings.reroll_initiative_each_round:
        raise RulesError("error.adnd2cp.initiative_already_rolled", blows=blow_terms(options.blows))
    weapon = pick_weapon(actor, req.weapon)
    plan = plan_round(actor, weapon, options.model_copy(update={"next_round": True}), settings, at_initiative=True)
    after = apply_round_plan(actor, plan, next_round=True)
    for_round = actor.round_no + 1 if actor.initiative_rolled else max(1, actor.round_no)
    params = {"copies": len(plan.attack_blows), "cost": plan.cost, "points": actor.points, "round": for_round}
    return sheet_result(
        "declare_initiative",
        req.actor,
        actor,
        after,
        outcome="declared",
        total=plan.cost,
        weapon=weapon.id,
        notes=[note("quick_strike_declared", params, "actor")],
    )
