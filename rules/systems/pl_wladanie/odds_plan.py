"""Exact odds of an attack or a shot at a character, as stages over the resolution's own phases (phases.py).

The stages and their states (each a small tuple keeping only what later stages need, so states collapse):

1. the hit test          `None` → `("miss",)` or `("hit", total)`
2. parry / dodge / none  → `("parried",)`, `("dodged",)` or `("hit", cover)`: `cover` is the armour that
                           would hold at each part the blow can land on, for that total (coverage beaten
                           or not) — the total itself is needed no further, so totals that beat the same
                           protectors are one state
3. the damage test       → `("hit", cover, test)`
4. location and wounds   → `("hit", part, damage applied, wound level)`

An area shot (it targets a field, not a character) and every action but attack and shot are left to the
generic enumeration (`None`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, cast

from rules.dice import DiceSource, Roller
from rules.notation import parse_dice
from rules.odds import OddsPlan, Stage, Summary
from rules.system import ActionRequest, Fighter

from .damage import protectors
from .options import Options
from .parry import default_choice
from .phases import (
    DEFENCE_OUTCOMES,
    Setup,
    absorbed,
    applied_damage,
    damage_roll,
    defence_of,
    defence_roll,
    hit_roll,
    locate,
    locations,
    setup,
    with_distance,
    wound_after,
)
from .settings import Settings
from .sheet import Sheet

State = tuple[Any, ...]
MISS: State = ("miss",)


def odds_plan(req: ActionRequest, action: str) -> OddsPlan | None:
    if action not in ("attack", "shot") or req.target is None:
        return None
    ranged = action == "shot"
    opts = cast(Options, req.options)
    if (ranged and opts.area) or opts.landing:
        return None
    actor = cast("Fighter[Sheet]", req.actor)
    req = with_distance(req)
    s = setup(
        req, actor, cast("Fighter[Sheet]", req.target), actor.sheet.weapon(req.weapon, ranged=ranged), ranged=ranged
    )
    settings = cast(Settings, req.settings)
    # Where no hit test can succeed, the target is never asked: one line, as the whole enumeration gives.
    can_hit = parse_dice(settings.test_die).maximum + s.attempt.bonus >= s.st
    choices: list[str | None] = list(s.defences) if can_hit else [None]
    return OddsPlan(choices, lambda choice: _stages(s, settings, choice), _summary)


def _stages(s: Setup, settings: Settings, choice: str | None) -> tuple[Sequence[Stage[Any]], Hashable]:
    target = s.target.sheet
    answer = choice or default_choice(target, s.defences, settings)
    bonus, st = s.attempt.bonus, s.st
    assert s.attempt.plan is not None
    plan = s.attempt.plan
    aimed = cast(Options, s.req.options).location
    parts = locations(aimed, settings)
    index = {part: i for i, part in enumerate(parts)}
    covers: dict[int, tuple[int, ...]] = {}

    def cover(total: int) -> tuple[int, ...]:
        if total not in covers:
            covers[total] = tuple(absorbed(protectors(target, part, total, settings)) for part in parts)
        return covers[total]

    def attack(d: DiceSource, _: State | None) -> State:
        _shown, total, hit = hit_roll(Roller(d), settings, bonus, st)
        return ("hit", total) if hit else MISS

    defence_bonus = 0
    if answer in DEFENCE_OUTCOMES:
        _, mods = defence_of(target, answer, list(s.sit.active_mods))
        defence_bonus = int(sum(m.value for m in mods))

    def defence(d: DiceSource, state: State) -> State:
        if state[0] != "hit":
            return state
        if answer in DEFENCE_OUTCOMES:
            _shown, _total, stopped = defence_roll(Roller(d), settings, answer, defence_bonus, state[1])
            if stopped:
                return (DEFENCE_OUTCOMES[answer],)
        return ("hit", cover(state[1]))

    def damage(d: DiceSource, state: State) -> State:
        if state[0] != "hit":
            return state
        _faces, _test, value = damage_roll(Roller(d), plan, settings)
        return ("hit", state[1], value)

    def landing(d: DiceSource, state: State) -> State:
        if state[0] != "hit":
            return state
        part, _die = locate(Roller(d), aimed, settings)
        applied = applied_damage(state[2], state[1][index[part]])
        return ("hit", part, applied, wound_after(target, applied, settings)[1])

    stages: list[Callable[[DiceSource, Any], State]] = [attack, defence, damage, landing]
    return stages, None


def _summary(state: State) -> Summary:
    if state[0] != "hit":
        return Summary(state[0])
    _, part, applied, wound = state
    return Summary("hit", wound, part, float(applied))
