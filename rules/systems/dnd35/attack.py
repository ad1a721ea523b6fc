"""Melee attacks and shots (digest §4, §6, §7): attack bonus, hit test, threats, damage, HP."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Damage, Modifier, Note, StateChange
from rules.notation import parse_dice
from rules.system import ActionRequest
from rules.systems.dnd35.defense import ArmorClass, armor_class
from rules.systems.dnd35.hp import (
    HP_FIELDS,
    apply_damage,
    diff,
    effective_conditions,
    mod,
    note,
    sheet_state,
    with_state,
)
from rules.systems.dnd35.options import ATTACKER_FLAGS, TARGET_FLAGS, Options, flagged
from rules.systems.dnd35.settings import Settings
from rules.systems.dnd35.sheet import Sheet, Weapon, table_weapon
from rules.systems.dnd35.tables import (
    AID_BONUS,
    ATTACKER_MODS,
    CANNOT_ACT,
    CHARGE_ATTACK,
    CONCEALMENT_PCT,
    FIGHTING_DEFENSIVELY_ATTACK,
    FIRING_INTO_MELEE,
    GRAPPLING_ATTACK,
    MASSIVE_DC,
    MAX_INCREMENTS_PROJECTILE,
    MAX_INCREMENTS_THROWN,
    NONLETHAL_SWAP_PENALTY,
    NONPROFICIENT,
    RANGE_STEP,
    STANCES,
    TWO_WEAPON,
)

SYSTEM_ID = "dnd35"
MOUNTED_RANGED = {"double": -4, "run": -8}  # ranged attacks from a moving mount


@dataclass(slots=True)
class Swing:
    """One attack roll's fixed inputs (a full attack makes several)."""

    weapon: Weapon
    mods: list[Modifier]
    grip: str  # one / two / off
    hand: str = "primary"


@dataclass(slots=True)
class Fight:
    """State shared by the attacks of one resolution."""

    req: ActionRequest
    actor: Sheet
    target: Sheet
    opts: Options
    settings: Settings
    roller: Roller
    ranged: bool
    notes: list[Note] = field(default_factory=list)
    actor_flags: frozenset[str] = frozenset()
    target_flags: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.actor_flags = flagged(self.opts, ATTACKER_FLAGS)
        self.target_flags = flagged(self.opts, TARGET_FLAGS)


# --- weapons --------------------------------------------------------------------------------------
def pick_weapon(actor: Sheet, name: str | None, ranged: bool) -> Weapon:
    """The sheet's weapon by name, else the shipped SRD table; default: the sheet's first, or unarmed."""
    if name:
        found = actor.find_weapon(name) or table_weapon(name, actor.size)
        if found is None:
            raise RulesError(
                "error.dnd35.unknown_weapon", weapon=name, allowed=[w.name for w in actor.weapons]
            )
        weapon = found
    elif actor.weapons:
        weapon = next(
            (w for w in actor.weapons if (w.range_increment_ft is not None) == ranged), actor.weapons[0]
        )
    else:
        weapon = table_weapon("unarmed", actor.size)  # type: ignore[assignment]
    if ranged and weapon.range_increment_ft is None:
        raise RulesError("error.dnd35.not_ranged_weapon", weapon=weapon.name)
    if not ranged and weapon.is_ranged_only:
        raise RulesError("error.dnd35.ranged_only_weapon", weapon=weapon.name)
    return weapon


def off_hand_weapon(actor: Sheet, primary: Weapon, name: str | None) -> Weapon:
    if name:
        return pick_weapon(actor, name, False)
    others = [w for w in actor.weapons if w is not primary and not w.is_ranged_only]
    if others:
        return others[0]
    if primary.double:
        return primary
    raise RulesError("error.dnd35.no_off_hand_weapon")


# --- attack bonus ---------------------------------------------------------------------------------
def ability_modifier(actor: Sheet, weapon: Weapon, ranged: bool) -> Modifier:
    if ranged:
        return mod("dex", actor.mod("dex"))
    finessable = weapon.is_light or weapon.finesse or weapon.category == "natural"
    if finessable and actor.has_feat("weapon_finesse") and actor.mod("dex") > actor.mod("str"):
        return mod("dex_finesse", actor.mod("dex"))
    return mod("str", actor.mod("str"))


def nonlethal_mode(actor: Sheet, weapon: Weapon, opts: Options) -> tuple[str, int]:
    """(damage kind, attack penalty) for the nonlethal/lethal swap (−4 either way)."""
    if weapon.nonlethal:
        if opts.lethal:
            free = weapon.category == "unarmed" and actor.has_feat("improved_unarmed_strike")
            return "lethal", 0 if free else NONLETHAL_SWAP_PENALTY
        return "nonlethal", 0
    if opts.nonlethal:
        return "nonlethal", NONLETHAL_SWAP_PENALTY
    return "lethal", 0


def range_penalty(fight: Fight, weapon: Weapon) -> int:
    distance = fight.req.distance
    inc = weapon.range_increment_ft
    if distance is None or inc is None:
        fight.notes.append(note("no_distance"))
        return 0
    limit = MAX_INCREMENTS_PROJECTILE if weapon.category == "projectile" else MAX_INCREMENTS_THROWN
    if distance > inc * limit:
        raise RulesError("error.dnd35.out_of_range", distance=distance, maximum=inc * limit)
    if fight.settings.range_penalty_mode == "srd_floor":
        steps = int(distance // inc)
    else:
        steps = max(0, -(-int(distance) // inc) - 1)
    return RANGE_STEP * steps


def situation_mods(fight: Fight, weapon: Weapon) -> list[Modifier]:
    """Attacker-table modifiers and the per-action ones (charge, defensive, aid, swap, into melee)."""
    opts, ranged = fight.opts, fight.ranged
    conds = set(fight.actor.conditions) | fight.actor_flags
    if "invisible" in conds and ("blinded" in fight.target.conditions or "blinded" in fight.target_flags):
        conds.discard("invisible")  # footnote 2: the bonus does not count against a blinded target
    mods: list[Modifier] = []
    for cond in sorted(conds):
        row = ATTACKER_MODS.get(cond)
        if row is None:
            continue
        value = row[1] if ranged else row[0]
        if value is None:
            if cond == "prone" and not weapon.usable_prone:
                raise RulesError("error.dnd35.prone_ranged")
            continue
        if value:
            mods.append(mod(cond, value))
    if "grappling" in conds:
        mods.append(mod("grappling", GRAPPLING_ATTACK))
    if opts.charge and not ranged:
        mods.append(mod("charge", CHARGE_ATTACK))
    if opts.fighting_defensively:
        mods.append(mod("fighting_defensively", FIGHTING_DEFENSIVELY_ATTACK))
    if opts.aided:
        mods.append(mod("aid_another", AID_BONUS * opts.aided))
    if opts.nonproficient:
        mods.append(mod("nonproficient", NONPROFICIENT))
    if ranged:
        mods.append(mod("range", range_penalty(fight, weapon)))
        if opts.mount_moving != "none":
            mods.append(mod(f"mount_{opts.mount_moving}", MOUNTED_RANGED[opts.mount_moving]))
        if opts.in_melee:
            if fight.actor.has_feat("precise_shot"):
                fight.notes.append(note("precise_shot"))
            else:
                mods.append(mod("firing_into_melee", FIRING_INTO_MELEE))
    if opts.attack_misc:
        mods.append(mod("attack_misc", opts.attack_misc))
    return [m for m in mods if m.value or m.key == "range"]


def base_mods(actor: Sheet, weapon: Weapon, bab: int, ranged: bool) -> list[Modifier]:
    if weapon.attack_override is not None:
        return [mod("attack_override", weapon.attack_override - actor.bab + bab)]
    mods = [mod("bab", bab), ability_modifier(actor, weapon, ranged)]
    if actor.size_mod:
        mods.append(mod("size", actor.size_mod))
    if weapon.attack_bonus:
        mods.append(mod("weapon_bonus", weapon.attack_bonus))
    return mods


# --- damage ---------------------------------------------------------------------------------------
def str_damage(actor: Sheet, weapon: Weapon, grip: str) -> int:
    s = actor.mod("str")
    if weapon.add_str is False:
        return 0
    if weapon.category == "projectile" and weapon.add_str is not True:
        if weapon.bow_kind == "normal":
            return min(s, 0)
        if weapon.bow_kind == "composite":
            return s if s <= 0 else min(s, weapon.composite_rating or 0)
        return 0
    if s <= 0:
        return s  # A5: a penalty applies in full
    if grip == "two":
        return s * 3 // 2
    if grip == "off":
        return s // 2
    return s


def multiplier(fight: Fight, weapon: Weapon, confirmed: bool) -> int:
    """Combine, don't chain: 1 + Σ(m − 1) over crit, set-vs-charge and lance-charge doublings."""
    total = 1
    if confirmed:
        total += weapon.crit_mult - 1
    if fight.opts.set_vs_charge:
        total += 1
    if fight.opts.mounted_charge and weapon.lance and fight.opts.charge:
        total += 1
    return total


def roll_damage(fight: Fight, swing: Swing, confirmed: bool, kind: str) -> Damage:
    weapon, roller = swing.weapon, fight.roller
    expr = parse_dice(weapon.damage)
    mods = [mod("weapon_dice_bonus", expr.bonus)] if expr.bonus else []
    sd = str_damage(fight.actor, weapon, swing.grip)
    if sd:
        mods.append(mod("str_damage", sd))
    if weapon.flat_bonus:
        mods.append(mod("weapon_flat", weapon.flat_bonus))
    if fight.opts.damage_misc:
        mods.append(mod("damage_misc", fight.opts.damage_misc))
    per_roll_bonus = expr.bonus + sd + weapon.flat_bonus + fight.opts.damage_misc
    mult = multiplier(fight, weapon, confirmed)
    faces: list[int] = []
    total = 0
    for _ in range(mult):
        rolled, dice_sum = expr.roll(roller, "damage")
        faces += rolled
        total += dice_sum + per_roll_bonus
    extra = list(weapon.extra_damage_dice)
    if fight.opts.extra_damage:
        extra.append(fight.opts.extra_damage)
    for text in extra:
        e = parse_dice(text)
        rolled, dice_sum = e.roll(roller, "extra_damage")
        faces += rolled
        total += dice_sum + e.bonus
    if total < 1:
        fight.notes.append(Note(key="minimum_damage", params={"rolled": total}))
        total = 1
    return Damage(dice=faces, modifiers=mods, multiplier=mult, rolled=total, applied=total, kind=kind)


# --- one attack -----------------------------------------------------------------------------------
def hits(face: int, bonus: int, ac: int) -> bool:
    """Natural 1 always misses, natural 20 always hits, otherwise total ≥ AC."""
    return face == 20 or (face != 1 and face + bonus >= ac)


def confirm(fight: Fight, face: int, bonus: int, ac: int, notes: list[Note]) -> bool:
    if fight.target.crit_immune:
        notes.append(note("crit_immune"))
        return False
    if face == 20 and fight.settings.natural_20_auto_confirm:
        notes.append(note("auto_confirm"))
        return True
    c = fight.roller.d(20, "confirm")
    ok = hits(c, bonus, ac)
    notes.append(
        Note(key="crit_confirmed" if ok else "threat_not_confirmed", params={"roll": c, "total": c + bonus})
    )
    return ok


def concealment_pct(value: str | int) -> int:
    return value if isinstance(value, int) else CONCEALMENT_PCT[value]


def concealed(fight: Fight, notes: list[Note]) -> bool:
    """A13: after a hit (and any confirmation roll) d% ≤ miss chance → miss."""
    chance = (
        fight.opts.miss_chance
        if fight.opts.miss_chance is not None
        else concealment_pct(fight.opts.concealment)
    )
    if not chance:
        return False
    pct = fight.roller.d(100, "concealment")
    missed = pct <= chance
    notes.append(
        Note(
            key="concealment_miss" if missed else "concealment_passed", params={"roll": pct, "chance": chance}
        )
    )
    return missed


def massive_check(fight: Fight, target: Sheet, amount: int, kind: str, notes: list[Note]) -> Sheet:
    s = fight.settings
    if not s.massive_damage or kind != "lethal" or amount < s.massive_damage_threshold:
        return target
    if sheet_state(target) == "dead":
        return target
    face = fight.roller.d(20, "massive_save")
    total = face + target.fort_save
    saved = face == 20 or (face != 1 and total >= MASSIVE_DC)
    notes.append(
        Note(
            key="massive_damage_saved" if saved else "massive_damage_failed",
            params={"roll": face, "total": total, "dc": MASSIVE_DC},
        )
    )
    if saved:
        return target
    return target.model_copy(update={"conditions": with_state(target.conditions, "dead")})


def strike(fight: Fight, swing: Swing, ac: ArmorClass) -> ActionResult:
    """Roll one attack: d20, confirmation, concealment, damage, HP. Updates fight.target."""
    return ActionResult(**strike_fields(fight, swing, ac))


def strike_fields(fight: Fight, swing: Swing, ac: ArmorClass) -> dict[str, Any]:
    """`strike` as the ActionResult's fields (the caller may add to them before building it once)."""
    roller = fight.roller
    start = len(roller.rolls)
    notes: list[Note] = []
    bonus = sum(int(m.value) for m in swing.mods)
    kind, _ = nonlethal_mode(fight.actor, swing.weapon, fight.opts)
    face = roller.d(20, "attack")
    hit = hits(face, bonus, ac.value)
    if face in (1, 20):
        notes.append(note(f"natural_{face}"))
    confirmed = False
    if hit and face >= swing.weapon.threat_min:
        notes.append(note("threat"))
        confirmed = confirm(fight, face, bonus, ac.value, notes)
    if hit and concealed(fight, notes):
        hit = confirmed = False
    if swing.hand == "off":
        notes.append(note("off_hand"))
    target_name = fight.req.target.name if fight.req.target else None
    damage: Damage | None = None
    changes: list[StateChange] = []
    if hit:
        before = fight.target
        damage = roll_damage(fight, swing, confirmed, kind)
        after = apply_damage(before, damage.applied, kind, fight.settings.temp_hp_absorb_nonlethal)
        after = massive_check(fight, after, damage.applied, kind, notes)
        fight.target = after
        changes = diff(target_name or "target", before, after, HP_FIELDS)
    return {
        "system": SYSTEM_ID,
        "action": "shot" if fight.ranged else "attack",
        "actor": fight.req.actor.name,
        "target": target_name,
        "weapon": swing.weapon.name,
        "rolls": roller.rolls[start:],
        "modifiers": swing.mods + ac.modifiers,
        "total": face + bonus,
        "against": ac.value,
        "against_key": ac.key,
        "outcome": "crit" if confirmed else ("hit" if hit else "miss"),
        "margin": face + bonus - ac.value,
        "damage": damage,
        "wound": sheet_state(fight.target),
        "conditions": list(fight.target.conditions),
        "changes": changes,
        "notes": ac.notes + notes,
    }


# --- resolution -----------------------------------------------------------------------------------
def iterative_babs(bab: int) -> list[int]:
    """bab, bab−5, bab−10, bab−15 while ≥ +1, at most 4 [SRD-EXT]; always at least one attack."""
    return [bab - 5 * k for k in range(4) if k == 0 or bab - 5 * k >= 1]


def plan(fight: Fight, weapon: Weapon) -> list[Swing]:
    """The attacks of this action: one, iterative (full attack) and the off-hand attack."""
    opts, actor = fight.opts, fight.actor
    conds = set(actor.conditions)
    situation = situation_mods(fight, weapon)
    full = (opts.full_attack or opts.two_weapon) and not opts.attack_of_opportunity
    if full and opts.charge:
        fight.notes.append(note("charge_single_attack"))
        full = False
    if full and conds & {"staggered", "disabled"}:
        fight.notes.append(note("restricted_single_action"))
        full = False
    two_hand = weapon.category == "two_handed" or (opts.two_handed and not weapon.is_light)
    grip = "two" if two_hand and not (full and opts.two_weapon) else "one"
    if weapon.category == "projectile" or weapon.is_ranged_only:
        grip = "one"
    babs = iterative_babs(actor.bab) if full else [actor.bab]
    primary_pen: list[Modifier] = []
    swings: list[Swing] = []
    off: Weapon | None = None
    if full and opts.two_weapon and not fight.ranged:
        off = off_hand_weapon(actor, weapon, opts.off_hand_weapon)
        light = off.is_light or off is weapon
        p, o = TWO_WEAPON[(light, actor.has_feat("two_weapon_fighting"))]
        primary_pen = [mod("two_weapon_primary", p)]
        off_pen = [mod("two_weapon_off_hand", o)]
        grip = "one"
    for bab in babs:
        swings.append(
            Swing(weapon, base_mods(actor, weapon, bab, fight.ranged) + situation + primary_pen, grip)
        )
    if off is not None:
        off_situation = situation_mods(fight, off) if off is not weapon else situation
        mods = base_mods(actor, off, actor.bab, False) + off_situation + off_pen
        swings.append(Swing(off, mods, "off", "off"))
    return swings


def check_aoo(actor: Sheet, opts: Options) -> None:
    """No attack of opportunity while flat-footed (Combat Reflexes allows it [SRD-EXT]), in total
    defense or grappling, nor against a target with cover or total concealment."""
    conds = set(actor.conditions)
    blocked = sorted(conds & {"total_defense", "grappling"})
    if "flat_footed" in conds and not actor.has_feat("combat_reflexes"):
        blocked.append("flat_footed")
    if opts.cover != "none":
        blocked.append("target_cover")
    if opts.concealment == "total":
        blocked.append("target_total_concealment")
    if blocked:
        raise RulesError("error.dnd35.no_attack_of_opportunity", reasons=blocked)


def check_can_act(actor: Sheet) -> None:
    blocked = sorted(effective_conditions(actor) & CANNOT_ACT)
    if blocked:
        raise RulesError("error.dnd35.cannot_act", conditions=blocked)


def actor_after(fight: Fight) -> tuple[Sheet, list[StateChange]]:
    """Acting ends flat-footedness and old stances, starts the new stance, strains a disabled actor.
    An attack of opportunity is not the actor's turn: it changes nothing on the actor."""
    actor, opts = fight.actor, fight.opts
    if opts.attack_of_opportunity:
        return actor, []
    conds = [c for c in actor.conditions if c != "flat_footed"]
    if fight.settings.stance_expiry == "next_action":
        conds = [c for c in conds if c not in STANCES]
    if opts.charge and not fight.ranged:
        conds.append("charging")
    if opts.fighting_defensively:
        conds.append("fighting_defensively")
    after = actor.model_copy(update={"conditions": conds}) if conds != actor.conditions else actor
    if "disabled" in actor.conditions and fight.settings.disabled_action_damage:
        after = apply_damage(after, 1, "lethal")
        fight.notes.append(note("disabled_strain"))
    return after, diff(fight.req.actor.name, actor, after, HP_FIELDS)


def summary(fight: Fight, subs: list[ActionResult]) -> ActionResult:
    """A full attack's top result: every roll, total damage, the target's final state."""
    top = ActionResult(
        system=SYSTEM_ID,
        action="shot" if fight.ranged else "attack",
        actor=fight.req.actor.name,
        target=subs[0].target,
        weapon=subs[0].weapon,
        attacks=subs,
    )
    top.rolls = list(fight.roller.rolls)
    outcomes = {s.outcome for s in subs}
    top.outcome = "crit" if "crit" in outcomes else ("hit" if "hit" in outcomes else "miss")
    damages = [s.damage for s in subs if s.damage is not None]
    if damages:
        total = sum(d.applied for d in damages)
        kinds = {d.kind for d in damages}
        top.damage = Damage(
            dice=[f for d in damages for f in d.dice],
            rolled=sum(d.rolled for d in damages),
            applied=total,
            kind=kinds.pop() if len(kinds) == 1 else "mixed",
        )
    firsts: dict[str, StateChange] = {}
    for change in (c for s in subs for c in s.changes):
        if change.field in firsts:
            firsts[change.field] = StateChange(
                combatant=change.combatant,
                field=change.field,
                before=firsts[change.field].before,
                after=change.after,
            )
        else:
            firsts[change.field] = change
    top.changes = list(firsts.values())
    top.wound = subs[-1].wound
    top.conditions = subs[-1].conditions
    return top


def resolve(req: ActionRequest, dice: DiceSource, ranged: bool) -> ActionResult:
    if req.target is None:
        raise RulesError("error.dnd35.no_target")
    actor: Sheet = req.actor.sheet
    check_can_act(actor)
    opts: Options = req.options  # type: ignore[assignment]
    if opts.attack_of_opportunity:
        check_aoo(actor, opts)
    fight = Fight(req, actor, req.target.sheet, opts, req.settings, Roller(dice), ranged)  # type: ignore[arg-type]
    weapon = pick_weapon(actor, req.weapon, ranged)
    swings = plan(fight, weapon)
    _, swap_penalty = nonlethal_mode(actor, weapon, opts)
    if swap_penalty:
        for swing in swings:
            swing.mods.append(mod("nonlethal_swap", swap_penalty))
    invisible = opts.invisible or "invisible" in actor.conditions
    subs: list[dict[str, Any]] = []
    for swing in swings:
        if subs and fight.settings.stop_full_attack_when_dead and "dead" in fight.target.conditions:
            fight.notes.append(
                Note(key="target_dead_attacks_skipped", params={"skipped": len(swings) - len(subs)})
            )
            break
        ac = armor_class(
            fight.target,
            opts,
            fight.settings,
            ranged=ranged,
            touch=opts.touch,
            actor_invisible=invisible,
            flags=fight.target_flags,
        )
        subs.append(strike_fields(fight, swing, ac))
    actor_new, actor_changes = actor_after(fight)
    target_sheet = fight.target.model_dump() if fight.target is not req.target.sheet else None
    actor_sheet = actor_new.model_dump() if actor_new is not actor else None
    if len(swings) == 1:
        fields = subs[0]
        fields["notes"] += fight.notes
        fields["changes"] += actor_changes
        return ActionResult(**fields, target_sheet=target_sheet, actor_sheet=actor_sheet)
    result = summary(fight, [ActionResult(**f) for f in subs])
    result.notes = fight.notes
    result.changes = result.changes + actor_changes
    result.target_sheet = target_sheet
    result.actor_sheet = actor_sheet
    return result
