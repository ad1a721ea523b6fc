"""Attacks and shots: the hit test against physical defence, the pending exchange, parry and dodge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rules.checks import check, dump_checks, load_checks
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Check, Die, Note, Part, Term, term
from rules.system import ActionRequest, DefenceRequest, Fighter

from .area_attack import area_attack
from .checks import Situation
from .conditions import condition_keys
from .damage import DamagePlan
from .described import against_defence, defence_check, defence_test_check, hit_test_check, plain_params, term_params
from .finish import finish
from .hit import apply_hit
from .hit_test import Attempt
from .made import modifiers, note, plain_modifier, result, rolls
from .options import Options
from .parry import default_choice
from .phases import DEFENCE_OUTCOMES, Setup, defence_of, defence_roll, hit_roll, setup, with_distance
from .settings import Settings
from .sheet import Sheet, Weapon
from .tables import SYSTEM_ID

DEFENCE_CHOICES = ("parry", "dodge", "none")
_EXCHANGE_KEYS = frozenset({"total", "st", "margin", "rolls", "modifiers", "plan", "defences"})


def _target(req: ActionRequest) -> Fighter[Sheet]:
    if req.target is None:
        raise RulesError("error.pl_wladanie.no_target")
    target: Fighter[Sheet] = req.target  # Fighter[Any]: typed by annotation (no cast call per attack)
    return target


def _plan_dict(plan: DamagePlan) -> dict[str, Any]:
    return {
        "dice": plan.dice,
        "category": plan.category,
        "strength_bonus": plan.strength_bonus,
        "weak": plan.weak,
        "modifiers": [{"key": m.key, "value": m.value} for m in plan.modifiers],
        "dice_expr": plan.dice_expr,
        "dice_steps": [[key, value] for key, value in plan.dice_steps],
    }


def _plan(data: Mapping[str, Any]) -> DamagePlan:
    mods = tuple([plain_modifier(m["key"], m["value"]) for m in data["modifiers"]])
    steps = data.get("dice_steps", ())
    expr = data.get("dice_expr")
    return DamagePlan(
        str(data["dice"]), int(data["category"]), int(data["strength_bonus"]), bool(data["weak"]), mods,
        str(expr) if expr is not None else None,
        tuple([(str(key), int(value)) for key, value in steps]) if steps else (),
    )  # fmt: skip


def _self_injury(weapon: Weapon, opts: Options, settings: Settings) -> bool:
    if "unarmed" not in weapon.traits or settings.unarmed_self_injury == "off":
        return False
    return settings.unarmed_self_injury == "always" or opts.hard_target


# --- attack and shot ---------------------------------------------------------------------------------
def resolve_attack(req: ActionRequest, dice: DiceSource, *, ranged: bool) -> ActionResult:
    actor: Fighter[Sheet] = req.actor  # Fighter[Any]: typed by annotation (no cast call per attack)
    opts = cast(Options, req.options)
    settings = cast(Settings, req.settings)
    if actor.sheet.helpless is not None:
        raise RulesError("error.pl_wladanie.cannot_act", name=actor.name, state=Term("wound", actor.sheet.helpless))
    weapon = actor.sheet.weapon(req.weapon, ranged=ranged)
    req = with_distance(req)
    if ranged and opts.area:
        return area_attack(req, actor, weapon, opts, settings, dice)
    if opts.landing:
        raise RulesError("error.pl_wladanie.landing_needs_area")
    s = setup(req, actor, _target(req), weapon, ranged=ranged)
    target, attempt, sit, base, against_key, st = s.target, s.attempt, s.sit, s.base, s.against_key, s.st
    roller = Roller(dice)
    bonus = sum([m.value for m in attempt.modifiers])  # `attempt.bonus` before its int()
    shown, total, hit = hit_roll(roller, settings, int(bonus), st)
    margin = total - st
    # Both checks take the raw their numbers already add up to when those are whole (the ST's always are:
    # the sheet's defence and the situation's constants), instead of summing their parts again.
    whole_st = not sit.st_mods or all(type(m.value) is int for m in sit.st_mods)
    versus = defence_check(against_key, base, sit.st_mods, st if whole_st else None)
    outcome = "hit" if hit else "miss"
    attack = hit_test_check(shown, attempt.modifiers, versus, outcome, total if type(bonus) is int else None)
    notes = list(attempt.notes)
    if sit.helpless is not None:
        notes.append(note("helpless_target", {"state": Term("wound", sit.helpless)}))
    if sit.unprepared:
        notes.append(note("unprepared_defence", {"surprise": sit.surprised, "unseen": sit.unseen}))
    fields: dict[str, Any] = {
        "system": SYSTEM_ID,
        "action": "shot" if ranged else "attack",
        "actor": actor.name,
        "target": target.name,
        "weapon": weapon.id,
        "rolls": roller.rolls,
        "modifiers": [*attempt.modifiers, *sit.st_mods],
        "total": total,
        "against": st,
        "against_key": against_key,
        "margin": margin,
        "notes": [*notes, note("st", {"defence": base, "st": st})],
        "conditions": condition_keys(target.sheet),
        "checks": [attack],
    }
    if not hit:
        fields["outcome"] = "miss"
        return finish(fields, None, actor, attempt.fatigue)
    allowed = s.defences
    if allowed == ["none"]:
        return _undefended(fields, roller, s, opts, settings)
    exchange = _exchange(attempt, fields, sit, opts, settings, allowed, target.sheet)
    fields.update(outcome="pending_defence", defences=allowed, exchange=exchange)  # fields is this result's own
    return result(fields)


def _undefended(fields: dict[str, Any], roller: Roller, s: Setup, opts: Options, settings: Settings) -> ActionResult:
    """The seed: "Atakowany nie może parować i unikać ataków": nothing to answer, the blow lands at once (no
    exchange; `defences` stays empty)."""
    plan = s.attempt.plan
    assert plan is not None
    fields["outcome"] = "hit"
    fields["notes"].append(note("no_active_defence"))
    blow = apply_hit(
        roller, s.actor, s.target, total=int(fields["total"]), plan=plan, aimed=opts.location, settings=settings,
        self_injury=_self_injury(s.weapon, opts, settings),
    )  # fmt: skip
    return finish(fields, blow, s.actor, s.attempt.fatigue)


def _exchange(
    attempt: Attempt,
    fields: dict[str, Any],
    sit: Situation,
    opts: Options,
    settings: Settings,
    allowed: list[str],
    target: Sheet,
) -> dict[str, Any]:
    """Plain JSON with everything `defend` needs to finish the attack."""
    assert attempt.plan is not None
    return {
        "system": SYSTEM_ID,
        "action": fields["action"],
        "kind": attempt.kind,
        "weapon": attempt.weapon.id,
        "total": fields["total"],
        "st": fields["against"],
        "against_key": fields["against_key"],
        "margin": fields["margin"],
        "rolls": [{"purpose": r.purpose, "sides": r.sides, "face": r.face} for r in fields["rolls"]],
        "modifiers": [{"key": m.key, "value": m.value} for m in fields["modifiers"]],
        "notes": [{"key": n.key, "params": plain_params(n.params)} for n in fields["notes"]],
        "checks": dump_checks(fields["checks"]),
        "active_modifiers": [{"key": m.key, "value": m.value} for m in sit.active_mods],
        "defences": allowed,
        "default": default_choice(target, allowed, settings),
        "plan": _plan_dict(attempt.plan),
        "location": opts.location,
        "self_injury": _self_injury(attempt.weapon, opts, settings),
        "fatigue": attempt.fatigue,
    }


# --- the defender's answer ------------------------------------------------------------------------
def default_defence(exchange: Mapping[str, Any]) -> str | None:
    choice = exchange.get("default")
    return str(choice) if choice is not None else None


def defend(req: DefenceRequest, dice: DiceSource) -> ActionResult:
    ex = req.exchange
    if ex.get("system") != SYSTEM_ID or not _EXCHANGE_KEYS <= ex.keys():
        missing = sorted(_EXCHANGE_KEYS - ex.keys())
        raise RulesError("error.pl_wladanie.bad_exchange", missing=missing, problem="")
    try:
        return _defend(req, dice)
    except (KeyError, TypeError, ValueError) as exc:  # a hand-edited exchange
        raise RulesError("error.pl_wladanie.bad_exchange", missing=[], problem=str(exc)) from None


def _defend(req: DefenceRequest, dice: DiceSource) -> ActionResult:
    ex = req.exchange
    defender: Fighter[Sheet] = req.defender  # Fighter[Any]: typed by annotation (no cast call)
    attacker: Fighter[Sheet] = req.attacker
    settings = cast(Settings, req.settings)
    # One who went down since the attack was made (another blow in between) cannot defend any more.
    allowed = ["none"] if defender.sheet.helpless else list(ex.get("defences", DEFENCE_CHOICES))
    choice = req.choice or default_defence(ex) or "none"
    refused: list[Note] = []
    if choice not in DEFENCE_CHOICES:
        raise RulesError("error.pl_wladanie.defence_unknown", choice=choice, allowed=_defences(allowed))
    if req.choice is not None and choice not in allowed and allowed != ["none"]:
        # A defence typed that this attack never offered (a shot parried without a shield): refused with why,
        # not rolled as no defence; the player picks again. (Nothing left to pick: the note below.)
        raise RulesError(_not_offered(choice, ex.get("action") == "shot", settings), allowed=_defences(allowed))
    if choice not in allowed:  # e.g. a surprised defender asked to parry: the blow lands undefended
        refused.append(
            Note(key="defence_not_allowed", params={"choice": Term("defence", choice), "allowed": _defences(allowed)})
        )
        choice = "none"
    roller = Roller(dice)
    total = int(ex["total"])
    fields: dict[str, Any] = {
        "system": SYSTEM_ID,
        "action": str(ex.get("action", "attack")),
        "actor": attacker.name,
        "target": defender.name,
        "weapon": ex.get("weapon"),
        "rolls": roller.rolls,  # the attack's rolls go in front when the result is built
        "modifiers": modifiers(ex["modifiers"]),  # plain JSON: validated here
        "total": total,
        "against": int(ex["st"]),
        "against_key": str(ex.get("against_key", "physical_defence")),
        "margin": int(ex["margin"]),
        "notes": [*(_note(n) for n in ex.get("notes", [])), *refused],
        "conditions": condition_keys(defender.sheet),
        "outcome": "hit",
        "checks": _attack_checks(ex),
    }
    fatigue = int(ex.get("fatigue", 0))
    if choice != "none" and _active_defence(fields, roller, defender.sheet, choice, ex, settings):
        fields["rolls"] = [*rolls(ex["rolls"]), *roller.rolls]
        return finish(fields, None, attacker, fatigue)
    hit = apply_hit(
        roller,
        attacker,
        defender,
        total=total,
        plan=_plan(ex["plan"]),
        aimed=ex.get("location"),
        settings=settings,
        self_injury=bool(ex.get("self_injury")),
    )
    fields["rolls"] = [*rolls(ex["rolls"]), *roller.rolls]
    return finish(fields, hit, attacker, fatigue)


def _active_defence(
    fields: dict[str, Any],
    roller: Roller,
    sheet: Sheet,
    choice: str,
    ex: Mapping[str, Any],
    settings: Settings,
) -> bool:
    """Parry (parowanie) or dodge (unik): test die + skill + modifiers against the attack total.

    Updates the result fields in place; True when the defence stops the hit."""
    active = [plain_modifier(m["key"], m["value"]) for m in ex.get("active_modifiers", [])]
    defence, mods = defence_of(sheet, choice, active)
    notes: list[Any] = fields["notes"]
    notes += defence.notes
    if choice == "parry":
        cost = term("term", "cost_bonus_action" if defence.bonus_action else "cost_regular_action")
        notes.append(note("defence_action", {"cost": cost}))
    total = int(fields["total"])
    bonus = sum([m.value for m in mods])
    shown, defence_total, stopped = defence_roll(roller, settings, choice, int(bonus), total)
    if settings.parry_resolution == "gm":
        notes.append(note("gm_adjudicates_defence", {"defence": defence_total, "attack": total}))
    notes.append(note("hit_test", {"total": total, "st": fields["against"]}))
    fields["defence_modifiers"] = mods
    fields.update(against=defence_total, against_key=choice, margin=total - defence_total)
    if stopped:
        fields["outcome"] = DEFENCE_OUTCOMES[choice]
    # Whole modifiers (the usual case): the test's total is its raw, as `summed` would add it up again.
    tested = defence_test_check(choice, shown, mods, defence_total if type(bonus) is int else None)
    fields["checks"].append(against_defence(total, tested, fields["outcome"]))
    return stopped


def _not_offered(choice: str, shot: bool, settings: Settings) -> str:
    """Why a defence is not offered: parry against a shot, by the GM's `ranged_parry`, else in general."""
    if shot and choice == "parry" and settings.ranged_parry == "shield_only":
        return "error.pl_wladanie.ranged_parry_shield_only"
    if shot and choice == "parry" and settings.ranged_parry == "never":
        return "error.pl_wladanie.ranged_parry_never"
    return "error.pl_wladanie.defence_not_offered"


def _defences(choices: list[str]) -> list[Term]:
    return [Term("defence", c) for c in choices]


def _note(data: Mapping[str, Any]) -> Note:
    """A note the attack half carried as plain JSON (its terms made `Term`s again)."""
    params = data.get("params", {})
    return note(str(data["key"]), term_params(params if type(params) is dict else dict(params)))


def _attack_checks(ex: Mapping[str, Any]) -> list[Check]:
    """The hit test against the ST as the attack half showed it (rebuilt for an exchange made before
    checks travelled in it: its dice, the attacker's modifiers and the ST as one number)."""
    if "checks" in ex:
        return load_checks(ex["checks"])
    dice = [Die(int(r["sides"]), int(r["face"])) for r in ex["rolls"] if r.get("purpose") == "attack"]
    mods = [m for m in ex["modifiers"] if not str(m["key"]).startswith(("defence_", "area_"))]
    key = str(ex.get("against_key", "physical_defence"))
    versus = check(key, side="target", parts=[Part(key, int(ex["st"]), "target")])
    return [check("attack", dice=dice, parts=[Part(str(m["key"]), m["value"]) for m in mods if m["value"]],
                  versus=versus, outcome="hit")]  # fmt: skip
