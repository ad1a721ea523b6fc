"""Melee attacks and shots (digest §4, §6, §7): attack bonus, hit test, threats, damage, HP."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.checks import check, totalled
from rules.dice import Roller
from rules.errors import RulesError
from rules.model import ActionResult, Check, Damage, Die, Modifier, Note, Part, Side, StateChange
from rules.notation import parse_dice
from rules.system import ActionRequest
from rules.systems.dnd35.acting import ActionKind
from rules.systems.dnd35.defense import ArmorClass
from rules.systems.dnd35.described import (
    ac_check,
    attack_outcome,
    d20_check,
    fixed_check,
    minimum_step,
    percent_check,
    terms,
    weapon_term,
)
from rules.systems.dnd35.hp import (
    HP_FIELDS,
    apply_damage,
    condition_list,
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
    THROWN_LIGHT,
    THROWN_ONE_HANDED,
    table_key,
)
from rules.trusted import trusted as built

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
    kind: ActionKind = "standard"  # the kind of action a special action is
    actor_flags: frozenset[str] = frozenset()
    target_flags: frozenset[str] = frozenset()
    # The target's attack of opportunity inside the actor's action (trip, grapple, an unarmed attack …):
    # this fight's actor is the action's target, so its numbers are side "target" and the other's "actor".
    flip: bool = False

    def __post_init__(self) -> None:
        self.actor_flags = flagged(self.opts, ATTACKER_FLAGS)
        self.target_flags = flagged(self.opts, TARGET_FLAGS)

    @property
    def me(self) -> Side:
        """The side of this fight's attacker within the whole action."""
        return "target" if self.flip else "actor"

    @property
    def them(self) -> Side:
        return "actor" if self.flip else "target"


# --- weapons --------------------------------------------------------------------------------------
def pick_weapon(actor: Sheet, name: str | None, ranged: bool) -> Weapon:
    """The sheet's weapon by name, else the shipped SRD table; default: the sheet's first, or unarmed."""
    if name:
        found = actor.find_weapon(name) or table_weapon(name, actor.size)
        if found is None:
            raise RulesError(
                "error.dnd35.unknown_weapon", weapon=name, allowed=[weapon_term(w.name) for w in actor.weapons] or ["—"]
            )
        weapon = found
    elif actor.weapons:
        weapon = next((w for w in actor.weapons if (w.range_increment_ft is not None) == ranged), actor.weapons[0])
    else:
        weapon = table_weapon("unarmed", actor.size)  # type: ignore[assignment]
    if ranged and weapon.range_increment_ft is None:
        raise RulesError("error.dnd35.not_ranged_weapon", weapon=weapon_term(weapon.name))
    if not ranged and weapon.is_ranged_only:
        raise RulesError("error.dnd35.ranged_only_weapon", weapon=weapon_term(weapon.name))
    return weapon


def _kind_key(weapon: Weapon) -> str:
    return table_key(weapon.name) or weapon.key


def throwable_pair(weapon: Weapon) -> bool:
    """A weapon thrown (or slung) from each hand: "Stejné pravidlo platí i pro vrh zbraně z každé ruky"."""
    return weapon.category == "thrown" or _kind_key(weapon) in THROWN_ONE_HANDED


def counts_as_light(weapon: Weapon) -> bool:
    """Light for two-weapon fighting: "Šipku nebo šuriken považuj za lehkou zbraň … Boly, oštěpy, sítě
    nebo praky pak považuj za jednoruční zbraně" (other weapons by their own category)."""
    key = _kind_key(weapon)
    if key in THROWN_LIGHT:
        return True
    return weapon.is_light and key not in THROWN_ONE_HANDED


def off_hand_weapon(actor: Sheet, primary: Weapon, name: str | None, ranged: bool = False) -> Weapon:
    """The off-hand weapon: named, else the sheet's next melee (or, for a shot, thrown) weapon; a double
    weapon's other end. Two-weapon shots need a thrown weapon (or sling) in each hand."""
    if ranged and not throwable_pair(primary):
        raise RulesError("error.dnd35.two_weapon_ranged", weapon=weapon_term(primary.name))
    if name:
        off = pick_weapon(actor, name, ranged)
    else:
        fits = throwable_pair if ranged else (lambda w: not w.is_ranged_only)
        others = [w for w in actor.weapons if w is not primary and fits(w)]
        if others:
            off = others[0]
        elif ranged or primary.double:
            off = primary  # another of the same thrown weapon, or the double weapon's other end
        else:
            raise RulesError("error.dnd35.no_off_hand_weapon")
    if ranged and not throwable_pair(off):
        raise RulesError("error.dnd35.two_weapon_ranged", weapon=weapon_term(off.name))
    return off


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


def whole(number: float) -> int | float:
    """A distance as typed, a whole one as an integer (`2000`, not `2000.0`)."""
    return int(number) if float(number).is_integer() else number


def range_penalty(fight: Fight, weapon: Weapon) -> int:
    distance = fight.req.distance
    inc = weapon.range_increment_ft
    if distance is None or inc is None:
        fight.notes.append(note("no_distance"))
        return 0
    limit = MAX_INCREMENTS_PROJECTILE if weapon.category == "projectile" else MAX_INCREMENTS_THROWN
    if distance > inc * limit:
        raise RulesError("error.dnd35.out_of_range", distance=whole(distance), maximum=inc * limit)
    if fight.settings.range_penalty_mode == "srd_floor":
        steps = int(distance // inc)
    else:
        steps = max(0, -(-int(distance) // inc) - 1)
    return RANGE_STEP * steps


def situation_mods(fight: Fight, weapon: Weapon) -> list[Modifier]:
    """Attacker-table modifiers and the per-action ones (charge, defensive, aid, swap, into melee)."""
    opts, ranged = fight.opts, fight.ranged
    conds = set(fight.actor.all_conditions) | fight.actor_flags
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


def attack_bonus_now(actor: Sheet, weapon: Weapon) -> int:
    """The weapon's whole attack bonus at the highest BAB, before any situation (what `útok:` states)."""
    total = 0
    for m in base_mods(actor, weapon, actor.bab, weapon.is_ranged_only):
        total += int(m.value)
    return total


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


def damage_label(kind: str, confirmed: bool, mult: int) -> str:
    """damage, crit_damage (a critical hit: rolled again), multiplied_damage (set against a charge, a
    lance on a charging mount); nonlethal_… for nonlethal damage."""
    base = "crit_damage" if confirmed else ("multiplied_damage" if mult > 1 else "damage")
    return base if kind != "nonlethal" else f"nonlethal_{base}"


def _dice_shown(groups: tuple[tuple[int, int, int], ...], faces: list[int], side: Side) -> tuple[list[Die], list[Part]]:
    """The dice of one roll of an expression; a subtracted die (`1d6-1d4`) shows with a part taking it
    off twice, so the line still adds up."""
    if len(groups) == 1 and groups[0][2] > 0:  # the usual `1d8+2`: no subtracted dice
        sides = groups[0][1]
        return [Die(sides, face) for face in faces], []
    dice: list[Die] = []
    parts: list[Part] = []
    pos = 0
    for count, sides, sign in groups:
        for face in faces[pos : pos + count]:
            dice.append(Die(sides, face))
            if sign < 0:
                parts.append(Part("dice_subtracted", -2 * face, side))
        pos += count
    return dice, parts


def roll_damage(
    fight: Fight,
    swing: Swing,
    confirmed: bool,
    kind: str,
    roller: Roller | None = None,
    notes: list[Note] | None = None,
) -> tuple[Damage, Check]:
    """Damage of one hit and its check: "Hoď zranění (se všemi opravami) tolikrát, kolik určuje dané
    číslo, a výsledky sečti" — each roll's dice and bonuses shown; extra dice once; at least 1. Rolled
    with `roller` (default the fight's); the minimum-damage note goes to `notes` (default the fight's)."""
    weapon = swing.weapon
    roller = fight.roller if roller is None else roller
    side = fight.me
    expr = parse_dice(weapon.damage)
    sd = str_damage(fight.actor, weapon, swing.grip)
    bonuses = (
        ("weapon_dice_bonus", expr.bonus),
        ("str_damage", sd),
        ("weapon_flat", weapon.flat_bonus),
        ("damage_misc", fight.opts.damage_misc),
    )
    mods = [mod(k, v) for k, v in bonuses if v]
    per_roll_bonus = expr.bonus + sd + weapon.flat_bonus + fight.opts.damage_misc
    per_roll_parts = [Part(m.key, m.value, side) for m in mods]
    mult = multiplier(fight, weapon, confirmed)
    faces: list[int] = []
    dice: list[Die] = []
    parts: list[Part] = []
    total = 0
    for _ in range(mult):
        rolled, dice_sum = expr.roll(roller, "damage")
        faces += rolled
        total += dice_sum + per_roll_bonus
        shown, taken = _dice_shown(expr.groups, rolled, side)
        dice += shown
        parts += taken + per_roll_parts
    extra = list(weapon.extra_damage_dice)
    if fight.opts.extra_damage:
        extra.append(fight.opts.extra_damage)
    for text in extra:
        e = parse_dice(text)
        rolled, dice_sum = e.roll(roller, "extra_damage")
        faces += rolled
        total += dice_sum + e.bonus
        shown, taken = _dice_shown(e.groups, rolled, side)
        dice += shown
        parts += taken
        if e.bonus:
            parts.append(Part("extra_damage_bonus", e.bonus, side))
    # raw = every die shown + every bonus shown = `total` before the minimum (built directly: hot path)
    c = totalled(damage_label(kind, confirmed, mult), side, dice, parts, total)
    if total < 1:
        (fight.notes if notes is None else notes).append(Note(key="minimum_damage", params={"rolled": total}))
        total = 1
        minimum_step(c, 1, "minimum_damage")
    fields = {"dice": faces, "modifiers": mods, "multiplier": mult, "rolled": total, "applied": total, "kind": kind}
    damage = built(Damage, fields)
    return damage, c


# --- one attack -----------------------------------------------------------------------------------
def hits(face: int, bonus: int, ac: int) -> bool:
    """Natural 1 always misses, natural 20 always hits, otherwise total ≥ AC."""
    return face == 20 or (face != 1 and face + bonus >= ac)


@dataclass(frozen=True, slots=True)
class Blow:
    """One attack roll's fixed inputs: the fight (options, settings, sides), the swing, the AC it must
    reach and the target as it stands before it. Nothing in it changes while the attack is rolled."""

    fight: Fight
    swing: Swing
    ac: ArmorClass
    target: Sheet
    bonus: int
    kind: str  # lethal / nonlethal

    @classmethod
    def of(cls, fight: Fight, swing: Swing, ac: ArmorClass) -> Blow:
        kind, _ = nonlethal_mode(fight.actor, swing.weapon, fight.opts)
        return cls(fight, swing, ac, fight.target, sum(int(m.value) for m in swing.mods), kind)


@dataclass(slots=True)
class Trace:
    """What the real attack shows besides the phases' states: notes, checks, the attack face, the damage
    and the target after it (exact odds keep none of it: only the states reach the next phase)."""

    notes: list[Note] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    later: list[Note] = field(default_factory=list)  # notes of the whole action (minimum damage)
    face: int = 0
    damage: Damage | None = None
    target: Sheet | None = None


# The phases of one attack, each `(blow, roller, state, trace) -> state`, run in this order by the real
# attack (`strike_fields`) and, stage by stage, by the exact odds (`odds.py`). A state holds only what
# the later phases and the odds' summary need, so the odds' states collapse.
@dataclass(frozen=True, slots=True)
class Landed:
    """After the attack roll (and concealment): a hit or not, a confirmation rolled, confirmed."""

    hit: bool
    threat: bool = False  # a confirmation roll was made (not vs crit-immune targets, not auto-confirmed)
    confirmed: bool = False


@dataclass(frozen=True, slots=True)
class Dealt:
    """After the damage roll: the outcome (miss / hit / crit) and the damage the hit deals."""

    outcome: str
    threat: bool
    amount: int


@dataclass(frozen=True, slots=True)
class Struck:
    """After the damage is applied (and any massive-damage save): the target's wound key too."""

    outcome: str
    threat: bool
    amount: int
    wound: str


def confirm(blow: Blow, roller: Roller, face: int, trace: Trace) -> tuple[bool, bool]:
    """ "Hod na kritiku - druhý hod na útok, provedený se všemi opravami jako hod první": its own check.
    (confirmation rolled, confirmed)."""
    fight, notes = blow.fight, trace.notes
    if blow.target.crit_immune:
        notes.append(note("crit_immune"))
        return False, False
    if face == 20 and fight.settings.natural_20_auto_confirm:
        notes.append(note("auto_confirm"))
        return False, True
    c = roller.d(20, "confirm")
    ok = hits(c, blow.bonus, blow.ac.value)
    notes.append(
        Note(key="crit_confirmed" if ok else "threat_not_confirmed", params={"roll": c, "total": c + blow.bonus})
    )
    outcome = "crit" if ok else "threat_not_confirmed"
    trace.checks.append(d20_check("confirm", c, blow.swing.mods, fight.me, ac_check(blow.ac, fight.them), outcome))
    return True, ok


def attack_roll(blow: Blow, roller: Roller, state: None, trace: Trace) -> Landed:
    """Phase 1: the d20 against the AC; in the threat range the confirmation roll."""
    fight = blow.fight
    face = roller.d(20, "attack")
    trace.face = face
    hit = hits(face, blow.bonus, blow.ac.value)
    versus = ac_check(blow.ac, fight.them)
    trace.checks.append(d20_check("attack", face, blow.swing.mods, fight.me, versus, attack_outcome(face, hit)))
    if face in (1, 20):
        trace.notes.append(note(f"natural_{face}"))
    if hit and face >= blow.swing.weapon.threat_min:
        trace.notes.append(note("threat"))
        rolled, confirmed = confirm(blow, roller, face, trace)
        return Landed(True, rolled, confirmed)
    return Landed(hit)


def concealment_pct(value: str | int) -> int:
    return value if isinstance(value, int) else CONCEALMENT_PCT[value]


def concealed(fight: Fight, roller: Roller, notes: list[Note], checks: list[Check]) -> bool:
    """A13: after a hit (and any confirmation roll) d% ≤ miss chance → miss ("obránce musí hodit udaná
    procenta"): a d% check against the miss chance."""
    chance = fight.opts.miss_chance if fight.opts.miss_chance is not None else concealment_pct(fight.opts.concealment)
    if not chance:
        return False
    pct = roller.d(100, "concealment")
    missed = pct <= chance
    key = "concealment_miss" if missed else "concealment_passed"
    notes.append(Note(key=key, params={"roll": pct, "chance": chance}))
    checks.append(percent_check("concealment", pct, chance, "miss_chance", fight.them, key))
    return missed


def concealment(blow: Blow, roller: Roller, state: Landed, trace: Trace) -> Landed:
    """Phase 2: a hit against a concealed target may still miss (d%)."""
    if state.hit and concealed(blow.fight, roller, trace.notes, trace.checks):
        state = Landed(False, state.threat, False)
    if blow.swing.hand == "off":
        trace.notes.append(note("off_hand"))
    return state


def damage_roll(blow: Blow, roller: Roller, state: Landed, trace: Trace) -> Dealt:
    """Phase 3: a hit's damage (multiplied on a confirmed critical), at least 1."""
    if not state.hit:
        return Dealt("miss", state.threat, 0)
    damage, shown = roll_damage(blow.fight, blow.swing, state.confirmed, blow.kind, roller, trace.later)
    trace.checks.append(shown)
    trace.damage = damage
    return Dealt("crit" if state.confirmed else "hit", state.threat, damage.applied)


def wounding(blow: Blow, roller: Roller, state: Dealt, trace: Trace) -> Struck:
    """Phase 4: the damage on the target's hit points; massive damage's Fortitude save."""
    before = blow.target
    if state.outcome == "miss":
        return Struck(state.outcome, state.threat, 0, sheet_state(before))
    fight = blow.fight
    after = apply_damage(before, state.amount, blow.kind, fight.settings.temp_hp_absorb_nonlethal)
    after = massive_check(fight, roller, after, state.amount, blow.kind, trace.notes, trace.checks)
    trace.target = after
    return Struck(state.outcome, state.threat, state.amount, sheet_state(after))


Phase = Callable[[Blow, Roller, Any, Trace], Any]
PHASES: tuple[Phase, ...] = (attack_roll, concealment, damage_roll, wounding)


def fort_save_check(label: str, face: int, save: int, dc: Check, side: Side, saved: bool) -> Check:
    parts = [Part("fort_save", save, side)] if save else []
    return check(
        label, side=side, dice=[Die(20, face)], parts=parts, versus=dc, outcome="saved" if saved else "not_saved"
    )


def massive_check(
    fight: Fight, roller: Roller, target: Sheet, amount: int, kind: str, notes: list[Note], checks: list[Check]
) -> Sheet:
    s = fight.settings
    if not s.massive_damage or kind != "lethal" or amount < s.massive_damage_threshold:
        return target
    if sheet_state(target) == "dead":
        return target
    face = roller.d(20, "massive_save")
    total = face + target.fort_save
    saved = face == 20 or (face != 1 and total >= MASSIVE_DC)
    notes.append(
        Note(
            key="massive_damage_saved" if saved else "massive_damage_failed",
            params={"roll": face, "total": total, "dc": MASSIVE_DC},
        )
    )
    dc = fixed_check("massive_dc", MASSIVE_DC, "dc")
    checks.append(fort_save_check("massive_save", face, target.fort_save, dc, fight.them, saved))
    if saved:
        return target
    return target.model_copy(update={"conditions": with_state(target.conditions, "dead")})


def strike(fight: Fight, swing: Swing, ac: ArmorClass) -> ActionResult:
    """Roll one attack: d20, confirmation, concealment, damage, HP. Updates fight.target."""
    return built(ActionResult, strike_fields(fight, swing, ac))


def strike_fields(fight: Fight, swing: Swing, ac: ArmorClass) -> dict[str, Any]:
    """`strike` as the ActionResult's fields (the caller may add to them before building it once): the
    phases in order, then what they left in the trace."""
    roller = fight.roller
    start = len(roller.rolls)
    blow = Blow.of(fight, swing, ac)
    trace = Trace(later=fight.notes)
    state: Any = None
    for phase in PHASES:
        state = phase(blow, roller, state, trace)
    struck: Struck = state
    target_name = fight.req.target.name if fight.req.target else None
    changes: list[StateChange] = []
    if trace.target is not None:
        fight.target = trace.target
        changes = diff(target_name or "target", blow.target, trace.target, HP_FIELDS)
    face, bonus = trace.face, blow.bonus
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
        "outcome": struck.outcome,
        "margin": face + bonus - ac.value,
        "damage": trace.damage,
        "wound": struck.wound,
        "conditions": condition_list(fight.target),
        "changes": changes,
        "notes": ac.notes + trace.notes,
        "checks": trace.checks,
    }


def check_can_act(actor: Sheet) -> None:
    blocked = sorted(effective_conditions(actor) & CANNOT_ACT)
    if blocked:
        raise RulesError("error.dnd35.cannot_act", conditions=terms("condition", blocked))
