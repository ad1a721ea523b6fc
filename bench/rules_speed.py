"""Every system's full attack resolution (the exchange included) against d20 rolling `4d6kh3+2`.

A ready character attacks another (the first two templates), and where the target may answer, the
default defence is resolved too: what one attack costs the rules. Target: ≤ 2× d20 in the same process.
Run: `.venv/bin/python bench/rules_speed.py [system ...]` (also part of `make bench`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import d20

from bench.odds import template_fighter
from rules import ActionRequest, DefenceRequest, RandomDice, all_systems, get_system

TARGET = 2.0
RUNS = 20_000
BATCHES = 10  # interleaved batches; the best of each side is kept (timeit's rule: the rest is other load)


def d20_once() -> Callable[[], Any]:
    roller = d20.Roller()
    return lambda: roller.roll("4d6kh3+2")


def best_us(once: Callable[[], Any], runs: int) -> float:
    """The fastest batch's time per call, in µs."""
    best = float("inf")
    for _ in range(BATCHES):
        t0 = time.perf_counter()
        for _ in range(runs // BATCHES):
            once()
        best = min(best, (time.perf_counter() - t0) / (runs // BATCHES))
    return best * 1e6


def d20_us(runs: int = RUNS) -> float:
    return best_us(d20_once(), runs)


def attack_once(system_id: str) -> Callable[[], Any]:
    """One attack and, when the target may answer, its default defence."""
    system = get_system(system_id)
    first, second = list(system.templates())[:2]
    actor, target = template_fighter(system, first), template_fighter(system, first if second == "archer" else second)
    req = ActionRequest(actor, target, system.options({}), system.settings({}))
    dice = RandomDice(3)

    def once() -> Any:
        r = system.attack(req, dice)
        if r.outcome == "pending_defence":
            answer = system.default_defence(r.exchange or {})
            r = system.defend(DefenceRequest(target, actor, r.exchange or {}, req.settings, answer, req.options), dice)
        return r

    for _ in range(200):
        once()
    return once


def attack_us(system_id: str, runs: int = RUNS) -> float:
    return best_us(attack_once(system_id), runs)


def paired_us(system_id: str, runs: int = RUNS) -> tuple[float, float]:
    """(attack, d20) µs per call, their batches interleaved so both see the same load; best batch of each."""
    attack, reference = attack_once(system_id), d20_once()
    best_attack = best_reference = float("inf")
    per_batch = runs // BATCHES
    for _ in range(BATCHES):
        for once, is_attack in ((reference, False), (attack, True)):
            t0 = time.perf_counter()
            for _ in range(per_batch):
                once()
            took = (time.perf_counter() - t0) / per_batch
            if is_attack:
                best_attack = min(best_attack, took)
            else:
                best_reference = min(best_reference, took)
    return best_attack * 1e6, best_reference * 1e6


def main(argv: list[str]) -> int:
    systems = argv or sorted(all_systems())
    print(f"rules: a full attack (exchange included) against d20 4d6kh3+2, target ≤ {TARGET:.1f}×")
    holds = True
    for system_id in systems:
        cost, reference = paired_us(system_id)
        ratio = cost / reference
        holds &= ratio <= TARGET
        verdict = "holds" if ratio <= TARGET else "MISSED"
        print(f"  {system_id:12} {cost:7.1f} µs  vs d20 {reference:6.1f} µs  → ratio {ratio:4.2f}  {verdict}")
    print(f"every system ≤ {TARGET:.1f}× d20: {'holds' if holds else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
