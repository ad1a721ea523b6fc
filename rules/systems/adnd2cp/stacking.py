"""Costs, restrictions and stacking limits of combat blows; every refusal is a RulesError naming why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rules.checks import check, part
from rules.errors import RulesError
from rules.model import Check, Message, Term
from rules.systems.adnd2cp import weapons as weapon_data
from rules.systems.adnd2cp.blows import BLOWS, GENERAL, Blow, blow
from rules.systems.adnd2cp.common import blow_terms
from rules.systems.adnd2cp.options import Options
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import Sheet, WeaponEntry

_LETHAL_BY_SIZE = {"S": 4, "M": 5, "L": 6}
_DEEP_THRUST_BY_SIZE = {"S": 4, "M": 6, "L": 8}
_NO_ORGANS = frozenset({"undead", "construct", "no_vital_organs", "unrecognisable_organs"})
_NOT_ANIMAL = frozenset({"undead", "construct", "incorporeal", "non_animal_body", "plant", "ooze"})
_SIZE_RANK = {"S": 1, "M": 2, "L": 3}


def _err(reason: str, b: Blow | None = None, **params: object) -> RulesError:
    """A refusal naming the blow, the weapon and the way it is used as catalog terms."""
    if b is not None:
        params = {"blow": Term("blow", b.id), "name": Term("blow", b.id), **params}
    if isinstance(params.get("weapon"), str):
        params["weapon"] = Term("weapon", str(params["weapon"]))
    if isinstance(params.get("delivery"), str):
        params["delivery"] = Term("term", "delivery." + str(params["delivery"]))
    if isinstance(params.get("where"), str):
        params["where"] = Term("term", "stack." + str(params["where"]))
    if reason == "blow_damage_type" and b is not None:  # what the blow needs: "un'arma da botta"
        params["needed"] = [Term("term", "damage_type." + t) for t in sorted(b.damage_types)]
    return RulesError(f"error.adnd2cp.{reason}", **params)


def weapon_key(w: WeaponEntry) -> str:
    return (w.id or w.name or "").lower().replace(" ", "_").replace("-", "_")


def is_sai(w: WeaponEntry) -> bool:
    return weapon_key(w) == "sai"


# --- costs ------------------------------------------------------------------------------------------
def evasion_step(options: Options) -> int:
    return 3 if options.evasion_mastery else 5


def blow_cost(b: Blow, w: WeaponEntry | None, actor: Sheet, options: Options) -> int:
    """The blow's own cost (before stacking surcharges), by weapon size, ammunition or proficiency."""
    if b.id == "trafiggere_in_profondita" and w is not None:
        return _DEEP_THRUST_BY_SIZE[w.size]
    if b.id == "attacco_letale" and w is not None:
        return lethal_cost(w, actor)
    if b.id == "proiettile_fatale":
        ammo = options.ammo or (w.ammo if w else None)
        if ammo not in weapon_data.AMMO_COST:
            raise _err("ammo_needed", b, allowed=[Term("term", "ammo." + x) for x in sorted(weapon_data.AMMO_COST)])
        return weapon_data.AMMO_COST[ammo]
    if b.id == "disarmare" and w is not None and is_sai(w):
        return 4
    if b.id == "attacco_extra" and "quickness" in actor.proficiencies:
        return 10
    if b.id == "deflessione_superiore":
        return 1 + options.deflection_bonus
    if b.id == "evasione_migliorata":
        return 1 + options.evasion_bonus // evasion_step(options)
    return b.cost


def lethal_cost(w: WeaponEntry, actor: Sheet) -> int:
    if "natural" in w.delivery and actor.size in ("H", "G"):
        return 8 if actor.size == "H" else 10
    size = w.cost_size or weapon_data.LETHAL_COST_SIZE.get(weapon_key(w)) or w.size
    return _LETHAL_BY_SIZE[size]


def surcharge(ids: Iterable[str]) -> int:
    """+1 per different blow beyond the first, +2 per general blow taken twice (order-free)."""
    counts = Counter(ids)
    doubled = sum(1 for bid, n in counts.items() if n >= 2 and bid in GENERAL)
    return max(0, len(counts) - 1) + 2 * doubled


def stack_cost(prior: list[str], new: list[str], costs: dict[str, int]) -> int:
    """Cost of adding `new` to a stack that already holds `prior` (whose surcharge is already paid)."""
    return sum(costs[bid] for bid in new) + surcharge(prior + new) - surcharge(prior)


# --- restrictions -------------------------------------------------------------------------------------
def weapon_refusal(b: Blow, w: WeaponEntry, delivery: str) -> str | None:
    """Reason key when the blow cannot be used with this weapon in this way, else None."""
    if b.defensive:
        return None
    if delivery not in b.deliveries:
        if not (b.id == "attacco_di_forza" and delivery == "missile" and w.strength_rated_bow):
            return "blow_delivery"
    if b.id == "attacco_di_forza" and delivery == "missile" and not w.strength_rated_bow:
        return "blow_delivery"
    if b.damage_types and not b.damage_types.intersection(w.damage_type):
        return "blow_damage_type"
    if b.min_size and _SIZE_RANK[w.size] < _SIZE_RANK[b.min_size]:
        return "blow_weapon_size"
    if b.id in ("attacco_della_violenza", "attacco_brutale") and w.hands != 2:
        return "blow_two_hands"
    if b.id == "attacco_brutale" and weapon_key(w) not in weapon_data.BRUTAL_WEAPONS:
        return "blow_weapon_list"
    if b.id == "disarmare" and (weapon_key(w) == "whip" or w.category.lower() in ("flails", "flagelli")):
        return "blow_weapon_list"
    if b.id == "fendente_frontale" and (w.natural_kind or "").lower() in ("bite", "morso"):
        return "blow_weapon_list"
    return None


def actor_refusal(b: Blow, actor: Sheet, options: Options, settings: Settings) -> str | None:
    if b.id == "scagliare_con_violenza" and options.run_up_m < 6:
        return "blow_needs_run_up"
    if b.id == "attacco_brutale" and not options.charge:
        return "blow_needs_charge"
    if b.id == "attacco_letale" and options.backstab:
        return "blow_with_backstab"
    if b.id == "proiettile_fatale" and options.range not in (None, "short"):
        return "blow_short_range_only"
    return None


def defender_refusal(b: Blow, defender: Sheet, options: Options, settings: Settings) -> str | None:
    if b.id == "deflessione_superiore":
        if "deflettere_i_colpi" not in defender.arts:
            return "blow_needs_art"
        if not 1 <= options.deflection_bonus <= 4:
            return "blow_bonus_range"
        if defender.deflection_score + options.deflection_bonus > 10 and settings.deflection_over_cap == "reject":
            return "blow_over_cap"
    if b.id == "evasione_migliorata":
        art = "maestria_nella_schivata" if options.evasion_mastery else "schivata"
        step = evasion_step(options)
        if art not in defender.arts:
            return "blow_needs_art"
        if options.evasion_bonus % step or not step <= options.evasion_bonus <= 4 * step:
            return "blow_bonus_range"
        if (
            not options.evasion_mastery
            and defender.dodge_pct + options.evasion_bonus > 50
            and settings.deflection_over_cap == "reject"
        ):
            return "blow_over_cap"
    return None


def target_refusal(b: Blow, w: WeaponEntry, delivery: str, actor: Sheet, target: Sheet) -> str | None:
    traits = set(target.creature_traits)
    if b.needs_organs and traits & _NO_ORGANS:
        return "target_no_vital_organs"
    if b.id == "causare_grande_dolore" and "immune_pain" in traits:
        return "target_immune_pain"
    if b.id == "taglio_profondo" and "regenerates_1hp_round" in traits:
        return "target_regenerates"
    if b.lore_gated and "aberration" in traits and "aberration_lore" not in actor.proficiencies:
        return "target_needs_aberration_lore"
    if b.lore_gated and "demon" in traits and "demonology" not in actor.proficiencies:
        return "target_needs_demonology"
    if b.huge_needs_large and target.size == "G":
        return "target_gargantuan"
    if b.huge_needs_large and target.size == "H" and not (delivery in ("melee", "natural") and w.size == "L"):
        return "target_huge_needs_large"
    if b.id == "proiettile_fatale" and "incorporeal" in traits:
        return "target_incorporeal"
    if b.id == "fine_sanguinaria" and traits & _NOT_ANIMAL:
        return "target_not_animal"
    return None


def special_limit(sheet: Sheet, settings: Settings) -> int:
    if settings.second_special_from == "fighter_only":
        level = max((c.level for c in sheet.classes if c.class_name in ("fighter", "guerriero")), default=0)
    else:
        level = sheet.warrior_level()
    return 2 if level >= 9 else 1


def count_specials(ids: Iterable[str]) -> int:
    return sum(1 for bid in ids if BLOWS[bid].kind == "special")


# --- plans --------------------------------------------------------------------------------------------
# Not frozen: a frozen dataclass sets each field through object.__setattr__, slow on every attack.
@dataclass(slots=True)
class Plan:
    """What an attack's (or declaration's) blows cost and change: validated, not yet applied."""

    round_blows: list[str]  # [ROUND] blows paid now for the current round
    attack_blows: list[str]  # [ATTACCO] blows on this attack
    round_cost: int
    attack_cost: int
    specials: int  # special blows added to the round's count

    @property
    def cost(self) -> int:
        return self.round_cost + self.attack_cost

    @property
    def all_blows(self) -> list[str]:
        return self.round_blows + self.attack_blows


def _check_copies(stack: list[str], what: str) -> None:
    for bid, n in Counter(stack).items():
        b = BLOWS[bid]
        if b.kind == "general" and n > 2:
            raise _err("too_many_same_general", b, count=n, where=what)
        if b.kind == "special" and n > 1:
            raise _err("special_twice", b, count=n, where=what)


def _check_specials(actor: Sheet, settings: Settings, used: int, new: int) -> None:
    limit = special_limit(actor, settings)
    if used + new > limit:
        raise RulesError(
            "error.adnd2cp.special_limit",
            limit=limit,
            used=used,
            requested=new,
            warrior_level=actor.warrior_level(),
        )


def _check_points(actor: Sheet, cost: int, costs: dict[str, int], new: list[str], stack: list[str]) -> None:
    """Refused when the points left do not cover `cost`; when stacking surcharges are part of it (the
    blows' own costs `costs` of `new` are less), the refusal says so and names the blows stacked."""
    if cost <= actor.points:
        return
    own = sum(costs[bid] for bid in new)
    if cost > own:
        raise RulesError(
            "error.adnd2cp.not_enough_points_stacked",
            cost=cost,
            points=actor.points,
            own=own,
            surcharge=cost - own,
            blows=blow_terms(list(dict.fromkeys(stack))),
        )
    raise RulesError("error.adnd2cp.not_enough_points", cost=cost, points=actor.points)


def plan_attack(
    actor: Sheet,
    target: Sheet | None,
    w: WeaponEntry,
    delivery: str,
    options: Options,
    settings: Settings,
    supplementary: bool,
) -> Plan:
    ids = options.blows
    if not ids:
        return Plan([], [], 0, 0, 0)
    found = [blow(bid) for bid in ids]
    if supplementary:
        raise RulesError("error.adnd2cp.blows_on_supplementary", blows=blow_terms(ids))
    late_round = [b.id for b in found if b.tag == "round"]
    on_attack = [b.id for b in found if b.tag == "attacco"]
    if late_round and actor.attacks_made > 0:
        raise RulesError("error.adnd2cp.round_blow_too_late", blows=blow_terms(late_round))
    if late_round and options.casting:
        raise RulesError("error.adnd2cp.round_blow_with_spell", blows=blow_terms(late_round))
    for b in found:
        if b.defensive:
            raise _err("defensive_blow_on_attack", b)
        reason = weapon_refusal(b, w, delivery) or actor_refusal(b, actor, options, settings)
        if reason is None and target is not None and b.tag == "attacco":
            reason = target_refusal(b, w, delivery, actor, target)
        if reason:
            raise _err(reason, b, weapon=w.id, delivery=delivery)
    names = set(ids)
    if "attacco_della_violenza" in names and "attacco_di_forza" in names:
        raise _err("violence_with_strength", blow("attacco_della_violenza"))
    costs = {b.id: blow_cost(b, w, actor, options) for b in found}
    for bid in actor.round_blows:
        costs.setdefault(bid, BLOWS[bid].cost)
    rounds = actor.round_blows + late_round
    _check_copies(rounds, "round")
    quick = ["colpo_rapido"] * actor.quick_strike
    prior = (rounds if settings.round_blows_in_every_stack else []) + quick
    _check_copies(prior + on_attack, "attack")
    if "attacco_della_violenza" in rounds + on_attack and "attacco_di_forza" in rounds + on_attack:
        raise _err("violence_with_strength", blow("attacco_della_violenza"))
    new_specials = count_specials(late_round) + count_specials(on_attack)
    _check_specials(actor, settings, actor.specials_used, new_specials)
    round_cost = stack_cost(actor.round_blows, late_round, costs)
    costs.setdefault("colpo_rapido", BLOWS["colpo_rapido"].cost)
    attack_cost = stack_cost(prior, on_attack, costs)
    plan = Plan(late_round, on_attack, round_cost, attack_cost, new_specials)
    _check_points(actor, plan.cost, costs, late_round + on_attack, rounds + prior + on_attack)
    return plan


QUICK = "colpo_rapido"


DEFENSIVE = "combattere_sulla_difensiva"


def defensive_cap(sheet: Sheet) -> int:
    """How many Combattere sulla Difensiva still lower the AC. Seed: "combinato con quello comunemente
    concesso dal punteggio di destrezza … può concedere al massimo un bonus complessivo alla classe
    armatura di uno solo punto superiore rispetto al massimo … in considerazione del limite razziale"
    (and the armour's Dexterity cap)."""
    cap = sheet.racial_max_dex_ac_adjustment + 1 - sheet.dex_ac_adjustment
    if sheet.armour_dex_cap is not None:
        cap = min(cap, sheet.armour_dex_cap - sheet.dex_ac_adjustment)
    return cap


def _check_defensive_cap(actor: Sheet, blows: list[str]) -> None:
    """A copy of Combattere sulla Difensiva beyond the Dexterity cap would be paid for nothing: refused
    when it is declared, not found out when the first attack comes."""
    copies = blows.count(DEFENSIVE)
    cap = max(0, defensive_cap(actor))
    if copies > cap:
        raise RulesError(
            "error.adnd2cp.defensive_over_dex_cap",
            name=Term("blow", DEFENSIVE),
            copies=copies,
            cap=cap,
            dex=actor.dex_ac_adjustment,
        )


def round_under_way(actor: Sheet, round_acted: bool = False) -> bool:
    """The intentions phase is over for this round: the actor has attacked, readied a defence or spent
    the round on a wound, or (`round_acted`, the bot's word) anyone has acted in it."""
    return round_acted or actor.attacks_made > 0 or actor.readied_defence is not None or actor.has("tending_wound")


def plan_round(
    actor: Sheet,
    w: WeaponEntry | None,
    options: Options,
    settings: Settings,
    at_initiative: bool,
    round_acted: bool = False,
) -> Plan:
    """[ROUND] blows declared in the intentions phase (and Colpo Rapido at the pure initiative roll):
    for this round (paid now) or, with `next_round`, recorded for the next round / the next roll."""
    found = [blow(bid) for bid in options.blows]
    if options.casting and found:
        raise RulesError("error.adnd2cp.round_blow_with_spell", blows=blow_terms(options.blows))
    quick = [b.id for b in found if b.id == QUICK]
    rounds = [b.id for b in found if b.tag == "round"]
    others = [b.id for b in found if b.tag != "round" and b.id != QUICK]
    if others or (quick and not at_initiative):
        raise RulesError("error.adnd2cp.attack_blow_at_declaration", blows=blow_terms(others or quick))
    _check_round_weapon(found, w)
    if options.next_round:
        return _plan_next_round(actor, rounds, quick, settings)
    if rounds and round_under_way(actor, round_acted):
        option = Message("syntax.option", {"key": Term("typed_option", "next_round")})
        raise RulesError("error.adnd2cp.round_blow_too_late", blows=blow_terms(rounds), option=option)
    already = actor.round_blows
    _check_copies(already + rounds, "round")
    if DEFENSIVE in rounds:
        _check_defensive_cap(actor, already + rounds)
    _check_copies([QUICK] * actor.quick_strike + quick, "attack")
    new_specials = count_specials(rounds)
    _check_specials(actor, settings, actor.specials_used, new_specials)
    costs = {bid: blow_cost(BLOWS[bid], w, actor, options) for bid in {*already, *rounds, *quick}}
    round_cost = stack_cost(already, rounds, costs)
    prior = (already + rounds if settings.round_blows_in_every_stack else []) + [QUICK] * actor.quick_strike
    quick_cost = stack_cost(prior, quick, costs)
    plan = Plan(rounds, quick, round_cost, quick_cost, new_specials)
    _check_points(actor, plan.cost, costs, rounds + quick, already + prior + rounds + quick)
    return plan


def _check_round_weapon(found: list[Blow], w: WeaponEntry | None) -> None:
    for b in found:
        reason = weapon_refusal(b, w, w.delivery[0]) if w is not None else None
        if b.id == "attacco_extra" and w is not None and w.delivery == ["firearm"]:
            reason = "blow_delivery"
        if reason:
            raise _err(reason, b, weapon=w.id if w else None, delivery=w.delivery[0] if w else None)


def _plan_next_round(actor: Sheet, rounds: list[str], quick: list[str], settings: Settings) -> Plan:
    """Blows recorded in `pending_round_blows`: [ROUND] ones paid at the next `start_round`, Colpo Rapido
    copies paid at the next initiative roll. Limits and points are checked on everything pending, on top
    of the [ROUND] blows already paid that will still be in the stack then (`paid_at_roll`)."""
    old_rounds, _ = split_pending(actor.pending_round_blows)
    pending = actor.pending_round_blows + rounds + quick
    new_rounds, copies = split_pending(pending)
    paid = paid_at_roll(actor)
    _check_copies(paid + new_rounds, "round")
    if DEFENSIVE in rounds:
        _check_defensive_cap(actor, paid + new_rounds)
    _check_copies([QUICK] * copies, "attack")
    new_specials = count_specials(rounds)
    _check_specials(actor, settings, count_specials(paid + old_rounds), new_specials)
    total = pending_total(actor, pending, settings)
    costs = own_costs(actor, paid + new_rounds)
    _check_points(actor, total, costs, new_rounds + [QUICK] * copies, paid + pending)
    round_cost = stack_cost(paid + old_rounds, rounds, costs)
    quick_cost = total - pending_total(actor, actor.pending_round_blows, settings) - round_cost
    return Plan(rounds, quick, round_cost, quick_cost, new_specials)


def paid_at_roll(actor: Sheet) -> list[str]:
    """[ROUND] blows already paid that the next initiative roll still finds in the round's stack: this
    round's when its roll is still to come (round 1 rolls before the round starts, so blows declared
    during set-up are in its stack), none when the next roll is the next round's (its start clears them)."""
    return [] if actor.initiative_rolled else list(actor.round_blows)


def split_pending(pending: list[str]) -> tuple[list[str], int]:
    """Pending declarations: [ROUND] blows for the next round, and Colpo Rapido copies for the next roll."""
    return [bid for bid in pending if bid != QUICK], pending.count(QUICK)


def own_costs(actor: Sheet, ids: Iterable[str]) -> dict[str, int]:
    """Own costs of blows that do not depend on a weapon ([ROUND] blows, Colpo Rapido)."""
    return {bid: blow_cost(BLOWS[bid], None, actor, Options()) for bid in {*ids, QUICK}}


def added_round_cost(actor: Sheet, paid: list[str], new: list[str]) -> int:
    """Cost of [ROUND] blows added to those already paid this round (their surcharge is paid)."""
    return stack_cost(paid, new, own_costs(actor, paid + new))


def quick_strike_cost(actor: Sheet, copies: int, settings: Settings, round_blows: list[str]) -> int:
    """Colpo Rapido copies paid at the roll: own cost plus the surcharge they add to the round's stack."""
    prior = (list(round_blows) if settings.round_blows_in_every_stack else []) + [QUICK] * actor.quick_strike
    return stack_cost(prior, [QUICK] * copies, own_costs(actor, prior))


def cost_check(blows: list[str], costs: dict[str, int], total: int) -> Check:
    """What declared blows cost, as a line that adds up: each blow's own cost, then the stacking
    surcharge ("Il costo supplementare per il cumulo dei colpi di combattimento") that makes `total`."""
    parts = [part("blow." + bid, costs[bid]) for bid in blows]
    surcharge = total - sum(costs[bid] for bid in blows)
    if surcharge:
        parts.append(part("stack_surcharge", surcharge))
    return check("blows_cost", parts=parts)


def pending_total(actor: Sheet, pending: list[str], settings: Settings) -> int:
    """Everything pending costs: the [ROUND] blows at the round's start plus Colpo Rapido at the roll,
    each stacked on the [ROUND] blows already paid that are still in the stack then (`paid_at_roll`)."""
    rounds, copies = split_pending(pending)
    paid = paid_at_roll(actor)
    costs = own_costs(actor, paid + rounds)
    prior = paid + rounds if settings.round_blows_in_every_stack else []
    return stack_cost(paid, rounds, costs) + stack_cost(prior, [QUICK] * copies, costs)


def plan_defence(defender: Sheet, options: Options, settings: Settings) -> Plan:
    """The defender's Deflessione Superiore / Evasione Migliorata against one incoming attack."""
    found = [blow(bid) for bid in options.target_blows]
    for b in found:
        if not b.defensive:
            raise _err("not_a_defensive_blow", b)
        reason = defender_refusal(b, defender, options, settings)
        if reason:
            raise _err(
                reason,
                b,
                bonus=options.deflection_bonus if b.id == "deflessione_superiore" else options.evasion_bonus,
            )
    ids = [b.id for b in found]
    _check_copies(ids, "defence")
    _check_specials(defender, settings, defender.specials_used, len(ids))
    costs = {b.id: blow_cost(b, None, defender, options) for b in found}
    for bid in defender.round_blows:
        costs.setdefault(bid, BLOWS[bid].cost)
    prior = defender.round_blows if settings.round_blows_in_every_stack else []
    plan = Plan([], ids, 0, stack_cost(prior, ids, costs), len(ids))
    if ids:
        _check_points(defender, plan.cost, costs, ids, prior + ids)
    return plan
