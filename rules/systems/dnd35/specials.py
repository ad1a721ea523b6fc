"""Special attacks (digest §11): trip, disarm, sunder, bull rush, overrun, feint.

All are opposed checks (`_opposed`: higher total wins, ties by the `opposed_tie_rule` setting). Where the
defender gets an attack of opportunity it is rolled first and shown in `attacks`.
"""

from __future__ import annotations

from rules.checks import minus
from rules.dice import DiceSource
from rules.errors import RulesError
from rules.model import ActionResult, Check, Damage, Modifier, Note, Term
from rules.system import ActionRequest
from rules.systems.dnd35.acting import restricted
from rules.systems.dnd35.actions import _fight, _opposed, _target
from rules.systems.dnd35.attack import (
    SYSTEM_ID,
    Fight,
    Swing,
    base_mods,
    hits,
    pick_weapon,
    roll_damage,
    situation_mods,
)
from rules.systems.dnd35.defense import armor_class
from rules.systems.dnd35.described import ac_check, attack_outcome, d20_check, minimum_step, weapon_term
from rules.systems.dnd35.grapple import finish, total_of
from rules.systems.dnd35.hp import mod, note, sheet_state, with_conditions
from rules.systems.dnd35.opportunity import aoo_weapon, attack_of_opportunity, unarmed_of
from rules.systems.dnd35.sheet import Sheet, Weapon
from rules.systems.dnd35.tables import OBJECT_HARDNESS, SIZES

IMPROVED_BONUS = 4  # [SRD-EXT] Improved Bull Rush/Disarm/Overrun/Sunder: +4 on the check
STANDING = ("unhurt", "wounded", "staggered")


def _idx(sheet: Sheet) -> int:
    return SIZES[sheet.size].index


def _result(req: ActionRequest, action: str, outcome: str, weapon: str | None = None) -> ActionResult:
    return ActionResult(
        system=SYSTEM_ID,
        action=action,
        actor=req.actor.name,
        target=_target(req).name,
        outcome=outcome,
        weapon=weapon,
    )


def _aoo_spoils(fight: Fight, result: ActionResult, notes: list[Note], feat: str, any_damage: bool) -> bool:
    """Roll the defender's AoO (if it gets one). True when it spoils the attempt: any damage (disarm,
    sunder) or the actor no longer standing (bull rush, overrun)."""
    weapon = aoo_weapon(fight, feat)
    if weapon is None:
        return False
    notes.append(note("special_aoo"))
    aoo = attack_of_opportunity(fight, weapon)
    result.attacks = [aoo]
    hurt = aoo.damage is not None and aoo.damage.applied > 0
    if (any_damage and hurt) or sheet_state(fight.actor) not in STANDING:
        notes.append(note("special_aoo_spoiled"))
        return True
    return False


def _too_large(fight: Fight) -> None:
    if _idx(fight.target) - _idx(fight.actor) > 1:
        raise RulesError("error.dnd35.target_too_large")


def _strength_mods(sheet: Sheet, defending: bool, best_of_dex: bool = False) -> list[Modifier]:
    """Str (or the better of Str/Dex) + 4 per size step from Medium (+4 stability when defending)."""
    if best_of_dex and sheet.mod("dex") > sheet.mod("str"):
        mods = [mod("dex", sheet.mod("dex"))]
    else:
        mods = [mod("str", sheet.mod("str"))]
    size = 4 * (_idx(sheet) - 4)
    if size:
        mods.append(mod("special_size", size))
    if defending and (sheet.legs > 2 or sheet.stable):
        mods.append(mod("stability", 4))
    return mods


def _feat_bonus(sheet: Sheet, feat: str, mods: list[Modifier]) -> None:
    if sheet.has_feat(feat):
        mods.append(mod(feat, IMPROVED_BONUS))


# --- disarm and sunder: opposed attack rolls ------------------------------------------------------
def _grip(weapon: Weapon) -> int:
    if weapon.category == "two_handed":
        return 4
    if weapon.is_light:
        return -4
    return 0


def _target_weapon(target: Sheet, name: str | None) -> Weapon:
    if name:
        found = target.find_weapon(name)
        if found is None:
            raise RulesError(
                "error.dnd35.unknown_weapon",
                weapon=name,
                allowed=[weapon_term(w.name) for w in target.weapons] or ["—"],
            )
        return found
    if not target.weapons:
        raise RulesError("error.dnd35.target_unarmed")
    return target.weapons[0]


def _opposed_attack_mods(fight: Fight, weapon: Weapon, their: Weapon) -> tuple[list[Modifier], list[Modifier]]:
    actor, target = fight.actor, fight.target
    mine = base_mods(actor, weapon, actor.bab, False) + situation_mods(fight, weapon)
    theirs = base_mods(target, their, target.bab, False)
    for mods, w in ((mine, weapon), (theirs, their)):
        if _grip(w):
            mods.append(mod("grip", _grip(w)))
    diff = _idx(actor) - _idx(target)
    if diff > 0:
        mine.append(mod("larger", 4 * diff))
    elif diff < 0:
        theirs.append(mod("larger", -4 * diff))
    return mine, theirs


def disarm(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """AoO first (any damage spoils it), then opposed attack rolls: two-handed +4, light −4, larger +4 per
    size step, defender −4 if the item is not a melee weapon. Win: the item drops (or is yours if you
    disarmed unarmed). Loss: the defender may disarm you in return (note)."""
    fight = _fight(req, dice)
    weapon = pick_weapon(fight.actor, req.weapon, False)
    their = _target_weapon(fight.target, fight.opts.target_weapon)
    result = _result(req, "disarm", "disarm_failed", weapon.name)
    notes: list[Note] = []
    if _aoo_spoils(fight, result, notes, "improved_disarm", any_damage=True):
        result.notes = notes
        return finish(req, fight, result)
    mine, theirs = _opposed_attack_mods(fight, weapon, their)
    _feat_bonus(fight.actor, "improved_disarm", mine)
    if their.is_ranged_only:
        theirs.append(mod("not_melee_weapon", -4))
    won, totals = _opposed(fight.roller, "disarm", mine, theirs, fight.settings, result.checks)
    notes.append(Note(key="opposed_check", params={"attacker": totals[0], "defender": totals[1]}))
    result.modifiers = mine
    if won:
        result.outcome = "disarmed"
        left = [w for w in fight.target.weapons if w is not their]
        fight.target = fight.target.model_copy(update={"weapons": left})
        if weapon.category == "unarmed":
            fight.actor = fight.actor.model_copy(update={"weapons": [*fight.actor.weapons, their]})
            notes.append(Note(key="weapon_taken", params={"weapon": weapon_term(their.name)}))
        else:
            notes.append(Note(key="weapon_dropped", params={"weapon": weapon_term(their.name)}))
    elif not their.is_ranged_only:
        notes.append(note("counter_disarm_allowed"))
    result.notes = notes
    return finish(req, fight, result)


def item_stats(item: Weapon, kind: str | None, size: str) -> tuple[str, int, int]:
    """(kind, hardness, hit points) of a held item; hp halve/double per size category from Medium."""
    if kind is None:
        bludgeoning_only = set(item.damage_types) == {"bludgeoning"}
        if item.category == "projectile":
            kind = "projectile"
        elif item.category in ("two_handed",):
            kind = "two_handed_hafted" if bludgeoning_only else "two_handed_blade"
        elif item.is_light:
            kind = "light_hafted" if bludgeoning_only else "light_blade"
        else:
            kind = "one_handed_hafted" if bludgeoning_only else "one_handed_blade"
    hardness, hp = OBJECT_HARDNESS[kind]
    steps = SIZES[size].index - 4
    hp = hp * 2**steps if steps >= 0 else max(1, hp // 2 ** (-steps))
    return kind, hardness, hp


def sunder(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Slashing or bludgeoning weapon; AoO first; opposed attack rolls as disarm; win → weapon damage
    minus hardness to the item (destroyed at 0 HP: removed from the sheet)."""
    fight = _fight(req, dice)
    weapon = pick_weapon(fight.actor, req.weapon, False)
    if weapon.damage_types and not {"slashing", "bludgeoning"} & set(weapon.damage_types):
        raise RulesError("error.dnd35.sunder_needs_slashing_or_bludgeoning", weapon=weapon_term(weapon.name))
    their = _target_weapon(fight.target, fight.opts.target_weapon)
    result = _result(req, "sunder", "sunder_failed", weapon.name)
    notes: list[Note] = []
    if _aoo_spoils(fight, result, notes, "improved_sunder", any_damage=True):
        result.notes = notes
        return finish(req, fight, result)
    mine, theirs = _opposed_attack_mods(fight, weapon, their)
    _feat_bonus(fight.actor, "improved_sunder", mine)
    won, totals = _opposed(fight.roller, "sunder", mine, theirs, fight.settings, result.checks)
    notes.append(Note(key="opposed_check", params={"attacker": totals[0], "defender": totals[1]}))
    result.modifiers = mine
    if won:
        grip = "two" if weapon.category == "two_handed" or fight.opts.two_handed else "one"
        rolled, shown = roll_damage(fight, Swing(weapon, [], grip), False, "lethal")
        kind, hardness, max_hp = item_stats(their, fight.opts.item, fight.target.size)
        dealt = max(0, rolled.applied - hardness)
        # the item's hardness is taken off the damage ("Tvrdost"), never below 0
        shown.label = "item_damage"
        minus(shown, "hardness", hardness, "target")
        minimum_step(shown, 0, "minimum_zero")
        result.checks.append(shown)
        left = (fight.opts.item_hp if fight.opts.item_hp is not None else max_hp) - dealt
        result.damage = Damage(
            dice=rolled.dice,
            modifiers=rolled.modifiers,
            rolled=rolled.applied,
            reduced_by=min(hardness, rolled.applied),
            applied=dealt,
            kind="object",
        )
        params = {
            "weapon": weapon_term(their.name),
            "item": Term("term", f"item_{kind}"),
            "hardness": hardness,
            "hp_left": max(left, 0),
            "hp_max": max_hp,
        }
        if dealt <= 0:
            # "hoď zranění svou zbraní a aplikuj ho na zbraň nebo štít" less its Tvrdost: nothing left, no harm
            result.outcome = "item_undamaged"
        elif left <= 0:
            result.outcome = "item_destroyed"
            fight.target = fight.target.model_copy(
                update={"weapons": [w for w in fight.target.weapons if w is not their]}
            )
        else:
            result.outcome = "item_damaged"
        notes.append(Note(key=result.outcome, params=params))
    result.notes = notes
    return finish(req, fight, result)


# --- bull rush, overrun: opposed Strength checks --------------------------------------------------
def _charge_before_aoo(fight: Fight) -> None:
    """A bull rush made as a charge: the −2 AC of the charge counts from its start (setting
    `charge_ac_from`), so the defender's AoO after the run-up meets it; else from after the action."""
    if fight.opts.charge and fight.settings.charge_ac_from == "charge_start":
        fight.actor = with_conditions(fight.actor, add=("charging",))


def move_limit(fight: Fight) -> int:
    """Feet the bull-rusher may move in the whole action: "nemůžeš ujít více stop, než je tvoje normální
    rychlost" (setting `bull_rush_move_limit` = speed), or the action's limit (a charge: double speed,
    unless restricted to one standard action)."""
    speed = fight.actor.speed_ft
    if fight.settings.bull_rush_move_limit == "action" and fight.opts.charge and not restricted(fight.req.actor.sheet):
        return 2 * speed
    return speed


def push(fight: Fight, margin: int, notes: list[Note]) -> int:
    """ "Pokud jsi překonal výsledek ověření Síly obránce, zatlačil jsi ho zpátky o 5 stop. Pokud se chceš
    pohybovat s ním, zatlačíš ho o dalších 5 stop dál za každý 5 bodů … Nicméně nemůžeš ujít více stop,
    než je tvoje normální rychlost." Following is the attacker's choice (`follow`); the movement already
    made this turn (`moved_ft`) counts against the limit."""
    could = 5 + 5 * (margin // 5)
    if not fight.opts.follow:
        notes.append(Note(key="pushed_back_no_follow", params={"feet": 5, "could": could}))
        return 5
    limit, moved = move_limit(fight), fight.opts.moved_ft
    room = max(0, (limit - moved) // 5 * 5)
    feet = max(5, min(could, room))
    followed = feet if room >= 5 else 0
    params = {"feet": feet, "followed": followed, "moved_ft": moved, "limit_ft": limit}
    notes.append(Note(key="pushed_back_followed", params=params))
    if feet < could:
        notes.append(Note(key="push_capped", params={"could": could, "limit_ft": limit}))
    return feet


def bull_rush(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Defender at most one size larger; its AoO first (not with Improved Bull Rush); opposed Str +4 per
    size step from Medium, +2 charging, defender +4 stability. Win: pushed 5 ft, further when you follow
    (`push`)."""
    fight = _fight(req, dice)
    _too_large(fight)
    result = _result(req, "bull_rush", "bull_rush_failed")
    notes: list[Note] = []
    _charge_before_aoo(fight)
    if fight.opts.charge and restricted(req.actor.sheet):
        notes.append(note("charge_restricted"))
    if _aoo_spoils(fight, result, notes, "improved_bull_rush", any_damage=False):
        result.notes = notes
        return finish(req, fight, result)
    mine = _strength_mods(fight.actor, False)
    if fight.opts.charge:
        mine.append(mod("charge", 2))
        fight.actor = with_conditions(fight.actor, add=("charging",))
    _feat_bonus(fight.actor, "improved_bull_rush", mine)
    theirs = _strength_mods(fight.target, True)
    won, totals = _opposed(fight.roller, "bull_rush", mine, theirs, fight.settings, result.checks)
    notes.append(Note(key="opposed_check", params={"attacker": totals[0], "defender": totals[1]}))
    result.modifiers = mine
    if won:
        result.outcome = "pushed"
        result.total = push(fight, totals[0] - totals[1], notes)
    else:
        notes.append(note("moved_back_5ft"))
    result.notes = notes
    return finish(req, fight, result)


def overrun(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Entering the defender's square provokes its AoO; it may avoid (not vs Improved Overrun) or block:
    your Str vs its better of Str/Dex, +4 per size step, +4 stability. Win: defender prone."""
    fight = _fight(req, dice)
    _too_large(fight)
    result = _result(req, "overrun", "overrun_failed")
    notes: list[Note] = []
    if _aoo_spoils(fight, result, notes, "", any_damage=False):
        result.notes = notes
        return finish(req, fight, result)
    if fight.opts.defender_avoids and not fight.actor.has_feat("improved_overrun"):
        result.outcome = "overrun_avoided"
        result.notes = notes
        return finish(req, fight, result)
    mine = _strength_mods(fight.actor, False)
    _feat_bonus(fight.actor, "improved_overrun", mine)
    theirs = _strength_mods(fight.target, True, best_of_dex=True)
    won, totals = _opposed(fight.roller, "overrun", mine, theirs, fight.settings, result.checks)
    notes.append(Note(key="opposed_check", params={"attacker": totals[0], "defender": totals[1]}))
    result.modifiers = mine
    if won:
        result.outcome = "overrun"
        fight.target = with_conditions(fight.target, add=("prone",))
    else:
        notes.append(note("counter_overrun_allowed"))
    result.notes = notes
    return finish(req, fight, result)


# --- feint -----------------------------------------------------------------------------------------
def feint_penalty(target: Sheet, nonhumanoid: bool) -> list[Modifier]:
    """ "Při pokusu o takovýto klamný útok vůči tvoru, který není humanoid, máš postih -4. Vůči tvoru se
    zvířecí Inteligencí (1 nebo 2) máš postih -8." Two cases: an animal mind −8 (whatever its shape),
    another non-humanoid −4 — never both."""
    if target.int <= 2:
        return [mod("animal_intelligence", -8)]
    return [mod("nonhumanoid", -4)] if nonhumanoid else []


def feint(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Bluff vs Sense Motive + BAB (`feint_penalty`; none vs Int 0). A standard action, a move action with
    Improved Feint. Win: the target loses its Dex bonus against your next melee attack (use
    `flat_footed` on that attack)."""
    if req.target is not None and req.target.sheet.int == 0:
        raise RulesError("error.dnd35.target_mindless")
    fight = _fight(req, dice, "move" if req.actor.sheet.has_feat("improved_feint") else "standard")
    mine = [mod("bluff", fight.actor.skills.get("bluff", 0))]
    mine += feint_penalty(fight.target, fight.opts.target_nonhumanoid)
    theirs = [mod("sense_motive", fight.target.skills.get("sense_motive", 0)), mod("bab", fight.target.bab)]
    checks: list[Check] = []
    won, totals = _opposed(fight.roller, "feint", mine, theirs, fight.settings, checks)
    result = _result(req, "feint", "feinted" if won else "feint_failed")
    result.checks = checks
    result.modifiers = mine
    result.notes = [Note(key="opposed_check", params={"attacker": totals[0], "defender": totals[1]})]
    if won:
        result.notes.append(note("feint_next_attack"))
    return finish(req, fight, result)


# --- trip ------------------------------------------------------------------------------------------
def trip(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Unarmed melee touch attack (an armed defender's AoO first, not with Improved Trip or a trip
    weapon), then your Str vs its better of Str/Dex (+4 per size step from Medium, +4 stability,
    +4 Improved Trip [SRD-EXT]). Win → prone. Loss → the defender may trip you in return (note)."""
    fight = _fight(req, dice)
    _too_large(fight)
    result = _result(req, "trip", "miss")
    notes: list[Note] = []
    tool = pick_weapon(fight.actor, req.weapon, False) if req.weapon else None
    feat = "" if tool is not None and tool.trip_weapon else "improved_trip"
    if feat and _aoo_spoils(fight, result, notes, feat, any_damage=False):
        result.notes = notes
        return finish(req, fight, result)
    weapon = tool if tool is not None and tool.trip_weapon else unarmed_of(fight.actor)
    mods = base_mods(fight.actor, weapon, fight.actor.bab, False) + situation_mods(fight, weapon)
    ac = armor_class(
        fight.target,
        fight.opts,
        fight.settings,
        ranged=False,
        touch=True,
        actor_invisible=fight.opts.invisible,
        flags=fight.target_flags,
    )
    face = fight.roller.d(20, "attack")
    bonus = total_of(mods)
    result.modifiers = mods + ac.modifiers
    result.total, result.against, result.against_key = face + bonus, ac.value, ac.key
    result.margin = face + bonus - ac.value
    hit = hits(face, bonus, ac.value)
    # "útok dotykem nablízko" against touch AC, then the opposed Strength check
    result.checks.append(
        d20_check("touch_attack", face, mods, "actor", ac_check(ac, "target"), attack_outcome(face, hit))
    )
    if hit:
        mine = _strength_mods(fight.actor, False)
        _feat_bonus(fight.actor, "improved_trip", mine)
        theirs = _strength_mods(fight.target, True, best_of_dex=True)
        won, totals = _opposed(fight.roller, "trip", mine, theirs, fight.settings, result.checks)
        notes.append(Note(key="trip_check", params={"attacker": totals[0], "defender": totals[1]}))
        result.margin = totals[0] - totals[1]  # the outcome is the opposed check's, so is its margin
        if won:
            result.outcome = "tripped"
            fight.target = with_conditions(fight.target, add=("prone",))
        else:
            result.outcome = "trip_failed"
            notes.append(note("counter_trip_allowed"))
    result.notes = notes
    return finish(req, fight, result)
