"""Initiative: rolled once and held for the whole combat (seed); Fast Casting adds Finesse."""

from __future__ import annotations

from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Modifier, Note
from rules.system import ActionRequest
from rules.systems.arm5.common import botch_note, changes_of, fighter_sheet, in_hand, penalty_mods, roll_total
from rules.systems.arm5.options import Options
from rules.systems.arm5.settings import Settings
from rules.systems.arm5.sheet import Sheet
from rules.systems.arm5.stress import simple_die

SYSTEM_ID = "arm5"


def initiative_mods(sheet: Sheet, opts: Options, weapon_id: str | None) -> list[Modifier]:
    """Qik (+ weapon and shield Init) − Encumbrance (+ Finesse with Fast Casting) + penalties."""
    mods = [Modifier(key="init_qik", value=sheet.qik)]
    spell_mode = opts.initiative_mode == "spell" or opts.fast_casting
    if not spell_mode:
        weapon, shield = in_hand(sheet, weapon_id)
        mods.append(Modifier(key="init_weapon", value=weapon.init))
        if shield is not None and shield.init:
            mods.append(Modifier(key="init_shield", value=shield.init))
    mods.append(Modifier(key="init_encumbrance", value=-sheet.encumbrance))
    if opts.fast_casting:
        mods.append(Modifier(key="init_finesse", value=sheet.ability("finesse")))
    return mods + penalty_mods(sheet, "init")


def _rolloff(roller: Roller) -> list[int]:
    """The tie roll-off die, rolled last. A dice script that stops before it simply leaves it out."""
    try:
        return [simple_die(roller, "initiative_rolloff")]
    except RulesError as exc:
        if exc.key == "error.dice_script_exhausted":
            return []
        raise


def initiative(req: ActionRequest, dice: DiceSource) -> ActionResult:
    opts, settings = req.options, req.settings
    assert isinstance(opts, Options) and isinstance(settings, Settings)
    sheet = fighter_sheet(req.actor)
    roller = Roller(dice)
    botch_dice = opts.botch_dice if opts.botch_dice is not None else settings.initiative_botch_dice
    rolled = roll_total(roller, "initiative", initiative_mods(sheet, opts, req.weapon), botch_dice)
    notes = botch_note(rolled, "initiative")
    tiebreak: list[int] = []
    if settings.initiative_tiebreak == "quickness_then_rolloff":
        tiebreak = [sheet.qik, *_rolloff(roller)]
    else:
        notes.append(Note(key="ties_simultaneous"))
    if settings.initiative_order == "side":
        notes.append(Note(key="initiative_by_side"))
    updates = {}
    if opts.fast_casting:
        notes.append(Note(key="fast_casting_initiative", params={"held_initiative": sheet.initiative}))
    else:
        updates["initiative"] = rolled.total
    after = sheet.model_copy(update=updates) if updates else sheet
    return ActionResult(
        system=SYSTEM_ID,
        action="initiative",
        actor=req.actor.name,
        rolls=roller.rolls,
        modifiers=rolled.modifiers,
        total=rolled.total,
        outcome="initiative",
        tiebreak=tiebreak,
        notes=notes,
        changes=changes_of(req.actor.name, sheet, updates),
        actor_sheet=after.model_dump() if updates else None,
    )
