"""Magic attack (atak magiczny: spell damage + stress die vs Soak + stress die) and casting rolls."""

from __future__ import annotations

from typing import Any

from rules.checks import add_step, check, fixed, minus
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Check, Damage, Modifier, Note, Part, Term
from rules.system import ActionRequest
from rules.systems.arm5.common import (
    Rolled,
    abandoned_attempt,
    action_updates,
    apply_wound,
    botch_note,
    changes_of,
    check_can_act,
    check_reachable,
    conditions,
    fighter_sheet,
    mod,
    note,
    own_turn_updates,
    penalty_mods,
    roll_total,
)
from rules.systems.arm5.melee import soak_mods
from rules.systems.arm5.options import Options
from rules.systems.arm5.settings import Settings
from rules.systems.arm5.sheet import Sheet, Spell
from rules.systems.arm5.spells import chosen_spell, find_spell, option_line, spell_choices, spell_named
from rules.systems.arm5.tables import FAST_CASTING_EXTRA_BOTCH_DICE, FAST_CASTING_PENALTY, wound_band

SYSTEM_ID = "arm5"


def _spell_damage(caster: Sheet, opts: Options, name: str | None, who: str) -> int:
    if opts.spell_damage is not None:
        return opts.spell_damage
    spell = chosen_spell(caster, name, who, False)
    if spell is None:  # no spells on the sheet
        raise RulesError("error.arm5.spell_damage_missing", who=who, example=option_line("spell_damage", 15))
    return spell.damage


def magic_attack(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """No Attack or Defense roll; magic resistance stops the spell unless it is known to penetrate."""
    if req.target is None:
        raise RulesError("error.arm5.needs_target", action=Term("action", "magic_attack"))
    opts, settings = req.options, req.settings
    assert isinstance(opts, Options) and isinstance(settings, Settings)
    caster, target = fighter_sheet(req.actor), fighter_sheet(req.target)
    check_can_act(caster, req.actor.name)
    check_reachable(target, req.target.name, "spell", opts.pursue, settings.left_combat_protects_from, req.forced)
    name = spell_named(req)
    value = _spell_damage(caster, opts, name, req.actor.name)
    a_updates, notes = _caster_updates(caster, req.actor.name, opts, settings, name)
    roller = Roller(dice)
    base = dict(system=SYSTEM_ID, action="magic_attack", actor=req.actor.name, target=req.target.name)
    if target.magic_resistance and opts.penetrated is None:
        return _penetration_undecided(base, req, caster, target, roller)
    if target.magic_resistance and not opts.penetrated:
        return _result(
            base,
            req,
            caster,
            a_updates,
            target,
            {},
            roller,
            outcome="resisted",
            notes=[*notes, note("magic_resisted")],
        )
    botch_dice = opts.botch_dice if opts.botch_dice is not None else settings.spell_damage_botch_dice
    dmg = roll_total(roller, "spell_damage", [mod("spell_damage", value)], botch_dice)
    notes += botch_note(dmg, "spell_damage")
    if _no_damage(dmg, settings):  # nothing to soak: no Soak roll, no Soak botch, no hit
        notes.append(note("spell_no_damage"))
        shown = dmg.check
        if shown.total != 0:  # an unbotched 0 under `any_zero`: the seed's "wynik 0 oznacza brak obrażeń"
            add_step(shown, "set", "zero_no_damage", 0)
        shown.outcome = "no_damage"
        return _result(
            base,
            req,
            caster,
            a_updates,
            target,
            {},
            roller,
            outcome="no_damage",
            notes=notes,
            total=0,
            modifiers=dmg.modifiers,
            checks=[shown],
        )
    soak = _rolled_soak(target, roller, settings)
    notes += botch_note(soak, "soak")
    net = dmg.total - soak.total
    band = wound_band(net, target.size, settings.size_outside_table)
    if opts.wound_band is not None and net > 0:
        band = opts.wound_band
    wound = apply_wound(target, band, False)
    notes += wound.notes
    damage = Damage(
        modifiers=dmg.modifiers,  # the spell's Damage Total; the rolled Soak is `reduced_by`
        rolled=dmg.total,
        reduced_by=soak.total,
        applied=max(0, net),
        kind="magic",
    )
    shown = dmg.check
    shown.versus = soak.check
    shown.outcome = "hit"
    after_soak = check("damage", parts=[Part("spell_damage_total", dmg.total)])
    minus(after_soak, "soak", soak.total, side="target")
    if net < 0:
        add_step(after_soak, "min", "soaked", 0, "target")
    after_soak.outcome, after_soak.outcome_side = band or "no_wound", "target"
    return _result(
        base,
        req,
        caster,
        a_updates,
        target,
        wound.updates,
        roller,
        outcome="hit",
        notes=notes,
        damage=damage,
        wound=wound.band,
        total=dmg.total,
        against=soak.total,
        modifiers=dmg.modifiers,
        defence_modifiers=soak.modifiers,
        checks=[shown, after_soak],
    )


def _penetration_undecided(
    base: dict[str, Any], req: ActionRequest, caster: Sheet, target: Sheet, roller: Roller
) -> ActionResult:
    """Seed: "o ile atakowany nie ma … odporności na magię (Parma Magica) zakładamy, że zaklęcie odniosło
    efekt": against Parma Magica the effect is not assumed. The sheets give no Penetration to compare, so
    the spell is not applied, the caster keeps the action, and the note says how to say whether it got
    through (`przebicie:tak` / `przebicie:nie`) when the spell is cast again."""
    assert req.target is not None
    params = {"who": req.target.name, "yes": option_line("penetrated", "tak"), "no": option_line("penetrated", "nie")}
    return _result(
        base,
        req,
        caster,
        {},
        target,
        {},
        roller,
        outcome="penetration_undecided",
        notes=[note("penetration_needed", params)],
    )


def mastered_spell(sheet: Sheet, name: str | None, who: str) -> Spell:
    """The spell cast with Fast Casting: the seed needs its Spell Mastery with Fast Casting ("opanował to
    zaklęcie w sposób mistrzowski (Spell Mastery) i ma umiejętność szybkiego rzucania (Fast Casting)").
    Unnamed, the only mastered spell; of several, the player is asked which."""
    mastered = [s for s in sheet.spells if s.fast_casting]
    spell = find_spell(sheet, name)
    if spell is None and not name and len(mastered) == 1:
        spell = mastered[0]
    if spell is None and not name and len(mastered) > 1:
        raise RulesError("error.arm5.spell_not_chosen", who=who, choices=spell_choices(mastered))
    if spell is None or not spell.fast_casting:
        raise RulesError(
            "error.arm5.fast_casting_not_mastered",
            who=who,
            spell=name or (spell.name if spell else "—"),
            mastered=[s.name for s in mastered] or ["—"],
        )
    return spell


def fast_cast_updates(sheet: Sheet, who: str, settings: Settings) -> dict[str, Any]:
    """A fast-cast spell is a reaction ("Opcja Fast Casting również jest reakcją"): it leaves the action
    alone and is counted for the round, within the GM's limit (0 = none, seed "i wiele reakcji")."""
    limit = settings.fast_casts_per_round
    if limit and sheet.fast_casts >= limit:
        raise RulesError("error.arm5.fast_cast_limit", who=who, limit=limit)
    return {"fast_casts": sheet.fast_casts + 1}


def _caster_updates(
    caster: Sheet, who: str, opts: Options, settings: Settings, spell: str | None
) -> tuple[dict[str, Any], list[Note]]:
    """A fast-cast spell is counted as a reaction; any other spell is the round's action (and, as a
    normal attack, ends the disengage bonus, an exit attempt in progress and the caster's 'attacked
    since my turn' window)."""
    if opts.fast_casting:
        mastered_spell(caster, spell, who)
        return fast_cast_updates(caster, who, settings), []
    if settings.enforce_action_economy and caster.action_used:
        raise RulesError("error.arm5.action_used", who=who)
    abandoned, notes = abandoned_attempt(caster)
    updates = action_updates() | {"disengage_bonus": 0} | abandoned
    return updates | own_turn_updates(caster, settings.disengage_window), notes


def _no_damage(dmg: Rolled, settings: Settings) -> bool:
    """The seed's "wynik 0 oznacza brak obrażeń": a botch, or any first-roll 0 with `any_zero`."""
    zero = dmg.die is not None and dmg.die.zero
    return dmg.botches > 0 or (zero and settings.spell_zero == "any_zero")


def _rolled_soak(target: Sheet, roller: Roller, settings: Settings) -> Rolled:
    """Soak + stress die (seed "Wyparowania celu = Wyparowania + Stress die"), penalties per setting."""
    mods = soak_mods(target)
    if settings.penalties_on_rolled_soak:
        mods += penalty_mods(target, "soak")
    return roll_total(roller, "soak", mods, settings.spell_soak_botch_dice, side="target")


def _result(
    base: dict[str, Any],
    req: ActionRequest,
    caster: Sheet,
    a_updates: dict[str, Any],
    target: Sheet,
    t_updates: dict[str, Any],
    roller: Roller,
    **fields: Any,
) -> ActionResult:
    assert req.target is not None
    target_after = target.model_copy(update=t_updates)
    if fields.get("against") is not None:  # no `margin`: a spell has no Attack Advantage; what gets
        fields["against_key"] = "soak_total"  # through the Soak is `damage.applied` and the damage check
    return ActionResult(
        **base,
        rolls=roller.rolls,
        conditions=conditions(target_after),
        changes=changes_of(req.actor.name, caster, a_updates) + changes_of(req.target.name, target, t_updates),
        actor_sheet=caster.model_copy(update=a_updates).model_dump(),
        target_sheet=target_after.model_dump() if t_updates else None,
        **fields,
    )


def _casting_mods(sheet: Sheet, score: int, opts: Options, settings: Settings) -> tuple[list[Modifier], int]:
    """Casting Score (−10 with Fast Casting, "stosujemy przed wykonaniem rzutu") + penalties; botch dice
    (+2 with Fast Casting, "2 dodatkowych kościach fuszerki, jeśli w rzucie Casting Total wypadnie zero")."""
    mods = [mod("cast_score", score)]
    botch_dice = sheet.botch_dice_for(opts.botch_dice, settings.botch_dice_default)
    if opts.fast_casting:
        mods.append(mod("cast_fast_casting", FAST_CASTING_PENALTY))
        botch_dice += FAST_CASTING_EXTRA_BOTCH_DICE
    return mods + penalty_mods(sheet, "cast"), botch_dice


def _cast_spell(sheet: Sheet, name: str | None, who: str, opts: Options) -> Spell | None:
    """The spell a casting roll is for: a mastered one with Fast Casting; any other spell of the sheet,
    or none when the Casting Score is typed for this cast."""
    if opts.fast_casting:
        return mastered_spell(sheet, name, who)
    return chosen_spell(sheet, name, who, opts.casting_score is not None)


def cast(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Casting Total = Casting Score (−10 with Fast Casting) + stress die + penalties; Fast Casting needs
    the spell's Mastery, adds 2 botch dice on a 0 and is a reaction (counted; it does not use the action)."""
    opts, settings = req.options, req.settings
    assert isinstance(opts, Options) and isinstance(settings, Settings)
    sheet = fighter_sheet(req.actor)
    check_can_act(sheet, req.actor.name)
    name = spell_named(req)
    spell = _cast_spell(sheet, name, req.actor.name, opts)
    score = opts.casting_score if opts.casting_score is not None else (spell.casting_score if spell else None)
    if score is None:  # no spells on the sheet
        raise RulesError(
            "error.arm5.casting_score_missing", who=req.actor.name, example=option_line("casting_score", 12)
        )
    if opts.fast_casting:
        updates = fast_cast_updates(sheet, req.actor.name, settings)
    elif settings.enforce_action_economy and sheet.action_used:
        raise RulesError("error.arm5.action_used", who=req.actor.name)
    else:
        updates = action_updates()
    mods, botch_dice = _casting_mods(sheet, score, opts, settings)
    roller = Roller(dice)
    rolled = roll_total(roller, "casting", mods, botch_dice)
    notes = botch_note(rolled, "casting")
    level = opts.spell_level if opts.spell_level is not None else (spell.level if spell else None)
    outcome = "cast" if level is None else ("cast_success" if rolled.total >= level else "cast_failure")
    shown: Check = rolled.check
    shown.outcome = outcome
    if level is not None:  # the caster's own spell: its level is the caster's number
        shown.versus = fixed("spell_level", level, "spell_level")
    after = sheet.model_copy(update=updates)
    return ActionResult(
        system=SYSTEM_ID,
        action="cast",
        actor=req.actor.name,
        target=req.target.name if req.target else None,
        weapon=spell.name if spell else name,
        rolls=roller.rolls,
        modifiers=rolled.modifiers,
        total=rolled.total,
        against=level,
        against_key="spell_level" if level is not None else None,
        margin=rolled.total - level if level is not None else None,
        outcome=outcome,
        notes=notes,
        changes=changes_of(req.actor.name, sheet, updates),
        actor_sheet=after.model_dump() if updates else None,
        checks=[shown],
    )
