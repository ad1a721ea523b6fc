"""Exact odds of an attack or shot (issue 16), staged through the attack's own phases.

One attack is `attack.PHASES` — the attack roll (with the confirmation roll), concealment, the damage
roll, the damage on the target's hit points (with the massive-damage save) — the same functions the real
attack runs in turn. Each becomes a stage of `rules.odds.staged`: enumerated over the dice it rolls, once
per distinct state the phase before left (`Landed`, `Dealt`, `Struck`: hit / threat / confirmed, the
damage, the wound key). The setup before any die (refusals, the attacker's stance, the weapon, the
attacks, the AC) is `resolve.setup`, `resolve.swings_of` and `resolve.strike_ac` as well.

A full attack (iterative attacks, two-weapon fighting) is staged strike by strike, each strike against the
target as it stands before the action, each enumerated on its own and combined by
`rules.odds.independent` (the answer's
`subattacks` says the strikes were treated as independent: a target dropping mid-attack, its lower AC
once helpless and the attacks skipped once it is dead are not followed). An unarmed attack that provokes
the defender's attack of opportunity is answered by the generic path (the whole action enumerated).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from rules.dice import Roller
from rules.odds import OddsPlan, Stage, Summary
from rules.system import ActionRequest
from rules.systems.dnd35.attack import PHASES, Blow, Phase, Struck, Trace
from rules.systems.dnd35.opportunity import provoking
from rules.systems.dnd35.resolve import attacker_invisible, setup, strike_ac, swings_of


class _NoDice:
    """The setup rolls no die; one asked for here is a bug, not a face to guess."""

    def face(self, sides: int) -> int:
        raise AssertionError("the attack's setup rolled a die")


def summary_of(struck: Struck) -> Summary:
    """What `rules.odds.summarize` makes of the result of one attack ending in `struck`."""
    confirmed = struck.threat and struck.outcome == "crit"
    return Summary(struck.outcome, struck.wound, None, float(struck.amount), struck.threat, confirmed)


def _stage(phase: Phase, blow: Blow) -> Stage[Any]:
    def run(dice: Any, state: Any) -> Any:
        return phase(blow, Roller(dice), state, Trace())

    return run


def plan(req: ActionRequest, action: str) -> OddsPlan | None:
    """The stages of an attack or shot; None (the generic path) for anything else."""
    if action not in ("attack", "shot"):
        return None
    fight, weapon, _ = setup(req, _NoDice(), action == "shot")
    if provoking(fight, weapon) is not None:
        return None  # the defender's attack of opportunity comes first: enumerated as a whole
    swings = swings_of(fight, weapon)
    ac = strike_ac(fight, attacker_invisible(fight))
    blows = [Blow.of(fight, swing, ac) for swing in swings]
    if len(blows) == 1:
        stages: list[Stage[Any]] = [_stage(phase, blows[0]) for phase in PHASES]
        start: Hashable = None
        return OddsPlan([None], lambda _: (stages, start), summary_of)
    strikes: list[tuple[Sequence[Stage[Any]], Hashable]] = [([_stage(p, b) for p in PHASES], None) for b in blows]
    return OddsPlan([None], None, summary_of, subattacks=len(blows), strikes=lambda _: strikes)
