"""Leaving combat (wyjście z walki): a Defense test instead of the Attack, against reaction attacks.

One call resolves the disengage Defense against one reaction attacker (the request's target). When more
opponents may react, the Defense total is kept on the sheet (`disengage_defence`) with the names still to
roll (`disengage_pending`); each further call, with the next opponent as target, reuses it. The attempt
ends when nobody is pending: it succeeds only if the Defense beat every Attack (a tie fails).
"""

from __future__ import annotations

from typing import Any

from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Modifier, Note
from rules.system import ActionRequest
from rules.systems.arm5.common import (
    Rolled,
    apply_wound,
    botch_note,
    changes_of,
    check_can_act,
    conditions,
    fighter_sheet,
    in_hand,
    mod,
    note,
    penalty_mods,
    roll_total,
)
from rules.systems.arm5.melee import attack_mods, damage_mods, defence_mods, riding_bonus, soak_mods
from rules.systems.arm5.options import Options
from rules.systems.arm5.settings import Settings
from rules.systems.arm5.sheet import Sheet
from rules.systems.arm5.tables import DISENGAGE_STEP, wound_band

SYSTEM_ID = "arm5"


def window(sheet: Sheet, settings: Settings) -> list[str]:
    """Opponents who attacked the character in the window that counts (GM setting)."""
    if settings.disengage_window == "previous_round_number":
        return list(sheet.attacked_by_last_round)
    return list(sheet.attacked_by)


def _finish(sheet: Sheet, failed: bool) -> tuple[str, dict[str, Any]]:
    base: dict[str, Any] = {
        "disengage_defence": None,
        "disengage_pending": [],
        "disengage_failed": False,
        "attacked_by": [],
    }
    if failed:  # the attempt counts as the action; +3 (cumulative) to the next attempt
        return "disengage_failed", base | {
            "action_used": True,
            "disengage_bonus": sheet.disengage_bonus + DISENGAGE_STEP,
        }
    return "disengaged", base | {"left_combat": True, "engaged_with": [], "disengage_bonus": 0}


def _defence(sheet: Sheet, roller: Roller, opts: Options, settings: Settings, other_mounted: bool) -> Rolled:
    mods = defence_mods(sheet, "attack", settings.missile_defense)
    riding = riding_bonus(sheet, other_mounted)
    if riding:
        mods.append(mod("def_riding", riding))
    if sheet.disengage_bonus:
        mods.append(mod("def_disengage_bonus", sheet.disengage_bonus))
    mods += penalty_mods(sheet, "def")
    botch_dice = sheet.botch_dice_for(opts.botch_dice, settings.botch_dice_default)
    return roll_total(roller, "disengage_defence", mods, botch_dice)


def _reaction(reactor: Sheet, target: Sheet, roller: Roller, settings: Settings) -> Rolled:
    weapon, shield = in_hand(reactor, None)
    mods = attack_mods(reactor, weapon, shield)
    riding = riding_bonus(reactor, target.mounted)
    if riding:
        mods.append(mod("atk_riding", riding))
    mods += penalty_mods(reactor, "atk")
    return roll_total(
        roller, "reaction_attack", mods, reactor.botch_dice_for(None, settings.botch_dice_default)
    )


def disengage(req: ActionRequest, dice: DiceSource) -> ActionResult:
    opts, settings = req.options, req.settings
    assert isinstance(opts, Options) and isinstance(settings, Settings)
    sheet = fighter_sheet(req.actor)
    name = req.actor.name
    check_can_act(sheet, name)
    roller = Roller(dice)
    notes: list[Note] = []
    modifiers: list[Modifier] = []
    continuing = sheet.disengage_defence is not None
    if continuing:
        pending = list(sheet.disengage_pending)
        defence_total = int(sheet.disengage_defence or 0)
        failed = sheet.disengage_failed
    else:
        if settings.enforce_action_economy and sheet.action_used:
            raise RulesError("error.arm5.action_used", who=name)
        pending = window(sheet, settings)
        if req.target is not None and req.target.name not in pending:
            pending.append(req.target.name)
        failed = False
        if not pending:  # not attacked in the window: the character leaves without a roll
            outcome, auto = _finish(sheet, False)
            notes.append(note("disengage_automatic"))
            return _result(req, sheet, auto, outcome, roller, modifiers, notes, None, None)
        if req.target is None:
            raise RulesError("error.arm5.disengage_needs_attacker", pending=pending)
        rolled = _defence(sheet, roller, opts, settings, fighter_sheet(req.target).mounted)
        defence_total = rolled.total
        modifiers += rolled.modifiers
        notes += botch_note(rolled, "disengage_defence")
    if req.target is None or req.target.name not in pending:
        raise RulesError("error.arm5.disengage_needs_attacker", pending=pending)
    reactor = fighter_sheet(req.target)
    updates: dict[str, Any] = {}
    attack_total: int | None = None
    if reactor.out_of_fight:
        notes.append(note("reactor_out", {"who": req.target.name}))
    else:
        reaction = _reaction(reactor, sheet, roller, settings)
        modifiers += reaction.modifiers
        notes += botch_note(reaction, "reaction_attack")
        attack_total = reaction.total
        if attack_total >= defence_total:  # the Defense must be higher than every Attack
            failed = True
            notes.append(note("disengage_blocked", {"by": req.target.name}))
        if attack_total > defence_total and settings.disengage_reaction_damage:
            updates |= _reaction_damage(reactor, sheet, attack_total - defence_total, settings, notes)
    pending.remove(req.target.name)
    if pending:
        updates |= {
            "disengage_defence": defence_total,
            "disengage_pending": pending,
            "disengage_failed": failed,
        }
        outcome = "disengage_continues"
    else:
        outcome, final = _finish(sheet, failed)
        updates |= final
    return _result(req, sheet, updates, outcome, roller, modifiers, notes, defence_total, attack_total)


def _reaction_damage(
    reactor: Sheet, sheet: Sheet, advantage: int, settings: Settings, notes: list[Note]
) -> dict[str, Any]:
    """A reaction attack that beats the disengage Defense hits like an ordinary attack (steps 2c-2e)."""
    weapon, shield = in_hand(reactor, None)
    damage = sum(int(m.value) for m in damage_mods(reactor, weapon, shield, True)) + advantage
    soak = sum(int(m.value) for m in soak_mods(sheet))
    band = wound_band(damage - soak, sheet.size, settings.size_outside_table)
    outcome = apply_wound(sheet, band, False)
    notes.append(note("reaction_damage", {"damage": damage, "soak": soak, "wound": band or "none"}))
    notes += outcome.notes
    return outcome.updates


def _result(
    req: ActionRequest,
    sheet: Sheet,
    updates: dict[str, Any],
    outcome: str,
    roller: Roller,
    modifiers: list[Modifier],
    notes: list[Note],
    defence_total: int | None,
    attack_total: int | None,
) -> ActionResult:
    after = sheet.model_copy(update=updates)
    wound = None
    if "dead" in updates:
        wound = "dead"
    elif "wounds" in updates:
        wound = next(k for k, v in updates["wounds"].model_dump().items() if v != getattr(sheet.wounds, k))
    return ActionResult(
        system=SYSTEM_ID,
        action="disengage",
        actor=req.actor.name,
        target=req.target.name if req.target else None,
        rolls=roller.rolls,
        modifiers=modifiers,
        total=defence_total,
        against=attack_total,
        against_key="reaction_attack" if attack_total is not None else None,
        outcome=outcome,
        margin=defence_total - attack_total
        if defence_total is not None and attack_total is not None
        else None,
        wound=wound,
        conditions=conditions(after),
        changes=changes_of(req.actor.name, sheet, updates),
        notes=notes,
        actor_sheet=after.model_dump() if updates else None,
    )
