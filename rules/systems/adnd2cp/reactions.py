"""What happens outside one's own turn: the defender's blows against an incoming attack, readied with
`defend`, and attacks of opportunity / counter-attacks (`opportunity`), each within its limits."""

from __future__ import annotations

from typing import cast

from rules.errors import RulesError
from rules.model import ActionResult, Message, Note, Term
from rules.system import ActionRequest
from rules.systems.adnd2cp.blows import BLOWS
from rules.systems.adnd2cp.common import blow_terms, note
from rules.systems.adnd2cp.options import Options
from rules.systems.adnd2cp.rounds import sheet_result
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import ReadiedDefence, Sheet
from rules.systems.adnd2cp.stacking import Plan, blow_cost, cost_check, plan_defence

_DEFENCE_FIELDS = ("deflection_bonus", "evasion_bonus", "evasion_mastery", "dodge")


def defence_terms(blows: list[str], dodge: bool) -> list[Term]:
    """The readied defence as the reader sees it: its blows, and the plain Schivata when tried."""
    return blow_terms(blows) + ([Term("term", "dodge_try")] if dodge else [])


# --- the defender's blows ---------------------------------------------------------------------------
def defend(req: ActionRequest) -> ActionResult:
    """Deflessione Superiore / Evasione Migliorata (or a plain Schivata) against the next attack on the
    actor this round. Checked now (art, bonus, special-blow limit, points), paid when the attack comes:
    they are [ATTACCO] blows of that attack. Without blows or dodge it takes the readied defence back."""
    actor = cast(Sheet, req.actor.sheet)
    options, settings = cast(Options, req.options), cast(Settings, req.settings)
    blows = options.blows or options.target_blows
    if not blows and not options.dodge:
        after = actor.model_copy(update={"readied_defence": None})
        return sheet_result("defend", req.actor, actor, after, notes=[Note(key="defence_cancelled")])
    plan = plan_defence(actor, options.model_copy(update={"target_blows": blows}), settings)
    readied = ReadiedDefence(blows=blows, **{f: getattr(options, f) for f in _DEFENCE_FIELDS})
    after = actor.model_copy(update={"readied_defence": readied})
    # The defender's own points: shown to its player against a hidden attacker.
    terms = defence_terms(blows, options.dodge)
    readied_note = (
        note("defence_readied", {"defence": terms, "cost": plan.cost}, "actor")
        if blows
        else note("defence_readied_free", {"defence": terms}, "actor")  # a plain Schivata: no points
    )
    shown = [cost_check(blows, defence_costs(actor, blows, options), plan.cost)] if blows else []
    return sheet_result(
        "defend",
        req.actor,
        actor,
        after,
        outcome="declared",
        total=plan.cost if blows else None,  # a plain Schivata costs nothing: no bare "= 0" line
        notes=[readied_note],
        checks=shown,
    )


def defence_costs(defender: Sheet, blows: list[str], options: Options) -> dict[str, int]:
    """Each defensive blow's own cost with the bonus bought (Deflessione Superiore +1 a point …)."""
    return {bid: blow_cost(BLOWS[bid], None, defender, options) for bid in blows}


def _names_its_defence(options: Options) -> bool:
    return bool(options.target_blows) or options.dodge


def with_readied_defence(target: Sheet, options: Options, notes: list[Note]) -> tuple[Options, Sheet]:
    """The attack's options with the target's readied defence (unless the attack names one itself), and
    the target without it: a readied defence answers one attack."""
    readied = target.readied_defence
    if readied is None or _names_its_defence(options):
        return options, target
    merged = options.model_copy(
        update={"target_blows": readied.blows, **{f: getattr(readied, f) for f in _DEFENCE_FIELDS}}
    )
    notes.append(Note(key="defence_readied_used", params={"defence": defence_terms(readied.blows, readied.dodge)}))
    return merged, target.model_copy(update={"readied_defence": None})


def plan_readied_defence(target: Sheet, options: Options, settings: Settings, notes: list[Note]) -> Plan | None:
    """The defence's plan; a readied one that no longer fits (points spent, special blow used since)
    lapses with its reason instead of stopping the attacker."""
    if not options.target_blows:
        return None
    try:
        return plan_defence(target, options, settings)
    except RulesError as exc:
        reason = Message(exc.key, exc.params)
        notes.append(Note(key="defence_lapsed", params={"defence": blow_terms(options.target_blows), "reason": reason}))
        return None


# --- attacks of opportunity -------------------------------------------------------------------------
def check_opportunity(actor: Sheet, options: Options, settings: Settings) -> None:
    """The seed counts attacks of opportunity ("o attacchi alle spalle") among the supplementary attacks
    and gives no number a round: the GM setting does (house default 1)."""
    if not options.opportunity:
        return
    limit = settings.opportunity_attacks_per_round
    if actor.opportunity_attacks_made >= limit:
        raise RulesError("error.adnd2cp.opportunity_limit", limit=limit, made=actor.opportunity_attacks_made)
