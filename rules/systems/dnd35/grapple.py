"""Grapple (zápas, digest §11.6): start (AoO, touch grab, opposed check, damage), damage, pin, escape."""

from __future__ import annotations

from collections.abc import Callable

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.model import ActionResult, Check, Damage, Modifier, Note, StateChange
from rules.system import ActionRequest
from rules.systems.dnd35.acting import end_action
from rules.systems.dnd35.actions import _fight, _opposed, _target
from rules.systems.dnd35.attack import (
    SYSTEM_ID,
    Fight,
    Swing,
    base_mods,
    hits,
    roll_damage,
    situation_mods,
)
from rules.systems.dnd35.defense import armor_class
from rules.systems.dnd35.described import ac_check, attack_outcome, d20_check
from rules.systems.dnd35.hp import HP_FIELDS, apply_damage, condition_list, diff, sheet_state, with_conditions
from rules.systems.dnd35.opportunity import aoo_weapon, attack_of_opportunity, unarmed_of
from rules.systems.dnd35.sheet import Sheet
from rules.systems.dnd35.tables import SIZES

Notes = list[Note]

LETHAL_GRAPPLE_PENALTY = -4
IMPROVED_GRAPPLE = 4  # [SRD-EXT] feat: +4 on grapple checks, no attack of opportunity


def grapple_mods(sheet: Sheet) -> list[Modifier]:
    """Grapple check modifier: BAB + Str + the special size modifier (+4 Improved Grapple)."""
    mods = [Modifier(key="bab", value=sheet.bab), Modifier(key="str", value=sheet.mod("str"))]
    size = SIZES[sheet.size].grapple
    if size:
        mods.append(Modifier(key="grapple_size", value=size))
    if sheet.has_feat("improved_grapple"):
        mods.append(Modifier(key="improved_grapple", value=IMPROVED_GRAPPLE))
    return mods


def total_of(mods: list[Modifier]) -> int:
    return sum(int(m.value) for m in mods)


def _grapple_damage(fight: Fight, notes: list[Note], checks: list[Check]) -> tuple[Damage, Sheet]:
    kind = "lethal" if fight.opts.lethal else "nonlethal"
    damage, shown = roll_damage(fight, Swing(unarmed_of(fight.actor), [], "one"), False, kind)
    checks.append(shown)
    after = apply_damage(fight.target, damage.applied, kind, fight.settings.temp_hp_absorb_nonlethal)
    return damage, after


def _check(fight: Fight, notes: list[Note], checks: list[Check], extra: int = 0) -> tuple[bool, list[Modifier]]:
    mine = grapple_mods(fight.actor)
    if fight.opts.lethal:
        mine.append(Modifier(key="lethal_grapple", value=LETHAL_GRAPPLE_PENALTY))
    if extra:
        mine.append(Modifier(key="grapple_misc", value=extra))
    theirs = grapple_mods(fight.target)
    won, totals = _opposed(fight.roller, "grapple", mine, theirs, fight.settings, checks)
    notes.append(Note(key="grapple_check", params={"attacker": totals[0], "defender": totals[1]}))
    return won, mine


def finish(req: ActionRequest, fight: Fight, result: ActionResult) -> ActionResult:
    """A special action's result: both sheets' changes (weapons too), the target's state, and the
    actor's end-of-action cost (`acting.end_action`: a disabled actor's 1 HP)."""
    actor0: Sheet = req.actor.sheet
    target0: Sheet = _target(req).sheet
    fight.actor = end_action(actor0, fight.actor, fight.settings, fight.kind, fight.notes)
    result.notes = result.notes + fight.notes
    target_name = _target(req).name
    changes: list[StateChange] = diff(target_name, target0, fight.target, HP_FIELDS)
    changes += diff(req.actor.name, actor0, fight.actor, HP_FIELDS)
    for name, before, after in ((target_name, target0, fight.target), (req.actor.name, actor0, fight.actor)):
        if before.weapons != after.weapons:
            changes.append(
                StateChange(
                    combatant=name,
                    field="weapons",
                    before=[w.name for w in before.weapons],
                    after=[w.name for w in after.weapons],
                )
            )
    result.changes = changes
    result.rolls = fight.roller.rolls
    result.wound = sheet_state(fight.target)
    result.conditions = condition_list(fight.target)
    if fight.target is not target0:
        result.target_sheet = fight.target.model_dump()
    if fight.actor is not actor0:
        result.actor_sheet = fight.actor.model_dump()
    return result


def grapple(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Start a grapple: 1 AoO (damage → fail), 2 melee touch grab, 3 opposed check → hold and damage."""
    fight = _fight(req, dice)
    if "grappling" in fight.actor.all_conditions:
        raise RulesError("error.dnd35.already_grappling")
    result = ActionResult(
        system=SYSTEM_ID,
        action="grapple",
        actor=req.actor.name,
        target=_target(req).name,
        outcome="grapple_failed",
    )
    notes: list[Note] = []
    aoo_w = aoo_weapon(fight)
    if aoo_w is not None:
        notes.append(Note(key="grapple_aoo"))
        aoo = attack_of_opportunity(fight, aoo_w)
        result.attacks = [aoo]
        if aoo.damage is not None and aoo.damage.applied > 0:
            notes.append(Note(key="grapple_aoo_damage"))
            result.notes = notes
            return finish(req, fight, result)
        if sheet_state(fight.actor) not in ("unhurt", "wounded"):
            result.notes = notes
            return finish(req, fight, result)
    unarmed = unarmed_of(fight.actor)
    mods = base_mods(fight.actor, unarmed, fight.actor.bab, False) + situation_mods(fight, unarmed)
    ac = armor_class(
        fight.target,
        fight.opts,
        fight.settings,
        ranged=False,
        touch=True,
        actor_invisible=fight.opts.invisible,
    )
    face = fight.roller.d(20, "attack")
    bonus = total_of(mods)
    result.modifiers = mods + ac.modifiers
    result.total, result.against, result.against_key = face + bonus, ac.value, ac.key
    result.margin = face + bonus - ac.value
    hit = hits(face, bonus, ac.value)
    # "2. krok: Chycení. K uchopení cíle použij útok dotykem nablízko."
    result.checks.append(
        d20_check("touch_attack", face, mods, "actor", ac_check(ac, "target"), attack_outcome(face, hit))
    )
    if not hit:
        result.notes = notes
        return finish(req, fight, result)
    if SIZES[fight.target.size].index - SIZES[fight.actor.size].index >= 2:
        notes.append(Note(key="grapple_auto_fail"))
        result.notes = notes
        return finish(req, fight, result)
    won, _ = _check(fight, notes, result.checks)
    opposed = notes[-1].params  # the grapple check's totals: the outcome's margin is theirs
    result.margin = int(opposed["attacker"]) - int(opposed["defender"])
    if won:
        result.outcome = "grappling"
        result.damage, after = _grapple_damage(fight, notes, result.checks)
        fight.target = with_conditions(after, add=("grappling",))
        fight.actor = with_conditions(fight.actor, add=("grappling",))
    result.notes = notes
    return finish(req, fight, result)


def _contest(
    req: ActionRequest,
    dice: DiceSource,
    action: str,
    win: str,
    on_win: Callable[[Fight, Notes, list[Check]], Damage | None],
) -> ActionResult:
    """One opposed grapple check; `on_win` changes the fight (and may deal damage) when the actor wins."""
    fight = _fight(req, dice)
    notes: list[Note] = []
    checks: list[Check] = []
    won, mods = _check(fight, notes, checks)
    result = ActionResult(
        system=SYSTEM_ID,
        action=action,
        actor=req.actor.name,
        target=_target(req).name,
        modifiers=mods,
        outcome=win if won else "grapple_failed",
        checks=checks,
    )
    if won:
        result.damage = on_win(fight, notes, result.checks)
    result.notes = notes
    return finish(req, fight, result)


def grapple_damage(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Damage your grapple opponent: win the opposed check → unarmed damage (nonlethal unless `lethal`)."""

    def hurt(fight: Fight, notes: Notes, checks: list[Check]) -> Damage | None:
        damage, fight.target = _grapple_damage(fight, notes, checks)
        return damage

    return _contest(req, dice, "grapple_damage", "grapple_damage", hurt)


def pin(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Pin your grapple opponent (instead of an attack): win the opposed check → pinned for 1 round."""

    def hold(fight: Fight, notes: Notes, checks: list[Check]) -> Damage | None:
        fight.target = with_conditions(fight.target, add=("grappling", "pinned"))
        return None

    return _contest(req, dice, "pin", "pinned", hold)


def escape_grapple(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Escape (actor = the grappled one, target = the grappler): win the opposed check → both free."""

    def free(fight: Fight, notes: Notes, checks: list[Check]) -> Damage | None:
        fight.actor = with_conditions(fight.actor, remove=("grappling", "pinned"))
        fight.target = with_conditions(fight.target, remove=("grappling",))
        return None

    return _contest(req, dice, "escape_grapple", "escaped", free)
