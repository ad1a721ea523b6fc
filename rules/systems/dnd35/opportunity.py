"""Attacks of opportunity (příležitostné útoky): who may make one, the defender's AoO that a special
attack or an unarmed attack provokes, and the round's limit (`acting.aoo_limit`)."""

from __future__ import annotations

from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.system import ActionRequest
from rules.systems.dnd35.acting import aoo_left, spend_aoo
from rules.systems.dnd35.attack import Fight, Swing, base_mods, situation_mods, strike
from rules.systems.dnd35.defense import armor_class
from rules.systems.dnd35.hp import effective_conditions, note
from rules.systems.dnd35.options import Options
from rules.systems.dnd35.sheet import Sheet, Weapon, table_weapon
from rules.systems.dnd35.tables import CANNOT_ACT, CONDITIONS


def unarmed_of(sheet: Sheet) -> Weapon:
    weapon = table_weapon("unarmed", sheet.size)
    assert weapon is not None
    return weapon


def aoo_blockers(sheet: Sheet, flat_footed: bool = False) -> list[str]:
    """Why this combatant cannot make an attack of opportunity now: "Zaskočená postava nemůže vést
    příležitostné útoky" (Combat Reflexes allows it [SRD-EXT]), "Během úplné obrany nemůžeš provádět
    příležitostné útoky", "Během zápasu neohrožuješ žádné čtverce", none left this round."""
    conds = effective_conditions(sheet)
    blocked = sorted(conds & {"total_defense", "grappling"})
    if (flat_footed or "flat_footed" in conds) and not sheet.has_feat("combat_reflexes"):
        blocked.append("flat_footed")
    if aoo_left(sheet) <= 0:
        blocked.append("no_aoo_left")
    return blocked


def check_aoo(actor: Sheet, opts: Options) -> None:
    """An attack of opportunity declared with `/attack attack_of_opportunity`: refused with the reasons
    (also against a target with cover or total concealment); the round's limit has its own error."""
    blocked = [r for r in aoo_blockers(actor) if r != "no_aoo_left"]
    if opts.cover != "none":
        blocked.append("target_cover")
    if opts.concealment == "total":
        blocked.append("target_total_concealment")
    if blocked:
        raise RulesError(
            "error.dnd35.no_attack_of_opportunity",
            reasons=[Term("condition" if r in CONDITIONS else "term", r) for r in blocked],
        )


def aoo_weapon(fight: Fight, improved_feat: str = "improved_grapple") -> Weapon | None:
    """The defender's attack-of-opportunity weapon, or None when it gets none (the actor has the
    Improved … feat, the defender cannot act or make an AoO now (see `aoo_blockers`), or is unarmed
    without Improved Unarmed Strike)."""
    actor, target = fight.actor, fight.target
    if actor.has_feat(improved_feat):
        return None
    if effective_conditions(target) & CANNOT_ACT or aoo_blockers(target, fight.opts.flat_footed):
        return None
    melee = [w for w in target.weapons if not w.is_ranged_only]
    if melee:
        return melee[0]
    if target.has_feat("improved_unarmed_strike"):
        return unarmed_of(target)
    return None  # an unarmed creature threatens no squares


def attack_of_opportunity(fight: Fight, weapon: Weapon) -> ActionResult:
    """The target's AoO on the actor, at its highest attack bonus, rolled first; it counts against the
    target's attacks of opportunity this round. Its checks keep the sides of the whole action: the AoO's
    attacker is the action's target (`Fight.flip`)."""
    req = fight.req
    assert req.target is not None
    fight.target = spend_aoo(fight.target)
    swapped = ActionRequest(req.target, req.actor, Options(), fight.settings, weapon.name)
    aoo = Fight(swapped, fight.target, fight.actor, Options(), fight.settings, fight.roller, False, flip=True)
    mods = base_mods(fight.target, weapon, fight.target.bab, False) + situation_mods(aoo, weapon)
    grip = "two" if weapon.category == "two_handed" else "one"
    ac = armor_class(fight.actor, aoo.opts, fight.settings, ranged=False, touch=False, actor_invisible=False)
    result = strike(aoo, Swing(weapon, mods, grip), ac)
    fight.actor = aoo.target
    return result


def unarmed_provocation(fight: Fight, weapon: Weapon) -> ActionResult | None:
    """ "Pokud je postava ozbrojena, provokuješ jí k útoku, když na ní útočíš neozbrojen. Příležitostný
    útok proběhne ještě před tím tvým." Not when the unarmed attack counts as armed (Improved Unarmed
    Strike, a touch spell), for a shot, or for an attack of opportunity."""
    their = provoking(fight, weapon)
    if their is None:
        return None
    fight.notes.append(note("unarmed_aoo"))
    return attack_of_opportunity(fight, their)


def provoking(fight: Fight, weapon: Weapon) -> Weapon | None:
    """The defender's weapon for the attack of opportunity this attack provokes (`unarmed_provocation`),
    or None when it provokes none: decided before any die is rolled."""
    opts = fight.opts
    if fight.ranged or weapon.category != "unarmed" or opts.touch or opts.attack_of_opportunity:
        return None
    return aoo_weapon(fight, "improved_unarmed_strike")
