"""Initiative (inicjatywa), its ties, running up to an archer, and a plain test against an ST."""

from __future__ import annotations

from typing import cast

from rules.checks import check, fixed, parts_of
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Die, Modifier, Note, Part, Side, StateChange, Term
from rules.system import ActionRequest, Fighter

from .checks import roll_test
from .options import Options
from .settings import Settings
from .sheet import FIELD_SHORTCUTS, Sheet
from .tables import SYSTEM_ID, fold

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
    shown, face = roll_test(roller, settings, "initiative")
    mods = [Modifier(key="initiative_bonus", value=sheet.initiative_bonus)]
    if opts.modifier:
        mods.append(Modifier(key="modifier", value=opts.modifier))
    total = face + sheet.initiative_bonus + opts.modifier
    checks = [check("initiative", dice=shown, parts=parts_of((m.key, m.value) for m in mods))]
    tiebreak = [1 if sheet.is_hero else 0, sheet.reflex]
    if settings.initiative_rolloff:
        tiebreak.append(roller.d(TIEBREAK_DIE, "tiebreak"))
        checks.append(check("tiebreak", dice=[Die(TIEBREAK_DIE, tiebreak[-1])]))
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
        checks=checks,
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
    if own is None:
        raise RulesError("error.pl_wladanie.initiative_needed_own", name=actor.name)
    if archer is None:
        raise RulesError("error.pl_wladanie.initiative_needed_archer")
    note = _rush_note(own, archer)
    # "za każde 10 więcej w teście … akcję zwykłą, a o każde 5 więcej akcję dodatkową": under 5 more there is
    # no action to run with, and the archer shoots first.
    outcome = "archer_rush" if note.params["regular_actions"] or note.params["bonus_actions"] else "archer_rush_none"
    side: Side = "target" if opts.archer_initiative is None else "other"  # the target's result, or one typed in
    versus = check("archer_initiative", side=side, parts=[Part("initiative_result", archer, side)])
    shown = check("initiative", parts=[Part("initiative_result", own)], versus=versus, outcome=outcome)
    return ActionResult(
        system=SYSTEM_ID,
        action="archer_rush",
        actor=actor.name,
        target=req.target.name if req.target is not None else None,
        total=own,
        against=archer,
        against_key="archer_initiative",
        margin=own - archer,
        outcome=outcome,
        notes=[note],
        checks=[shown],
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
    skill = None
    if opts.test_skill is not None:
        skill, value = _skill(actor.sheet, opts.test_skill, req.weapon)
        mods.append(Modifier(key="skill", value=value))
        notes.append(Note(key="test_skill", params={"skill": Term("term", skill)}))
    if opts.modifier:
        mods.append(Modifier(key="modifier", value=opts.modifier))
    roller = Roller(dice)
    shown, face = roll_test(roller, settings, "test")
    total = face + int(sum(m.value for m in mods))
    margin = total - opts.st
    outcome = "success" if margin >= 0 else "failure"
    parts = [Part(skill if m.key == "skill" and skill else m.key, m.value) for m in mods if m.value]
    tested = check("test", dice=shown, parts=parts, versus=fixed("st", opts.st, "st", "other"), outcome=outcome)
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
        outcome=outcome,
        notes=notes,
        checks=[tested],
    )


# Names a player may type for the skill fields (`test_skill:parowanie`), folded (no diacritics).
_SKILL_NAMES = {fold(k): v for k, v in FIELD_SHORTCUTS.items() if v in _SKILL_FIELDS}


# `umiejętność:władanie`: the władanie of the weapon named (`broń:`), else of the sheet's first weapon.
_WLADANIE_NAMES = frozenset({"wladanie", "weapon_skill", "weapon_skills"})


def _skill(sheet: Sheet, name: str, weapon: str | None = None) -> tuple[str, int]:
    """The tested skill's key and value: a władanie from `weapon_skills` (by the weapon's name, or
    `władanie` for the weapon's own), or a skill field by its key or its Polish name (parowanie, unik,
    walka wręcz, refleks, inicjatywa, siła, wytrwałość)."""
    if name in sheet.weapon_skills:
        return name, sheet.weapon_skills[name]
    folded = fold(name)
    for key, value in sheet.weapon_skills.items():
        if fold(key) == folded:
            return key, value
    if folded in _WLADANIE_NAMES:
        key = sheet.weapon(weapon).skill_key
        return "wladanie", sheet.weapon_skills.get(key, 0)
    field = _SKILL_NAMES.get(folded, folded)
    if field in _SKILL_FIELDS:
        return field, int(getattr(sheet, field))
    # Named through the catalog: władanie first, each weapon's władanie by its weapon, then the fields.
    allowed = [Term("term", "wladanie"), *(Term("weapon", k) for k in sheet.weapon_skills)]
    allowed += [Term("term", k) for k in _SKILL_FIELDS]
    raise RulesError("error.pl_wladanie.unknown_skill", skill=name, allowed=allowed)
