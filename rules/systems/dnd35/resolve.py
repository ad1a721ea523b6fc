"""One `/attack` or `/shot`: the kind of action, the attacks it makes (single, full, two-weapon), an
attack of opportunity it provokes, and what it leaves on both sheets."""

from __future__ import annotations

from typing import Any

from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Damage, Modifier, Note
from rules.system import ActionRequest
from rules.systems.dnd35.acting import ActionKind, begin_action, end_action, restricted
from rules.systems.dnd35.attack import (
    SYSTEM_ID,
    Fight,
    Swing,
    base_mods,
    check_can_act,
    counts_as_light,
    nonlethal_mode,
    off_hand_weapon,
    pick_weapon,
    situation_mods,
    strike_fields,
)
from rules.systems.dnd35.defense import ArmorClass, armor_class
from rules.systems.dnd35.hp import (
    HP_FIELDS,
    condition_list,
    diff,
    dumped,
    effective_conditions,
    mod,
    note,
    sheet_state,
    with_conditions,
)
from rules.systems.dnd35.opportunity import check_aoo, unarmed_provocation
from rules.systems.dnd35.options import Options
from rules.systems.dnd35.settings import Settings
from rules.systems.dnd35.sheet import Sheet, Weapon
from rules.systems.dnd35.tables import CANNOT_ACT, TWO_WEAPON
from rules.trusted import trusted as built


def iterative_babs(bab: int) -> list[int]:
    """bab, bab−5, bab−10, bab−15 while ≥ +1, at most 4 [SRD-EXT]; always at least one attack."""
    return [bab - 5 * k for k in range(4) if k == 0 or bab - 5 * k >= 1]


def is_full_attack(opts: Options) -> bool:
    """A full attack (iterative or two-weapon) — never as an attack of opportunity, a readied attack or
    a charge ("během zteče můžeš zaútočit jen jednou")."""
    wanted = opts.full_attack or opts.two_weapon
    return wanted and not (opts.attack_of_opportunity or opts.readied or opts.charge)


def attack_kind(opts: Options) -> ActionKind:
    """Which kind of action this attack or shot is (see `acting.py`); a charge is a full-round action
    that restricted activity still allows as a standard one, so it counts as standard here."""
    if opts.attack_of_opportunity:
        return "reaction"
    if opts.readied:
        return "readied"
    return "full_round" if is_full_attack(opts) else "standard"


def charges(opts: Options, ranged: bool) -> bool:
    return opts.charge and not ranged


def plan(fight: Fight, weapon: Weapon) -> list[Swing]:
    """The attacks of this action: one, iterative (full attack) and the off-hand attack."""
    opts, actor = fight.opts, fight.actor
    situation = situation_mods(fight, weapon)
    full = is_full_attack(opts)
    if (opts.full_attack or opts.two_weapon) and opts.charge:
        fight.notes.append(note("charge_single_attack"))
    two_hand = weapon.category == "two_handed" or (opts.two_handed and not weapon.is_light)
    grip = "two" if two_hand and not (full and opts.two_weapon) else "one"
    if weapon.category == "projectile" or weapon.is_ranged_only:
        grip = "one"
    babs = iterative_babs(actor.bab) if full else [actor.bab]
    primary_pen: list[Modifier] = []
    swings: list[Swing] = []
    off: Weapon | None = None
    if full and opts.two_weapon:
        off = off_hand_weapon(actor, weapon, opts.off_hand_weapon, fight.ranged)
        light = counts_as_light(off) or (off is weapon and not fight.ranged)  # a double weapon's end
        p, o = TWO_WEAPON[(light, actor.has_feat("two_weapon_fighting"))]
        primary_pen = [mod("two_weapon_primary", p)]
        off_pen = [mod("two_weapon_off_hand", o)]
        grip = "one"
    for bab in babs:
        swings.append(Swing(weapon, base_mods(actor, weapon, bab, fight.ranged) + situation + primary_pen, grip))
    if off is not None:
        off_situation = situation_mods(fight, off) if off is not weapon else situation
        mods = base_mods(actor, off, actor.bab, fight.ranged) + off_situation + off_pen
        swings.append(Swing(off, mods, "off", "off"))
    return swings


def attacker_before(start: Sheet, opts: Options, settings: Settings, kind: ActionKind, ranged: bool) -> Sheet:
    """The attacker as the action starts (`acting.begin_action`: counted against the turn); with
    `charge_ac_from = charge_start` a charger has its −2 AC already during the charge's movement (before
    any AoO it provokes)."""
    if kind == "reaction":
        check_aoo(start, opts)
    actor = begin_action(start, settings, kind, charges(opts, ranged))
    if charges(opts, ranged) and settings.charge_ac_from == "charge_start":
        actor = with_conditions(actor, add=("charging",))
    return actor


def attacker_after(fight: Fight, kind: ActionKind) -> Sheet:
    """The attacker's new stance (charging, fighting defensively) and a disabled attacker's 1 HP; an
    attack of opportunity is not the attacker's own action and starts no stance."""
    actor, opts = fight.actor, fight.opts
    if kind != "reaction":
        stances = [("charging", charges(opts, fight.ranged)), ("fighting_defensively", opts.fighting_defensively)]
        actor = with_conditions(actor, add=tuple(name for name, on in stances if on))
    return end_action(fight.req.actor.sheet, actor, fight.settings, kind, fight.notes)


def summary(fight: Fight, subs: list[ActionResult]) -> dict[str, Any]:
    """A full attack's top result (as its fields): every roll, total damage, the target's final state."""
    outcomes = {s.outcome for s in subs}
    top: dict[str, Any] = {
        "system": SYSTEM_ID,
        "action": "shot" if fight.ranged else "attack",
        "actor": fight.req.actor.name,
        "target": subs[0].target,
        "weapon": subs[0].weapon,
        "attacks": subs,
        "rolls": list(fight.roller.rolls),
        "outcome": "crit" if "crit" in outcomes else ("hit" if "hit" in outcomes else "miss"),
        "wound": subs[-1].wound,
        "conditions": subs[-1].conditions,
    }
    damages = [s.damage for s in subs if s.damage is not None]
    if damages:
        kinds = {d.kind for d in damages}
        top["damage"] = built(
            Damage,
            {
                "dice": [f for d in damages for f in d.dice],
                "rolled": sum(d.rolled for d in damages),
                "applied": sum(d.applied for d in damages),
                "kind": kinds.pop() if len(kinds) == 1 else "mixed",
            },
        )
    return top


def _strikes(fight: Fight, swings: list[Swing]) -> list[dict[str, Any]]:
    invisible = attacker_invisible(fight)
    subs: list[dict[str, Any]] = []
    for swing in swings:
        if subs and fight.settings.stop_full_attack_when_dead and "dead" in fight.target.conditions:
            skipped = len(swings) - len(subs)
            fight.notes.append(Note(key="target_dead_attacks_skipped", params={"skipped": skipped}))
            break
        subs.append(strike_fields(fight, swing, strike_ac(fight, invisible)))
    return subs


def attacker_invisible(fight: Fight) -> bool:
    return fight.opts.invisible or "invisible" in fight.actor.conditions


def strike_ac(fight: Fight, invisible: bool) -> ArmorClass:
    """The AC the next attack must reach: the target as it stands now."""
    opts = fight.opts
    return armor_class(
        fight.target,
        opts,
        fight.settings,
        ranged=fight.ranged,
        touch=opts.touch,
        actor_invisible=invisible,
        flags=fight.target_flags,
    )


def _interrupted(fight: Fight, weapon: Weapon, aoo: ActionResult) -> dict[str, Any]:
    """The attack of opportunity took the attacker out before its own attack (the result's fields)."""
    fight.notes.append(note("attack_interrupted"))
    return {
        "system": SYSTEM_ID,
        "action": "shot" if fight.ranged else "attack",
        "actor": fight.req.actor.name,
        "target": aoo.actor,
        "weapon": weapon.name,
        "rolls": list(fight.roller.rolls),
        "outcome": "interrupted",
        "wound": sheet_state(fight.target),
        "conditions": condition_list(fight.target),
        "attacks": [aoo],
    }


def setup(req: ActionRequest, dice: DiceSource, ranged: bool) -> tuple[Fight, Weapon, ActionKind]:
    """What comes before any die: refusals, the attacker as the action starts, the fight, the weapon."""
    if req.target is None:
        raise RulesError("error.dnd35.no_target")
    start: Sheet = req.actor.sheet
    check_can_act(start)
    opts: Options = req.options  # type: ignore[assignment]
    settings: Settings = req.settings  # type: ignore[assignment]
    kind = attack_kind(opts)
    actor = attacker_before(start, opts, settings, kind, ranged)
    fight = Fight(req, actor, req.target.sheet, opts, settings, Roller(dice), ranged)
    if charges(opts, ranged) and restricted(start):
        fight.notes.append(note("charge_restricted"))
    return fight, pick_weapon(actor, req.weapon, ranged), kind


def resolve(req: ActionRequest, dice: DiceSource, ranged: bool) -> ActionResult:
    fight, weapon, kind = setup(req, dice, ranged)
    assert req.target is not None
    start: Sheet = req.actor.sheet
    provoked = unarmed_provocation(fight, weapon)
    if provoked is not None and effective_conditions(fight.actor) & CANNOT_ACT:
        fields = _interrupted(fight, weapon, provoked)
    else:
        fields = _attacks(fight, weapon)
        if provoked is not None:
            fields["attacks"] = [provoked, *fields.get("attacks", ())]
    actor_new = attacker_after(fight, kind)
    fields["notes"] = [*fields.get("notes", ()), *fight.notes]
    changes = diff(req.target.name, req.target.sheet, fight.target, HP_FIELDS)
    fields["changes"] = changes + diff(req.actor.name, start, actor_new, HP_FIELDS)
    target_start: Sheet = req.target.sheet
    fields["target_sheet"] = dumped(fight.target, target_start) if fight.target is not target_start else None
    fields["actor_sheet"] = dumped(actor_new, start) if actor_new is not start else None
    return built(ActionResult, fields)


def swings_of(fight: Fight, weapon: Weapon) -> list[Swing]:
    """The attacks of this action (`plan`) with the nonlethal swap's penalty on each."""
    swings = plan(fight, weapon)
    _, swap_penalty = nonlethal_mode(fight.actor, weapon, fight.opts)
    if swap_penalty:
        for swing in swings:
            swing.mods.append(mod("nonlethal_swap", swap_penalty))
    return swings


def _attacks(fight: Fight, weapon: Weapon) -> dict[str, Any]:
    """The attack rolls themselves (the result's fields): one attack, or a full attack's summary with
    every attack in it."""
    swings = swings_of(fight, weapon)
    subs = _strikes(fight, swings)
    if len(swings) == 1:
        return subs[0]
    return summary(fight, [built(ActionResult, f) for f in subs])
