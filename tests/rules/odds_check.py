"""Checking exact odds two independent ways: the whole action enumerated die by die (no stages), and a
Monte Carlo run of the engine itself (10⁵ resolutions, every frequency within 4σ of its probability)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rules import ActionRequest, DefenceRequest, OddsLine, RandomDice, get_system
from rules.odds import Budget, enumerate_dice, line, summarize

RUNS = 100_000


def whole(system_id: str, req: ActionRequest, choice: str | None, action: str = "attack") -> OddsLine:
    """The action enumerated as a whole (the default path, no stages): an independent reference."""
    system = get_system(system_id)
    act = system.shot if action == "shot" else system.attack

    def resolve(d: Any) -> Any:
        r = act(req, d)
        if r.outcome == "pending_defence" and req.target is not None:
            answer = choice if choice is not None else system.default_defence(r.exchange or {})
            dreq = DefenceRequest(req.target, req.actor, r.exchange or {}, req.settings, answer, req.options)
            r = system.defend(dreq, d)
        return summarize(r)

    return line(choice, enumerate_dice(resolve, Budget(600)).outcomes)


def _sample(args: tuple[str, ActionRequest, str | None, str, int, int]) -> Counter[tuple[str, str]]:
    system_id, req, choice, action, runs, seed = args
    system = get_system(system_id)
    act = system.shot if action == "shot" else system.attack
    dice = RandomDice(seed)
    counts: Counter[tuple[str, str]] = Counter()
    for _ in range(runs):
        r = act(req, dice)
        if r.outcome == "pending_defence" and req.target is not None:
            answer = choice if choice is not None else system.default_defence(r.exchange or {})
            dreq = DefenceRequest(req.target, req.actor, r.exchange or {}, req.settings, answer, req.options)
            r = system.defend(dreq, dice)
        s = summarize(r)
        counts[("outcome", s.outcome)] += 1
        if s.wound is not None:
            counts[("wound", s.wound)] += 1
        if s.location is not None:
            counts[("location", s.location)] += 1
    return counts


def monte_carlo(
    system_id: str, req: ActionRequest, choice: str | None, action: str = "attack", runs: int = RUNS, seed: int = 1
) -> Counter[tuple[str, str]]:
    """`runs` resolutions of the engine with random dice, on two processes."""
    half = runs // 2
    jobs = [(system_id, req, choice, action, half, seed), (system_id, req, choice, action, runs - half, seed + 1)]
    with ProcessPoolExecutor(2) as pool:
        parts = list(pool.map(_sample, jobs))
    return parts[0] + parts[1]


def within_four_sigma(odds: OddsLine, counts: Mapping[tuple[str, str], int], runs: int = RUNS) -> list[str]:
    """Every outcome, wound level and location: observed frequency within 4σ of the exact probability
    (and nothing observed that the odds call impossible)."""
    problems = []
    expected = {("outcome", c.key): c.p for c in odds.outcomes}
    expected |= {("wound", c.key): c.p for c in odds.wounds}
    expected |= {("location", c.key): c.p for c in odds.locations}
    for key in set(expected) | set(counts):
        p = expected.get(key, 0.0)
        seen = counts.get(key, 0)
        sigma = math.sqrt(max(p * (1 - p), 1e-12) * runs)
        if abs(seen - p * runs) > 4 * sigma + 1e-9 and not (p == 0 and seen == 0):
            problems.append(f"{key}: exact {p:.5f}, seen {seen / runs:.5f} ({seen} of {runs})")
    return problems


def same(a: OddsLine, b: OddsLine, tolerance: float = 1e-9) -> list[str]:
    """Two odds lines agree to `tolerance` on every probability and the expected damage."""
    problems = []
    for kind in ("outcomes", "wounds", "locations"):
        da = {c.key: c.p for c in getattr(a, kind)}
        db = {c.key: c.p for c in getattr(b, kind)}
        for key in set(da) | set(db):
            if abs(da.get(key, 0) - db.get(key, 0)) > tolerance:
                problems.append(f"{kind} {key}: {da.get(key, 0)} vs {db.get(key, 0)}")
    if abs((a.expected_damage or 0) - (b.expected_damage or 0)) > tolerance * 100:
        problems.append(f"expected damage {a.expected_damage} vs {b.expected_damage}")
    return problems
