"""Initiative: rolled once and held for the whole combat (seed); Fast Casting adds Finesse."""

from __future__ import annotations

from typing import Any

from rules.checks import check, die
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Check, Modifier
from rules.system import ActionRequest
from rules.systems.arm5.common import (
    botch_note,
    changes_of,
    fighter_sheet,
    in_hand,
    mod,
    note,
    penalty_mods,
    roll_total,
)
from rules.systems.arm5.magic import mastered_spell
from rules.systems.arm5.options import Options
from rules.systems.arm5.settings import Settings
from rules.systems.arm5.sheet import Sheet
from rules.systems.arm5.spells import spell_named
from rules.systems.arm5.stress import simple_die

SYSTEM_ID = "arm5"


def initiative_mods(sheet: Sheet, opts: Options, weapon_id: str | None) -> list[Modifier]:
    """Qik (+ weapon and shield Init) − Encumbrance (+ Finesse with Fast Casting) + penalties."""
    mods = [mod("init_qik", sheet.qik)]
    spell_mode = opts.initiative_mode == "spell" or opts.fast_casting
    if not spell_mode:
        weapon, shield = in_hand(sheet, weapon_id)
        mods.append(mod("init_weapon", weapon.init))
        if shield is not None and shield.init:
            mods.append(mod("init_shield", shield.init))
    mods.append(mod("init_encumbrance", -sheet.encumbrance))
    if opts.fast_casting:
        mods.append(mod("init_finesse", sheet.ability("finesse")))
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
    if opts.fast_casting:  # Finesse only for a spell mastered with Fast Casting (seed)
        mastered_spell(sheet, spell_named(req), req.actor.name)
    roller = Roller(dice)
    botch_dice = sheet.botch_dice_for(opts.botch_dice, settings.initiative_botch_dice)
    rolled = roll_total(roller, "initiative", initiative_mods(sheet, opts, req.weapon), botch_dice)
    notes = botch_note(rolled, "initiative")
    tiebreak: list[int] = []
    checks: list[Check] = [rolled.check]
    if settings.initiative_tiebreak == "quickness_then_rolloff":
        rolloff = _rolloff(roller)
        tiebreak = [sheet.qik, *rolloff]
        # The roll-off die is compared only on a tie; it is shown as its own check after the total.
        checks += [check("initiative_rolloff", dice=[die(10, face)]) for face in rolloff]
    else:
        notes.append(note("ties_simultaneous"))
    if settings.initiative_order == "side":
        notes.append(note("initiative_by_side"))
    updates: dict[str, Any] = {}
    if opts.fast_casting:
        held = sheet.initiative if sheet.initiative is not None else "—"  # not rolled yet this fight
        notes.append(note("fast_casting_initiative", {"held_initiative": held}))
    else:
        updates |= {"initiative": rolled.total, "initiative_tiebreak": tiebreak}
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
        checks=checks,
    )
