"""Melee attacks and shots: to-hit against THAC0 − AC, damage, and the effects of combat blows."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, cast

from rules.checks import check, die, part
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Check, Message, Note, Term
from rules.system import ActionRequest
from rules.systems.adnd2cp import effects, tables
from rules.systems.adnd2cp.blows import BLOWS
from rules.systems.adnd2cp.common import SYSTEM_ID, blow_terms, changes, pick_weapon, weapon_term, whole, without
from rules.systems.adnd2cp.conditions import TO_HIT_AGAINST, is_helpless
from rules.systems.adnd2cp.context import Attack, magic_bonus, roll_hits, str_applies
from rules.systems.adnd2cp.options import Options
from rules.systems.adnd2cp.reactions import check_opportunity, plan_readied_defence, with_readied_defence
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import Sheet, WeaponEntry
from rules.systems.adnd2cp.stacking import Plan, defensive_cap, is_sai, plan_attack, plan_defence


# --- set-up -------------------------------------------------------------------------------------------
def _delivery(w: WeaponEntry, ranged: bool) -> str:
    if ranged:
        for kind in ("missile", "firearm", "thrown"):
            if kind in w.delivery:
                return kind
        raise RulesError("error.adnd2cp.not_a_ranged_weapon", weapon=weapon_term(w.id))
    for kind in ("melee", "natural"):
        if kind in w.delivery:
            return kind
    raise RulesError("error.adnd2cp.not_a_melee_weapon", weapon=weapon_term(w.id))


def _count_attack(a: Attack, supplementary: bool) -> None:
    actor, o = a.actor, a.options
    if actor.conditions and actor.has("tending_wound"):  # stop_bleeding's Healing check takes the round
        raise RulesError("error.adnd2cp.tending_wound", name=a.req.actor.name)
    check_opportunity(actor, o, a.settings)
    if o.extra_attack:  # no blows on it (supplementary), so the round's blows are already paid
        if "attacco_extra" not in actor.round_blows or actor.extra_attacks_left <= 0:
            raise RulesError("error.adnd2cp.no_extra_attack")
        return
    if supplementary or o.hand == "off" or not a.settings.track_attacks or actor.attacks_left is None:
        return  # the off-hand attack of two-weapon fighting comes on top of the class's attacks
    if actor.attacks_left <= 0:
        # The option as the reader types it (`opzioni:supplementare`), from the core catalog.
        option = Message("syntax.option", {"key": Term("typed_option", "supplementary")})
        raise RulesError("error.adnd2cp.no_attacks_left", attacks_made=actor.attacks_made, option=option)


def _pay(a: Attack, supplementary: bool) -> None:
    actor, plan = a.actor, a.plan
    update: dict[str, object] = {"attacks_made": actor.attacks_made + 1}
    if a.options.opportunity:
        update["opportunity_attacks_made"] = actor.opportunity_attacks_made + 1
    if plan.cost:
        update["pool_current"] = actor.points - plan.cost
        update["specials_used"] = actor.specials_used + plan.specials
    if plan.round_blows:
        update["round_blows"] = actor.round_blows + plan.round_blows
        if "attacco_extra" in plan.round_blows:
            update["extra_attacks_left"] = actor.extra_attacks_left + 1
        a.own_note("round_blows_paid", blows=blow_terms(plan.round_blows), cost=plan.round_cost)
    extra_left = cast(int, update.get("extra_attacks_left", actor.extra_attacks_left))
    if a.options.extra_attack:
        update["extra_attacks_left"] = max(0, extra_left - 1)
    elif not supplementary and a.options.hand != "off" and actor.attacks_left is not None:
        update["attacks_left"] = max(0, actor.attacks_left - 1)
    if a.melee and actor.quick_strike:
        update["quick_strike"] = 0
    a.actor = actor.model_copy(update=update)
    if plan.attack_blows:
        a.own_note("blows_paid", blows=blow_terms(plan.attack_blows), cost=plan.attack_cost, points=a.actor.points)
    quick = plan.attack_blows.count("colpo_rapido")
    if quick:  # normally declared at the initiative roll: the GM moves the attack in the order
        factor = max(1, a.weapon.speed_factor - quick - actor.quick_strike)
        a.own_note("quick_strike_late", factor=factor, base=a.weapon.speed_factor)


# --- to hit -------------------------------------------------------------------------------------------
def _range_band(a: Attack) -> str:
    w, distance = a.weapon, a.req.distance
    if distance is None or not w.ranges:
        return a.options.range or "short"
    extra = 3 if a.delivery == "thrown" else 9
    extra *= a.blows["tiro_a_distanza"]
    short, medium, long = (r + extra for r in w.ranges[:3])
    if distance <= short:
        return "short"
    if distance <= medium:
        return "medium"
    if distance <= long:
        return "long"
    raise RulesError("error.adnd2cp.out_of_range", distance=_metres(distance), long=_metres(long))


def _metres(value: float) -> int | float:
    """A distance as a player writes it: 200, not 200.0 (a fraction stays: 7.5)."""
    return int(value) if float(value).is_integer() else value


def _to_hit_mods(a: Attack) -> None:
    """The attacker's modifiers to the d20, and the defender's (its position and state), which lower
    the number needed instead: the line reads d20 + the attacker's = total vs THAC0 − AC − the defender's."""
    actor, w, o, target = a.actor, a.weapon, a.options, a.target
    if str_applies(a):
        a.mod("str", actor.str_to_hit)
    if not a.melee:
        a.mod("dex_missile", actor.dex_missile)
        band = _range_band(a)
        if "proiettile_fatale" in a.blows and band != "short":
            raise RulesError(
                "error.adnd2cp.blow_short_range_only",
                blow=Term("blow", "proiettile_fatale"),
                band=Term("term", "range_" + band),
            )
        a.mod("range_" + band, tables.RANGE_MODIFIER[band])
    magic = magic_bonus(a)
    a.mod("magic", magic)
    if w.magic and not magic:
        a.own_note("no_enchantment_on_supplementary", magic=w.magic)
    a.mod("weapon_bonus", w.to_hit_bonus)
    if w.specialised and a.settings.specialisation_bonus:
        a.mod("specialisation", 1)
    if not w.proficient:
        a.mod("nonproficient", max((tables.NONPROFICIENT[c.group] for c in actor.classes), default=-2))
    if o.hand != "single":
        a.mod("two_weapon_" + o.hand, min(0, (-2 if o.hand == "main" else -4) + actor.dex_missile))
    a.mod("backstab", 4 if o.backstab else 0)
    a.mod("situational", o.modifier)
    for bid, n in sorted(a.blows.items()):
        value = -3 if bid == "disarmare" and is_sai(w) else BLOWS[bid].to_hit
        a.mod("blow." + bid, value * n)
    if "attacco_extra" in actor.round_blows:
        a.mod("extra_attack_round", -1)
    if o.extra_attack and actor.multi_or_dual_class_warrior:
        a.mod("extra_attack_multiclass", -2)
    if actor.conditions:
        effects.attacker_condition_mods(a.mod, actor, a.req.target.name if a.req.target else "", a.melee)
    # The defender's side: from behind, surprised, stunned or prone, its guard opened.
    a.defence_mod("rear", 2 if o.rear else 0)
    a.defence_mod("surprised", 1 if _target_surprised(a) else 0)
    if target.conditions:
        for key, bonus in TO_HIT_AGAINST.items():
            a.defence_mod("target_" + key, bonus if target.has(key) else 0)
    if a.melee and target.has("guard_opened"):
        a.guard = True
        a.defence_mod("guard_opened", 1)


def _target_surprised(a: Attack) -> bool:
    """The `surprised` option, or the condition a GM put on the target: the same +1 and no Dex AC."""
    return a.options.surprised or a.target.has("surprised")


def _dex_applies(a: Attack) -> bool:
    return not (a.options.rear or _target_surprised(a) or a.target.has("impaled"))


def needed_check(a: Attack) -> Check:
    """The number needed: THAC0 (the attacker's) − the target's AC as it stands against this attack
    (Dexterity lost, Combattere sulla Difensiva) − the defender's situational bonuses."""
    t = a.target
    parts = [part("thac0", a.actor.thac0), part("ac", -t.ac, "target")]
    if not _dex_applies(a):
        if t.dex_ac_adjustment:
            # the AC without it: AC 6 with a +2 Dexterity adjustment is AC 8 (the roll line subtracts 8)
            a.target_note("dex_ac_lost", ac=t.ac + t.dex_ac_adjustment, lost=t.dex_ac_adjustment)
            parts.append(part("dex_ac_lost", -t.dex_ac_adjustment, "target"))
    else:
        copies = t.round_blows.count("combattere_sulla_difensiva")
        if copies:
            bonus = max(0, min(copies, defensive_cap(t)))
            a.target_note("fighting_defensively", bonus=bonus, bought=copies, ac=t.ac - bonus)
            if bonus:
                parts.append(part("blow.combattere_sulla_difensiva", bonus, "target"))
    parts += [part(m.key, m.value, "target") for m in a.defence_mods]
    return check("needed", side="target", parts=parts)


# --- resolution ---------------------------------------------------------------------------------------
def _set_up(req: ActionRequest, actor: Sheet, target: Sheet, dice: DiceSource, ranged: bool) -> Attack:
    """Weapon, blows (validated and paid before the roll), the defender's blows and the round counters."""
    settings = cast(Settings, req.settings)
    weapon = pick_weapon(actor, req.weapon, ranged)
    notes: list[Note] = []
    options, readied_target = with_readied_defence(target, cast(Options, req.options), notes)
    delivery, supplementary = _delivery(weapon, ranged), options.is_supplementary
    plan = plan_attack(actor, target, weapon, delivery, options, settings, supplementary)
    a = Attack(req, actor, target, weapon, delivery, options, settings, Roller(dice), plan=plan, notes=notes)
    a.supplementary = supplementary
    if plan.attack_blows:
        a.blows = Counter(plan.attack_blows)
    _count_attack(a, a.supplementary)
    defence = _defence_plan(a, target, readied_target)
    _pay(a, a.supplementary)
    a.target = readied_target
    if defence is not None:
        a.defence_blows = defence.attack_blows
        a.target = effects.pay_defence(a.target, defence, a.notes)
    return a


def _defence_plan(a: Attack, target: Sheet, readied_target: Sheet) -> Plan | None:
    if readied_target is not target:  # the target's own readied defence: lapses rather than refuses
        return plan_readied_defence(readied_target, a.options, a.settings, a.notes)
    return plan_defence(target, a.options, a.settings) if a.options.target_blows else None


# The resolution runs in phases, each a function the exact odds (odds.py) also run on their own, so
# there is one code path: `begin` (no dice) → `roll_to_hit` (the d20) → `take_to_hit` (what the roll
# shows, no dice) → `effects.avoid` (Proiettile Fatale's further d20s, the dodge's d100) → `conclude`
# (damage, the blows' riders, the cleave, the result). What a phase hands on is a small frozen value.
class ToHit(NamedTuple):
    """What the d20 did, as the later phases need it: hit or not, hit only by the natural 20 (special
    blows void), and the face and total (the cleave compares the same total with a second AC). A named
    tuple: small, hashable, and quick to make on every attack."""

    hit: bool
    only_nat20: bool = False
    face: int = 0
    total: int = 0


def begin(req: ActionRequest, dice: DiceSource, ranged: bool) -> Attack:
    """Phase 0, no dice: weapon and blows paid, both sides' modifiers, the number needed, whether the
    target is helpless, and an opened guard used up by this melee attack."""
    if req.target is None:
        raise RulesError("error.adnd2cp.no_target")
    actor, target = cast(Sheet, req.actor.sheet), cast(Sheet, req.target.sheet)
    a = _set_up(req, actor, target, dice, ranged)
    _to_hit_mods(a)
    a.versus = needed_check(a)
    a.needed = int(a.versus.total or 0)
    a.helpless = is_helpless(a.target, a.settings)
    if a.helpless:
        a.note("helpless_hit")
    if a.melee and a.target.has("guard_opened"):
        a.target = a.target.model_copy(update={"conditions": without(a.target.conditions, "guard_opened")})
    return a


def roll_to_hit(a: Attack) -> ToHit:
    """Phase 1: the d20 + the attacker's modifiers against the number needed."""
    face = a.roller.d(20, "attack")
    total = face + sum(int(m.value) for m in a.mods)
    hit = roll_hits(a, face, total, a.needed)
    return ToHit(hit, hit and not a.helpless and total < a.needed, face, total)


def take_to_hit(a: Attack, roll: ToHit) -> Check:
    """What the roll shows (no dice): the attack check a player reads, the natural 20's note."""
    a.face = roll.face
    parts = [part(m.key, m.value) for m in a.mods]
    outcome = "hit" if roll.hit else "miss"
    to_hit = check("attack", dice=[die(20, roll.face)], parts=parts, versus=a.versus, outcome=outcome)
    a.checks.append(to_hit)
    if roll.face == 20:
        a.note("natural_20", only_nat20=roll.only_nat20)
    return to_hit


def resolve(req: ActionRequest, dice: DiceSource, ranged: bool) -> ActionResult:
    a = begin(req, dice, ranged)
    roll = roll_to_hit(a)
    to_hit = take_to_hit(a, roll)
    avoided = effects.avoid(a, to_hit, roll.only_nat20) if roll.hit else None
    return conclude(a, roll, avoided)


def conclude(a: Attack, roll: ToHit, avoided: effects.Avoid | None) -> ActionResult:
    """The last phase: a hit's damage and riders (or the blows spent on a miss), the cleave, the result."""
    outcome, damage = "miss", None
    if roll.hit and avoided is not None:
        outcome, damage = effects.strike(a, roll.only_nat20, avoided)
    elif a.plan.all_blows:
        a.own_note("blows_spent_on_miss", cost=a.plan.cost)
    sub = effects.cleave(a, roll.face, roll.total) if "fendente_frontale" in a.blows else []
    req = a.req
    assert req.target is not None  # begin refused an attack without one
    actor, target = cast(Sheet, req.actor.sheet), cast(Sheet, req.target.sheet)
    names = (req.actor.name, req.target.name)
    # Built without validation: every value is already of its declared type (models the rules made, the
    # sheets' own dumps); validating the whole result again was the largest single cost of an attack.
    return whole(
        ActionResult,
        system=SYSTEM_ID,
        action="attack" if a.melee else "shot",
        actor=names[0],
        target=names[1],
        weapon=a.weapon.id,
        rolls=a.roller.rolls,
        modifiers=a.mods,
        defence_modifiers=a.defence_mods,
        total=roll.total,
        against=a.needed,
        against_key="thac0_minus_ac",
        outcome=outcome,
        margin=roll.total - a.needed,
        damage=damage,
        location=None,
        wound=effects.wound_key(a.target),
        conditions=[c.key for c in a.target.conditions],
        changes=changes(names[0], actor, a.actor) + changes(names[1], target, a.target),
        notes=a.notes,
        attacks=sub,
        tiebreak=[],
        defences=[],
        exchange=None,
        actor_sheet=a.actor.model_dump() if a.actor is not actor else None,
        target_sheet=a.target.model_dump() if a.target is not target else None,
        checks=a.checks,
    )
