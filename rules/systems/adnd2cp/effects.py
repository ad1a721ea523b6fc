"""What a hit does: dodge/deflection, damage with the blows' changes, saves and the blows' riders."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, cast

from rules.checks import add_step, check, die, fixed, minus, part, parts_of, times
from rules.dice import Roller
from rules.model import ActionResult, Check, Damage, Die, Modifier, Note, Term
from rules.systems.adnd2cp import conditions, tables
from rules.systems.adnd2cp.blows import BLOWS, HUGE_SAVE_BONUS, SAVES
from rules.systems.adnd2cp.common import (
    SYSTEM_ID,
    blow_terms,
    hp_after_loss,
    life_conditions,
    modifier,
    note,
    pick_weapon,
    whole,
    with_condition,
)
from rules.systems.adnd2cp.context import (
    Attack,
    apply_damage,
    die_hits,
    magic_bonus,
    max_dice,
    roll_base,
    roll_hits,
    str_applies,
)
from rules.systems.adnd2cp.percent import DODGE_CHANCE, chance_check, passed, roll_under, save_rolls
from rules.systems.adnd2cp.sheet import Condition, Sheet
from rules.systems.adnd2cp.stacking import Plan


def wound_key(sheet: Sheet) -> str:
    if sheet.has("dead"):
        return "dead"
    if sheet.has("unconscious"):
        return "unconscious"
    return "wounded" if sheet.hp < sheet.hp_max else "unhurt"


def attacker_condition_mods(mod: Callable[[str, int], None], actor: Sheet, target_name: str, melee: bool) -> None:
    """To-hit penalties the attacker carries from blows it suffered."""
    if actor.has("pain_penalty"):
        mod("pain", -2)
    impaled = actor.condition("impaled")
    if impaled is not None:
        mod("impaled", -2 * min(3, impaled.value))
    if melee and any(c.key == "frightened" and c.source == target_name for c in actor.conditions):
        mod("frightened", -1)


def pay_defence(target: Sheet, plan: Plan, notes: list[Note]) -> Sheet:
    # The defender's own points, paid inside the attacker's result: its side there is the target.
    notes.append(note("defence_blows_paid", {"blows": blow_terms(plan.attack_blows), "cost": plan.cost}, "target"))
    return target.model_copy(
        update={
            "pool_current": target.points - plan.cost,
            "specials_used": target.specials_used + plan.specials,
        }
    )


# --- avoidance ----------------------------------------------------------------------------------------
def _avoided(a: Attack) -> str | None:
    o, t = a.options, a.target
    if "deflessione_superiore" in a.defence_blows or o.deflected is not None:
        bonus = o.deflection_bonus if "deflessione_superiore" in a.defence_blows else 0
        score = min(10, t.deflection_score + bonus) - (2 if a.guard else 0)
        if o.deflected:
            a.target_note("deflected", score=score)
            return "deflected"
        if o.deflected is None:
            a.target_note("deflection_roll_needed", score=score, bonus=bonus)
    evasion = "evasione_migliorata" in a.defence_blows
    if o.dodged is not None:
        return "dodged" if o.dodged else None
    if not (evasion or o.dodge):
        return None
    base = ("mastery_dodge_pct", t.mastery_dodge_pct) if o.evasion_mastery else ("dodge_pct", t.dodge_pct)
    chance = chance_check(DODGE_CHANCE, [base, ("blow.evasione_migliorata", o.evasion_bonus if evasion else 0)])
    if not o.evasion_mastery and (chance.total or 0) > 50:
        add_step(chance, "max", "dodge_cap", 50, "target")  # the art's 50 % maximum
    if a.guard:
        minus(chance, "guard_opened", 10, side="target")  # Lancio di Apertura: −10 % to the dodge
    if (chance.total or 0) <= 0:
        return None
    roll = roll_under(a.roller, "dodge", chance, "dodged", "not_dodged")
    a.checks.append(roll)
    a.target_note("dodge", chance=chance.total, roll=roll.dice[0].face)
    return "dodged" if roll.outcome == "dodged" else None


# --- damage -------------------------------------------------------------------------------------------
def _str_type_bonus(a: Attack, active: Callable[[str], bool], mods: list[Modifier], str_dmg: int) -> None:
    """Blow damage counted as strength damage, capped by the weapon's maximum strength bonus."""
    if not a.blows:  # no blows on the attack (most attacks): nothing to add or cap
        return
    parts = (
        ("attacco_di_forza", a.blows["attacco_di_forza"]),
        ("attacco_della_violenza", 4 if active("attacco_della_violenza") else 0),
        ("scagliare_con_violenza", 2 if active("scagliare_con_violenza") else 0),
    )
    for bid, value in parts:
        if value:
            mods.append(modifier("blow." + bid, value))
    capped = sum(v for bid, v in parts if bid != "scagliare_con_violenza" or a.settings.violent_hurl_str_cap)
    cap = a.weapon.max_str_damage_bonus
    if cap is not None and capped:
        room = max(0, cap - max(0, str_dmg))
        if room < capped:
            mods.append(modifier("str_cap", room - capped))
            a.own_note("str_cap", cap=cap, str_damage=str_dmg, lost=capped - room)


def _dropped(dice: list[Die]) -> list[Die]:
    return [Die(d.sides, d.face, "dropped") for d in dice]


def roll_damage(
    a: Attack,
    active: Callable[[str], bool],
    large: bool,
    prefix: str = "damage",
    secondary: bool = False,
    roller: Roller | None = None,
) -> tuple[Damage, Check]:
    """The hit's damage and its check: weapon dice + the die's built-in bonus (+ the opened guard's +1)
    [× backstab] + Strength, magic, blows … = raw; then ×1.5 rounded up (Attacco Letale on monster
    damage), never below 0, − the damage reduction = applied."""
    dice, dice_sum, builtin = roll_base(a, large, prefix, roller)
    if active("attacco_brutale") and not secondary:
        again, again_sum, _ = roll_base(a, large, prefix + "_brutal", roller)
        a.own_note("brutal_keep_higher", first=dice_sum, second=again_sum)
        dice = _dropped(dice) + again if again_sum > dice_sum else dice + _dropped(again)
        dice_sum = max(dice_sum, again_sum)
    pre: list[tuple[str, int]] = []
    if a.guard and not secondary:
        raised = min(dice_sum + 1, max_dice(a, large))
        pre.append(("guard_opened", raised - dice_sum))
        dice_sum = raised
    base = dice_sum + builtin
    unsplit = a.weapon.damage_unsplit
    if active("attacco_letale") and not secondary and not unsplit:
        again, again_sum, again_bonus = roll_base(a, large, prefix + "_lethal", roller)
        dice += again
        base += again_sum + again_bonus
        builtin += again_bonus
    multiplier: float = 1
    if a.options.backstab:
        multiplier = tables.backstab_multiplier(max(1, a.actor.group_level("rogue")))
        base = int(base * multiplier)
    mods: list[Modifier] = []
    str_dmg = a.actor.str_damage if str_applies(a) else 0
    for key, value in (
        ("str", str_dmg),
        ("magic", 0 if secondary else magic_bonus(a)),  # enchantment: the main target only
        ("weapon_bonus", a.weapon.damage_bonus),
        ("specialisation", 2 if a.weapon.specialised and a.melee and a.settings.specialisation_bonus else 0),
        ("situational", a.options.damage_modifier),
    ):
        if value:
            mods.append(modifier(key, value))
    _str_type_bonus(a, active if not secondary else (lambda bid: False), mods, str_dmg)
    if "fendente_frontale" in a.blows:
        mods.append(modifier("blow.fendente_frontale", -1 if "S" in a.weapon.damage_type else -2))
    total = base + sum(int(m.value) for m in mods)
    weapon_parts = parts_of([("die_bonus", builtin)]) if builtin else []
    if pre:
        weapon_parts += parts_of(pre, side="target")
    if multiplier != 1:  # backstab multiplies the weapon's dice; the bonuses come after
        shown = times(check("damage", dice=dice, parts=weapon_parts), "backstab", multiplier)
        for m in mods:
            add_step(shown, "plus", m.key, m.value)
    else:
        shown = check("damage", dice=dice, parts=weapon_parts + [part(m.key, m.value) for m in mods])
    if active("attacco_letale") and not secondary and unsplit:
        multiplier, total = 1.5, -(-total * 3 // 2)
        times(shown, "blow.attacco_letale", 1.5)
        add_step(shown, "ceil", "round_up")
    rolled = max(0, total)
    if total < 0:
        add_step(shown, "min", "no_negative_damage", 0)
    reduced = min(rolled, a.options.damage_reduction)
    if reduced:
        minus(shown, "damage_reduction", reduced)
    damage = whole(
        Damage,  # the rules' own numbers: no validation on the hot path
        dice=[d.face for d in dice],
        modifiers=mods,
        multiplier=multiplier,
        rolled=rolled,
        reduced_by=reduced,
        applied=rolled - reduced,
        kind="lethal",
    )
    return damage, shown


# --- saves --------------------------------------------------------------------------------------------
def _save_bonuses(a: Attack, bid: str) -> list[tuple[str, int]]:
    """The seed's bonuses to the victim's save, each with its reason (term key)."""
    t, o = a.target, a.options
    found = [("save_modifier", o.save_modifier)]
    if bid in HUGE_SAVE_BONUS and t.size == "H":
        found.append(("size_huge", 10))
    if bid == "causare_grande_dolore" and o.pain_tolerance_passed and "pain_tolerance" in t.proficiencies:
        found.append(("pain_tolerance", 15))
    if bid == "disarmare" and (t.weapons or o.target_weapon):
        held = pick_weapon(t, o.target_weapon)
        found.append(("disarm_rank", tables.DISARM_RANK_SAVE_BONUS.get(held.rank, 0)))
        found.append(("two_handed_weapon", 10 if held.hands == 2 else 0))
    return [(key, value) for key, value in found if value]


def save_kind(kind: str) -> Term:
    return Term("term", "save_kind." + kind)


def saves(a: Attack, bid: str, count: int = 1, failed: Term | None = None) -> list[bool] | None:
    """The blow's save(s): the GM's outcome, or d100 ≤ chance (the base % given with the attack, else
    the target's sheet's for the save's kind); None = neither given, and a note tells the GM what a
    failed save brings (`failed`: the effect to put on by hand; None: more damage) and how to have it
    rolled."""
    kind, pure = SAVES[bid]
    o = a.options
    bonuses = [] if pure else _save_bonuses(a, bid)
    if bid == "incapacitare" and o.saves_failed is not None:
        return [False] * o.saves_failed + [True] * (2 - o.saves_failed)
    if o.save is not None:
        return [o.save == "passed"] * count
    blow = Term("blow", bid)
    label, base = ("save_pct", o.save_pct) if o.save_pct is not None else ("save_" + kind, a.target.save_chance(kind))
    if base is None:
        bonus = sum(value for _, value in bonuses)
        target = a.req.target.name if a.req.target else ""
        sheet_key = Term("term", "save_key." + kind)  # the key that lets the bot roll it next time
        said = dict(blow=blow, kind=save_kind(kind), pure=pure, bonus=bonus, target=target, sheet_key=sheet_key)
        if failed is None:
            a.note("save_needed_damage", **said)
        else:
            a.note("save_needed", **said, effect=failed)
        return None
    rolled = save_rolls(a.roller, "save." + bid, [(label, base), *bonuses], count)
    a.checks += rolled
    results = passed(rolled)
    chance = rolled[0].versus.total if rolled[0].versus is not None else base
    outcomes = [Term("outcome", c.outcome or "failed") for c in rolled]
    a.note("save", blow=blow, kind=save_kind(kind), pure=pure, chance=chance, passed=outcomes)
    return results


# --- riders of special blows --------------------------------------------------------------------------
def _add_condition(a: Attack, cond: Condition) -> None:
    a.target = a.target.model_copy(update={"conditions": with_condition(a.target.conditions, cond)})
    a.note("condition_" + cond.key, rounds=cond.rounds, value=cond.value)


def _pain(a: Attack, applied: int) -> None:
    loses_attacks = applied >= a.target.hp_max // 10
    effect = Term("condition", "lose_attacks" if loses_attacks else "pain_penalty")
    result = saves(a, "causare_grande_dolore", failed=effect)
    if result is None or result[0]:
        return
    if loses_attacks:
        a.target = a.target.model_copy(update={"attacks_left": 0})
        _add_condition(a, conditions.lose_attacks())
    else:
        _add_condition(a, conditions.pain_penalty())


def _incapacitate(a: Attack) -> None:
    result = saves(a, "incapacitare", 2, failed=Term("condition", "debilitated"))
    if result is None:
        return
    failed = result.count(False)
    if failed:
        _add_condition(a, conditions.incapacitation(failed))
    _add_condition(a, Condition(key="incapacitate_saves", rounds=2, value=0))


def _bleed(a: Attack) -> None:
    result = saves(a, "taglio_profondo", failed=Term("condition", "bleeding"))
    if result is None or result[0]:
        return
    rounds = max(1, a.actor.level_or_hd())
    old = a.target.condition("bleeding")
    if old is not None and (old.rounds or 0) >= rounds:
        a.note("bleeding_not_cumulative", rounds=old.rounds)
        return
    _add_condition(a, conditions.bleeding(rounds, source=a.req.actor.name))


def _deep_thrust(a: Attack, large: bool) -> int:
    """Save passed: 1, 1d2 or 1d3 by the weapon's size; failed: a pure roll of the weapon's dice."""
    result = saves(a, "trafiggere_in_profondita")
    if result is None:
        return 0
    label = "damage_deep_thrust"
    if not result[0]:
        dice, _, _ = roll_base(a, large, label)
        extra = check(label, dice=dice)
    elif a.weapon.size == "S":
        extra = fixed(label, 1, key="small_weapon")
    else:
        sides = 2 if a.weapon.size == "M" else 3
        extra = check(label, dice=[die(sides, a.roller.d(sides, label))])
    a.checks.append(extra)
    return int(extra.total or 0)


def _impale(a: Attack) -> None:
    result = saves(a, "impalamento", failed=Term("condition", "impaled"))
    if result is None or result[0]:
        return
    old = a.target.condition("impaled")
    count = (old.value if old else 0) + 1
    _add_condition(a, conditions.impaled(count, source=a.req.actor.name))


def _opening(a: Attack) -> None:
    t = a.target
    if "incorporeal" in t.creature_traits or t.intelligence == 0 or t.size not in ("S", "M", "L"):
        a.note("blow_no_effect_on_target", blow=Term("blow", "lancio_di_apertura"))
        return
    result = saves(a, "lancio_di_apertura", failed=Term("condition", "guard_opened"))
    if result is not None and not result[0]:
        _add_condition(a, conditions.guard_opened(source=a.req.actor.name))


def _disarm(a: Attack) -> None:
    result = saves(a, "disarmare", failed=Term("condition", "disarmed"))
    if result is not None and not result[0]:
        held = (
            pick_weapon(a.target, a.options.target_weapon).id if a.target.weapons or a.options.target_weapon else None
        )
        _add_condition(a, conditions.disarmed(held))


def _slow(a: Attack) -> None:
    result = saves(a, "rallentamento", failed=Term("condition", "slowed_next"))
    if result is not None and not result[0]:
        _add_condition(a, conditions.slowed_next())


def _fatal_missile_rolls(a: Attack, to_hit: Check) -> int:
    """Extra to-hit rolls of Proiettile Fatale: -5 then -8 replacing the -2 (or cumulative)."""
    needed = a.needed
    base = (to_hit.total or 0) - a.face  # modifiers of the first roll (its -2 included)
    key = "blow.proiettile_fatale"
    hits = 0
    for step in (-5, -8):
        shift = step + 2 if a.settings.proiettile_fatale_penalties == "replace" else step + (-5 if step == -8 else 0)
        face = a.roller.d(20, "attack_fatal_missile")
        parts = [part(p.key, p.value + shift if p.key == key else p.value) for p in to_hit.parts]
        again = check("attack_fatal_missile", dice=[die(20, face)], parts=parts, versus=to_hit.versus)
        hit = roll_hits(a, face, int(face + base + shift), needed)
        again.outcome = "hit" if hit else "miss"
        a.checks.append(again)
        if not hit:
            break
        hits += 1
    a.note("fatal_missile_hits", extra_hits=hits)
    return hits


class Avoid(NamedTuple):
    """What happened between the hit and its damage: Proiettile Fatale's further hits, and whether the
    target dodged or deflected the blow ("dodged" / "deflected", None when it did not)."""

    extra_hits: int = 0
    avoided: str | None = None


def _specials(a: Attack, only_nat20: bool) -> tuple[list[str], set[str]]:
    """The special blows on the attack, and those a hit only the natural 20 made voids."""
    specials = [bid for bid in dict.fromkeys(a.plan.attack_blows) if BLOWS[bid].kind == "special"]
    return specials, {bid for bid in specials if only_nat20 and not BLOWS[bid].nat20_exempt}


def avoid(a: Attack, to_hit: Check, only_nat20: bool) -> Avoid:
    """The phase after a hit: Proiettile Fatale's further to-hit rolls, then the dodge or deflection."""
    _, void = _specials(a, only_nat20)
    for bid in sorted(void):
        a.note("blow_void_nat20", blow=Term("blow", bid))
    fatal = "proiettile_fatale" in a.blows and "proiettile_fatale" not in void
    extra_hits = _fatal_missile_rolls(a, to_hit) if fatal else 0
    return Avoid(extra_hits, _avoided(a))


def on_hit(a: Attack, to_hit: Check, only_nat20: bool) -> tuple[str, Damage | None]:
    """Dodge, damage, the special blows' riders (the two phases `avoid` and `strike` in a row)."""
    return strike(a, only_nat20, avoid(a, to_hit, only_nat20))


def strike(a: Attack, only_nat20: bool, avoided: Avoid) -> tuple[str, Damage | None]:
    """A hit that was not avoided: damage, the special blows' riders. The damage check comes last: it
    adds the riders' extra damage, whose own dice are shown before it."""
    specials, void = _specials(a, only_nat20)

    def active(bid: str) -> bool:
        return bid in a.blows and bid not in void

    extra_hits = avoided.extra_hits
    if avoided.avoided:
        for bid in specials:
            a.note("blow_void_avoided", blow=Term("blow", bid))
        return avoided.avoided, None
    large = a.target.size in ("L", "H", "G")
    damage, shown = (None, None) if "disarmare" in a.blows else roll_damage(a, active, large)
    if damage is None:
        a.note("disarm_no_damage")
    no_damage = damage is not None and damage.applied <= 0
    extra = 0
    for bid in specials:
        if not active(bid):
            continue
        if no_damage and not BLOWS[bid].nodamage_exempt:
            a.note("blow_void_no_damage", blow=Term("blow", bid))
            continue
        more = _rider(a, bid, damage.applied if damage else 0, large, extra_hits)
        if more and shown is not None:
            add_step(shown, "plus", "blow." + bid, more)
        extra += more
    if damage is not None and extra:
        damage = damage.model_copy(update={"rolled": damage.rolled + extra, "applied": damage.applied + extra})
    if damage is not None:
        apply_damage(a, damage.applied)
    if shown is not None:
        a.checks.append(shown)
    if active("fine_sanguinaria") and a.target.has("dead") and not no_damage:
        a.note(
            "bloody_end_fear",
            radius_m=30,
            max_level=a.actor.level_or_hd(),
            penalty=-1,
            attacker=a.req.actor.name,
        )
    return "hit", damage


def _rider(a: Attack, bid: str, applied: int, large: bool, extra_hits: int) -> int:
    """Apply one special blow's after-hit effect; returns extra damage of the same hit."""

    if bid == "causare_grande_dolore":
        _pain(a, applied)
    elif bid == "rallentamento":
        _slow(a)
    elif bid == "incapacitare":
        _incapacitate(a)
    elif bid == "taglio_profondo":
        _bleed(a)
    elif bid == "trafiggere_in_profondita":
        return _deep_thrust(a, large)
    elif bid == "impalamento":
        _impale(a)
    elif bid == "lancio_di_apertura":
        _opening(a)
    elif bid == "disarmare":
        _disarm(a)
    elif bid == "proiettile_fatale":
        extra = 0
        for _ in range(extra_hits):
            dice, _, builtin = roll_base(a, large, "damage_fatal_missile")
            more = check("damage_fatal_missile", dice=dice, parts=parts_of([("die_bonus", builtin)]))
            a.checks.append(more)
            extra += int(more.total or 0)
        return extra
    return 0


def _second_target_defence(sheet: Sheet | None) -> list[Modifier]:
    """The second target's own state (stunned, prone) lowers the number needed against it."""
    if sheet is None:
        return []
    return [Modifier(key="target_" + k, value=-v) for k, v in conditions.TO_HIT_AGAINST.items() if sheet.has(k)]


def cleave(a: Attack, face: int, total: int) -> list[ActionResult]:
    """Fendente Frontale: the same to-hit total against a second adjacent front target's AC. Its own
    result (the second target is its target) shows the same roll's total against its number needed,
    and its own damage dice."""
    second = a.req.other(a.options.second_target)
    second_sheet = cast(Sheet, second.sheet) if second is not None else None
    ac = second_sheet.ac if second_sheet is not None else a.options.second_target_ac
    if ac is None:
        a.note("cleave_second_target_needed")
        return []
    large = (second_sheet.size if second_sheet is not None else a.options.second_target_size) in ("L", "H", "G")
    defence = _second_target_defence(second_sheet)
    versus = check(
        "needed",
        side="target",
        parts=[part("thac0", a.actor.thac0), part("ac", -ac, "target")]
        + [part(m.key, m.value, "target") for m in defence],
    )
    needed = int(versus.total or 0)
    helpless = second_sheet is not None and conditions.is_helpless(second_sheet, a.settings)
    hit = helpless or die_hits(a.settings, face, total, needed)
    shown = [check("attack_cleave", parts=[part("attack", total)], versus=versus, outcome="hit" if hit else "miss")]
    roller = Roller(a.roller.source)  # the second target's damage dice belong to its own result
    damage = None
    if hit:
        damage, damage_check = roll_damage(a, lambda bid: False, large, "damage_cleave", True, roller)
        shown.append(damage_check)
    after: Sheet | None = None
    if hit and damage is not None and second_sheet is not None:
        # The engine applies the cleave to the named combatant; without one the GM applies it.
        hp = hp_after_loss(second_sheet, damage.applied)
        after = second_sheet.model_copy(
            update={"hp": hp, "conditions": life_conditions(second_sheet.conditions, hp, a.settings)}
        )
    return [
        ActionResult(
            system=SYSTEM_ID,
            action="cleave",
            actor=a.req.actor.name,
            target=second.name if second is not None else None,
            weapon=a.weapon.id,
            rolls=roller.rolls,
            defence_modifiers=defence,
            total=total,
            against=needed,
            against_key="thac0_minus_ac",
            outcome="hit" if hit else "miss",
            margin=total - needed,
            damage=damage,
            notes=[Note(key="apply_to_second_target")] if hit and after is None else [],
            target_sheet=after.model_dump() if after is not None else None,
            checks=shown,
        )
    ]
