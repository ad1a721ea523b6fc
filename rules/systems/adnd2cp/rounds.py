"""Round upkeep, [ROUND] declarations, rest and the other extra actions (initiative: initiative.py)."""

from __future__ import annotations

from typing import cast

from rules.checks import check, die, fixed, part
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Check, Damage, Message, Note, Term
from rules.notation import parse_dice
from rules.system import ActionRequest, Fighter
from rules.systems.adnd2cp import conditions, tables
from rules.systems.adnd2cp.common import (
    SYSTEM_ID,
    blow_terms,
    changes,
    hp_after_loss,
    life_conditions,
    note,
    pick_weapon,
    without,
)
from rules.systems.adnd2cp.context import roll_expr_dice
from rules.systems.adnd2cp.options import Options
from rules.systems.adnd2cp.percent import passed, save_rolls
from rules.systems.adnd2cp.pool import after_rest, rest_gain_per_hour
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import Condition, Sheet
from rules.systems.adnd2cp.stacking import (
    QUICK,
    Plan,
    added_round_cost,
    cost_check,
    count_specials,
    own_costs,
    plan_round,
    split_pending,
)


def apply_round_plan(actor: Sheet, plan: Plan, next_round: bool) -> Sheet:
    if next_round:
        pending = actor.pending_round_blows + plan.round_blows + plan.attack_blows
        return actor.model_copy(update={"pending_round_blows": pending})
    update: dict[str, object] = {
        "pool_current": actor.points - plan.cost,
        "round_blows": actor.round_blows + plan.round_blows,
        "specials_used": actor.specials_used + plan.specials,
        "quick_strike": actor.quick_strike + len(plan.attack_blows),
    }
    if "attacco_extra" in plan.round_blows:
        update["extra_attacks_left"] = actor.extra_attacks_left + 1
    return actor.model_copy(update=update)


def sheet_result(action: str, fighter: Fighter[Sheet], before: Sheet, after: Sheet, **extra: object) -> ActionResult:
    return ActionResult(
        system=SYSTEM_ID,
        action=action,
        actor=fighter.name,
        changes=changes(fighter.name, before, after),
        actor_sheet=after.model_dump() if after != before else None,
        **extra,
    )


# --- declarations -------------------------------------------------------------------------------------
def declare(req: ActionRequest) -> ActionResult:
    actor = cast(Sheet, req.actor.sheet)
    options, settings = cast(Options, req.options), cast(Settings, req.settings)
    if not options.blows:
        raise RulesError("error.adnd2cp.declare_needs_blows")
    weapon = pick_weapon(actor, req.weapon)
    # Whether anyone has acted in this round is the bot's to tell (a shared `ActionRequest.round_acted`,
    # read here once the bot passes it); until then the actor's own actions close its intentions phase.
    round_acted = bool(getattr(req, "round_acted", False))
    plan = plan_round(actor, weapon, options, settings, at_initiative=False, round_acted=round_acted)
    after = apply_round_plan(actor, plan, options.next_round)
    key = "round_blows_declared" if options.next_round else "round_blows_paid"
    return sheet_result(
        "declare",
        req.actor,
        actor,
        after,
        total=plan.cost,
        checks=[cost_check(plan.round_blows, own_costs(actor, plan.round_blows), plan.cost)],
        # one number only: the catalog picks the plural form ("1 point", "3 points") by it
        notes=[note(key, {"blows": blow_terms(plan.round_blows), "cost": plan.cost}, "actor")],
    )


# --- round upkeep -------------------------------------------------------------------------------------
def _bleed(cond: Condition, notes: list[Note]) -> Condition | None:
    """One end-of-round loss of 2 hp; a GM-set bleeding (rounds None) lasts until it is stopped."""
    losses = cond.value + 1
    left = None if cond.rounds is None else cond.rounds - 1
    if left is None:
        notes.append(note("bleeding_until_stopped", {"hp": 2}, "actor"))
    else:
        notes.append(note("bleeding", {"hp": 2, "rounds_left": left}, "actor"))
    going_on = left is None or left > 0
    if losses % 2 == 0 and going_on:
        notes.append(note("bleeding_saves_due", {"saves": 2, "pure": True}, "actor"))
    return cond.model_copy(update={"rounds": left, "value": losses}) if going_on else None


def _tick(cond: Condition, notes: list[Note]) -> tuple[Condition | None, int]:
    """One round passes for a condition: (condition after or None, hp lost)."""
    key = cond.key
    if key in ("lose_attacks", "pain_penalty", "debilitated", "incapacitated", "slowed", "tending_wound"):
        return None, 0
    if key == "slowed_next":
        return Condition(key="slowed", rounds=1, value=4, source=cond.source), 0
    if key == "guard_opened":
        left = (cond.rounds or 1) - 1
        return (cond.model_copy(update={"rounds": left}) if left > 0 else None), 0
    if key == "incapacitate_saves":  # rounds: follow-up rounds still to start; 0 = the last one is running
        left = cond.rounds if cond.rounds is not None else 1
        if left <= 0:
            return None, 0
        notes.append(note("incapacitate_saves_due", {"bonus": 5 * (3 - left), "saves": 2}, "actor"))
        return cond.model_copy(update={"rounds": left - 1}), 0
    if key == "bleeding":
        return _bleed(cond, notes), 2
    return cond, 0


def _round_reset(sheet: Sheet, round_no: int) -> dict[str, object]:
    """Fresh per-round state. What this round's initiative roll already paid (Colpo Rapido, blows given
    at the roll) is kept when the roll came before `start_round`, as it does in round 1."""
    update: dict[str, object] = {
        "round_no": round_no,
        "attacks_made": 0,
        "opportunity_attacks_made": 0,
        "readied_defence": None,
    }
    if not (sheet.initiative_rolled and sheet.round_no == round_no):
        update.update(specials_used=0, round_blows=[], quick_strike=0, extra_attacks_left=0, initiative_rolled=False)
    return update


def start_round(fighter: Fighter[Sheet], settings: Settings, round_no: int) -> ActionResult | None:
    sheet = fighter.sheet
    notes: list[Note] = []
    conds: list[Condition] = []
    lost = 0
    for cond in sheet.conditions:
        kept, hp_lost = _tick(cond, notes)
        lost += hp_lost
        if kept is not None:
            conds.append(kept)
    if not any(c.key == "bleeding" for c in conds):  # one Healing check per bleeding, not per victim's life
        conds = [c for c in conds if c.key != "bleeding_tended"]
    update = _round_reset(sheet, round_no)
    if settings.track_attacks:
        update["attacks_left"] = tables.attacks_in_round(sheet.attack_rate(), round_no)
    hp = hp_after_loss(sheet, lost)
    update["hp"] = hp
    update["conditions"] = life_conditions(conds, hp, settings)  # also settles an hp the GM edited
    update["death_at"] = settings.death_at  # for the GM's hp edits until the next round start
    after = _pay_pending(sheet.model_copy(update=update), settings, notes)
    if after == sheet:
        return None
    return sheet_result(
        "start_round",
        fighter,
        sheet,
        after,
        notes=notes,
        conditions=[c.key for c in after.conditions],
    )


def _pay_pending(sheet: Sheet, settings: Settings, notes: list[Note]) -> Sheet:
    """[ROUND] blows declared for this round are paid at its start, whatever happens after; declared
    Colpo Rapido copies stay pending for the initiative roll."""
    blows, copies = split_pending(sheet.pending_round_blows)
    if not blows:
        return sheet
    cost = added_round_cost(sheet, sheet.round_blows, blows)
    points = sheet.points - cost
    if points < 0:
        notes.append(note("round_blows_shortfall", {"cost": cost, "points": sheet.points}, "actor"))
        if settings.unknown_cost_shortfall == "spend_all_remaining":
            points = 0
    notes.append(note("round_blows_paid", {"blows": blow_terms(blows), "cost": cost}, "actor"))
    return sheet.model_copy(
        update={
            "pool_current": points,
            "round_blows": sheet.round_blows + blows,
            "specials_used": sheet.specials_used + count_specials(blows),
            "extra_attacks_left": sheet.extra_attacks_left + (1 if "attacco_extra" in blows else 0),
            "pending_round_blows": [QUICK] * copies,
        }
    )


# --- other extra actions ------------------------------------------------------------------------------
def rest(req: ActionRequest) -> ActionResult:
    """Common rest (riposo comune): hours without any of the seed's interrupting actions, so never inside
    a round of combat. In an encounter (`round_no` ≥ 1: joining sets it, and `/encounter end` drops it
    with the other turn fields) it is refused unless the GM's `rest_in_fight` says the fight is paused."""
    actor = cast(Sheet, req.actor.sheet)
    if actor.round_no >= 1 and not cast(Settings, req.settings).rest_in_fight:
        raise RulesError("error.adnd2cp.rest_in_fight", name=req.actor.name)
    hours = cast(Options, req.options).hours
    after = actor.model_copy(update={"pool_current": after_rest(actor.points, actor.pool_max, hours)})
    gain = rest_gain_per_hour(actor.pool_max)
    recovered = after.points - actor.points
    return sheet_result(
        "rest",
        req.actor,
        actor,
        after,
        total=recovered,
        checks=[fixed("rest_gain", recovered, key="rest_gain")],
        notes=[
            note(
                "rest",
                {"hours": hours, "per_hour": gain, "points": after.points, "pool_max": actor.pool_max},
                "actor",
            )
        ],
    )


def pull_out(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Impalamento: pull the stuck weapon out (the weapon's dice as damage, no bonus)."""
    settings = cast(Settings, req.settings)
    victim_fighter = req.target or req.actor
    victim = cast(Sheet, victim_fighter.sheet)
    impaled = victim.condition("impaled")
    if impaled is None:
        raise RulesError("error.adnd2cp.not_impaled")
    weapon = pick_weapon(cast(Sheet, req.actor.sheet), req.weapon)
    roller = Roller(dice)
    expr = parse_dice(weapon.damage_large if victim.size in ("L", "H", "G") and weapon.damage_large else weapon.damage)
    rolled, total = roll_expr_dice(expr.groups, roller, "damage")  # the weapon's dice, no bonus at all
    faces = [d.face for d in rolled]
    shown = check("damage", dice=rolled)
    conds = without(victim.conditions, "impaled")
    if impaled.value > 1:
        conds.append(impaled.model_copy(update={"value": impaled.value - 1}))
    hp = hp_after_loss(victim, max(0, total))
    after = victim.model_copy(update={"hp": hp, "conditions": life_conditions(conds, hp, settings)})
    return ActionResult(
        system=SYSTEM_ID,
        action="pull_out",
        actor=req.actor.name,
        target=victim_fighter.name,
        weapon=weapon.id,
        rolls=roller.rolls,
        outcome="hit",
        damage=Damage(dice=faces, rolled=max(0, total), applied=max(0, total)),
        checks=[shown],
        conditions=[c.key for c in after.conditions],
        changes=changes(victim_fighter.name, victim, after),
        target_sheet=after.model_dump(),
    )


def _gm_saves(
    options: Options, roller: Roller, purpose: str, count: int, sheet_chance: tuple[str, int | None] | None = None
) -> tuple[list[bool] | None, list[Check]]:
    """Saves given by the GM (save / saves_failed) or rolled d100 <= save_pct + save_modifier, each
    rolled one shown as a check; without a chance given, the victim's sheet's (`sheet_chance`: its
    field and value), if it has one."""
    if options.saves_failed is not None:
        return [False] * min(count, options.saves_failed) + [True] * max(0, count - options.saves_failed), []
    if options.save is not None:
        return [options.save == "passed"] * count, []
    label, pct = (
        sheet_chance if options.save_pct is None and sheet_chance is not None else ("save_pct", options.save_pct)
    )
    if pct is None:
        return None, []
    chance = [(label, pct), ("save_modifier", options.save_modifier)]
    rolled = save_rolls(roller, purpose, chance, count)
    return passed(rolled), rolled


def _outcomes(result: list[bool]) -> list[Term]:
    return [Term("outcome", "passed" if ok else "failed") for ok in result]


def _victim_result(
    action: str,
    req: ActionRequest,
    fighter: Fighter[Sheet],
    before: Sheet,
    after: Sheet,
    roller: Roller,
    notes: list[Note],
    shown: list[Check],
) -> ActionResult:
    return ActionResult(
        system=SYSTEM_ID,
        action=action,
        actor=req.actor.name,
        target=fighter.name,
        rolls=roller.rolls,
        notes=notes,
        conditions=[c.key for c in after.conditions],
        changes=changes(fighter.name, before, after),
        target_sheet=after.model_dump() if after is not before else None,
        checks=shown,
    )


def stop_bleeding(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Stop a bleeding. Seed (Taglio Profondo): "L'emorragia potrà essere fermata prima da chi possiede la
    competenza healing ed abbia a disposizione due bendaggi con una prova nell'abilità (si consideri una
    azione fisica complessa incompatibile con il combattimento e dalla durata di un intero round e si noti
    che una sola prova può essere effettuata sulla vittima …) oppure con una magia di cure light wounds (od
    … qualsiasi altra cura magica che sia in grado di far recuperare in un singolo round 5 o più punti
    ferita) che sia indirizzata unicamente a fermare l'emorragia."

    Three ways: the victim's two pure toughness saves (save / saves_failed / save_pct: both passed stop it),
    a magic cure the GM states (`cure`), or the actor's Healing check (`check`, or `check_pct` rolled
    d100): the actor needs the healing proficiency, has not attacked this round and spends the whole
    round on it (`tending_wound`), and the victim allows one check only (`bleeding_tended`)."""
    fighter = cast(Fighter[Sheet], req.target or req.actor)
    sheet = fighter.sheet
    if not sheet.has("bleeding"):
        raise RulesError("error.adnd2cp.not_bleeding", name=fighter.name)
    options, roller = cast(Options, req.options), Roller(dice)
    if options.save is not None or options.saves_failed is not None or options.save_pct is not None:
        pure = options.model_copy(update={"save_modifier": 0})  # pure saves: no modifier
        result, shown = _gm_saves(pure, roller, "save.bleeding", 2)
        assert result is not None
        notes = [
            note("bleeding_stopped" if all(result) else "bleeding_goes_on", {"saves": _outcomes(result)}, "target")
        ]
        after = _stopped(sheet) if all(result) else sheet
        return _victim_result("stop_bleeding", req, fighter, sheet, after, roller, notes, shown)
    if options.cure:
        notes = [note("bleeding_stopped_by_cure", {}, "target")]
        return _victim_result("stop_bleeding", req, fighter, sheet, _stopped(sheet), roller, notes, [])
    return _healing_check(req, fighter, options, roller)


def _stopped(sheet: Sheet) -> Sheet:
    return sheet.model_copy(update={"conditions": without(sheet.conditions, "bleeding", "bleeding_tended")})


def _healing_check(req: ActionRequest, fighter: Fighter[Sheet], options: Options, roller: Roller) -> ActionResult:
    """The healer's one check with two bandages: a whole round, incompatible with fighting."""
    healer = cast(Sheet, req.actor.sheet)
    name = req.actor.name
    if "healing" not in healer.proficiencies:
        raise RulesError("error.adnd2cp.stop_bleeding_needs_healing", name=name, **_ways())
    if fighter.sheet.has("bleeding_tended"):
        raise RulesError("error.adnd2cp.bleeding_check_done", name=fighter.name, **_ways())
    if healer.attacks_made > 0 or healer.has("tending_wound"):
        raise RulesError("error.adnd2cp.tending_needs_the_round", name=name)
    shown: list[Check] = []
    if options.check is not None:
        ok = options.check == "passed"
    elif options.check_pct is not None:
        chance = check("healing_chance", parts=[part("check_pct", options.check_pct)])
        face = roller.d(100, "healing_check")
        ok = face <= options.check_pct
        shown = [
            check(
                "healing_check",
                dice=[die(100, face)],
                versus=chance,
                outcome="passed" if ok else "failed",
            )
        ]
    else:
        raise RulesError(
            "error.adnd2cp.healing_check_needed",
            outcome=Message("syntax.option", {"key": Term("typed_option", "check")}),
            chance=Message("syntax.option", {"key": Term("typed_option", "check_pct")}),
        )
    busy: dict[str, object] = {"conditions": [*healer.conditions, Condition(key="tending_wound", rounds=1)]}
    if healer.attacks_left is not None:
        busy["attacks_left"] = 0
    victim = fighter.sheet
    if fighter.name == name:  # tending one's own wound: one sheet takes both changes
        victim = victim.model_copy(update=busy)
    after = (
        _stopped(victim)
        if ok
        else victim.model_copy(update={"conditions": [*victim.conditions, Condition(key="bleeding_tended")]})
    )
    notes = [note("bleeding_healing_check", {"outcome": Term("outcome", "passed" if ok else "failed")}, "target")]
    notes.append(note("tending_wound", {"name": name}, "actor"))
    result = _victim_result("stop_bleeding", req, fighter, fighter.sheet, after, roller, notes, shown)
    if fighter.name != name:
        healer_after = healer.model_copy(update=busy)
        result = result.model_copy(
            update={
                "actor_sheet": healer_after.model_dump(),
                "changes": changes(name, healer, healer_after) + result.changes,
            }
        )
    return result


def _ways() -> dict[str, object]:
    """How else a bleeding stops, as the reader types it: a magic cure, or the victim's two pure saves."""
    return {
        "cure": Message("syntax.option", {"key": Term("typed_option", "cure")}),
        "saves": Message("syntax.option", {"key": Term("typed_option", "save")}),
    }


def incapacitate_saves(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Incapacitare's saves in the two following rounds (the GM adds +5 %, then +10 %, as save_modifier):
    one failed -> debilitated, both failed -> incapacitated, for the whole round."""
    fighter = cast(Fighter[Sheet], req.target or req.actor)
    sheet = fighter.sheet
    if not sheet.has("incapacitate_saves"):  # nobody's Incapacitare hit it, or its two rounds are over
        raise RulesError("error.adnd2cp.not_under_incapacitate", name=fighter.name)
    options, roller = cast(Options, req.options), Roller(dice)
    toughness = ("save_toughness", sheet.save_toughness)
    result, shown = _gm_saves(options, roller, "save.incapacitare", 2, toughness)
    if result is None:
        raise RulesError("error.adnd2cp.save_outcome_needed")
    failed = result.count(False)
    conds = without(sheet.conditions, "debilitated", "incapacitated")
    if failed:
        conds.append(conditions.incapacitation(failed))
    after = sheet.model_copy(update={"conditions": conds})
    notes = [Note(key="incapacitate_saves", params={"passed": _outcomes(result)})]
    return _victim_result("incapacitate_saves", req, fighter, sheet, after, roller, notes, shown)
