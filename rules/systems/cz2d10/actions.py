"""Initiative, round upkeep and the non-attack activities that spend the five actions of a round."""

from __future__ import annotations

from typing import Any

from rules.checks import check, fixed
from rules.dice import DiceSource, Roller
from rules.model import ActionResult, Modifier, Note
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10.derive import (
    acceleration_price,
    actions_left,
    actions_per_round,
    base_actions,
    faints_after_failed_shock,
    initiative_value,
    max_melee_skill,
    may_charge,
    out_of_fight,
    skill_levels,
    slowdown_total,
    weapon_of,
)
from rules.systems.cz2d10.options import Options
from rules.systems.cz2d10.resolve import SYS, changes, disarm_parts, err, opposed_check, spend_out_of_turn
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.shown import d10s, parts, terms
from rules.systems.cz2d10.tables import WEAPONS, lookup_id

ACTIONS: tuple[str, ...] = (
    "draw",
    "step",
    "move",
    "run",
    "wait",
    "stance",
    "reload",
    "accelerate",
    "stand_up",
    "recover",
    "shock",
    "stun",
    "other",
    "pass",
    "cover_ally",
    "disarm",
    "rest",
)


def _result(action: str, f: Fighter[Any], before: Sheet, upd: dict[str, Any], **kw: Any) -> ActionResult:
    after = before.updated(upd)
    return ActionResult(
        system=SYS,
        action=action,
        actor=f.name,
        changes=changes(f.name, before, after, upd),
        actor_sheet=after.dump() if upd else None,
        **kw,
    )


def initiative(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """I1–I4: 2d10 + (reaction + one-off bonuses − slowdown); slow combatants lose actions."""
    settings: Settings = req.settings  # type: ignore[assignment]
    s: Sheet = req.actor.sheet
    roller = Roller(dice)
    init = initiative_value(s, settings.polygonal)
    faces = [roller.d(10, "initiative"), roller.d(10, "initiative")]
    total = sum(faces) + init
    per = actions_per_round(s, settings.polygonal)
    notes = slow_notes(s, init, per)
    if not may_charge(s, settings):
        notes.append(Note(key="cannot_charge"))
    upd: dict[str, Any] = {"initiative_roll": total}
    if s.actions_left is None or not s.has_acted:
        upd["actions_left"] = per
    mods = [Modifier(key="reaction", value=s.reaction)]
    if s.initiative_bonus:
        mods.append(Modifier(key="initiative_bonus", value=s.initiative_bonus))
    if s.initiative_fixed is None:
        mods.append(Modifier(key="slowdown", value=-slowdown_total(s, settings.polygonal)))
    else:
        mods = [Modifier(key="initiative", value=init)]
    tiebreak = [init] if settings.init_tie_break == "initiative_then_rolloff" else []
    shown_parts = [(m.key, m.value) for m in mods if m.value or m.key in ("reaction", "initiative")]
    shown = check("initiative", dice=d10s(faces), parts=parts((k, int(v)) for k, v in shown_parts))
    if s.initiative_fixed is not None:
        shown.parts[0].key = "initiative_fixed"
    return _result(
        "initiative",
        req.actor,
        s,
        upd,
        rolls=roller.rolls,
        modifiers=mods,
        total=total,
        tiebreak=tiebreak,
        notes=notes,
        checks=[shown],
    )


def slow_notes(s: Sheet, init: int, per: int) -> list[Note]:
    """I4/I6 notes that state the actions actually given this round (`per`, acceleration included)."""
    if init >= 0:
        return []
    if s.mounted:
        key = "rider_counts_as_low" if init < -5 else "rider_ignores_slow"
        return [Note(key=key, params={"initiative": init, "actions": per})]
    return [Note(key="slow_low" if base_actions(init) == 4 else "slow_very_low", params={"actions": per})]


def start_round(f: Fighter[Any], settings: Settings, round_no: int) -> ActionResult | None:
    """Five (or fewer) fresh actions; unused ones are lost except as a reserve for a counter-attack."""
    s: Sheet = f.sheet
    per = actions_per_round(s, settings.polygonal)
    upd: dict[str, Any] = {
        "actions_left": per,
        "actions_reserve": actions_left(s, settings.polygonal) if s.has_acted else 0,
        "acted_this_round": False,
        "moved_this_round": False,
        "stepped_this_round": False,
        "counter_attacks_used": 0,
        "attacks_on": {},
        "attackers": [],
        "charging": False,
        "off_balance": 0,
        "waiting": False,
        "reflexes_against": {},
        "opponents_top_initiative": None,
    }
    if settings.duel_system == "vzor2":
        upd["reflex_actions_left"] = s.battle_reflexes * settings.reflex_virtual_actions
    notes = []
    price = acceleration_price(s, settings.polygonal)
    if price and round_no % 2 == 1:
        upd["stun"] = s.stun + price
        notes.append(Note(key="acceleration_stun", params={"stun": price}))
    if s.reload_left and s.spanning:
        notes.append(Note(key="still_spanning", params={"actions": s.reload_left}))
    back = s.initiative_before_wait
    if back is not None:  # L357: a wait lasts the round; the new round finds it on its own count again
        upd.update(initiative_roll=back, initiative_before_wait=None)
    upd = {k: v for k, v in upd.items() if getattr(s, k) != v}
    if not upd:
        return None
    if back is not None:
        init = initiative_value(s, settings.polygonal)
        tiebreak = [init] if settings.init_tie_break == "initiative_then_rolloff" else []
        return _result(
            "start_round",
            f,
            s,
            upd,
            notes=notes,
            outcome="initiative_changed",
            total=back,
            tiebreak=tiebreak,
            checks=[fixed("initiative", back, "initiative_roll")],
        )
    return _result("start_round", f, s, upd, notes=notes)


def _slow(s: Sheet, settings: Settings) -> bool:
    return initiative_value(s, settings.polygonal) < 0


def _spend(s: Sheet, cost: int, settings: Settings) -> dict[str, Any]:
    left = actions_left(s, settings.polygonal)
    if cost > left:
        raise err("not_enough_actions", needed=cost, left=left)
    return {"actions_left": left - cost, "acted_this_round": True, "has_acted": True}


def act(action: str, req: ActionRequest, dice: DiceSource) -> ActionResult:
    settings: Settings = req.settings  # type: ignore[assignment]
    opts: Options = req.options  # type: ignore[assignment]
    s: Sheet = req.actor.sheet
    if action not in ACTIONS:
        raise err("unknown_action", action=action, allowed=terms("action", ACTIONS))
    if opts.held and not s.waiting:
        raise err("not_waiting")
    if action == "disarm":
        return disarm_in_defence(req, dice)
    handler = _HANDLERS[action]
    cost, upd, notes = handler(s, opts, settings, req)
    if opts.cost is not None:
        cost = opts.cost
    if cost and action != "pass" and out_of_fight(s, settings):
        raise err("out_of_fight")
    spent = _spend(s, cost, settings) if cost else {}
    if action not in ("reload",) and s.spanning and cost:
        spent["spanning"] = False
    res = _result(action, req.actor, s, {**spent, **upd}, notes=notes, modifiers=[Modifier(key="actions", value=cost)])
    if action == "cover_ally" and req.target is not None:
        _cover_the_ally(res, req.target, notes)
    if action == "wait" and opts.new_initiative is not None:
        res.outcome = "initiative_changed"
        res.total = opts.new_initiative
        res.tiebreak = _tiebreak(s, settings)
        res.checks = [fixed("initiative", opts.new_initiative, "new_initiative")]
    return res


def _tiebreak(s: Sheet, settings: Settings) -> list[int]:
    value = initiative_value(s, settings.polygonal)
    return [value] if settings.init_tie_break == "initiative_then_rolloff" else []


def _cover_the_ally(res: ActionResult, target: Fighter[Any], notes: list[Note]) -> None:
    ally: Sheet = target.sheet
    bonus = int(notes[0].params["ally_bonus"]) if notes else 0
    after = ally.model_copy(update={"covered_bonus": bonus})
    res.target = target.name
    res.changes += changes(target.name, ally, after, {"covered_bonus": bonus})
    res.target_sheet = after.dump()


Handler = tuple[int, dict[str, Any], list[Note]]


def _draw(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    upd: dict[str, Any] = {}
    if req.weapon:
        wid = lookup_id(req.weapon)
        if wid not in WEAPONS:
            raise err("unknown_weapon", weapon=req.weapon)
        upd["weapon"] = wid
    return 2, upd, []


def _step(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    if s.stepped_this_round:
        raise err("one_step_per_round")
    return (2 if _slow(s, st) else 1), {"moved_this_round": True, "stepped_this_round": True}, []


def _move(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    per = 2 if _slow(s, st) else 1
    return per * o.steps, {"moved_this_round": True}, [Note(key="may_provoke_counter_attack")]


def _run(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    left = actions_left(s, st.polygonal)
    if left < 4:
        raise err("run_needs_4_actions", left=left)
    return left, {"moved_this_round": True}, [Note(key="may_provoke_counter_attack")]


def _wait(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    """L357 vyčkávání: 1 action; "zbylé může použít kdykoliv během zbytku kola" (out of turn, `held`), or
    with `new_initiative` the combatant is moved to that (later) count."""
    upd: dict[str, Any] = {"waiting": True}
    if o.new_initiative is not None:
        if s.initiative_roll is not None and o.new_initiative > s.initiative_roll:
            raise err("wait_only_later", current=s.initiative_roll, wanted=o.new_initiative)
        upd["initiative_roll"] = o.new_initiative
        if s.initiative_before_wait is None:
            upd["initiative_before_wait"] = s.initiative_roll
    return 1, upd, [Note(key="waiting")]


def _stance(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    if o.stance != "none":
        armed = s.weapon is not None and max_melee_skill(s) >= 3
        if not armed and not (s.guard and s.shield):
            raise err("stance_needs_skill")
    if o.stance == s.defence_mode:
        return 0, {}, []
    return 1, {"defence_mode": o.stance}, []


def _reload(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    if not s.reload_left:
        return 0, {}, [Note(key="already_loaded")]
    cost = min(s.reload_left, actions_left(s, st.polygonal))
    rest = s.reload_left - cost
    w = WEAPONS.get(s.weapon or "")
    spanning = bool(rest and w is not None and w.crossbow)
    return (
        cost,
        {"reload_left": rest, "spanning": spanning},
        [Note(key="reload", params={"left": rest})],
    )


def _accelerate(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    new = s.model_copy(update={"acceleration": o.level})
    diff = actions_per_round(new, st.polygonal) - actions_per_round(s, st.polygonal)
    left = max(0, actions_left(s, st.polygonal) + diff)
    note = Note(key="acceleration", params={"stun_per_2_rounds": acceleration_price(new, st.polygonal)})
    return 0, {"acceleration": o.level, "actions_left": left}, [note]


def _stand_up(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    rounds = max(1, -initiative_value(s, st.polygonal))
    return (
        actions_left(s, st.polygonal),
        {"prone": False},
        [Note(key="stand_up", params={"rounds": rounds})],
    )


def _recover(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    return 0, {"off_balance": 0}, []


def _shock(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    if o.shock != "failed":
        return 0, {}, [Note(key="shock_passed")]
    gain = o.amount or s.last_damage
    upd: dict[str, Any] = {"stun": s.stun + gain}
    notes = [Note(key="shock_failed", params={"stun": gain})]
    if faints_after_failed_shock(s, st):
        upd["fainted"] = True
        notes.append(Note(key="fainted_shock"))
    return 0, upd, notes


def _stun(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    return 0, {"stun": s.stun + o.amount}, []


def _other(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    return max(1, o.amount), {}, []


def _pass(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    return actions_left(s, st.polygonal), {}, []


# L450–452: (ally bonus, protector attack, protector defence) by mode, teamwork, helpless ally.
_COVER = {
    ("partial", False, False): (1, -2, -1),
    ("full", False, False): (2, 0, 2),
    ("partial", True, False): (1, -2, 0),
    ("full", True, False): (3, 0, 2),
    ("partial", False, True): (1, -3, -2),
    ("full", False, True): (2, 0, 1),
}


def _cover_ally(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    """Cover an ally in reach (krytí spolubojovníků): 1 action to take up or leave, like a stance."""
    if o.stance == "none":
        return 1, {"covering": "none", "cover_attack": 0, "cover_defence": 0}, []
    ally, attack, defence = _COVER[(o.stance, o.teamwork and not o.helpless_ally, o.helpless_ally)]
    notes = [Note(key="covering_ally", params={"ally_bonus": ally, "attack": attack, "defence": defence})]
    return 1, {"covering": o.stance, "cover_attack": attack, "cover_defence": defence}, notes


def _rest(s: Sheet, o: Options, st: Settings, req: ActionRequest) -> Handler:
    """Healing (L501) gives only relative times — "Základní čas zůstává stejný jako v základním systému jen pro
    končetiny, hlava a trup se léčí pouze poloviční rychlostí" — and the basic system's healing is not in
    the text: no rest heals by itself. The refusal says how the wounds come off (QA finding 10)."""
    raise err("no_healing_rule", name=req.actor.name)


_HANDLERS = {
    "draw": _draw,
    "step": _step,
    "move": _move,
    "run": _run,
    "wait": _wait,
    "stance": _stance,
    "reload": _reload,
    "accelerate": _accelerate,
    "stand_up": _stand_up,
    "recover": _recover,
    "shock": _shock,
    "stun": _stun,
    "other": _other,
    "pass": _pass,
    "cover_ally": _cover_ally,
    "rest": _rest,
}


def disarm_in_defence(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """M25: after a parry in the weapon band, 1 action: opposed 2d10 + levels + STR against the attacker."""
    settings: Settings = req.settings  # type: ignore[assignment]
    if req.target is None:
        raise err("no_target")
    s: Sheet = req.actor.sheet
    t: Sheet = req.target.sheet
    w, tw = weapon_of(s, req.weapon), weapon_of(t)
    mine, theirs = disarm_parts(
        s, t, w, tw, skill_levels(s, w, settings) or 0, skill_levels(t, tw, settings) or 0, settings
    )
    a_val, t_val = sum(v for _, v in mine), sum(v for _, v in theirs)
    if out_of_fight(s, settings):
        raise err("out_of_fight")
    # L390 "Odzbrojení v obraně stojí 1 akci" (bare-handed 2), taken out of turn like any reaction
    spent = spend_out_of_turn(s, 2 if w.family == "bare_hands" else 1, settings, strict=False)
    roller = Roller(dice)
    a_faces = [roller.d(10, "disarm_attacker"), roller.d(10, "disarm_attacker")]
    t_faces = [roller.d(10, "disarm_defender"), roller.d(10, "disarm_defender")]
    a_roll, t_roll = sum(a_faces) + a_val, sum(t_faces) + t_val
    margin = a_roll - t_roll
    shown = opposed_check("disarm", mine, a_faces, theirs, t_faces)
    shown.outcome = "disarmed" if margin > 0 else "failed"
    res = _result(
        "disarm",
        req.actor,
        s,
        spent,
        rolls=roller.rolls,
        total=a_roll,
        against=t_roll,
        margin=margin,
        modifiers=[Modifier(key="disarm_test", value=a_val), Modifier(key="disarm_resist", value=t_val)],
        checks=[shown],
    )
    res.target = req.target.name
    if margin > 0:
        after = t.model_copy(update={"weapon": None})
        res.changes += changes(req.target.name, t, after, {"weapon": None})
        res.target_sheet = after.dump()
        res.outcome = "hit"
        res.notes.append(Note(key="disarmed", params={"margin": margin, "feet": 2 * margin}))
    else:
        res.outcome = "miss"
        res.notes.append(Note(key="disarm_failed", params={"margin": margin}))
    return res
