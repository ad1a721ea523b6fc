"""Exact odds of an attack or a shot (rules/odds.py), staged through the resolution's own phases.

The real attack runs these phases in sequence (resolve.py): `attack_faces`, `hit_open` and `chain_step`
(to hit, fumble, the crit chain link by link), `damage_roll`, `location_roll`, then `blow` (crit effect,
armour, lance, pulling) and `wound_after` (the wound the target is left with). Here each phase is a
stage, enumerated once per distinct state the previous stage left; a state keeps only what later stages
need:

1. the attack roll: its natural sum (19 states);
2. to hit: a miss or fumble ends as its `Summary`; a hit keeps (crit, the attack roll only when a crit
   shifts the location, accessories missed, whether a `confirm` test was rolled, and, while the chain can
   still change that, its level and the roll it goes on with);
3. CHAIN_STAGES links of the crit chain (a state whose chain has ended passes through);
4. location (polygonal only): the part; the attack roll dropped;
5. damage dice and `blow`: the outcome, the part and the damage applied;
6. the wound level (no dice), cached per (damage, part).

The location is enumerated before the damage dice (the real attack rolls them the other way round): the
two rolls are independent, so the distribution is the same and the location's 100 faces are enumerated
once per hit state, not once per damage total.

Cases the plan leaves to the generic enumeration (still exact, only slower): duel system vzor 2, disarm
and trip, pulling a blow (stop / reduce can refuse mid-resolution), a shock result given as an option,
and a target with an improvised shield (a stopped blow may pierce it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.dice import Roller
from rules.odds import OddsPlan, Summary
from rules.system import ActionRequest
from rules.systems.cz2d10.resolve import (
    QUIET,
    Hit,
    attack_faces,
    blow,
    chain_step,
    crit_of,
    damage_roll,
    defence_from,
    fixed_damage,
    hit_open,
    location_roll,
    prepare,
    wound_after,
)
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.tables import SHIELDS


class _Ones:
    """A dice source for `prepare`, which rolls only the attack's 2d10 at its very end (not used here)."""

    def face(self, sides: int) -> int:
        return 1


class _Unrecorded(Roller):
    """The engine's roller without the record of each die (the odds keep no result to show)."""

    def d(self, sides: int, purpose: str) -> int:
        return self.source.face(sides)


# Links of the crit chain followed as stages of their own. Only a chain of natural 20s without a single 19
# has not settled whether a `confirm` test is rolled; after CHAIN_STAGES links it is still going on with a
# probability of 10⁻² × 10⁻²ᴷ (10⁻¹⁸ for K = 8), far below the enumeration's own cutoff, and is counted as
# it stands (a crit without a confirmation).
CHAIN_STAGES = 8


@dataclass(frozen=True, slots=True)
class Struck:
    """A hit on its way to damage: only what the later phases and the summary need."""

    crit: bool  # after `pull:ignore_crit`
    natural: int  # the attack roll, kept only while a crit's location shift needs it (else 0)
    skip_acc: bool  # L327: the accessories were missed
    threat: bool  # a `confirm` test was rolled (what `summarize` counts as a threat)
    level: int = 0  # the crit level so far, kept only while the chain goes on
    nxt: int | None = None  # the chain goes on with this roll (only while it can still change `threat`)
    part: str | None = None
    crit_shifted: bool = False  # the crit went to the location, not to the damage (L503)


@dataclass(frozen=True, slots=True)
class Landed:
    """A damaging hit once its numbers are known (the wound is the last phase)."""

    outcome: str
    threat: bool
    part: str | None
    applied: int
    mortal: bool


def plan(req: ActionRequest, action: str) -> OddsPlan | None:
    """The staged plan of `attack` / `shot`, or None where the generic enumeration answers."""
    if action not in ("attack", "shot") or req.target is None:
        return None
    settings: Settings = req.settings  # type: ignore[assignment]
    a: Sheet = req.actor.sheet
    t: Sheet = req.target.sheet
    if settings.duel_system != "basic" or (t.shield and SHIELDS[t.shield].improvised):
        return None
    prep = prepare(req, Roller(_Ones()), action == "shot")
    ex, opts = prep.ex, prep.opts  # the options as prepared (an immobile target is stabbed)
    assert opts is not None
    if opts.disarm or opts.trip or opts.pull in ("stop", "reduce") or opts.shock != "unknown":
        return None
    defence = defence_from(ex).total()
    fx = fixed_damage(ex, a, opts, settings)
    shifts = crit_of(ex, 1, opts, settings)[1]  # a crit moves the location by the attack roll
    wounds: dict[tuple[int, str | None, bool], str] = {}

    def struck(h: Hit, natural: int) -> Any:
        """A hit test's result as the later stages need it. Once a `confirm` test was rolled the rest of
        the chain can change nothing they need (only the crit level, which no later phase reads)."""
        if not h.hit:
            return Summary("fumble" if h.fumble else "miss")
        crit = crit_of(ex, h.crit, opts, settings)[0]
        going = h.nxt is not None and not h.confirm_rolled
        return Struck(
            crit,
            natural if crit and shifts else 0,
            h.accessories_missed,
            h.confirm_rolled,
            h.crit if going else 0,
            h.nxt if going else None,
        )

    def attack_roll(dice: Any, _start: Any) -> Any:
        return sum(attack_faces(_Unrecorded(dice)))

    def to_hit(dice: Any, natural: Any) -> Any:
        return struck(hit_open(ex, natural, defence, settings, _Unrecorded(dice), QUIET), natural)

    def chain(dice: Any, s: Any) -> Any:
        if not isinstance(s, Struck) or s.nxt is None:
            return s
        h = Hit(hit=True, crit=s.level, threat=True, accessories_missed=s.skip_acc, nxt=s.nxt)
        return struck(chain_step(ex, h, defence, settings, _Unrecorded(dice), QUIET), s.natural)

    def location(dice: Any, s: Any) -> Any:
        if not isinstance(s, Struck):
            return s
        crit_shift = crit_of(ex, int(s.crit), opts, settings)[1]
        loc = location_roll(ex, a, t, s.natural, settings, _Unrecorded(dice), opts, crit_shift)
        return replace(s, natural=0, part=loc.part, crit_shifted=crit_shift and loc.crit_used)

    def damage(dice: Any, s: Any) -> Any:
        if not isinstance(s, Struck):
            return s
        _, dice_sum = damage_roll(ex, _Unrecorded(dice))
        crit_shift = s.crit_shifted
        # margin 0: it only matters for `pull:reduce`, which the plan leaves to the generic path
        b = blow(ex, a, t, opts, settings, fx, dice_sum, s.part, s.crit, crit_shift, s.skip_acc, 0)
        return Landed("crit" if s.crit else "hit", s.threat, s.part, b.applied, b.mortal)

    def wound(_dice: Any, s: Any) -> Any:
        if not isinstance(s, Landed):
            return s
        key = (s.applied, s.part, s.mortal)
        if key not in wounds:
            flat_limb = opts.flat and s.part is not None and s.part not in ("head", "torso")
            wounds[key] = wound_after(t, s.applied, fx.kind, s.part, settings, s.mortal, flat_limb)
        threat = s.threat
        return Summary(s.outcome, wounds[key], s.part, float(s.applied), threat, threat and "crit" in s.outcome)

    chained = [chain] * CHAIN_STAGES
    stages = [attack_roll, to_hit, *chained, *([location] if settings.polygonal else []), damage, wound]
    return OddsPlan(choices=[None], stages=lambda _choice: (stages, None), summary=lambda s: s)
