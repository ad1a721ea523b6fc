"""Leaving combat (wyjście z walki): a Defense test instead of the Attack, against reaction attacks.

The seed: "Wszyscy przeciwnicy, którzy w poprzedniej rundzie atakowali tę postać, ponownie wykonują test
Ataku - to również „reakcja”, nie akcja." Only those opponents react; a character nobody attacked leaves
automatically. The attempt's Defense is rolled once and kept on the sheet (`disengage_defence`, without
the Riding bonus, which counts per opponent: only against those on foot) with the names still to roll
(`disengage_pending`). Each reaction Attack is rolled either by the disengaging character naming the
opponent (`disengage` with that target) or by the opponent itself, off-turn (`reaction_attack` on the
disengaging character). The attempt ends when nobody is pending: it succeeds only if the Defense beat
every Attack (a tie fails).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.checks import check
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Check, Message, Modifier, Note, Part, Side, Term
from rules.system import ActionRequest, Fighter
from rules.systems.arm5.common import (
    Rolled,
    action_updates,
    apply_wound,
    botch_note,
    changes_of,
    check_can_act,
    conditions,
    fighter_sheet,
    in_hand,
    mod,
    no_attempt,
    note,
    penalty_mods,
    roll_total,
)
from rules.systems.arm5.melee import attack_mods, damage_check, damage_mods, defence_mods, riding_bonus, soak_mods
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


@dataclass(slots=True)
class Attempt:
    """A disengage attempt in progress: the Defense (without Riding), who still reacts, how it stands."""

    defence: int
    botched: bool
    pending: list[str]
    failed: bool = False

    @classmethod
    def of(cls, sheet: Sheet) -> Attempt:
        return cls(
            int(sheet.disengage_defence or 0),
            sheet.disengage_botched,
            list(sheet.disengage_pending),
            sheet.disengage_failed,
        )

    def stored(self) -> dict[str, Any]:
        return {
            "disengage_defence": self.defence,
            "disengage_botched": self.botched,
            "disengage_pending": list(self.pending),
            "disengage_failed": self.failed,
        }


@dataclass(slots=True)
class Step:
    """What one call rolled and changed on the disengaging character: its Defense (modifiers and check)
    and the one reaction Attack against it (modifiers and check), each on its own side."""

    updates: dict[str, Any] = field(default_factory=dict)
    modifiers: list[Modifier] = field(default_factory=list)
    reaction_modifiers: list[Modifier] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    outcome: str = "disengage_continues"
    defence: int | None = None
    attack: int | None = None
    defence_check: Check | None = None
    attack_check: Check | None = None
    damage_check: Check | None = None

    def checks(self, main: str) -> list[Check]:
        """The checks in reading order: the `main` one ("defence" for the disengaging character's own
        result, "attack" for the reactor's) with the other as its versus, then the reaction's damage."""
        first, other = (
            (self.defence_check, self.attack_check) if main == "defence" else (self.attack_check, self.defence_check)
        )
        out: list[Check] = []
        if first is not None:
            first.versus = other
            if self.attack is not None and self.defence is not None:
                first.outcome = "retreat_blocked" if self.attack >= self.defence else "defence_holds"
            out.append(first)
        if self.damage_check is not None:
            out.append(self.damage_check)
        return out


def reaction_commands(name: str, pending: list[str]) -> list[Message]:
    """What the GM types to roll each reaction Attack still owed to `name`'s attempt."""
    action = Term("action", "reaction_attack")
    return [Message("syntax.arm5.reaction_attack", {"key": action, "who": who, "target": name}) for who in pending]


def carried_note(name: str, sheet: Sheet) -> Note:
    """An attempt still waiting for reaction Attacks when a new round starts: kept, with the commands."""
    return note("disengage_carried", {"who": name, "commands": reaction_commands(name, list(sheet.disengage_pending))})


def _finish(sheet: Sheet, failed: bool) -> tuple[str, dict[str, Any]]:
    base: dict[str, Any] = no_attempt() | {
        "attacked_by": [],
        "delaying": False,  # the exit was the character's move: a held action is taken
    }
    if failed and sheet.disengage_carried:  # the attempt was an earlier round's action, not this one's
        return "disengage_failed", base | {"disengage_bonus": sheet.disengage_bonus + DISENGAGE_STEP}
    if failed:  # the attempt counts as the action; +3 (cumulative) to the next attempt
        return "disengage_failed", base | action_updates() | {
            "disengage_bonus": sheet.disengage_bonus + DISENGAGE_STEP,
        }
    return "disengaged", base | {"left_combat": True, "engaged_with": [], "disengage_bonus": 0}


def _defence(sheet: Sheet, roller: Roller, opts: Options, settings: Settings) -> Rolled:
    """The attempt's Defense + the disengage bonus; the Riding bonus is added per opponent. Rolled only in
    the disengaging character's own `disengage`, so its check is the actor's."""
    mods = defence_mods(sheet, "attack", settings.missile_defense)
    if sheet.disengage_bonus:
        mods.append(mod("def_disengage_bonus", sheet.disengage_bonus))
    mods += penalty_mods(sheet, "def")
    botch_dice = sheet.botch_dice_for(opts.botch_dice, settings.botch_dice_default)
    return roll_total(roller, "disengage_defence", mods, botch_dice)


def _reaction(reactor: Sheet, target: Sheet, roller: Roller, settings: Settings, side: Side) -> Rolled:
    weapon, shield = in_hand(reactor, None)
    mods = attack_mods(reactor, weapon, shield)
    riding = riding_bonus(reactor, target.mounted)
    if riding:
        mods.append(mod("atk_riding", riding))
    mods += penalty_mods(reactor, "atk")
    botch_dice = reactor.botch_dice_for(None, settings.botch_dice_default)
    return roll_total(roller, "reaction_attack", mods, botch_dice, side)


def _defence_check(attempt: Attempt, rolled: Rolled | None, riding: int, side: Side) -> Check:
    """The attempt's Defense against this opponent: the roll made now (its dice and parts), or the total
    kept from an earlier call; plus Riding against an opponent on foot (never after a botch)."""
    riding_parts = [Part("def_riding", riding, side)] if riding else []
    if rolled is None:
        kept = Part("disengage_defence", attempt.defence, side)
        return check("disengage_defence", side=side, parts=[kept, *riding_parts])
    if not riding_parts:
        return rolled.check
    c = rolled.check
    return check(c.label, side=c.side, dice=c.dice, multiplier=c.multiplier, parts=[*c.parts, *riding_parts])


def refuse_outsider(reactor: str, character: str, pending: list[str]) -> RulesError:
    return RulesError("error.arm5.not_a_reactor", who=reactor, target=character, pending=pending or ["—"])


def _react(
    sheet: Sheet,
    attempt: Attempt,
    reactor: Fighter[Any],
    roller: Roller,
    settings: Settings,
    step: Step,
    rolled: Rolled | None,
    side: Side,
) -> None:
    """One opponent's reaction Attack against the attempt's Defense (+ Riding against those on foot).
    `side` is the disengaging character's side in the result (the reactor has the other one)."""
    reactor_side: Side = "target" if side == "actor" else "actor"
    r_sheet = fighter_sheet(reactor)
    riding = 0 if attempt.botched else riding_bonus(sheet, r_sheet.mounted)
    if rolled is None:
        step.modifiers.append(mod("disengage_defence", attempt.defence))
    if riding:
        step.modifiers.append(mod("def_riding", riding))
    step.defence = attempt.defence + riding
    step.defence_check = _defence_check(attempt, rolled, riding, side)
    if r_sheet.out_of_fight:
        step.notes.append(note("reactor_out", {"who": reactor.name}))
    else:
        reaction = _reaction(r_sheet, sheet, roller, settings, reactor_side)
        step.reaction_modifiers += reaction.modifiers
        step.attack_check = reaction.check
        step.notes += botch_note(reaction, "reaction_attack")
        step.attack = reaction.total
        if reaction.total >= step.defence:  # the Defense must be higher than every Attack
            attempt.failed = True
            step.notes.append(note("disengage_blocked", {"by": reactor.name}))
        if reaction.total > step.defence and settings.disengage_reaction_damage:
            advantage = reaction.total - step.defence
            step.updates |= _reaction_damage(r_sheet, sheet, advantage, settings, step, (reactor_side, side))
    attempt.pending.remove(reactor.name)
    if attempt.pending:
        step.updates |= attempt.stored()
    else:
        step.outcome, final = _finish(sheet, attempt.failed)
        step.updates |= final


def _start(req: ActionRequest, sheet: Sheet, roller: Roller, opts: Options, settings: Settings) -> Step:
    """Declare the exit: leave at once if nobody attacked, else roll the Defense (and the named reaction)."""
    name = req.actor.name
    if settings.enforce_action_economy and sheet.action_used:
        raise RulesError("error.arm5.action_used", who=name)
    pending = window(sheet, settings)
    if req.target is not None and req.target.name not in pending:
        raise refuse_outsider(req.target.name, name, pending)
    step = Step()
    if not pending:  # not attacked in the window: the character leaves without a roll
        step.outcome, step.updates = _finish(sheet, False)
        step.notes.append(note("disengage_automatic"))
        return step
    if sheet.attacked_by and settings.disengage_window == "since_own_last_turn":
        step.updates["attacked_by"] = []  # the declaration is the own turn: a new window starts
    rolled = _defence(sheet, roller, opts, settings)
    step.modifiers += rolled.modifiers
    step.notes += botch_note(rolled, "disengage_defence")
    attempt = Attempt(rolled.total, rolled.botches > 0, pending)
    if req.target is None:  # the opponents roll their reaction Attacks themselves
        step.defence = rolled.total
        step.defence_check = rolled.check
        step.updates |= attempt.stored()
        commands = reaction_commands(name, pending)
        step.notes.append(note("disengage_awaits", {"pending": pending, "commands": commands}))
        return step
    _react(sheet, attempt, req.target, roller, settings, step, rolled, "actor")
    return step


def disengage(req: ActionRequest, dice: DiceSource) -> ActionResult:
    opts, settings = req.options, req.settings
    assert isinstance(opts, Options) and isinstance(settings, Settings)
    sheet = fighter_sheet(req.actor)
    check_can_act(sheet, req.actor.name)
    roller = Roller(dice)
    if sheet.disengage_defence is None:
        step = _start(req, sheet, roller, opts, settings)
    else:
        attempt = Attempt.of(sheet)
        if req.target is None:
            commands = reaction_commands(req.actor.name, attempt.pending)
            raise RulesError("error.arm5.disengage_needs_attacker", pending=attempt.pending, commands=commands)
        if req.target.name not in attempt.pending:
            raise refuse_outsider(req.target.name, req.actor.name, attempt.pending)
        step = Step()
        _react(sheet, attempt, req.target, roller, settings, step, None, "actor")
    margin = step.defence - step.attack if step.defence is not None and step.attack is not None else None
    return ActionResult(
        system=SYSTEM_ID,
        action="disengage",
        actor=req.actor.name,
        target=req.target.name if req.target else None,
        rolls=roller.rolls,
        modifiers=step.modifiers,
        defence_modifiers=step.reaction_modifiers,
        total=step.defence,
        against=step.attack,
        against_key="reaction_attack" if step.attack is not None else None,
        margin=margin,
        **_outcome_fields(req.actor.name, sheet, step),
        actor_sheet=sheet.model_copy(update=step.updates).model_dump() if step.updates else None,
        checks=step.checks("defence"),
    )


def reaction_attack(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """An opponent's own reaction Attack on a character trying to leave the fight (off its turn)."""
    if req.target is None:
        raise RulesError("error.arm5.needs_target", action=Term("action", "reaction_attack"))
    settings = req.settings
    assert isinstance(settings, Settings)
    reactor, character = fighter_sheet(req.actor), fighter_sheet(req.target)
    if character.disengage_defence is None:
        raise RulesError("error.arm5.not_disengaging", who=req.target.name)
    attempt = Attempt.of(character)
    if req.actor.name not in attempt.pending:
        raise refuse_outsider(req.actor.name, req.target.name, attempt.pending)
    check_can_act(reactor, req.actor.name)
    roller = Roller(dice)
    step = Step()
    _react(character, attempt, req.actor, roller, settings, step, None, "target")
    assert step.attack is not None and step.defence is not None
    return ActionResult(
        system=SYSTEM_ID,
        action="reaction_attack",
        actor=req.actor.name,
        target=req.target.name,
        rolls=roller.rolls,
        modifiers=step.reaction_modifiers,
        defence_modifiers=step.modifiers,
        total=step.attack,
        against=step.defence,
        against_key="disengage_defence",
        margin=step.attack - step.defence,
        **_outcome_fields(req.target.name, character, step),
        target_sheet=character.model_copy(update=step.updates).model_dump(),
        checks=step.checks("attack"),
    )


def _reaction_damage(
    reactor: Sheet, sheet: Sheet, advantage: int, settings: Settings, step: Step, sides: tuple[Side, Side]
) -> dict[str, Any]:
    """A reaction attack that beats the disengage Defense hits like an ordinary attack (steps 2c-2e);
    `sides` are the reactor's and the disengaging character's in the result."""
    weapon, shield = in_hand(reactor, None)
    dmg = damage_mods(reactor, weapon, shield, True)
    damage = sum(int(m.value) for m in dmg) + advantage
    soak_parts = soak_mods(sheet)
    soak = sum(int(m.value) for m in soak_parts)
    band = wound_band(damage - soak, sheet.size, settings.size_outside_table)
    outcome = apply_wound(sheet, band, False)
    step.damage_check = damage_check(dmg, advantage, soak_parts, band, *sides)
    wound = Term("outcome", band or "no_wound")
    step.notes.append(note("reaction_damage", {"damage": damage, "soak": soak, "wound": wound}))
    step.notes += outcome.notes
    return outcome.updates


def _outcome_fields(name: str, sheet: Sheet, step: Step) -> dict[str, Any]:
    """Outcome, wound, conditions, changes and notes of the disengaging character (`name`)."""
    after = sheet.model_copy(update=step.updates)
    wound = None
    if "dead" in step.updates:
        wound = "dead"
    elif "wounds" in step.updates:
        wound = next(k for k, v in step.updates["wounds"].model_dump().items() if v != getattr(sheet.wounds, k))
    return {
        "outcome": step.outcome,
        "wound": wound,
        "conditions": conditions(after),
        "changes": changes_of(name, sheet, step.updates),
        "notes": step.notes,
    }
