"""Exact odds of an attack or shot in stages, each run through the engine's own phases (attack.py).

1. to hit: `begin` + `roll_to_hit` over the d20 → a `ToHit` (hit, hit only by the natural 20; the
   face and total only when Fendente Frontale compares them with a second AC again), so the twenty
   faces collapse to two or three states;
2. avoidance: `begin` + `take_to_hit` + `effects.avoid` over Proiettile Fatale's further d20s and the
   dodge's d100 → an `Avoid` (further hits, dodged or deflected);
3. damage: `begin` + `take_to_hit` + `conclude` over the damage dice, the saves' d100s and the riders'
   dice → the `Summary` of the very result the attack returns (`summarize`).

No stage copies a rule: each reruns the dice-free set-up (`begin`) and replays the earlier phases from
their states. The target has no active defence (its answers travel as options), so there is one line.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Any, cast

from rules.dice import DiceSource
from rules.odds import OddsPlan, Stage, Summary, summarize
from rules.system import ActionRequest, Fighter
from rules.systems.adnd2cp import effects
from rules.systems.adnd2cp.attack import ToHit, begin, conclude, roll_to_hit, take_to_hit
from rules.systems.adnd2cp.sheet import Sheet

State = tuple[ToHit, effects.Avoid | None]


def plan(req: ActionRequest, action: str) -> OddsPlan | None:
    if action not in ("attack", "shot") or req.target is None:
        return None
    ranged = action == "shot"

    def to_hit(dice: DiceSource, _: None) -> ToHit:
        a = begin(req, dice, ranged)
        roll = roll_to_hit(a)
        if "fendente_frontale" in a.blows:  # the cleave compares the same total with a second AC
            return roll
        return ToHit(roll.hit, roll.only_nat20)

    def avoidance(dice: DiceSource, roll: ToHit) -> State:
        if not roll.hit:
            return roll, None
        a = begin(req, dice, ranged)
        return roll, effects.avoid(a, take_to_hit(a, roll), roll.only_nat20)

    def damage(dice: DiceSource, state: State) -> Summary:
        roll, avoided = state
        a = begin(req, dice, ranged)
        take_to_hit(a, roll)
        return summarize(conclude(a, roll, avoided))

    def stages(choice: str | None) -> tuple[Sequence[Stage[Any]], Hashable]:
        return [to_hit, avoidance, damage], None

    return OddsPlan(choices=[None], stages=stages, summary=lambda s: s)


def any_time(req: ActionRequest) -> ActionRequest:
    """Odds are asked "before anything is rolled", also to plan the next round: the round's attack counts
    (main attacks used up, the attack of opportunity made, a round spent on a wound) do not refuse the
    question. The attack itself still counts them."""
    sheet = cast(Sheet, req.actor.sheet)
    if sheet.attacks_left is None and not sheet.opportunity_attacks_made and not sheet.has("tending_wound"):
        return req
    free = sheet.model_copy(
        update={
            "attacks_left": None,
            "opportunity_attacks_made": 0,
            "conditions": [c for c in sheet.conditions if c.key != "tending_wound"],
        }
    )
    return replace(req, actor=Fighter(req.actor.name, free))
