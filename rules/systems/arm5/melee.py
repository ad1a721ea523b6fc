"""Attack and shot (steps 2a-2e of the seed): Attack test → pending defence → Defense test → wound."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from rules.bounds import clip, field_limits
from rules.checks import add_step, dump_checks, load_checks, minus
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import (
    ActionResult,
    Check,
    Damage,
    DieRoll,
    Message,
    Modifier,
    Note,
    Part,
    Side,
    StateChange,
    Term,
)
from rules.system import ActionRequest, DefenceRequest
from rules.systems.arm5.common import (
    Rolled,
    abandoned_attempt,
    action_updates,
    add_name,
    apply_wound,
    botch_note,
    check_can_act,
    check_reachable,
    combat_total,
    conditions,
    dump_notes,
    fighter_sheet,
    in_hand,
    load_notes,
    modifier_check,
    no_roll,
    note,
    own_turn_updates,
    penalty_mods,
    plain_conditions,
    shown_total,
    stress_check,
    weapon_term,
    wound_taken,
)
from rules.systems.arm5.options import Options
from rules.systems.arm5.settings import Settings
from rules.systems.arm5.sheet import Sheet, Shield, Weapon, Wounds
from rules.systems.arm5.stress import Face, Recorded, StressRoll, stress_value
from rules.systems.arm5.tables import COVER_BONUS, RIDING_BONUS_CAP, UNCONSCIOUS, SizeRule, WoundBand, wound_band
from rules.trusted import complete

SYSTEM_ID = "arm5"
# An exchange read back in `defend` is validated (it comes from outside), each list in one call.
_ROLLS = TypeAdapter(list[DieRoll])
_MODIFIERS = TypeAdapter(list[Modifier])
_ROLL_KEYS = frozenset({"purpose", "sides", "face", "dropped"})
_NUMBER = (int, float)
DEFENCES = ["defend"]
DEFENCE_ALIASES = frozenset({"defend", "defence", "defense", "parry", "block", "dodge"})


def attack_mods(sheet: Sheet, weapon: Weapon, shield: Shield | None) -> list[Modifier]:
    """Dex + combat Ability + weapon (+ shield) Attack modifier (base game B4)."""
    mods = [
        Modifier("atk_dex", sheet.dex),
        Modifier(f"atk_{weapon.ability}", int(getattr(sheet.abilities, weapon.ability))),  # sheet.ability()
        Modifier("atk_weapon", weapon.atk),
    ]
    if shield is not None and shield.atk:
        mods.append(Modifier("atk_shield", shield.atk))
    return mods


def defence_mods(sheet: Sheet, kind: str, missile_mode: str) -> list[Modifier]:
    """Qik + combat Ability + weapon (+ shield) Defense modifier; against shots per `missile_defense`."""
    weapon, shield = in_hand(sheet, None)
    mods = [Modifier("def_qik", sheet.qik)]
    if kind == "shot" and missile_mode == "quickness_plus_cover":
        return mods
    mods.append(Modifier(f"def_{weapon.ability}", int(getattr(sheet.abilities, weapon.ability))))  # sheet.ability()
    if not (kind == "shot" and missile_mode == "shield_only_plus_cover"):
        mods.append(Modifier("def_weapon", weapon.dfn))
    if shield is not None:
        mods.append(Modifier("def_shield", shield.dfn))
    return mods


def riding_bonus(rider: Sheet, other_mounted: bool) -> int:
    """A rider fighting a combatant on foot adds Riding, at most 3 (seed)."""
    if rider.mounted and not other_mounted:
        return min(rider.ability("riding"), RIDING_BONUS_CAP)
    return 0


def _charge(req: ActionRequest, sheet: Sheet, weapon: Weapon, opts: Options, kind: str) -> tuple[dict[str, Any], int]:
    """Momentum attack (atak z rozpędu): infantry running in to melee; 1 Fatigue level; + the combat
    Ability, not on difficult ground."""
    if not opts.charge:
        return {}, 0
    if kind != "attack":  # "zwróć uwagę czy zdążysz dobiec do celu": the charge ends at the target
        raise RulesError("error.arm5.charge_melee_only")
    check_free_to_move(sheet, req.actor.name, req.forced)
    if sheet.mounted:
        raise RulesError("error.arm5.charge_on_foot_only")
    if sheet.fatigue_level + 1 >= UNCONSCIOUS:
        raise RulesError("error.arm5.too_tired_to_charge", fatigue_level=sheet.fatigue_level)
    bonus = 0 if opts.difficult_ground else sheet.ability(weapon.ability)
    return {"fatigue_level": sheet.fatigue_level + 1}, bonus


def check_free_to_move(sheet: Sheet, who: str, forced: bool) -> None:
    """Seed: "Postacie związane walką muszą wpierw wyjść z walki, nim wykonają akcję ruchu", and the
    momentum attack "jest to jedyna możliwość, żeby w jednej rundzie wykonać ruch i atak": an engaged
    character cannot charge until it leaves the fight. The GM may still allow it (`opcje:wymuś`), for an
    engagement the sheet still lists after the opponent went down or away."""
    if sheet.engaged_with and not forced:
        disengage = Message("syntax.action", {"key": Term("action", "disengage")})
        raise RulesError(
            "error.arm5.charge_engaged", who=who, engaged_with=list(sheet.engaged_with), disengage=disengage
        )


@dataclass(slots=True)
class Swing:
    """An attack or shot as it stands before its die: the Attack modifiers and botch dice, the notes
    that do not depend on the die, the attacker's own changes, and the exchange the defence will read
    (everything but the roll, whose keys stand in their place as None until `attack` fills them)."""

    kind: str
    weapon: str
    mods: list[Modifier]
    base: int  # the modifiers' sum
    botch_dice: int
    notes: list[Note]
    exchange: dict[str, Any]


def swing(req: ActionRequest, kind: str) -> Swing:
    """Everything of an attack decided before its die, refused exactly where the attack is refused."""
    if req.target is None:
        raise RulesError("error.arm5.needs_target", action=Term("action", kind))
    opts, settings = req.options, req.settings
    assert isinstance(opts, Options) and isinstance(settings, Settings)
    actor, target = fighter_sheet(req.actor), fighter_sheet(req.target)
    check_can_act(actor, req.actor.name)
    if settings.enforce_action_economy and actor.action_used:
        raise RulesError("error.arm5.action_used", who=req.actor.name)
    if target.dead or target.left_combat:  # the only targets `check_reachable` may refuse
        check_reachable(target, req.target.name, kind, opts.pursue, settings.left_combat_protects_from, req.forced)
    if opts.nonlethal and settings.fatigue_table != "nonlethal":
        raise RulesError(
            "error.arm5.nonlethal_off",
            setting=Term("settingname", "fatigue_table"),
            value=Term("settingvalue", "fatigue_table.nonlethal"),
        )
    weapon, shield = in_hand(actor, req.weapon)
    if opts.charge:
        updates, charge_bonus = _charge(req, actor, weapon, opts, kind)
        updates.update(action_updates())
    else:  # the usual swing: the action's updates are the dict itself (no copy into an empty one)
        updates, charge_bonus = action_updates(), 0
    updates["disengage_bonus"] = 0
    updates["left_combat"] = False
    abandoned, notes = abandoned_attempt(actor)
    updates.update(abandoned)
    if actor.attacked_by:  # `own_turn_updates` has nothing for a sheet no one attacked
        updates.update(own_turn_updates(actor, settings.disengage_window))
    if kind == "attack":
        updates["engaged_with"] = add_name(actor.engaged_with, req.target.name)
    # A charge's Fatigue level before the roll: only a changed level changes the penalty.
    spent = settings.momentum_fatigue_before_roll and "fatigue_level" in updates
    rolling = actor.model_copy(update={"fatigue_level": updates["fatigue_level"]}) if spent else actor
    mods = attack_mods(actor, weapon, shield)
    if actor.mounted and (kind == "attack" or settings.riding_bonus_vs_shots):  # only a rider has one
        riding = riding_bonus(actor, target.mounted)
        if riding:
            mods.append(Modifier("atk_riding", riding))
    if opts.charge:
        mods.append(Modifier("atk_charge", charge_bonus))
    mods += penalty_mods(rolling, "atk")
    botch_dice = actor.botch_dice_for(opts.botch_dice, settings.botch_dice_default)
    if opts.charge and opts.difficult_ground:
        notes.append(note("charge_difficult_ground"))
    if kind == "shot" and not weapon.ranged:
        notes.append(note("melee_weapon_shot", {"weapon": weapon_term(weapon.name)}))
    add_str = not (weapon.ability == "bows" and not settings.bows_add_strength)
    exchange = {  # in its stored order: the roll's keys wait, None, for `attack` to fill them in place
        "kind": kind,
        "attacker": req.actor.name,
        "defender": req.target.name,
        "weapon": weapon.name,
        "attack_total": None,
        "attack_rolls": None,
        "attack_modifiers": None,
        "attack_notes": None,
        "attack_checks": None,
        "damage_modifiers": damage_data(actor, weapon, shield, add_str),
        "attacker_mounted": actor.mounted,
        "attacker_updates": updates,  # plain values already: flags, numbers and lists of names
        "cover": opts.cover,
        "nonlethal": opts.nonlethal,
        "wound_band": opts.wound_band,
    }
    base = 0  # the modifiers' sum, in a loop (a list comprehension is a function call of its own)
    for m in mods:  # every value is an int (the sheet's int fields, int tables): no int() call per modifier
        base += m.value  # type: ignore[assignment]
    return Swing(kind, weapon.name, mods, base, botch_dice, notes, exchange)


def attack_phase(face: Face, botch: Face, swing: Swing) -> int:
    """Phase 1, the Attack test: the Attack total (modifiers + stress die, 0 on a botch)."""
    return combat_total(swing.base, stress_value(face, botch, swing.botch_dice))


def attack(req: ActionRequest, dice: DiceSource, kind: str) -> ActionResult:
    """Roll the Attack total; the outcome is pending until the defender rolls its Defense."""
    prepared = swing(req, kind)
    roller = Roller(dice)
    faces = Recorded(roller, "attack")
    total = attack_phase(faces.face, faces.botch, prepared)
    rolled = shown_total("attack", total, faces.roll, prepared.mods, "actor")
    notes = botch_note(rolled, "attack") + prepared.notes
    exchange = prepared.exchange  # made for this call: the roll's keys filled in where they stand
    exchange["attack_total"] = rolled.total
    exchange["attack_rolls"] = [{"purpose": r.purpose, "sides": r.sides, "face": r.face} for r in roller.rolls]
    exchange["attack_modifiers"] = [{"key": m.key, "value": m.value} for m in rolled.modifiers]
    exchange["attack_notes"] = dump_notes(notes)
    exchange["attack_checks"] = dump_checks([rolled.check])
    data = {  # ActionResult's fields in the order `built` stores them (plain defaults, required, lists)
        "target": exchange["defender"],
        "weapon": prepared.weapon,
        "total": rolled.total,
        "against": None,
        "against_key": None,
        "outcome": "pending_defence",
        "margin": None,
        "damage": None,
        "location": None,
        "wound": None,
        "exchange": exchange,
        "actor_sheet": None,
        "target_sheet": None,
        "system": SYSTEM_ID,
        "action": kind,
        "actor": req.actor.name,
        "rolls": roller.rolls,
        "modifiers": rolled.modifiers,
        "notes": notes,
        "defences": list(DEFENCES),
        "checks": [rolled.check],
        "defence_modifiers": [],
        "conditions": [],
        "changes": [],
        "attacks": [],
        "tiebreak": [],
    }
    return complete(ActionResult, data, set(_ATTACK_GIVEN))  # rule-made and typed (tests validate a dump)


# The fields an attack's and a defence's result set (pydantic's `model_fields_set`); the rest are defaults.
_ATTACK_GIVEN = frozenset(
    {"system", "action", "actor", "target", "weapon", "rolls", "modifiers", "total", "outcome", "notes"}
    | {"defences", "exchange", "checks"}
)
_DEFEND_GIVEN = frozenset(
    {"system", "action", "actor", "target", "weapon", "rolls", "modifiers", "defence_modifiers", "total"}
    | {"against", "against_key", "outcome", "margin", "damage", "wound", "conditions", "changes", "notes"}
    | {"actor_sheet", "target_sheet", "checks"}
)


def damage_mods(sheet: Sheet, weapon: Weapon, shield: Shield | None, add_str: bool) -> list[Modifier]:
    """Str + weapon (+ shield) Damage modifier; the Attack Advantage is added at the defence."""
    return [Modifier(m["key"], m["value"]) for m in damage_data(sheet, weapon, shield, add_str)]


def damage_data(sheet: Sheet, weapon: Weapon, shield: Shield | None, add_str: bool) -> list[dict[str, Any]]:
    """`damage_mods` as the exchange carries them to the defence (plain data), made in that form at once."""
    data = [{"key": "dmg_str", "value": sheet.str if add_str else 0}, {"key": "dmg_weapon", "value": weapon.dam}]
    if shield is not None and shield.dam:
        data.append({"key": "dmg_shield", "value": shield.dam})
    return data


def soak_mods(sheet: Sheet) -> list[Modifier]:
    """Stamina + armour Protection (+ a Form or other Soak bonus)."""
    return [Modifier(key, value) for key, value in soak_pairs(sheet)]


def soak_pairs(sheet: Sheet) -> list[tuple[str, int]]:
    """`soak_mods` as (key, value) pairs: a hit shows them only as the Soak step's detail."""
    pairs = [("soak_sta", sheet.sta), ("soak_armour", sheet.armour_prot)]
    if sheet.soak_bonus:
        pairs.append(("soak_bonus", sheet.soak_bonus))
    return pairs


@dataclass(slots=True)
class Guard:
    """The defender's side before its die: the Defense modifiers and botch dice; None modifiers for a
    fighter who is out of the fight and makes no Defense test."""

    mods: list[Modifier] | None
    base: int = 0  # the modifiers' sum
    botch_dice: int = 0


def guard(defender: Sheet, settings: Settings, ex: Mapping[str, Any]) -> Guard:
    """The Defense test as it stands before its die (the exchange says what kind of attack it meets)."""
    if defender.out_of_fight:
        return Guard(None)
    kind = str(ex["kind"])
    mods = defence_mods(defender, kind, settings.missile_defense)
    if defender.mounted and (kind == "attack" or settings.riding_bonus_vs_shots):  # only a rider has one
        riding = riding_bonus(defender, bool(ex.get("attacker_mounted")))
        if riding:
            mods.append(Modifier("def_riding", riding))
    if kind == "shot" or settings.cover_in_melee:
        cover = ex.get("cover") or defender.cover
        if COVER_BONUS[cover]:
            mods.append(Modifier(f"def_cover_{cover}", COVER_BONUS[cover]))
    mods += penalty_mods(defender, "def")
    base = 0  # the modifiers' sum, in a loop (a list comprehension is a function call of its own)
    for m in mods:  # every value is an int (the sheet's int fields, int tables): no int() call per modifier
        base += m.value  # type: ignore[assignment]
    botch_dice = defender.botch_dice  # `botch_dice_for(None, ...)`: the sheet's, else the setting's
    return Guard(mods, base, settings.botch_dice_default if botch_dice is None else botch_dice)


def defence_phase(face: Face, botch: Face, guard: Guard) -> int:
    """Phase 2, the Defense test: its total (0 on a botch; 0 with no die for a helpless defender)."""
    if guard.mods is None:
        return 0
    return combat_total(guard.base, stress_value(face, botch, guard.botch_dice))


def advantage_of(attack_total: int, defence_total: int) -> int | None:
    """The Attack Advantage of a hit, None for a miss (the seed: an advantage of 0 or less is no hit)."""
    advantage = attack_total - defence_total
    return advantage if advantage > 0 else None


def defence_roll(
    defender: Sheet, roller: Roller, settings: Settings, ex: Mapping[str, Any], name: str
) -> tuple[Rolled, list[Note]]:
    """The defender's Defense test (a reaction); a fighter who is out makes none (total 0, no die).
    The check is the target's: it is shown as the versus of the attacker's Attack check."""
    g = guard(defender, settings, ex)
    faces = Recorded(roller, "defence")
    total = defence_phase(faces.face, faces.botch, g)
    if g.mods is None:
        return no_roll("defence", "target"), [note("cannot_defend", {"who": name})]
    rolled = shown_total("defence", total, faces.roll, g.mods, "target")
    return rolled, botch_note(rolled, "defence")


def defend(req: DefenceRequest, dice: DiceSource) -> ActionResult:
    """Finish the exchange: Defense test, Attack Advantage, Damage − Soak, the wound on the Size table."""
    ex = req.exchange
    settings = req.settings
    assert isinstance(settings, Settings)
    if req.choice is not None and req.choice not in DEFENCE_ALIASES:
        raise RulesError(
            "error.arm5.unknown_defence", choice=req.choice, allowed=[Term("defence", d) for d in DEFENCES]
        )
    try:
        kind, attack_total = str(ex["kind"]), int(ex["attack_total"])
        attack_rolls = load_rolls(ex["attack_rolls"])
        attack_modifiers = load_modifiers(ex["attack_modifiers"])
        notes = load_notes(ex.get("attack_notes", []))
        # The Damage modifiers become Modifiers only on a hit; an unusual shape is pydantic's to judge now.
        dmg_pairs = modifier_pairs(ex["damage_modifiers"])
        dmg = _MODIFIERS.validate_python(ex["damage_modifiers"]) if dmg_pairs is None else None
        attack_check = _attack_check(ex, attack_rolls, attack_modifiers)
    except (KeyError, TypeError, ValueError, ValidationError):
        raise RulesError("error.arm5.bad_exchange") from None
    attacker, defender = fighter_sheet(req.attacker), fighter_sheet(req.defender)
    a_name, d_name = req.attacker.name, req.defender.name
    roller = Roller(dice)
    defence, d_notes = defence_roll(defender, roller, settings, ex, d_name)
    notes += d_notes
    advantage = attack_total - defence.total
    hit = advantage_of(attack_total, defence.total)
    d_updates = _defender_engagement(defender, a_name, kind, defence.die is not None)  # defended
    damage = None
    band = None
    outcome = "miss"
    attack_check.versus = defence.check
    checks = [attack_check]
    if hit is not None:
        outcome = "hit"
        if dmg is None:
            dmg = [Modifier(key, value) for key, value in dmg_pairs or ()]
        damage, wound_updates, band, w_notes, damage_check = _damage(defender, dmg, hit, ex, settings)
        d_updates |= wound_updates
        notes += w_notes
        checks.append(damage_check)
        if band is not None and not defender.out_of_fight and _downed(wound_updates):
            d_updates["engaged_with"] = []  # seed: engaged = close enough "żeby zaatakować lub zostać
            ex = _released(ex, attacker, d_name)  # zaatakowanym"; one who cannot act holds nobody
    attack_check.outcome = outcome
    a_changes, actor_sheet = _attacker_side(ex, attacker, a_name)
    d_changes, d_conditions, target_sheet = _defender_side(defender, d_name, d_updates)
    data = {  # ActionResult's fields in the order `built` stores them (plain defaults, required, lists)
        "target": d_name,
        "weapon": str(weapon) if (weapon := ex.get("weapon")) else None,
        "total": attack_total,
        "against": defence.total,
        "against_key": "defence_total",
        "outcome": outcome,
        "margin": advantage,
        "damage": damage,
        "location": None,
        "wound": band,
        "exchange": None,
        "actor_sheet": actor_sheet,
        "target_sheet": target_sheet,
        "system": SYSTEM_ID,
        "action": kind,
        "actor": a_name,
        "rolls": [*attack_rolls, *roller.rolls],
        "modifiers": attack_modifiers,
        "defence_modifiers": defence.modifiers,
        "conditions": d_conditions,
        "changes": a_changes + d_changes,
        "notes": notes,
        "checks": checks,
        "attacks": [],
        "tiebreak": [],
        "defences": [],
    }
    return complete(ActionResult, data, set(_DEFEND_GIVEN))  # rule-made and typed (tests validate a dump)


def load_rolls(data: Any) -> list[DieRoll]:
    """An exchange's rolls, validated: the shape this system writes is checked field by field here
    (exact types, no unknown keys) and built without pydantic; anything else is pydantic's to judge."""
    if type(data) is list:
        out = []
        for r in data:
            if type(r) is not dict or not r.keys() <= _ROLL_KEYS:
                break
            purpose, sides, face, dropped = r.get("purpose"), r.get("sides"), r.get("face"), r.get("dropped", False)
            if type(purpose) is not str or type(sides) is not int or type(face) is not int or type(dropped) is not bool:
                break
            out.append(DieRoll(purpose, sides, face, dropped))
        else:
            return out
    return _ROLLS.validate_python(data)


def load_modifiers(data: Any) -> list[Modifier]:
    """An exchange's modifiers, validated as `load_rolls` validates its rolls."""
    if type(data) is list:
        out = []
        for m in data:
            if type(m) is not dict or len(m) != 2:
                break
            key, value = m.get("key"), m.get("value")
            if type(key) is not str or type(value) not in _NUMBER:
                break
            out.append(Modifier(key, value))  # type: ignore[arg-type]  # checked just above
        else:
            return out
    return _MODIFIERS.validate_python(data)


def modifier_pairs(data: Any) -> list[tuple[str, int | float]] | None:
    """An exchange's modifiers as (key, value) pairs when they have the shape `load_modifiers` reads
    itself (so they make the same Modifiers); None for any other shape."""
    if type(data) is not list:
        return None
    out: list[tuple[str, int | float]] = []
    for m in data:
        if type(m) is not dict or len(m) != 2:
            return None
        key, value = m.get("key"), m.get("value")
        if type(key) is not str or type(value) not in _NUMBER:
            return None
        out.append((key, value))  # type: ignore[arg-type]  # checked just above (a cast() call costs here)
    return out


def _attack_check(ex: Mapping[str, Any], rolls: list[DieRoll], modifiers: list[Modifier]) -> Check:
    """The attack half's check, carried in the exchange; an exchange made before checks existed has its
    check rebuilt from the same rolls and modifiers."""
    if "attack_checks" in ex:
        return load_checks(ex["attack_checks"])[0]
    faces = tuple(r.face for r in rolls if r.purpose == "attack")
    botch = tuple(r.face for r in rolls if r.purpose == "attack_botch")
    values = [int(m.value) for m in modifiers if m.key == "attack_die"]
    if len(values) != 1 or not faces:
        raise KeyError("attack_die")  # not an attack half this system wrote
    return stress_check("attack", StressRoll(faces, botch), modifiers, "actor")


def damage_check(
    dmg: list[Modifier], advantage: int, soak: list[Modifier], band: str | None, hitter: Side, hit: Side
) -> Check:
    """Damage as a player checks it: Attack Advantage + Strength + weapon Damage = the Damage Total, then
    − Soak (its Stamina, armour Protection and bonus shown as the step's detail, the hit one's numbers)
    = the damage that makes the wound; nothing through Soak is a floor at 0, not a negative wound."""
    return shown_damage(dmg, advantage, [(m.key, m.value) for m in soak], band, hitter, hit)


def shown_damage(
    dmg: list[Modifier],
    advantage: int,
    soak: Sequence[tuple[str, int | float]],
    band: str | None,
    hitter: Side,
    hit: Side,
) -> Check:
    """`damage_check` with Soak as (key, value) pairs."""
    # The advantage is the attack total minus the defence total: it reveals either if either is hidden.
    c = modifier_check("damage", hitter, [], 1, dmg, advantage, Part("dmg_advantage", advantage, "both"))
    soaked = 0  # Soak's sum and its shown steps (the non-zero ones) in one walk
    detail = []
    for key, value in soak:
        soaked += int(value)
        if value:
            detail.append(Part(key, value, hit))
    minus(c, "soak", soaked, side=hit, detail=detail)
    if c.total is not None and c.total < 0:
        add_step(c, "min", "soaked", 0, hit)
    c.outcome, c.outcome_side = band or "no_wound", hit  # the wound is the one soaking's state
    return c


def _downed(wound_updates: Mapping[str, Any]) -> bool:
    """A hit's sheet updates take the defender out of the fight (dead, an Eliminujące wound, unconscious)."""
    wounds = wound_updates.get("wounds")
    incapacitating = wounds.get("incapacitating", 0) if isinstance(wounds, Mapping) else 0
    return bool(wound_updates.get("dead")) or incapacitating > 0 or wound_updates.get("fatigue_level", 0) >= UNCONSCIOUS


def _released(ex: Mapping[str, Any], attacker: Sheet, downed: str) -> Mapping[str, Any]:
    """The exchange with the attacker no longer engaged with the opponent it took out of the fight."""
    raw = dict(ex.get("attacker_updates") or {})
    engaged = raw.get("engaged_with", attacker.engaged_with)
    if downed not in engaged:
        return ex
    raw["engaged_with"] = [n for n in engaged if n != downed]
    return {**ex, "attacker_updates": raw}


def _defender_engagement(defender: Sheet, attacker: str, kind: str, defended: bool) -> dict[str, Any]:
    """Seed: "Postać staje się związana walką wręcz jeśli wykonuje test ataku lub obrony", not by shots.
    A helpless defender makes no Defense test, so it is attacked but not engaged."""
    if kind != "attack":
        return {}
    updates: dict[str, Any] = {"attacked_by": add_name(defender.attacked_by, attacker)}
    if defended:
        updates["engaged_with"] = add_name(defender.engaged_with, attacker)
        if defender.left_combat:  # caught by a pursuer: engaged again
            updates["left_combat"] = False
    return updates


_UPDATE_TYPES: dict[str, type[Any]] = {
    "action_used": bool,
    "delaying": bool,
    "left_combat": bool,
    "disengage_bonus": int,
    "fatigue_level": int,
    "engaged_with": list,
    "attacked_by": list,
    # a disengage attempt given up for the attack (`abandoned_attempt`): only ever cleared
    "disengage_defence": type(None),
    "disengage_botched": bool,
    "disengage_pending": list,
    "disengage_failed": bool,
    "disengage_carried": bool,
}
_UPDATE_KEYS = frozenset(_UPDATE_TYPES)


# The attacker's numbers the exchange may carry, clipped to the sheet's bounds as `model_copy` clips them.
_UPDATE_BOUNDS = {key: field_limits(Sheet, key) for key, kind in _UPDATE_TYPES.items() if kind is int}


def _attacker_side(
    ex: Mapping[str, Any], attacker: Sheet, name: str
) -> tuple[list[StateChange], dict[str, Any] | None]:
    """The attacker's own changes, carried in the exchange (plain values of a few known fields, each
    checked), and its sheet as dumped with them (None without any): `changes_of` and
    `plain_dump() | clip_update(...)` in one walk."""
    raw = ex.get("attacker_updates") or {}
    if (type(raw) is not dict and not isinstance(raw, Mapping)) or not raw.keys() <= _UPDATE_KEYS:
        raise RulesError("error.arm5.bad_exchange")
    if not raw:
        return [], None
    changes = []
    dumped = attacker.plain_dump()
    fields = attacker.__dict__  # every field is there (`plain_dump` just read them all): no getattr calls
    stored: Any
    for key, value in raw.items():
        kind = _UPDATE_TYPES[key]
        if type(value) is not kind and not isinstance(value, kind):
            raise RulesError("error.arm5.bad_exchange")
        if kind is list:  # the exchange's own copy of the names
            value = list(map(str, value))  # no comprehension frame
            stored = value
        elif kind is int:  # only numbers have bounds (a bool given for a number is stored as it is)
            lo, hi = _UPDATE_BOUNDS[key]
            stored = value if type(value) is int and lo <= value <= hi else clip(value, lo, hi)  # usual: within
        else:  # a flag
            stored = value
        old = fields[key]
        if old != value:
            changes.append(StateChange(name, key, old, value))
        dumped[key] = stored
    return changes, dumped


def _defender_side(
    defender: Sheet, name: str, updates: dict[str, Any]
) -> tuple[list[StateChange], list[str], dict[str, Any] | None]:
    """The defender's changes, conditions and sheet after them (None without any): `changes_of`, and
    `conditions` and `plain_dump` of `model_copy(update=...)`, written on the dumped sheet directly."""
    if not updates:
        return [], conditions(defender), None
    changes = []
    dumped = defender.plain_dump()
    fields = defender.__dict__  # every field is there (`plain_dump` just read them all): no getattr calls
    for key, value in updates.items():
        old = fields[key]
        if type(value) is list:
            dumped[key] = value.copy()
        elif type(value) is dict:  # a hit's wounds, dumped already (`apply_wound(plain=True)`)
            old = dumped[key]
            dumped[key] = value
        elif isinstance(value, Wounds):  # the one nested model a hit changes: compared and stored dumped
            old, value = dumped[key], value.plain_dump()
            dumped[key] = value
        else:
            bounds = _UPDATE_BOUNDS.get(key)  # fatigue_level (kept in 0..5 by the wound already)
            dumped[key] = value if bounds is None else clip(value, *bounds)
        if old != value:
            changes.append(StateChange(name, key, old, value))
    return changes, plain_conditions(dumped), dumped


@dataclass(slots=True)
class Blow:
    """What a hit meets, fixed before any die: the Damage modifiers' sum (without the advantage), the
    defender's Soak and Size row, and the options that change the wound."""

    damage: int
    soak: int
    size: int
    size_rule: SizeRule
    forced: WoundBand | None
    nonlethal: bool


@dataclass(slots=True)
class Wound:
    """Phase 3's result: the damage through Soak, the band on the Size row, and the wound it leaves."""

    net: int
    band: WoundBand | None
    taken: WoundBand | None

    @property
    def applied(self) -> int:
        return max(0, self.net)


def blow(
    defender: Sheet, dmg: list[Modifier], ex: Mapping[str, Any], settings: Settings, soak: int | None = None
) -> Blow:
    """What a hit meets (`soak`: the defender's Soak, when the caller already has it)."""
    return Blow(  # positional, in field order (damage, soak, size, size_rule, forced, nonlethal): cheaper
        sum([int(m.value) for m in dmg]),
        soak if soak is not None else sum([value for _, value in soak_pairs(defender)]),
        defender.size,
        settings.size_outside_table,
        ex.get("wound_band") or None,
        bool(ex.get("nonlethal")),
    )


def wound_phase(blow: Blow, advantage: int) -> Wound:
    """Phase 3 (no dice): Damage Total = Str + weapon + advantage; minus Soak; one wound of the band on
    the Size row (the GM's band when the option sets one), lessened by the non-lethal table."""
    net = blow.damage + advantage - blow.soak
    band = blow.forced if (blow.forced and net > 0) else wound_band(net, blow.size, blow.size_rule)
    return Wound(net, band, wound_taken(band, blow.nonlethal))


def _damage(
    defender: Sheet, dmg: list[Modifier], advantage: int, ex: Mapping[str, Any], settings: Settings
) -> tuple[Damage, dict[str, Any], str | None, list[Note], Check]:
    """The hit as the result shows it: `wound_phase`'s numbers, the wound applied to the sheet."""
    soak = soak_pairs(defender)
    hit = blow(defender, dmg, ex, settings, sum([value for _, value in soak]))
    wound = wound_phase(hit, advantage)
    outcome = apply_wound(defender, wound.band, hit.nonlethal, plain=True)  # the result shows it dumped
    notes = [note("soaked")] if wound.net <= 0 else []
    # Rule-made numbers, no validation: every field given in the order `built` stores them (its plain
    # defaults first, then the list fields), so `complete` needs no plan.
    fields = {
        "multiplier": 1,
        "rolled": hit.damage + advantage,
        "reduced_by": hit.soak,
        "applied": wound.applied,
        "kind": "nonlethal" if hit.nonlethal else "lethal",
        "modifiers": [*dmg, Modifier("dmg_advantage", advantage)],  # the Damage Total's own; Soak is `reduced_by`
        "dice": [],
    }
    damage = complete(Damage, fields, {"modifiers", "rolled", "reduced_by", "applied", "kind"})
    shown = shown_damage(dmg, advantage, soak, wound.band, "actor", "target")
    return damage, outcome.updates, outcome.band, notes + outcome.notes, shown
