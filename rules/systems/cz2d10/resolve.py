"""Attack and shot resolution: attack value, defence, hit test, criticals, fumbles, damage, locations."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel

from rules.checks import add_step, check, totalled
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import Check, Damage, Die, DieRoll, Modifier, Note, Part, StateChange, Term, term
from rules.notation import DiceExpr, parse_dice
from rules.system import ActionRequest
from rules.systems.cz2d10.damage import (
    _factor_index,
    _reduction,
    apply_damage,
    armour_factor_of,
    armour_pieces,
    armour_slots,
    reduction,
    str_part,
)
from rules.systems.cz2d10.derive import (
    _derived,
    actions_left,
    base_actions,
    basic_level,
    faints_after_failed_shock,
    hp_max,
    max_melee_skill,
    may_charge,
    out_of_fight,
    part_armour,
    part_hp,
    part_level,
    part_unusable,
    rnd,
    rnd_ratio,
    skill_levels,
    thresholds,
    weapon_of,
)
from rules.systems.cz2d10.locations import best_shift, locate, percent_to_sum
from rules.systems.cz2d10.options import Options
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import CONTAINERS as SHEET_CONTAINERS
from rules.systems.cz2d10.sheet import Sheet, clipped
from rules.systems.cz2d10.shown import (
    ACTOR,
    OTHER,
    TARGET,
    armour_steps,
    attack_from_exchange,
    crit_range_check,
    d10s,
    damage_dice,
    no_negative,
    number,
    parts,
    rounding_step,
    termed,
    termed_note,
)
from rules.systems.cz2d10.tables import MATERIALS, PART_INFO, SHIELDS, WEAPONS, Weapon, lookup_id
from rules.systems.cz2d10.values import (
    Defence,
    base_attack,
    defence_of,
    target_attacks_per_round,
    target_state,
    wound_mod,
)
from rules.trusted import complete

SYS = "cz2d10"


_M = TypeVar("_M", bound=BaseModel)


def built(cls: type[_M], values: dict[str, Any]) -> _M:
    """A result model from values the rules computed (ids, numbers, validated sheets' values), every field
    given: built without validation on the hot path, as `rules.dice` builds its DieRolls
    (`model_construct` itself costs more than validating)."""
    return complete(cls, values, set(values))


def note(key: str, params: dict[str, Any] | None = None) -> Note:
    """A note the rules made (an id and their own numbers or ids), as `Note(key=…, params=…)` would be,
    built without validating it."""
    return Note(key, {} if params is None else params)


def err(key: str, **params: Any) -> RulesError:
    return RulesError(f"error.{SYS}.{key}", **params)


@dataclass(slots=True)
class Prepared:
    """Everything fixed before the defender answers (serialised as the exchange)."""

    ex: dict[str, Any]
    actor_upd: dict[str, Any] = field(default_factory=dict)
    target_upd: dict[str, Any] = field(default_factory=dict)
    attack: Check | None = None  # the attack test as shown (carried in `ex["checks"]` when the defence waits)
    opts: Options | None = None  # the options as prepared (an immobile target is stabbed)
    notes: list[Note] = field(default_factory=list)
    # the attack's modifiers as the result shows them (`ex["mods"]`, made in the same walk), the crit
    # range's to follow: a list of this exchange's own, which `finish` extends
    modifiers: list[Modifier] = field(default_factory=list)
    target_per_round: int | None = None  # the target's actions per round (`_derived`), for its conditions
    defence: Defence = field(default_factory=Defence)  # the defence as composed (the exchange holds its lists)

    def serialised(self, roller: Roller) -> dict[str, Any]:
        """The exchange as it waits for the defender (vzor 2): options, rolls and notes as plain data."""
        assert self.opts is not None
        self.ex["options"] = self.opts.model_dump()
        self.ex["rolls"] = [r.model_dump() for r in roller.rolls]
        self.ex["notes"] = [n.model_dump() for n in self.notes]
        return self.ex


# ---- costs --------------------------------------------------------------------------------------------
def attack_cost(a: Sheet, opts: Options, shot: bool, thrown: bool = False) -> int:
    """Attack 3 ("obvykle 3"), counter-attack 1, charge 5, shot 2 (+2 aimed); a throw 3 (house default)."""
    if opts.cost is not None:
        return opts.cost
    if opts.counter_attack:
        return 1
    if opts.charge:
        return 5
    if shot:
        base = 3 if thrown else 2
        return base + 2 if opts.aimed and not a.precise_shot else base
    return 3


def counter_limit(a: Sheet) -> int:
    """L375: "Standardně může postava provést jen 1 protiútok, se schopností protivýpad tolik, kolik je 1/2
    její obratnosti, se dvěma schopnostmi protivýpad 6 …, ne však více, než jsou 2 / 3 její obratnosti"
    (at least one: the ability never takes the standard counter-attack away)."""
    if not a.counter_lunge:
        return 1
    limit = a.dex // 2 if a.counter_lunge == 1 else 6
    return max(1, min(limit, 2 * a.dex // 3))


def spend_out_of_turn(a: Sheet, cost: int, settings: Settings, strict: bool) -> dict[str, Any]:
    """An action outside one's turn. L375: it "musela mu z tohoto kola zbýt, pokud v něm byl již na řadě,
    nebo z minulého kola": after one's turn this round from this round's actions, before it from the
    previous round's leftovers (`actions_reserve`). `strict` (the counter-attack, where the seed says so)
    refuses when the reserve is short; otherwise the action is taken from the coming turn's actions."""
    left = actions_left(a, settings.polygonal)
    if a.acted_this_round or (not strict and a.actions_reserve < cost):
        if left < cost:
            raise err("not_enough_actions", needed=cost, left=left)
        return {"actions_left": left - cost}
    if a.actions_reserve < cost:
        raise err("counter_no_reserve", needed=cost, reserve=a.actions_reserve)
    return {"actions_reserve": a.actions_reserve - cost}


def spend(a: Sheet, cost: int, settings: Settings, counter: bool, left: int | None = None) -> dict[str, Any]:
    """Sheet updates for spending `cost` actions; refuses what the combatant cannot afford (`left`: its
    actions left, when the caller has them already)."""
    if counter:
        if not a.has_acted:
            raise err("counter_not_ready")
        limit = counter_limit(a)
        if a.counter_attacks_used >= limit:
            raise err("counter_limit", limit=limit)
        return {
            **spend_out_of_turn(a, cost, settings, strict=True),
            "counter_attacks_used": a.counter_attacks_used + 1,
        }
    if left is None:
        left = actions_left(a, settings.polygonal)
    if left < cost:
        raise err("not_enough_actions", needed=cost, left=left)
    return {"actions_left": left - cost, "acted_this_round": True, "has_acted": True, "spanning": False}


# ---- range bands (R3) ------------------------------------------------------------------------------
def base_range(a: Sheet, w: Weapon, settings: Settings) -> int:
    if w.range_str:
        return max(1, rnd(Fraction(w.range_str).limit_denominator(100) * a.str_, settings.rounding))
    return w.base_range


def range_band(distance: float | None, rng: int, settings: Settings) -> tuple[str, int]:
    if distance is None or distance <= rng:
        return "base", 0
    if distance <= 2 * rng:
        return "medium", -2
    if distance <= 4 * rng:
        return "long", -5
    if distance <= settings.extreme_band_max * rng:
        return "extreme", -10
    raise err("out_of_range", distance=distance, extreme=settings.extreme_band_max * rng)


# ---- preparation ---------------------------------------------------------------------------------
def _damage_type(a: Sheet, w: Weapon, opts: Options, levels: int, t: Sheet, settings: Settings) -> str:
    """M13: straight blades cut unless the wielder has 6+ levels; then free choice (auto: least armour)."""
    if len(w.types) == 1:
        return w.types[0]
    if levels < 6:
        return "cut_straight"
    if opts.damage_type == "thrust":
        return "thrust"
    if opts.damage_type == "cut":
        return "cut_straight"
    if settings.auto_damage_type:
        # polygonal: the location is rolled after the type (a thrust shifts it), so judge by the torso
        pieces: tuple[tuple[str, int], ...]
        if settings.polygonal:  # armour_pieces(t, "torso", …): the torso's one piece, if any
            material, dr = part_armour(t, "torso")
            pieces = ((material.id, dr),) if dr else ()
        else:
            pieces = tuple(armour_pieces(t, None, settings, False))
        return _least_armour(pieces, w.types, _factor_index(w, settings), settings.rounding)
    return "cut_straight"


@lru_cache(maxsize=1024)
def _least_armour(pieces: tuple[tuple[str, int], ...], types: tuple[str, ...], factor: int, rounding: str) -> str:
    """The damage type the armour pieces reduce least (a straight cut on a tie), as `reduction` reckons it."""
    return min(types, key=lambda d: (_reduction(pieces, d, factor, rounding) if pieces else 0, d != "cut_straight"))


def _crit_min(
    a: Sheet, t: Sheet, w: Weapon, opts: Options, settings: Settings, state: str
) -> tuple[int, int, list[tuple[str, int]], list[tuple[str, int, str]]]:
    """The crit range (M11, L342, L380), its modifiers as the exchange keeps them (key, value) and its parts
    as shown: (key, value, side)."""
    mods: list[tuple[str, int]] = []
    shown: list[tuple[str, int, str]] = [("crit_weapon", w.crit_min, ACTOR)]
    if a.crit_range_bonus:
        shown.append(("crit_range_bonus", -a.crit_range_bonus, ACTOR))
    cm = w.crit_min - a.crit_range_bonus
    mult = w.crit_mult
    if opts.stab:
        cm -= 1
        shown.append(("crit_stab", -1, ACTOR))
        if a.back_attack and state == "immobile":
            cm -= 3
            mult += 1
            shown.append(("crit_back_attack", -3, ACTOR))
    by_guard = t.guard // 10
    by_armour = 0 if settings.polygonal else t.armour_dr // 6
    reduce = by_guard + by_armour
    if by_guard:
        shown.append(("crit_reduction_guard", by_guard, TARGET))
    if by_armour:
        shown.append(("crit_reduction_armour", by_armour, TARGET))
    if reduce:
        mods.append(("crit_reduction", reduce))
    return min(20, cm + reduce), mult, mods, shown


def _check_actor(a: Sheet, w: Weapon, opts: Options, settings: Settings, shot: bool, weapon: str | None) -> None:
    """What refuses an attack before any die: wrong weapon, out of the fight, stance, charge, loading."""
    if weapon and lookup_id(weapon) not in WEAPONS:
        raise err("unknown_weapon", weapon=weapon)
    if shot and w.kind != "ranged":
        raise err("not_a_ranged_weapon", weapon=Term("weapon", w.id))
    if not shot and w.ranged:
        raise err("not_a_melee_weapon", weapon=Term("weapon", w.id))
    if out_of_fight(a, settings):
        raise err("out_of_fight")
    if a.defence_mode == "full" or a.covering == "full":
        raise err("full_defence_no_attack")
    if a.prone:
        raise err("prone_cannot_attack")  # L393 "Povalená postava vstává … Během té doby nemůže útočit"
    if opts.charge and not may_charge(a, settings):
        raise err("slow_cannot_charge")
    if opts.held and not a.waiting:
        raise err("not_waiting")
    if shot and a.reload_left > 0:
        raise err("not_loaded", actions=a.reload_left)


def check_trip(w: Weapon, tw: Weapon, levels: int) -> None:
    """L392 / L395: "Pokud je tato zbraň alespoň o 1 delší než zbraň napadeného" and "Na využití schopnosti
    podražení je třeba mít alespoň jednu úroveň v ovládání dané zbraně"."""
    if levels < 1:
        raise err("trip_needs_skill", levels=levels)
    if w.reach[1] < tw.reach[1] + 1:
        raise err("trip_weapon_too_short", reach=w.reach[1], target_reach=tw.reach[1])


def _with_auto_stab(opts: Options, state: str, shot: bool, notes: list[Note]) -> Options:
    """L366: an immobile target ("nehybný") is attacked "podle pravidel pro probodnutí": in melee every
    attack on a helpless target is a stab (a flat one stays flat); a shot stabs only when asked (L380)."""
    if state != "immobile" or shot or opts.stab or opts.disarm or opts.trip:
        return opts
    notes.append(note("stab_automatic"))
    return opts.model_copy(update={"stab": True})


def _check_stab(a: Sheet, opts: Options, state: str, shot: bool) -> None:
    if not opts.stab:
        return
    if shot and not a.back_attack:
        raise err("stab_needs_back_attack")
    if not (state == "immobile" or (a.back_attack and state == "non_defending")):
        raise err("stab_needs_helpless_target")


def _attack_mods(
    a: Sheet, w: Weapon, opts: Options, settings: Settings, shot: bool, levels: int | None
) -> list[tuple[str, int]]:
    """The attacker's side: M1/R1 value, focus, wounds, stances and the chosen manoeuvres (`levels`: the
    attacker's skill_levels with `w`). Zero values are left out here already (`_shown_mods` would drop
    them; the value's own parts come from `base_attack` and are kept as they are)."""
    mods: list[tuple[str, int]] = []
    if a.attack_fixed is not None:
        mods.append(("attack", a.attack_fixed))
    else:
        mods += base_attack(a, w, opts, settings, shot, levels)
    if a.weapon_focus and not opts.off_hand:
        mods.append(("weapon_focus", a.weapon_focus))
    wounds = wound_mod(a, settings, opts.off_hand)
    if wounds:
        mods.append(("wounds", wounds))
    if a.intimidation:
        mods.append(("intimidation", -a.intimidation))
    if a.off_balance:
        mods.append(("off_balance", -a.off_balance))
    if a.defence_mode == "partial":
        mods.append(("partial_defence", -4))
    if opts.off_hand and not a.ambidexterity and a.off_hand_penalty:
        mods.append(("off_hand", a.off_hand_penalty))
    if opts.off_hand and a.dual_weapon and not (a.two_weapon_fighting or a.lightning_attacks):
        mods.append(("dual_weapon_two_attacks", -4))
    if opts.charge:
        mods.append(("charge", 2))
    if opts.counter_attack:
        mods.append(("counter_attack", 2))
    if opts.flat:
        mods.append(("flat", -2))
    if a.cover_attack:
        mods.append(("covering", a.cover_attack))
    if opts.out_of_view:
        mods.append(("out_of_view", 2))
    if opts.targeted:
        mods.append(("targeted", -opts.targeted))
    if opts.trip and not w.hook:
        mods.append(("improvised_hook", -2))
    if opts.bonus:
        mods.append(("bonus", opts.bonus))
    return mods


def _reflexes_placed(t: Sheet, actor: str, position: int, choice: int | None) -> dict[str, int]:
    """L332 battle reflexes: the defender picks the opponent it uses them against (`reflexes`, per attack);
    house default when it does not say: all of them against the first opponent that earns a bonus (and has
    not been answered with `reflexes:0`)."""
    placed = t.reflexes_against
    if choice is not None:
        elsewhere = sum(v for k, v in placed.items() if k != actor)
        if choice + elsewhere > t.battle_reflexes:
            raise err("reflexes_spent", have=t.battle_reflexes, placed=elsewhere)
        return {**placed, actor: choice}
    if t.battle_reflexes and position > 1 and actor not in placed and not sum(placed.values()):
        return {**placed, actor: t.battle_reflexes}
    return placed  # nothing placed now: the sheet's own (read only, no copy)


def _opponent_bonuses(
    me: str,
    him: str,
    a: Sheet,
    t: Sheet,
    opts: Options,
    mine: int,
    top: int,
    mods: list[tuple[str, int]],
    upd: dict[str, Any],
    notes: list[Note],
) -> dict[str, Any]:
    """M14 more attacks on one target, M15 more opponents (basic duel system only): the attacker's bonuses
    (added to `mods`, zeros left out: `_shown_mods` would drop them), its own sheet update (to `upd`) and the
    defender's, returned (who attacked it, reflexes placed, fastest opponent). `mine`, `top`: the defender's
    and the attacker's initiative. L332: the defender orders its opponents if "má základní iniciativu
    nejvýše o 3 menší, než všichni jeho protivníci, a nemá ji zápornou"; the highest opponent initiative
    this round is kept on its sheet."""
    j = opts.attack_number or a.attacks_on.get(him, 0) + 1
    more_attacks = j - max(1, target_attacks_per_round(t))
    if more_attacks > 0:
        mods.append(("multiple_attacks", more_attacks))
    attackers = t.attackers
    known = attackers if me in attackers else [*attackers, me]  # read only
    auto = known.index(me) + 1
    if t.opponents_top_initiative is not None and t.opponents_top_initiative > top:
        top = t.opponents_top_initiative
    chooses = mine >= 0 and mine >= top - 3
    if opts.opponent_number is not None and opts.opponent_number != auto and not chooses:
        raise err("opponent_order_not_defenders", initiative=mine, fastest=top)
    i = opts.opponent_number or auto
    placed = _reflexes_placed(t, me, i, opts.reflexes)
    cut = 0
    if placed:  # reflexes placed against opponents at or before this one cut the penalty
        position = {name: (i if name == me else n + 1) for n, name in enumerate(known)}
        cut = sum(v for name, v in placed.items() if position.get(name, i + 1) <= i)
    if i - 1 - cut > 0:
        mods.append(("multiple_opponents", i - 1 - cut))
    if len(known) > 1 or i > 1:
        key = "opponents_ordered_by_defender" if chooses else "opponents_ordered_by_initiative"
        notes.append(note(key, {"position": i}))
    if placed.get(me):
        notes.append(note("battle_reflexes_used", {"reflexes": placed[me]}))
    t_upd: dict[str, Any] = {"opponents_top_initiative": top}
    if placed != t.reflexes_against:
        t_upd["reflexes_against"] = placed
    upd["attacks_on"] = {**a.attacks_on, him: j}
    return t_upd


def _defence_situational(t: Sheet, opts: Options, defence: Defence) -> None:
    """The defender's stances and states that move its defence (charging, stances, intimidation …)."""
    if t.charging:
        defence.situational.append(("charging", -2))
    if t.defence_mode == "partial":
        defence.situational.append(("partial_defence", 2))
    elif t.defence_mode == "full":
        defence.situational.append(("full_defence", 5))
    if t.intimidation:
        defence.situational.append(("intimidation", -t.intimidation))
    if t.cover_defence:
        defence.situational.append(("covering", t.cover_defence))
    if t.covered_bonus:
        defence.situational.append(("covered", t.covered_bonus))
    if t.off_balance:
        defence.situational.append(("off_balance", -t.off_balance))
    if opts.defence_bonus:
        defence.situational.append(("defence_bonus", opts.defence_bonus))


def _other_hand(a: Sheet, shot: bool, off_hand: bool) -> str | None:
    """No weapon named: a shot with a melee weapon in the main hand takes the second weapon if that one
    shoots (an archer's bow next to a dagger), a melee attack with a bow takes a second melee weapon."""
    if off_hand or a.off_weapon is None:
        return None
    main, other = weapon_of(a), weapon_of(a, off_hand=True)
    if shot and main.kind != "ranged" and other.kind == "ranged":
        return a.off_weapon
    if not shot and main.ranged and not other.ranged:
        return a.off_weapon
    return None


def prepare(req: ActionRequest, roller: Roller, shot: bool) -> Prepared:
    settings: Settings = req.settings  # type: ignore[assignment]
    opts: Options = req.options  # type: ignore[assignment]
    if req.target is None:
        raise err("no_target")
    a: Sheet = req.actor.sheet
    t: Sheet = req.target.sheet
    other = None if req.weapon else _other_hand(a, shot, opts.off_hand)
    w = weapon_of(a, req.weapon or other, opts.off_hand)
    _check_actor(a, w, opts, settings, shot, req.weapon)
    vzor2 = settings.duel_system == "vzor2"
    known = skill_levels(a, w, settings)  # None: no weapon known at all
    lv = known or 0
    if opts.targeted > lv:
        raise err("targeted_above_skill", penalty=opts.targeted, levels=lv)
    if settings.polygonal and part_unusable(a, "left_arm" if opts.off_hand else "right_arm", settings):
        raise err("part_unusable", part=Term("location", "left_arm" if opts.off_hand else "right_arm"))
    notes: list[Note] = []
    # both sheets' slowdown, initiative and actions per round, asked once here and passed along
    da = _derived(a, settings.polygonal)
    dt = _derived(t, settings.polygonal)
    state = target_state(t, opts, settings, dt.per_round if t.actions_left is None else t.actions_left)
    opts = _with_auto_stab(opts, state, shot, notes)
    _check_stab(a, opts, state, shot)
    if opts.disarm:
        check_disarm(w, lv)
    if opts.trip:
        check_trip(w, weapon_of(t), lv)
    cost = attack_cost(a, opts, shot, w.thrown and not w.ranged)
    # L27: "tasit zbraň (2 akce)". A shooting weapon is held in both hands (L246), so an attack that takes the
    # other weapon (the archer's dagger, then the bow again) draws it first: 2 actions more, and it stays in hand.
    drawn = other is not None
    switch = not req.weapon and not opts.off_hand and a.off_weapon is not None and drawn != a.second_drawn
    if switch:
        cost += 2
    upd = spend(a, cost, settings, opts.counter_attack, da.per_round if a.actions_left is None else a.actions_left)
    if switch:
        upd["second_drawn"] = drawn
        notes.append(Note("weapon_drawn", {"weapon": Term("weapon", w.id), "actions": 2}, ACTOR))
    if opts.charge:
        upd["charging"] = True
    mods = _attack_mods(a, w, opts, settings, shot, known)
    dtype = _damage_type(a, w, opts, lv, t, settings)
    t_upd: dict[str, Any] = {}
    if not vzor2:
        t_upd = _opponent_bonuses(
            req.actor.name, req.target.name, a, t, opts, dt.initiative, da.initiative, mods, upd, notes
        )
    band, band_pen = "base", 0
    tw = weapon_of(t)
    defence = defence_of(t, opts, settings, shot, state, tw)
    if shot:
        band, band_pen = range_band(req.distance, base_range(a, w, settings), settings)
        if band != "base":
            mods.append(("range_" + band, band_pen))
        if opts.stab and band != "base":
            raise err("stab_needs_back_attack")
        if opts.targeted and not (band == "base" or (band == "medium" and a.precise_shot)):
            raise err("targeted_shot_band", band=Term("term", "range_" + band))
        _shot_mods(a, t, opts, settings, band, mods, defence, notes)
        upd["reload_left"] = _reload_cost(a, w)
    else:
        _melee_mods(a, t, w, tw, opts, dtype, mods, defence, settings)
        _auto_counter_notes(a, t, w, tw, opts, notes)
        _mounted_mods(a, t, w, tw, opts, mods, defence)
    _defence_situational(t, opts, defence)
    mods, ps, shown_mods, attack = _shown_mods(mods)
    cm, mult, cm_mods, crit_parts = _crit_min(a, t, w, opts, settings, state)
    r1 = roller.d(10, "attack")
    r2 = roller.d(10, "attack")
    # attack_check((r1, r2), mods), its parts and sum already made
    shown = totalled("attack", ACTOR, [Die(10, r1), Die(10, r2)], ps, attack + r1 + r2)
    ex: dict[str, Any] = {
        "actor": req.actor.name,
        "target": req.target.name,
        "weapon": w.id,
        "shot": shot,
        "attack": attack,
        "mods": mods,
        "natural": r1 + r2,
        "total": attack + r1 + r2,
        "crit_min": cm,
        "crit_mult": mult,
        "crit_mods": cm_mods,
        "crit_parts": crit_parts,
        "defence_fixed": t.defence_fixed is not None,
        "accessories_extra": 0 if settings.polygonal else max(0, t.accessories_dr - t.armour_dr),
        "damage_type": dtype,
        "levels": lv,
        "band": band,
        "band_penalty": band_pen,
        "components": defence.components,
        "situational": defence.situational,
        "state": defence.state,
        "cost": cost,
        "weapon_damage": w.damage,
        "weapon_reach": list(w.reach),
        "target_upd": t_upd,
    }
    return Prepared(ex, upd, t_upd, shown, opts, notes, shown_mods, dt.per_round, defence)


_ALWAYS_SHOWN = frozenset(("str_dex_average", "dex", "attack", "weapon_skill"))


def _shown_mods(mods: list[tuple[str, int]]) -> tuple[list[tuple[str, int]], list[Part], list[Modifier], int]:
    """The attack's modifiers as kept (non-zero ones and the value's own parts), their parts as the attack
    check shows them, as the result shows them and their sum, in one pass."""
    kept: list[tuple[str, int]] = []
    ps: list[Part] = []
    shown: list[Modifier] = []
    total = 0
    for k, v in mods:
        if v or k in _ALWAYS_SHOWN:
            kept.append((k, v))
            ps.append(Part(k, v, ACTOR))
            shown.append(Modifier(k, v))
            total += v
    return kept, ps, shown, total


def _reload_cost(a: Sheet, w: Weapon) -> int:
    """R7: bow 2; crossbow by STR vs slowdown: hand 4, hook 7, windlass 10. Thrown weapons: none."""
    if w.bow:
        return 2
    if w.crossbow:
        if a.str_ > w.slowdown:
            return 4
        if a.str_ <= -(-w.slowdown // 2):
            return 10
        return 7
    return 0


def _shot_mods(
    a: Sheet,
    t: Sheet,
    opts: Options,
    settings: Settings,
    band: str,
    mods: list[tuple[str, int]],
    d: Defence,
    notes: list[Note],
) -> None:
    if a.mounted:
        if opts.aimed:
            raise err("no_aimed_shot_mounted")
        if a.gallop != "none":
            mods.append(("gallop", -2 if a.gallop == "gallop" else -5))
    cover = max(opts.cover, 4 if opts.into_melee else 0)
    if opts.loophole:
        if a.precise_shot and band in ("base", "medium"):
            mods.append(("loophole_precise", 2 if opts.aimed else 1))
    elif cover and (opts.aimed or a.precise_shot):
        if opts.aimed and a.precise_shot and cover <= 4:
            cover = 0
        else:
            cover = rnd_ratio(cover, 2, settings.rounding)
    if t.prone and d.state != "immobile":
        if 6 >= cover:
            mods.append(("prone_target", -6))
            cover = 0
    if d.state == "immobile":
        mods.append(("immobile_target", 4))
    if cover:
        d.situational.append(("cover", cover))


def _melee_mods(
    a: Sheet,
    t: Sheet,
    w: Weapon,
    tw: Weapon,
    opts: Options,
    dtype: str,
    mods: list[tuple[str, int]],
    d: Defence,
    settings: Settings,
) -> None:
    diff = w.reach[1] - tw.reach[1]
    bare = "bare_hands" in (w.family, tw.family)
    better = (tw if w.family == "bare_hands" else w).weight != "light"
    if abs(diff) >= 6 or (bare and better and diff):
        bonus = rnd_ratio(abs(diff), 3, settings.rounding)
        if diff > 0:
            mods.append(("weapon_length", bonus))
        else:
            d.situational.append(("weapon_length", bonus))
    if opts.confined != "none":
        k = 2 if opts.confined == "very_confined" else 1
        if dtype.startswith("crush"):
            mods.append(("confined", -2 * k))
        elif dtype.startswith("cut"):
            mods.append(("confined", -2 * k))
        if tw.types and tw.types[0].startswith("crush") and t.weapon:
            d.situational.append(("confined", -2 * k))


def _auto_counter_notes(a: Sheet, t: Sheet, w: Weapon, tw: Weapon, opts: Options, notes: list[Note]) -> None:
    """L383 / L373: situations that give the defender an automatic counter-attack (the GM resolves it)."""
    if w.family == "bare_hands" and not a.bare_hand_fighting and t.weapon is not None:
        notes.append(note("auto_counter_attack", {"reason": "unarmed_attacker"}))
    if opts.charge and (t.counter_lunge or (tw.family == "polearm" and tw.reach[1] >= w.reach[1] + 3)):
        notes.append(note("auto_counter_attack", {"reason": "charge"}))


def _mounted_mods(
    a: Sheet, t: Sheet, w: Weapon, tw: Weapon, opts: Options, mods: list[tuple[str, int]], d: Defence
) -> None:
    """L424–437: a rider vs a foot soldier without a polearm: +2 attack, +1 defence; lance charge +3 more."""
    if a.mounted and not t.mounted and tw.family != "polearm":
        mods.append(("mounted", 2))
        if opts.charge and w.reach[1] >= 6:
            mods.append(("lance_charge", 3))
    if t.mounted and not a.mounted and w.family != "polearm":
        d.situational.append(("mounted", 1))


# ---- finishing: hit test, criticals, damage ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Hit:
    """What the hit test decided (a phase's result: small, frozen, hashable)."""

    hit: bool = False
    crit: int = 0  # crit level (0 = none)
    threat: bool = False
    fumble: int = 0
    unhittable: bool = False
    accessories_missed: bool = False
    confirm_rolled: bool = False  # a `confirm` check was rolled (a threat's or the accessories' test)
    nxt: int | None = None  # the crit chain goes on with this roll (19 or 20)


_MISSED = Hit()  # the usual results, made once (a Hit is frozen)
_HIT = Hit(hit=True)


class Quiet:
    """A recorder that shows nothing: the phases run by the exact odds (rules/odds.py) make no checks."""

    __slots__ = ()

    def retest(self, label: str, faces: list[int], settings: Settings, outcome: str | None = None) -> None:
        return None

    def chain(self, faces: list[int], goes_on: bool) -> None:
        return None

    def against_range(self, label: str, faces: list[int], outcome: str | None = None) -> None:
        return None

    def fumble_confirm(self, faces: list[int], settings: Settings, outcome: str) -> None:
        return None


QUIET = Quiet()


@dataclass(slots=True)
class Shown:
    """The checks of one exchange as they are made: the attack test and what it is compared with, then
    every further roll (confirmation, crit chain, fumble, location, damage …) in reading order."""

    attack: Check
    ex: dict[str, Any]
    checks: list[Check] = field(default_factory=list)
    _crit_range: Check | None = None

    @property
    def defence(self) -> Check:
        assert self.attack.versus is not None
        return self.attack.versus

    @property
    def crit_range(self) -> Check:
        if self._crit_range is None:
            self._crit_range = crit_range_check(self.ex)
        return self._crit_range

    def retest(self, label: str, faces: list[int], settings: Settings, outcome: str | None = None) -> None:
        """A second attack test (confirmation): the same parts against the same defence, or (`crit_range`)
        the dice alone against the crit range."""
        if settings.confirm_mode == "crit_range":
            c = check(label, dice=d10s(faces), versus=self.crit_range, outcome=outcome)
        else:
            c = check(label, dice=d10s(faces), parts=list(self.attack.parts), versus=self.defence, outcome=outcome)
        self.checks.append(c)

    def chain(self, faces: list[int], goes_on: bool) -> None:
        """M11: after a natural 20 the next roll only decides multiplication (19 or 20 goes on)."""
        self.checks.append(
            check("crit_chain", dice=d10s(faces), outcome="crit_multiplied" if goes_on else "crit_single")
        )

    def against_range(self, label: str, faces: list[int], outcome: str | None = None) -> None:
        self.checks.append(check(label, dice=d10s(faces), versus=self.crit_range, outcome=outcome))

    def fumble_confirm(self, faces: list[int], settings: Settings, outcome: str) -> None:
        """M12: the fumble's confirmation, the dice alone (`crit_range`) or a second attack test."""
        if settings.confirm_mode == "crit_range":
            self.checks.append(check("fumble_confirm", dice=d10s(faces), outcome=outcome))
        else:
            self.checks.append(
                check(
                    "fumble_confirm",
                    dice=d10s(faces),
                    parts=list(self.attack.parts),
                    versus=self.defence,
                    outcome=outcome,
                )
            )


Recorder = Shown | Quiet


def _confirmed(c: int, ex: dict[str, Any], defence: int, settings: Settings) -> bool:
    if settings.confirm_mode == "crit_range":
        return c >= int(ex["crit_min"])
    return c + int(ex["attack"]) > defence


def _roll2(roller: Roller, purpose: str) -> int:
    return roller.d(10, purpose) + roller.d(10, purpose)


def _faces2(roller: Roller, purpose: str) -> list[int]:
    return [roller.d(10, purpose), roller.d(10, purpose)]


def attack_faces(roller: Roller) -> tuple[int, int]:
    """Phase 1a: the attack test's 2d10 (M8)."""
    return roller.d(10, "attack"), roller.d(10, "attack")


def hit_test(ex: dict[str, Any], natural: int, defence: int, settings: Settings, roller: Roller, sh: Recorder) -> Hit:
    """Phase 1b, the attack roll `natural` against `defence`: M8 strict hit test, M10 unhittable chain, M11
    crit threat/confirmation/multiplication, M12 fumbles. The real attack and the exact odds both run it:
    `hit_open`, then `chain_step` while the crit chain goes on."""
    h = hit_open(ex, natural, defence, settings, roller, sh)
    while h.nxt is not None:
        h = chain_step(ex, h, defence, settings, roller, sh)
    return h


def hit_open(ex: dict[str, Any], natural: int, defence: int, settings: Settings, roller: Roller, sh: Recorder) -> Hit:
    """The hit test up to the crit chain: hit or miss (and fumble), the threat's first confirmation or a
    natural 20's first chain roll; `nxt` is the roll the chain goes on with (19 or 20), else None."""
    r, cm = natural, ex["crit_min"]
    total = ex["attack"] + natural
    if defence - ex["attack"] >= 20:
        hit = crit = 0
        if r >= cm:
            second = _faces2(roller, "unhittable")
            if sum(second) >= cm:
                hit = 1
                third = _faces2(roller, "unhittable")
                sh.against_range("unhittable", second, "hit")
                if sum(third) >= cm:
                    crit = 1
                sh.against_range("unhittable", third, "crit" if crit else "no_crit")
            else:
                sh.against_range("unhittable", second, "miss")
        return Hit(hit=bool(hit), crit=crit, unhittable=True)
    if not (total > defence and (total > 13 or not settings.empty_space_floor)):
        if r == 2 and settings.fumbles == "natural_2":
            return Hit(fumble=_fumble_level(ex, defence, settings, roller, sh))
        return _MISSED
    if r < cm:
        return _accessories(ex, natural, defence, settings, roller, sh)
    if r == 20:
        faces = _faces2(roller, "crit_chain")
        nxt = sum(faces)
        sh.chain(faces, nxt in (19, 20))
        return Hit(hit=True, crit=1, threat=True, nxt=nxt if nxt in (19, 20) else None)
    faces = _faces2(roller, "confirm")
    c = sum(faces)
    ok = _confirmed(c, ex, defence, settings)
    sh.retest("confirm", faces, settings, "confirmed" if ok else "not_confirmed")
    if not ok:
        return Hit(hit=True, threat=True, confirm_rolled=True)
    return Hit(hit=True, crit=1, threat=True, confirm_rolled=True, nxt=c if r == 19 and c in (19, 20) else None)


def chain_step(ex: dict[str, Any], h: Hit, defence: int, settings: Settings, roller: Roller, sh: Recorder) -> Hit:
    """One link of the M11 crit chain: after a 20 the chain roll (19 or 20 goes on), after a 19 a
    confirmation (confirmed: one crit level more)."""
    if h.nxt == 20:
        faces = _faces2(roller, "crit_chain")
        nxt = sum(faces)
        sh.chain(faces, nxt in (19, 20))
        return replace(h, crit=h.crit + 1, nxt=nxt if nxt in (19, 20) else None)
    faces = _faces2(roller, "confirm")
    c = sum(faces)
    ok = _confirmed(c, ex, defence, settings)
    sh.retest("confirm", faces, settings, "confirmed" if ok else "not_confirmed")
    if not ok:
        return replace(h, confirm_rolled=True, nxt=None)
    return replace(h, crit=h.crit + 1, confirm_rolled=True, nxt=c if c in (19, 20) else None)


def _accessories(
    ex: dict[str, Any], natural: int, defence: int, settings: Settings, roller: Roller, sh: Recorder
) -> Hit:
    """L327: accessories with more DR than the armour widen the crit range, only to miss the accessories."""
    extra = ex.get("accessories_extra", 0)
    if extra and natural >= ex["crit_min"] - extra:
        faces = _faces2(roller, "confirm")
        missed = _confirmed(sum(faces), ex, defence, settings)
        sh.retest("confirm", faces, settings, "accessories_missed" if missed else "not_confirmed")
        return Hit(hit=True, accessories_missed=missed, confirm_rolled=True)
    return _HIT


def _fumble_level(ex: dict[str, Any], defence: int, settings: Settings, roller: Roller, sh: Recorder) -> int:
    level = 0
    while True:
        faces = _faces2(roller, "fumble_confirm")
        c = sum(faces)
        ok = c == 2 if settings.confirm_mode == "crit_range" else c + ex["attack"] <= defence
        sh.fumble_confirm(faces, settings, "fumble_confirmed" if ok else "fumble_averted")
        if not ok:
            return level
        level += 1
        if c != 2:
            return level


class Located(NamedTuple):  # immutable, and built faster than a frozen dataclass (one per hit)
    """Phase 2's result: the location roll, the shift used and the part it lands on."""

    faces: tuple[int, ...]
    roll: int
    shift: int
    part: str
    percent: bool
    crit_used: bool = False  # the crit went to the location (H6), not to the damage
    crit_steps: int = 0  # how far the shift went beyond the targeted attack's own, on the crit's account


def location_roll(
    ex: dict[str, Any],
    a: Sheet,
    t: Sheet,
    natural: int,
    settings: Settings,
    roller: Roller,
    opts: Options,
    use_crit_shift: bool,
) -> Located:
    """Phase 2, H1–H8: the 2d10 (or d100) location roll, moved by the allowed shift (a crit's shift grows
    with the attack roll `natural`). L503 makes the crit's shift one of the crit's choices ("buď … minout
    zbroj nebo navýšit zranění, nebo … může posunout výsledek hodu"): under `crit_effect: auto` the crit
    moves the location only where the targeted shift alone does not reach the wanted part (or the wanted
    number of steps), so a crit is never spent for nothing; `crit_used` says how far it moved it."""
    pct = settings.location_method == "d100"
    faces = (roller.d(100, "location"),) if pct else (roller.d(10, "location"), roller.d(10, "location"))
    roll = sum(faces)
    thrust = ex["damage_type"] == "thrust" or (ex["damage_type"] == "missile" and settings.thrust_shift_missiles)
    size_diff = a.size - t.size
    allowed = opts.targeted
    if ex["shot"] and opts.targeted:
        full = a.precise_shot and ex["band"] == "base"
        if settings.targeted_shot_halving == "literal":
            full = a.precise_shot or ex["band"] == "base"
        allowed = opts.targeted if full else opts.targeted // 2
    own = allowed  # the targeted attack's own shift
    if use_crit_shift:
        allowed += 2 * (natural - ex["crit_min"] + 1)
    shift = 0
    if opts.target_location:
        wanted = opts.target_location
        shift = best_shift(roll, own, wanted, settings.hit_table, size_diff, thrust, pct)
        if allowed > own and shift == 0:
            shift = best_shift(roll, allowed, wanted, settings.hit_table, size_diff, thrust, pct)
    elif opts.location_shift is not None:
        shift = max(-allowed, min(allowed, opts.location_shift))
    where = percent_to_sum(roll + 2 * shift) if pct else roll + shift
    part = locate(where, settings.hit_table, size_diff, thrust)
    if allowed == own:
        return Located(faces, roll, shift, part, pct)
    beyond = max(0, abs(shift) - own)
    if opts.target_location and part != opts.target_location:
        beyond = 0  # out of reach even with the crit: the crit keeps its damage
    # also with `shift_location` asked for by name: a crit the shift did not need keeps its damage effect
    return Located(faces, roll, shift, part, pct, beyond > 0, beyond)


def _location(
    ex: dict[str, Any],
    a: Sheet,
    t: Sheet,
    settings: Settings,
    roller: Roller,
    opts: Options,
    use_crit_shift: bool,
    sh: Shown,
    loc_out: list[Located] | None = None,
) -> tuple[str, list[Modifier]]:
    """The location phase as the result shows it: its modifiers and its own check (`loc_out`: gets the
    `Located`, for whether the crit went to the location)."""
    loc = location_roll(ex, a, t, int(ex["natural"]), settings, roller, opts, use_crit_shift)
    if loc_out is not None:
        loc_out.append(loc)
    mods = [Modifier("location_roll", loc.roll)]
    if loc.shift:
        mods.append(Modifier("location_shift", loc.shift))
    shift = 2 * loc.shift if loc.percent else loc.shift
    dice = [Die(100, loc.faces[0])] if loc.percent else d10s(loc.faces)
    # the roll (every face counts) and the shift as shown: the check's sum, made here already
    shown = totalled("location", ACTOR, dice, [Part("location_shift", shift)] if shift else [], loc.roll + shift)
    shown.location = loc.part
    low, high = (1, 100) if loc.percent else (2, 20)
    if shown.total is not None and shown.total > high:
        add_step(shown, "max", "location_table_end", high, OTHER)
    elif shown.total is not None and shown.total < low:
        add_step(shown, "min", "location_table_end", low, OTHER)
    sh.checks.append(shown)
    return loc.part, mods


def _crit_choice(ex: dict[str, Any], opts: Options, armoured: bool, a: Sheet) -> tuple[str | None, bool]:
    """Which crit damage effect applies, and whether the attacker could choose (M11.4, R8)."""
    lv = ex["levels"]
    if ex["shot"]:
        pen = abs(ex["band_penalty"])
        need = 6 + (Fraction(pen, 3) if a.precise_shot else pen)
        free = ex["band"] == "base" or lv >= need
    else:
        free = lv >= 6
    if not armoured:
        return "multiply", False
    if not free:
        return "miss_armour", False
    if opts.crit_effect in ("multiply", "miss_armour"):
        return opts.crit_effect, True
    return None, True  # auto: the better of the two


def finish(
    ex: dict[str, Any],
    a: Sheet,
    t: Sheet,
    defence: int,
    d_mods: list[Modifier],
    versus: Check,
    settings: Settings,
    roller: Roller,
    actor_upd: dict[str, Any],
    target_upd: dict[str, Any],
    attack: Check | None = None,
    prepared: Prepared | None = None,
) -> dict[str, Any]:
    """The exchange finished: hit test, damage or manoeuvre (`defence`, `d_mods`, `versus`: the defence
    as `defence_shown` gives it; `prepared`: straight from `prepare`, else the exchange a vzor-2 defence
    carries). Returns the result's fields as a plain dict: the caller adds the sheets' side and builds
    the `ActionResult` once (`trusted`), instead of setting fields on a model step by step."""
    if prepared is not None and prepared.opts is not None:
        # this exchange's own lists (`finish` runs once per `prepare`): extended in place
        opts, notes, modifiers = prepared.opts, prepared.notes, prepared.modifiers
        if notes:
            notes = termed(notes)
    else:
        opts = Options.model_validate(ex["options"])
        notes = termed([Note.model_validate(n) for n in ex["notes"]])
        modifiers = [Modifier(k, v) for k, v in ex["mods"]]
    for k, v in ex["crit_mods"]:
        modifiers.append(Modifier(k, v))
    shown = attack if attack is not None else attack_from_exchange(ex)
    shown.versus = versus
    sh = Shown(shown, ex)
    h = hit_test(ex, int(ex["natural"]), defence, settings, roller, sh)
    # rule-made values (the exchange is the rules' own or validated where it entered): not validated again
    res: dict[str, Any] = {
        "system": SYS,
        "action": "shot" if ex["shot"] else "attack",
        "actor": ex["actor"],
        "target": ex["target"],
        "weapon": ex["weapon"],
        "modifiers": modifiers,
        "defence_modifiers": d_mods,
        "total": ex["total"],
        "against": defence,
        "against_key": "defence",
        "margin": ex["total"] - defence,
    }
    if settings.duel_system == "basic" and ex["actor"] not in t.attackers:
        target_upd["attackers"] = [*t.attackers, ex["actor"]]
    if h.unhittable:
        notes.append(note("unhittable"))
    if not h.hit:
        res["outcome"] = "fumble" if h.fumble else "miss"
        if h.fumble:
            notes.append(note("fumble", {"level": h.fumble}))
        stopped = _miss_notes(ex, defence, notes, opts, settings)
        _parry_impact(ex, a, t, notes, settings, stopped)
        if stopped == "shield" and t.shield and SHIELDS[t.shield].improvised and not (opts.disarm or opts.trip):
            _damage(ex, a, t, h, opts, res, notes, settings, roller, target_upd, sh, improvised=True)
    elif opts.disarm or opts.trip:
        _manoeuvre(ex, a, t, opts, res, notes, settings, roller, target_upd, sh)
    else:
        _damage(ex, a, t, h, opts, res, notes, settings, roller, target_upd, sh)
    if not h.hit:
        shown.outcome = "fumble" if h.fumble else "miss"
    else:
        shown.outcome = "crit" if h.crit else "threat" if h.threat else "hit"
    res["checks"] = [shown, *sh.checks]
    res["notes"] = notes  # the preparation's termed above, every later one made with its terms
    res["rolls"] = list(roller.rolls)
    return res


def defence_shown(
    comps: list[tuple[str, int, int]], situational: list[tuple[str, int]], fixed: bool
) -> tuple[int, list[Modifier], Check]:
    """The defence the attack meets (static, or the vzor-2 components chosen), in one pass: its total, its
    modifiers (every component and situational one) and its check (M3–M7: the base and every non-zero
    value as parts, all the target's; a quick NPC's fixed defence shows as `defence_fixed`)."""
    # keys and values are the rules' own (or `defence_from`'s, for an exchange that came back as JSON)
    defence = 0
    d_mods: list[Modifier] = []
    ps: list[Part] = []
    first = True  # the first component (the base) is shown even at 0
    for key, value, _ in comps:
        defence += value
        name = "def_" + key
        d_mods.append(Modifier(name, value))
        if value or first:
            ps.append(Part("defence_fixed" if fixed and key == "base" else name, value, TARGET))
        first = False
    for key, value in situational:
        defence += value
        name = "def_" + key
        d_mods.append(Modifier(name, value))
        if value:
            ps.append(Part(name, value, TARGET))
    if not ps:  # no component at all: no total, as `check` leaves it
        return defence, d_mods, check("defence", side=TARGET)
    # the parts leave out only zeros: they add up to the defence itself
    return defence, d_mods, totalled("defence", TARGET, [], ps, defence)


def _miss_notes(ex: dict[str, Any], defence: int, notes: list[Note], opts: Options, settings: Settings) -> str | None:
    """M9: which defence band stopped the blow (dodge, weapon, guard, shield …), named in a note and
    returned (None: no band)."""
    total = ex["total"]
    if total <= 13:
        notes.append(note("empty_space"))
        return None
    stopped = None
    comps = ex.get("chosen_components", ex["components"])
    dex = None
    for key, value, _ in comps:  # the first DEX component, if any
        if key.startswith("dex"):
            dex = value
            break
    if dex is not None:
        top = 13 + dex + (2 if settings.dodge_band_top == "15+dex" else 0)
        if total <= min(top, defence):
            return _stopped_by("dodge", notes)
    run = 0
    for key, value, _ in comps:
        run += value
        if key == "base" and run >= total:
            break  # a quick NPC's fixed defence: no band to name
        if run >= total:
            stopped = _stopped_by("dodge" if key.startswith("dex") else key, notes)
            break
    if opts.into_melee:
        cover = next((v for k, v in ex["situational"] if k == "cover"), 0)
        if total > defence - cover:
            notes.append(note("hit_other_in_melee"))
    return stopped


def _stopped_by(component: str, notes: list[Note]) -> str:
    """The `stopped_by` note, its band already the catalog term `termed` would make of it."""
    notes.append(note("stopped_by", {"component": term("term", "stop_" + component)}))
    return component


def _parry_impact(
    ex: dict[str, Any], a: Sheet, t: Sheet, notes: list[Note], settings: Settings, stopped: str | None
) -> None:
    """§5.7 optional: parrying a blow whose minimum damage reaches a light wound tests STR + defence bonus
    (`stopped`: the defence band the miss notes named)."""
    if not settings.parry_impact or stopped not in (
        "weapon",
        "second_weapon",
        "guard",
        "shield_skill",
        "shield",
    ):
        return
    w = WEAPONS[ex["weapon"]]
    minimum = parse_dice(ex["weapon_damage"]).minimum + str_part(a, w, settings)
    hp = part_hp(t, "torso", settings) if settings.polygonal else hp_max(t, settings)
    if minimum >= thresholds(hp, None if settings.polygonal else t.wound_thresholds)[0]:
        bonus = sum(v for k, v, _ in ex["components"] if k in ("weapon", "second_weapon", "guard"))
        notes.append(note("parry_impact_test", {"value": t.str_ + bonus, "max_damage": minimum}))


def check_disarm(w: Weapon, levels: int) -> None:
    """M25: 6 levels with the weapon (bare hands excepted); never with a heavy non-blade weapon."""
    if levels < 6 and w.family != "bare_hands":
        raise err("disarm_needs_6_levels", levels=levels)
    if w.weight == "heavy" and "blade" not in w.family:
        raise err("disarm_heavy_weapon")


def disarm_parts(
    a: Sheet, t: Sheet, w: Weapon, tw: Weapon, a_lv: int, t_lv: int, settings: Settings
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Opposed disarm, each side's parts: levels + STR, +STR/3 for a two-handed grip; bare-hand adjustments."""
    check_disarm(w, a_lv)
    third = Fraction(1, 3)
    mine = [("weapon_levels", a_lv), ("str", a.str_)]
    if w.grip == "2R":
        mine.append(("two_handed_grip", rnd(third * a.str_, settings.rounding)))
    theirs = [("weapon_levels", t_lv), ("str", t.str_)]
    if tw.grip == "2R":
        theirs.append(("two_handed_grip", rnd(third * t.str_, settings.rounding)))
    if w.family == "bare_hands":
        theirs += _bare_hand_disarm_resistance(tw)
    return [p for p in mine if p[1]], [p for p in theirs if p[1]]


def disarm_values(
    a: Sheet, t: Sheet, w: Weapon, tw: Weapon, a_lv: int, t_lv: int, settings: Settings
) -> tuple[int, int]:
    mine, theirs = disarm_parts(a, t, w, tw, a_lv, t_lv, settings)
    return sum(v for _, v in mine), sum(v for _, v in theirs)


def _bare_hand_disarm_resistance(tw: Weapon) -> list[tuple[str, int]]:
    """L384, the defender's weapon against bare hands: "mají zbraně s délkou vyšší než dva postih -2" and
    "Meče mají proti odzbrojení holýma rukama bonus +3 (střední) a +6 (těžké)"."""
    sword = {"medium": 3, "heavy": 6}.get(tw.weight, 0) if tw.family == "straight_blade" else 0
    return [("sword_vs_bare_hands", sword), ("long_weapon_vs_bare_hands", -2 if tw.reach[1] > 2 else 0)]


def opposed_check(
    label: str,
    mine: list[tuple[str, int]],
    mine_faces: list[int],
    theirs: list[tuple[str, int]],
    their_faces: list[int],
) -> Check:
    """An opposed 2d10 test (disarm, trip): the actor's roll and parts against the target's own."""
    versus = check(label + "_resist", side=TARGET, dice=d10s(their_faces), parts=parts(theirs, TARGET))
    return check(label, dice=d10s(mine_faces), parts=parts(mine), versus=versus)


def _manoeuvre(
    ex: dict[str, Any],
    a: Sheet,
    t: Sheet,
    opts: Options,
    res: dict[str, Any],
    notes: list[Note],
    settings: Settings,
    roller: Roller,
    target_upd: dict[str, Any],
    sh: Shown,
) -> None:
    """M25 disarm / M26 trip: an opposed 2d10 test instead of wounding (house: 2d10 + value each side)."""
    w = WEAPONS[ex["weapon"]]
    tw = weapon_of(t)
    a_lv, t_lv = ex["levels"], skill_levels(t, tw, settings) or 0
    if opts.disarm:
        mine, theirs = disarm_parts(a, t, w, tw, a_lv, t_lv, settings)
        key = "disarm"
    else:
        mine = [p for p in (("str", a.str_), ("weapon_levels", a_lv)) if p[1]]
        bal = (
            ("balance", t.balance) if t.balance is not None else ("str", t.str_) if t.str_ >= t.con else ("con", t.con)
        )
        theirs = [bal, ("half_armour_dr", rnd_ratio(t.armour_dr, 2, settings.rounding))]
        theirs = [p for p in theirs if p[1] or p is bal]
        key = "trip"
    a_val, t_val = sum(v for _, v in mine), sum(v for _, v in theirs)
    a_faces = _faces2(roller, key + "_attacker")
    t_faces = _faces2(roller, key + "_defender")
    shown = opposed_check(key, mine, a_faces, theirs, t_faces)
    sh.checks.append(shown)
    a_roll = sum(a_faces) + a_val
    t_roll = sum(t_faces) + t_val
    margin = a_roll - t_roll
    shown.outcome = (
        ("disarmed" if key == "disarm" else "tripped" if margin >= 10 else "hooked") if margin > 0 else "failed"
    )
    res["outcome"] = "hit"
    res["modifiers"].append(Modifier(key + "_test", a_val))
    res["modifiers"].append(Modifier(key + "_resist", t_val))
    if margin <= 0:
        notes.append(note(key + "_failed", {"margin": margin}))
        return
    if key == "disarm":
        target_upd["weapon"] = None
        notes.append(note("disarmed", {"margin": margin, "feet": 2 * margin}))
    else:
        notes.append(note("hooked", {"margin": margin, "next_attack_bonus": margin}))
        if margin >= 10:
            target_upd["prone"] = True
            notes.append(note("tripped"))


def damage_roll(ex: dict[str, Any], roller: Roller, expr: DiceExpr | None = None) -> tuple[list[int], int]:
    """Phase 3a: the weapon's damage dice (faces in order, their signed sum; `expr`: the weapon's damage
    parsed, when the caller has it already)."""
    if expr is None:
        expr = parse_dice(ex["weapon_damage"])
    return expr.roll(roller, "damage")


class Fixed(NamedTuple):  # immutable, and built faster than a frozen dataclass (one per hit)
    """The damage parts that do not depend on any die: STR part, weapon bonus, abilities, confinement."""

    parts: tuple[tuple[str, int], ...]
    total: int
    situ: int
    kind: str


def fixed_damage(
    ex: dict[str, Any],
    a: Sheet,
    opts: Options,
    settings: Settings,
    w: Weapon | None = None,
    expr: DiceExpr | None = None,
) -> Fixed:
    """The damage's fixed parts (`w`, `expr`: the weapon and its damage parsed, when the caller has them)."""
    if w is None:
        w = WEAPONS[ex["weapon"]]
    if expr is None:
        expr = parse_dice(ex["weapon_damage"])
    candidates = [("str_part", str_part(a, w, settings)), ("weapon_bonus", expr.bonus)]
    if not opts.off_hand:
        candidates += [("weapon_specialization", a.weapon_specialization), ("power_attack", a.power_attack)]
    fixed: list[tuple[str, int]] = []
    total = 0
    for pair in candidates:  # the non-zero ones and their sum, in one pass
        if pair[1]:
            fixed.append(pair)
            total += pair[1]
    dtype = ex["damage_type"]
    situ = 0
    if opts.confined != "none" and not ex["shot"]:
        k = 2 if opts.confined == "very_confined" else 1
        situ = (-2 * k) if dtype.startswith("crush") else (-1 * k) if dtype.startswith("cut") else 0
    kind = "stun" if opts.flat or (w.stun and not a.bare_hand_specialization) else "lethal"
    return Fixed(tuple(fixed), total, situ, kind)


def crit_of(ex: dict[str, Any], level: int, opts: Options, settings: Settings) -> tuple[bool, bool, bool]:
    """A hit's crit as the damage sees it: (crit, the crit shifts the location, the crit was ignored)."""
    lv = ex["levels"]
    crit = level > 0
    ignored = crit and opts.pull == "ignore_crit" and lv >= 6
    if ignored:
        crit = False
    wants_loc = bool(opts.target_location or opts.location_shift)
    crit_shift = (
        settings.polygonal
        and crit
        and lv >= 6
        and (opts.crit_effect == "shift_location" or (opts.crit_effect == "auto" and wants_loc))
    )
    return crit, crit_shift, ignored


class Blow(NamedTuple):  # immutable, and built faster than a frozen dataclass (one per hit)
    """Phase 3b's numbers: a damaging hit after the crit effect, armour, the lance and pulling the blow."""

    raw: int  # damage before armour (never negative; after an improvised shield's 3/4 and a lance's 1.5×)
    reduced: int  # the armour's reduction
    applied: int  # what the target takes
    before_pull: int
    pull_note: tuple[str, int | None] | None  # ("blow_stopped" | "blow_reduced", by)
    effect: str | None  # the crit damage effect used (multiply / miss_armour), None without one
    used_mult: int | float
    armoured: bool
    lance: bool
    mortal: bool


def blow(
    ex: dict[str, Any],
    a: Sheet,
    t: Sheet,
    opts: Options,
    settings: Settings,
    fx: Fixed,
    dice_sum: int,
    part: str | None,
    crit: bool,
    crit_shift: bool,
    skip_acc: bool,
    margin: int,
    improvised: bool = False,
    pieces: list[tuple[str, int]] | None = None,
) -> Blow:
    """Phase 3b (no dice): M11 crit effect, D5 armour, L255 improvised shield, L439 lance, §5.3 pulling
    (`pieces`: the armour pieces on the part, when the caller has them already)."""
    w = WEAPONS[ex["weapon"]]
    lv = ex["levels"]
    if pieces is None:
        pieces = armour_pieces(t, part, settings, skip_acc)
    red = reduction(pieces, ex["damage_type"], w, settings)
    damage_effect = crit or opts.stab  # M22: a stab that hits deals critical damage automatically
    if crit_shift and not (a.weapon_focus > 0 and lv >= 6):
        damage_effect = False
    effect = _crit_choice(ex, opts, bool(pieces), a)[0] if damage_effect else None
    mult = ex["crit_mult"]
    base = dice_sum + fx.total

    def outcome(eff: str | None) -> tuple[int, int, int | float]:
        if eff == "multiply":
            raw = base * mult if ex["shot"] else dice_sum + fx.total * mult
            return raw + fx.situ, red, mult
        if eff == "miss_armour":
            return base + fx.situ, 0, 1
        return base + fx.situ, red, 1

    if damage_effect and effect is None:
        effect = max(("miss_armour", "multiply"), key=lambda e: max(0, outcome(e)[0] - outcome(e)[1]))
    raw, reduced, used_mult = outcome(effect)
    raw = max(0, raw)
    if improvised:
        raw = rnd_ratio(3 * raw, 4, settings.rounding)
    lance = opts.charge and a.mounted and ex["weapon_reach"][1] >= 6 and not ex["shot"]
    if lance:
        raw = rnd_ratio(3 * raw, 2, settings.rounding)  # lance charge: 1.5× damage (L439)
    before = max(0, raw - reduced)
    applied, pull_note = _pull(opts, lv, margin, crit, before)
    return Blow(raw, reduced, applied, before, pull_note, effect, used_mult, bool(pieces), lance, opts.stab and crit)


def wound_after(
    t: Sheet, applied: int, kind: str, part: str | None, settings: Settings, mortal: bool, flat: bool
) -> str:
    """Phase 4 (no dice): the target's wound level once `applied` damage of `kind` lands on `part`."""
    upd, _ = apply_damage(t, applied, kind, part, settings, mortal, flat)
    return wound_of(t.updated(upd), part, settings)


def _damage(
    ex: dict[str, Any],
    a: Sheet,
    t: Sheet,
    h: Hit,
    opts: Options,
    res: dict[str, Any],
    notes: list[Note],
    settings: Settings,
    roller: Roller,
    target_upd: dict[str, Any],
    sh: Shown,
    improvised: bool = False,
) -> None:
    """The damage phases in the order the dice are rolled (damage, improvised shield, location), then the
    numbers (`blow`) as the result shows them."""
    w = WEAPONS[ex["weapon"]]
    expr = parse_dice(ex["weapon_damage"])
    faces, dice_sum = damage_roll(ex, roller, expr)
    fx = fixed_damage(ex, a, opts, settings, w, expr)
    fixed, fixed_sum, situ, kind = list(fx.parts), fx.total, fx.situ, fx.kind
    dtype = ex["damage_type"]
    dice, subtracted = damage_dice(expr.groups, faces)
    ps = [*subtracted, *parts(fixed), *([Part("confined", situ)] if situ else [])]
    # the counted dice less the subtracted ones are the signed dice sum: the check's sum, made here already
    raw = dice_sum + fixed_sum + situ if dice or ps else None
    dmg = totalled("stun_damage" if kind == "stun" else "damage", ACTOR, dice, ps, raw)
    if improvised:
        # L255: a blow stopped by an improvised shield passes with 5 × damage %; then 3/4 of it goes through.
        chance = 5 * max(0, dice_sum + fixed_sum)
        pct = roller.d(100, "improvised_shield")
        held = pct > chance
        sh.checks.append(
            check(
                "improvised_shield",
                side=TARGET,
                dice=[Die(100, pct)],
                versus=check("improvised_shield_chance", parts=[Part("five_times_damage", chance)]),
                outcome="held" if held else "pierced",
            )
        )
        if held:
            notes.append(note("improvised_shield_held", {"roll": pct, "chance": chance}))
            add_step(dmg, "set", "improvised_shield_held", 0, TARGET)
            sh.checks.append(dmg)
            return
        notes.append(note("improvised_shield_pierced", {"roll": pct, "chance": chance}))
        res["outcome"] = "hit"
    crit, crit_shift, ignored = crit_of(ex, h.crit, opts, settings)
    if ignored:
        notes.append(note("crit_ignored"))
    part: str | None = None
    if settings.polygonal:
        located: list[Located] = []
        part, loc_mods = _location(ex, a, t, settings, roller, opts, crit_shift, sh, located)
        res["modifiers"].extend(loc_mods)
        res["location"] = part
        if crit_shift:
            crit_shift = located[0].crit_used  # the crit's shift is taken only where it was used (L503)
            if crit_shift:
                notes.append(Note("crit_location_shift", {"by": located[0].crit_steps}, ACTOR))
    skip_acc = h.accessories_missed
    margin = ex["total"] - res["against"]
    # the armour on the part, found once: its pieces reduce the blow, its slots are shown
    slots = armour_slots(t, part, settings, skip_acc)
    pieces = [(material, dr) for _, material, dr in slots]
    b = blow(ex, a, t, opts, settings, fx, dice_sum, part, crit, crit_shift, skip_acc, margin, improvised, pieces)
    # ids as the catalog terms `termed` would make of them
    notes.append(note("damage_type", {"type": term("term", dtype)}))
    if b.effect:
        notes.append(note("crit_effect", {"effect": term("term", "crit_" + b.effect)}))
    mult = ex["crit_mult"]
    if b.effect == "multiply" and ex["shot"]:
        add_step(dmg, "times", "crit_multiplier", mult, ACTOR)
    elif b.effect == "multiply" and fixed_sum:
        detail = [Part("fixed_part", fixed_sum), Part("crit_multiplier", mult)]
        add_step(dmg, "plus", "crit_multiplied_fixed", fixed_sum * (mult - 1), ACTOR, detail)
    no_negative(dmg)
    if improvised:
        add_step(dmg, "times", "improvised_shield_pierced", 0.75, TARGET)
        rounding_step(dmg, settings.rounding)
    if b.lance:
        add_step(dmg, "times", "lance_charge", 1.5, ACTOR)
        rounding_step(dmg, settings.rounding)
        notes.append(note("lance_charge_knockdown", {"target_number": 10 + b.raw}))
    if b.effect != "miss_armour" and b.armoured:
        _armour_shown(dmg, slots, settings, dtype, w)
    elif b.armoured:
        add_step(dmg, "minus", "armour_missed", 0, TARGET)  # M11: the crit went past the armour
    no_negative(dmg)
    if b.pull_note is not None:
        key, by = b.pull_note
        notes.append(note(key, {"by": by}) if by is not None else note(key))
    if opts.pull == "stop":
        add_step(dmg, "set", "blow_stopped", 0, ACTOR)
    elif b.applied != b.before_pull:
        add_step(dmg, "minus", "blow_reduced", b.before_pull - b.applied, ACTOR)
    sh.checks.append(dmg)
    mods = [Modifier(k, v) for k, v in fixed]
    if situ:
        mods.append(Modifier("confined", situ))
    applied, raw, mortal = b.applied, b.raw, b.mortal
    damage = {
        "dice": faces,
        "modifiers": mods,
        "multiplier": b.used_mult,
        "rolled": raw,
        "reduced_by": min(raw, b.reduced),
        "applied": applied,
        "kind": kind,
    }
    res["damage"] = built(Damage, damage)
    res["outcome"] = "crit" if crit else "hit"
    if crit:
        notes.append(note("crit_level", {"level": h.crit}))
    if skip_acc:
        notes.append(note("accessories_missed"))
    flat_limb = opts.flat and part is not None and part not in ("head", "torso")
    upd, extra = apply_damage(t, applied, kind, part, settings, mortal, flat_limb)
    if mortal:
        notes.append(note("stab_mortal"))
    for key, params in extra:
        notes.append(termed_note(key, params))
    upd["last_damage"] = applied
    upd["last_location"] = part
    target_upd.update(upd)
    _shock(t, applied, raw, kind, part, opts, notes, settings, target_upd, extra, sh)
    if w.id == "bare_kick":
        notes.append(note("kick_off_balance"))


def _armour_shown(dmg: Check, slots: list[tuple[str, str, int]], settings: Settings, dtype: str, w: Weapon) -> None:
    """The armour reduction as minus steps: per piece (`armour_slots`) DR × damage-type coefficient (× the
    light/thrown factor, L243), then the rounding of the whole reduction."""
    factor = _factor_index(w, settings)
    shown = []
    for slot, material, dr in slots:  # armour, helmet, accessories
        coef, by, amount, amount_shown = _piece_reduction(material, dtype, dr, factor)
        detail = [Part("armour_dr", dr, TARGET), Part("damage_coefficient", coef, TARGET)]
        if by is not None:
            detail.append(Part("armour_factor", by, ACTOR))
        shown.append((slot + "_reduction", amount, amount_shown, detail))
    armour_steps(dmg, shown, settings.rounding)


@lru_cache(maxsize=1024)
def _piece_reduction(
    material: str, dtype: str, dr: int, factor: int
) -> tuple[int | float, int | float | None, Fraction, int | float]:
    """One armour piece's numbers as shown: the damage coefficient, the light/thrown factor (None when 1),
    the reduction DR × coefficient × factor exactly and as shown."""
    coef = Fraction(MATERIALS[material].coef[dtype])
    by = armour_factor_of(factor)
    amount = Fraction(dr) * coef * by
    return number(coef), (number(by) if by != 1 else None), amount, number(amount)


def _pull(opts: Options, lv: int, margin: int, crit: bool, applied: int) -> tuple[int, tuple[str, int | None] | None]:
    """§5.3 pulling blows: stop (3+ levels, not a crit), reduce by margin/2 (6+) or by margin (10+).
    Returns the damage left and the note to show (key, by how much)."""
    if opts.pull == "stop":
        if lv < 3 or (crit and lv < 10):
            raise err("cannot_pull", levels=lv)
        return 0, ("blow_stopped", None)
    if opts.pull == "reduce" and applied > 0:
        if lv >= 10:
            cut = margin
        elif lv >= 6 and not crit:
            cut = margin // 2
        else:
            raise err("cannot_pull", levels=lv)
        return max(1, applied - cut), ("blow_reduced", min(cut, applied - 1))
    return applied, None


def _shock(
    t: Sheet,
    applied: int,
    raw: int,
    kind: str,
    part: str | None,
    opts: Options,
    notes: list[Note],
    settings: Settings,
    upd: dict[str, Any],
    extra: list[tuple[str, dict[str, Any]]],
    sh: Shown,
) -> None:
    """D4 shock test: the GM resolves it (text not included); a failure adds stun = damage (A22). A flat stab
    tests an ordinary shock that never turns physical (L381); a real stab's failed shock is physical (L380)."""
    head_flat = opts.flat and part == "head"
    flat_stab = opts.flat and opts.stab and applied > 0
    tested = (kind == "lethal" and applied > 0) or head_flat or flat_stab
    if tested:
        mod = PART_INFO[part].shock_mod if part else 0
        if head_flat:
            mod -= 8
        # the wounded side's own test (its damage taken, its part's modifier): shown to whoever sees that side,
        # a player hit by a hidden NPC too (L50: "je zraněn a musí testovat šok")
        notes.append(Note("shock_test", {"damage": applied, "modifier": mod}, TARGET))
        if opts.shock == "failed":
            if opts.stab and not opts.flat:
                _more_physical(t, applied, part, settings, upd)
                notes.append(note("secondary_shock"))
                sh.checks.append(check("shock_physical", side=TARGET, parts=[Part("failed_shock", applied, TARGET)]))
            else:
                upd["stun"] = upd.get("stun", t.stun) + applied
                sh.checks.append(check("shock_stun", side=TARGET, parts=[Part("failed_shock", applied, TARGET)]))
    amputated = False
    for key, params in extra:
        if key == "amputation" and opts.shock != "unknown":
            amputated = True
            amount = params["stun_on_success"] if opts.shock == "passed" else params["stun_on_failure"]
            dmg = dict(upd.get("part_damage", t.part_damage))
            dmg["torso"] = dmg.get("torso", 0) + amount
            upd["part_damage"] = dmg
            notes.append(note("amputation_shock", {"torso_damage": amount}))
            why = "amputation_shock_passed" if opts.shock == "passed" else "amputation_shock_failed"
            sh.checks.append(check("amputation_shock", side=TARGET, parts=[Part(why, amount, TARGET)]))
    if opts.shock == "failed" and (tested or amputated) and faints_after_failed_shock(t.updated(upd), settings):
        upd["fainted"] = True
        notes.append(note("fainted_shock"))
    if settings.heavy_blows:  # the HP asked only when heavy blows are noted at all
        hp = part_hp(t, part, settings) if part else hp_max(t, settings)
        if raw >= thresholds(hp, None if part else t.wound_thresholds)[0]:
            notes.append(note("heavy_blow_check", {"total_damage": raw, "bonus": t.str_}))


def _more_physical(t: Sheet, amount: int, part: str | None, settings: Settings, upd: dict[str, Any]) -> None:
    if part is None:
        upd["hp"] = upd.get("hp", t.hp if t.hp is not None else 0) - amount
    else:
        dmg = dict(upd.get("part_damage", t.part_damage))
        dmg[part] = dmg.get(part, 0) + amount
        upd["part_damage"] = dmg


def wound_of(t: Sheet, part: str | None, settings: Settings) -> str:
    if t.dead:
        return "dead"
    return part_level(t, part, settings) if part else basic_level(t, settings)


def changes(name: str, before: Sheet, after: Sheet, fields: dict[str, Any]) -> list[StateChange]:
    return changes_to(name, before, after.__dict__, fields)


def changes_to(name: str, before: Sheet, news: dict[str, Any], fields: dict[str, Any]) -> list[StateChange]:
    """The state changes of `fields` from `before` to the values `news` (an updated sheet's, or the
    `bounded` update itself when no sheet is built for it)."""
    olds = before.__dict__  # the fields' values, as getattr reads them
    return [_state_change(name, f, olds[f], news[f]) for f in fields if olds[f] != news[f]]


def bounded_changes(name: str, before: Sheet, upd: dict[str, Any]) -> tuple[dict[str, Any], list[StateChange]]:
    """`bounded(upd)` and `changes_to(name, before, that, upd)` in one walk over the update: each value
    clipped to its field's bounds, then compared with the sheet's (the update's order, both)."""
    out: dict[str, Any] = {}
    found: list[StateChange] = []
    olds = before.__dict__
    for f, new in upd.items():
        kind = type(new)
        if kind is int or kind is dict:  # only a number or `part_damage` is ever clipped
            new = clipped(f, new)
        out[f] = new
        old = olds[f]
        if old != new:
            if kind in _SCALAR_SET and type(old) in _SCALAR_SET and f != "str_":
                found.append(StateChange(name, f, old, new))  # a counter or a flag: `_state_change` as is
            else:
                found.append(_state_change(name, f, old, new))
    return out, found


def _state_change(name: str, f: str, old: Any, new: Any) -> StateChange:
    # a counter or a flag (the usual change) as it is; a container of plain values (every container
    # field but the armour pieces, by its declared type) copied: `_plain`'s copy at once
    if type(old) not in _SCALAR_SET:
        old = old.copy() if f in _FLAT_FIELDS and type(old) in _CONTAINER_SET else _plain(old)
    if type(new) not in _SCALAR_SET:
        new = new.copy() if f in _FLAT_FIELDS and type(new) in _CONTAINER_SET else _plain(new)
    return StateChange(name, "str" if f == "str_" else f, old, new)


# The sheet's containers of plain values (names to numbers, names or numbers), as `Sheet.dump` copies them.
_FLAT_FIELDS = frozenset(SHEET_CONTAINERS)
_SCALARS = (int, str, bool, float, type(None))
_SCALAR_SET = frozenset(_SCALARS)
_CONTAINER_SET = frozenset((dict, list))


def _plain(value: Any) -> Any:
    if type(value) in _SCALARS:  # the usual field (a counter, a flag): nothing to convert
        return value
    if isinstance(value, dict):
        return {k: v if type(v) in _SCALARS else _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in _SCALARS else _plain(v) for v in value]
    return value.model_dump() if hasattr(value, "model_dump") else value


def defence_from(ex: dict[str, Any]) -> Defence:
    comps = [(str(k), int(v), int(c)) for k, v, c in ex["components"]]
    situ = [(str(k), int(v)) for k, v in ex["situational"]]
    return Defence(comps, situ, str(ex["state"]))


def rolls_from(ex: dict[str, Any]) -> list[DieRoll]:
    return [DieRoll.model_validate(r) for r in ex["rolls"]]


__all__ = ["DiceSource", "base_actions", "max_melee_skill"]
