"""Initiative (inicjatywa), its ties, running up to an archer, and a plain test against an ST."""

from __future__ import annotations

from typing import cast

from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Modifier, Note, StateChange
from rules.system import ActionRequest, Fighter

from .checks import roll_test
from .options import Options
from .settings import Settings
from .sheet import Sheet
from .tables import SYSTEM_ID

REGULAR_PER, BONUS_PER = 10, 5
TIEBREAK_DIE = 20


def archer_rush(margin: int) -> tuple[int, int]:
    """(regular actions, bonus actions): one regular per full 10 of margin, one bonus per 5 left over."""
    if margin <= 0:
        return 0, 0
    return margin // REGULAR_PER, (margin % REGULAR_PER) // BONUS_PER


def _archer_initiative(req: ActionRequest, opts: Options) -> int | None:
    if opts.archer_initiative is not None:
        return opts.archer_initiative
    if req.target is not None:
        return cast(Sheet, req.target.sheet).initiative_result
    return None


def _rush_note(own: int, archer: int) -> Note:
    regular, bonus = archer_rush(own - archer)
    return Note(
        key="archer_rush",
        params={"margin": own - archer, "regular_actions": regular, "bonus_actions": bonus, "archer": archer},
    )


def initiative(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Test die + initiative bonus; ties: Heroes first, then higher reflex (then an optional roll-off die)."""
    actor = cast("Fighter[Sheet]", req.actor)
    opts = cast(Options, req.options)
    settings = cast(Settings, req.settings)
    sheet = actor.sheet
    roller = Roller(dice)
    face = roll_test(roller, settings, "initiative")
    mods = [Modifier(key="initiative_bonus", value=sheet.initiative_bonus)]
    if opts.modifier:
        mods.append(Modifier(key="modifier", value=opts.modifier))
    total = face + sheet.initiative_bonus + opts.modifier
    tiebreak = [1 if sheet.is_hero else 0, sheet.reflex]
    if settings.initiative_rolloff:
        tiebreak.append(roller.d(TIEBREAK_DIE, "tiebreak"))
    notes: list[Note] = []
    archer = _archer_initiative(req, opts)
    if settings.archer_rush and archer is not None:
        notes.append(_rush_note(total, archer))
    after = sheet.model_copy(update={"initiative_result": total})
    return ActionResult(
        system=SYSTEM_ID,
        action="initiative",
        actor=actor.name,
        target=req.target.name if req.target is not None and archer is not None else None,
        rolls=roller.rolls,
        modifiers=mods,
        total=total,
        tiebreak=tiebreak,
        notes=notes,
        changes=[StateChange(combatant=actor.name, field="initiative_result", before=sheet.initiative_result,
                             after=total)],
        actor_sheet=after.model_dump(),
    )  # fmt: skip


def rush(req: ActionRequest) -> ActionResult:
    """Running up to an archer from initiative results already rolled (no dice)."""
    actor = cast("Fighter[Sheet]", req.actor)
    opts = cast(Options, req.options)
    settings = cast(Settings, req.settings)
    if not settings.archer_rush:
        raise RulesError("error.pl_wladanie.archer_rush_off")
    own = actor.sheet.initiative_result
    archer = _archer_initiative(req, opts)
    if own is None or archer is None:
        raise RulesError("error.pl_wladanie.initiative_needed")
    note = _rush_note(own, archer)
    return ActionResult(
        system=SYSTEM_ID,
        action="archer_rush",
        actor=actor.name,
        target=req.target.name if req.target is not None else None,
        total=own,
        against=archer,
        against_key="archer_initiative",
        margin=own - archer,
        outcome="archer_rush",
        notes=[note],
    )


_SKILL_FIELDS = (
    "unarmed_skill",
    "parry_skill",
    "dodge_skill",
    "reflex",
    "initiative_bonus",
    "strength",
    "endurance",
)


def plain_test(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """A test: test die + skill + modifiers against an ST; success when total >= ST; margin = total - ST."""
    actor = cast("Fighter[Sheet]", req.actor)
    opts = cast(Options, req.options)
    settings = cast(Settings, req.settings)
    if opts.st is None:
        raise RulesError("error.pl_wladanie.st_required")
    mods: list[Modifier] = []
    notes: list[Note] = []
    if opts.test_skill is not None:
        mods.append(Modifier(key="skill", value=_skill_value(actor.sheet, opts.test_skill)))
        notes.append(Note(key="test_skill", params={"skill": opts.test_skill}))
    if opts.modifier:
        mods.append(Modifier(key="modifier", value=opts.modifier))
    roller = Roller(dice)
    total = roll_test(roller, settings, "test") + int(sum(m.value for m in mods))
    margin = total - opts.st
    return ActionResult(
        system=SYSTEM_ID,
        action="test",
        actor=actor.name,
        rolls=roller.rolls,
        modifiers=mods,
        total=total,
        against=opts.st,
        against_key="st",
        margin=margin,
        outcome="success" if margin >= 0 else "failure",
        notes=notes,
    )


def _skill_value(sheet: Sheet, name: str) -> int:
    if name in sheet.weapon_skills:
        return sheet.weapon_skills[name]
    if name in _SKILL_FIELDS:
        return int(getattr(sheet, name))
    raise RulesError(
        "error.pl_wladanie.unknown_skill", skill=name, allowed=[*sheet.weapon_skills, *_SKILL_FIELDS]
    )
