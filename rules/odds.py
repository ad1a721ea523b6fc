"""Exact odds of an action before it is rolled, by enumerating the dice the engine's own code consumes.

- `enumerate_dice(fn)` runs `fn(dice)` once for every sequence of faces the code asks for (depth first,
  an odometer over the faces), each run weighted by the product of 1/sides of its dice. The code decides
  which dice it rolls, so a confirmation die, a stress die's doubling or a botch roll is enumerated
  exactly where the rules roll it. An endless chain (an exploding die) is cut where a path's weight falls
  below `CUTOFF`; the mass cut off is reported, never guessed.
- `staged(stages, start)` runs a resolution as stages (to-hit and defence, location, damage, wound), each
  enumerated on its own for every distinct state the previous stage left. States are small hashable
  summaries, so 2d10 to hit × 2d10 location × d10 damage costs 100 + 100 + 10 runs per state instead of
  100,000. A system's `odds_stages` returns such stages built from its own resolution code.
- `CombatSystem.odds` (rules/system.py) uses the stages when a system has them, else enumerates its whole
  `attack` (and each defence): exact either way, only slower.

Every figure is a probability or an expectation that depends on both sides' numbers: side "both".
A CPU budget (2 s by default) turns an enumeration too large to answer into `error.odds_too_complex`.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules.errors import RulesError
from rules.model import ActionResult, Chance, OddsLine, Term

CUTOFF = 1e-9  # a path less likely than this is cut (its mass reported as truncated)
BUDGET = 2.0  # seconds of CPU one odds question may take
S = TypeVar("S", bound=Hashable)
T = TypeVar("T", bound=Hashable)


class _Cut(BaseException):
    """A path fell below the cutoff (a BaseException: engine code catching Exception must not eat it)."""


class Budget:
    """CPU seconds one question may use; past them the answer is "too complex", not a late one."""

    def __init__(self, seconds: float = BUDGET) -> None:
        self.deadline = time.process_time() + seconds
        self.seconds = seconds

    def check(self) -> None:
        if time.process_time() > self.deadline:
            raise RulesError("error.odds_too_complex", seconds=self.seconds)


class _PathDice:
    """One run's dice: the faces of the current path, then 1s for dice the path has not reached."""

    __slots__ = ("cutoff", "faces", "pos", "sides", "weight")

    def __init__(self, faces: list[int], cutoff: float) -> None:
        self.faces = faces
        self.pos = 0
        self.sides: list[int] = []
        self.weight = 1.0
        self.cutoff = cutoff

    def face(self, sides: int) -> int:
        if self.pos == len(self.faces):
            self.faces.append(1)
        value = self.faces[self.pos]
        self.pos += 1
        self.sides.append(sides)
        self.weight /= sides
        if self.weight < self.cutoff:
            raise _Cut
        return value


class _Middle:
    """Plain middle faces (no explosion, no botch): one quiet run that meets the action's own refusals."""

    def face(self, sides: int) -> int:
        return sides // 2 + 1 if sides > 2 else 1


@dataclass
class Enumeration:
    """A distribution over what `fn` returned, the mass cut off, and how many runs it took."""

    outcomes: dict[Any, float] = field(default_factory=dict)
    truncated: float = 0.0
    runs: int = 0


def enumerate_dice(fn: Callable[[_PathDice], T], budget: Budget | None = None, cutoff: float = CUTOFF) -> Enumeration:
    """Every sequence of faces `fn` can consume, each once: the exact distribution of `fn`'s result."""
    out: dict[Any, float] = defaultdict(float)
    truncated = 0.0
    runs = 0
    faces: list[int] = []
    while True:
        dice = _PathDice(faces, cutoff)
        try:
            out[fn(dice)] += dice.weight
        except _Cut:
            truncated += dice.weight
        runs += 1
        if budget is not None and runs % 64 == 0:
            budget.check()
        # The next path: the last die that can still turn up higher does; every die after it starts over.
        faces, sides = faces[: dice.pos], dice.sides[: dice.pos]
        while faces and faces[-1] >= sides[-1]:
            faces.pop()
            sides.pop()
        if not faces:
            return Enumeration(dict(out), truncated, runs)
        faces[-1] += 1


Stage = Callable[[Any, S], S]


def staged(stages: Sequence[Stage[Any]], start: Hashable, budget: Budget | None = None) -> Enumeration:
    """Run the stages in order; each is enumerated once per distinct state the previous one left."""
    dist: dict[Any, float] = {start: 1.0}
    truncated = 0.0
    runs = 0
    for stage in stages:
        after: dict[Any, float] = defaultdict(float)
        for state, p in dist.items():
            part = enumerate_dice(lambda d, s=state, f=stage: f(d, s), budget)  # type: ignore[misc]
            runs += part.runs
            truncated += p * part.truncated
            for nxt, q in part.outcomes.items():
                after[nxt] += p * q
        dist = dict(after)
    return Enumeration(dist, truncated, runs)


@dataclass(frozen=True, slots=True)
class Summary:
    """What one way an attack can end comes to: its outcome, the target's wound level and hit location,
    the damage applied, and whether a critical was threatened and confirmed."""

    outcome: str
    wound: str | None = None
    location: str | None = None
    damage: float = 0.0
    threat: bool = False
    confirmed: bool = False


THREAT_CHECKS = frozenset({"confirm"})  # a check rolled only to confirm a critical threat


def summarize(r: ActionResult) -> Summary:
    """A whole result, summed up (a full attack: its strikes' damage together)."""
    damage = float(r.damage.applied) if r.damage is not None else 0.0
    if r.attacks and any(s.damage is not None for s in r.attacks):
        damage = float(sum(s.damage.applied for s in r.attacks if s.damage is not None))
    confirm = next((c for c in r.checks if c.label in THREAT_CHECKS), None)
    threat = confirm is not None
    confirmed = threat and "crit" in (r.outcome or "")
    return Summary(r.outcome, r.wound, r.location, damage, threat, confirmed)


def line(defence: str | None, dist: Mapping[Summary, float]) -> OddsLine:
    """One odds line from a distribution of summaries: probabilities largest first, ties by name."""
    outcomes: dict[str, float] = defaultdict(float)
    wounds: dict[str, float] = defaultdict(float)
    locations: dict[str, float] = defaultdict(float)
    expected = threat = confirmed = 0.0
    damage_seen = False
    for s, p in dist.items():
        outcomes[s.outcome] += p
        if s.wound is not None:
            wounds[s.wound] += p
        if s.location is not None:
            locations[s.location] += p
        if s.damage:
            damage_seen = True
        expected += p * s.damage
        threat += p if s.threat else 0.0
        confirmed += p if s.confirmed else 0.0
    return OddsLine(
        defence=defence,
        outcomes=_chances(outcomes),
        wounds=_chances(wounds),
        locations=_chances(locations),
        expected_damage=expected if damage_seen else 0.0,
        threat=threat or None,
        confirm=(confirmed / threat) if threat else None,
    )


def _chances(d: Mapping[str, float]) -> list[Chance]:
    return [Chance(key=k, p=p) for k, p in sorted(d.items(), key=lambda kv: (-kv[1], kv[0])) if p > 0]


def independent(per_strike: Iterable[Mapping[Summary, float]]) -> dict[Summary, float]:
    """A full attack's strikes combined as independent: outcomes and wounds are the last strike's, the
    damage adds up (the answer says the strikes were treated as independent)."""
    total: dict[Summary, float] = {Summary("none"): 1.0}
    for dist in per_strike:
        nxt: dict[Summary, float] = defaultdict(float)
        for a, p in total.items():
            for b, q in dist.items():
                merged = Summary(
                    b.outcome if a.outcome == "none" else _better(a.outcome, b.outcome),
                    b.wound or a.wound,
                    b.location or a.location,
                    a.damage + b.damage,
                    a.threat or b.threat,
                    a.confirmed or b.confirmed,
                )
                nxt[merged] += p * q
        total = dict(nxt)
    return total


def _better(a: str, b: str) -> str:
    rank = {"crit": 3, "hit": 2}
    return a if rank.get(a, 0) >= rank.get(b, 0) else b


@dataclass
class OddsPlan:
    """How a system splits one action into stages for exact odds.

    `choices`: the defences to give a line each (`[None]` where the target has no choice to make);
    `stages(choice)`: the stages and the starting state for that choice; `summary(state)`: what a final
    state comes to; `subattacks`: a full attack's strikes, combined as independent (the answer says so).
    `strikes(choice)`, when given, replaces `stages`: each strike's own stages and start, enumerated once
    each and combined by `independent` (a full attack then costs the sum of its strikes, not a product).
    """

    choices: list[str | None]
    stages: Callable[[str | None], tuple[Sequence[Stage[Any]], Hashable]] | None
    summary: Callable[[Any], Summary]
    subattacks: int = 0
    strikes: Callable[[str | None], list[tuple[Sequence[Stage[Any]], Hashable]]] | None = None


def odds_of(system: Any, req: Any, action: str = "attack", budget: Budget | None = None) -> Any:
    """Exact odds of `action` by `req.actor` on `req.target` (an `OddsResult`)."""
    from rules.model import OddsResult

    budget = budget or Budget()
    act = _action(system, action)
    act(req, _Middle())  # refused exactly as the action itself would be (bad input, no target …)
    plan = system.odds_plan(req, action)
    lines: list[OddsLine] = []
    truncated = 0.0
    if plan is not None:
        for choice in plan.choices:
            parts = _parts(plan, choice)
            dists: list[dict[Summary, float]] = []
            for stages, start in parts:
                e = staged(stages, start, budget)
                dist: dict[Summary, float] = defaultdict(float)
                for state, p in e.outcomes.items():
                    dist[plan.summary(state)] += p
                dists.append(dist)
                truncated = max(truncated, e.truncated)
            lines.append(line(choice, dists[0] if len(dists) == 1 else independent(dists)))
        method, subattacks = "staged", plan.subattacks
    else:
        lines, truncated = _whole(system, act, req, budget)
        method, subattacks = "enumerated", 0
    return OddsResult(
        system=system.id,
        action=action,
        actor=req.actor.name,
        target=req.target.name if req.target is not None else None,
        weapon=req.weapon,
        lines=lines,
        truncated=truncated,
        subattacks=subattacks,
        method=method,
    )


def _parts(plan: OddsPlan, choice: str | None) -> list[tuple[Sequence[Stage[Any]], Hashable]]:
    """The stages to enumerate on their own: each strike's, or the whole action's."""
    if plan.strikes is not None:
        return plan.strikes(choice)
    assert plan.stages is not None, "a plan has stages or strikes"
    return [plan.stages(choice)]


def _action(system: Any, action: str) -> Callable[[Any, Any], ActionResult]:
    if action == "attack":
        return system.attack  # type: ignore[no-any-return]
    if action == "shot":
        return system.shot  # type: ignore[no-any-return]
    if action in system.extra_actions:
        return lambda req, dice: system.act(action, req, dice)
    raise RulesError(
        "error.unknown_action",
        action=action,
        allowed=[Term("action", a) for a in ("attack", "shot", *system.extra_actions)],
    )


def _whole(
    system: Any, act: Callable[[Any, Any], ActionResult], req: Any, budget: Budget
) -> tuple[list[OddsLine], float]:
    """The whole action enumerated, and each defence the target may choose (the default one first)."""
    from rules.system import DefenceRequest

    offered: dict[str, None] = {}

    def resolve(d: Any, choice: str | None) -> Summary:
        r = act(req, d)
        if r.outcome == "pending_defence" and req.target is not None:
            offered.update(dict.fromkeys(r.defences))
            answer = choice if choice is not None else system.default_defence(r.exchange or {})
            dreq = DefenceRequest(req.target, req.actor, r.exchange or {}, req.settings, answer, req.options)
            r = system.defend(dreq, d)
        return summarize(r)

    first = enumerate_dice(lambda d: resolve(d, None), budget)
    if not offered:
        return [line(None, first.outcomes)], first.truncated
    lines, truncated = [], first.truncated
    for choice in offered:
        e = enumerate_dice(lambda d, c=choice: resolve(d, c), budget)  # type: ignore[misc]
        lines.append(line(choice, e.outcomes))
        truncated = max(truncated, e.truncated)
    return lines, truncated
