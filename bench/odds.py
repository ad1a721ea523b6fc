"""Exact odds of one attack per system: p95 of the wall time over typical questions (target ≤ 50 ms).

Each system's ready characters fight each other (every template against every template, melee, the
default settings and no options), the way a player asks `/odds` before their first attack. Prints each
system's p50, p95 and worst, the method the engine used, and whether the target holds.
Run: `.venv/bin/python bench/odds.py [system ...]` (also part of `make bench`).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import ActionRequest, CombatSystem, Fighter, RulesError, all_systems, get_system
from rules.pairs import parse_pairs

TARGET_MS = 50.0


def template_fighter(system: CombatSystem, template: str) -> Fighter[Any]:
    """A ready character as `/character create template:` makes it."""
    pairs = system.stat_vocabulary().resolve(parse_pairs(str(system.templates()[template])))
    return Fighter(template, system.sheet(pairs))


def questions(system: CombatSystem) -> list[ActionRequest]:
    fighters = [template_fighter(system, t) for t in system.templates()]
    settings, options = system.settings({}), system.options({})
    return [ActionRequest(a, b, options, settings) for a in fighters for b in fighters if a is not b]


def measure(system_id: str) -> tuple[list[float], str, int, int]:
    system = get_system(system_id)
    times: list[float] = []
    method, refused, complex_ = "", 0, 0
    for req in questions(system):
        start = time.perf_counter()
        try:
            result = system.odds(req, "attack")
            method = result.method
        except RulesError as exc:
            if exc.key == "error.odds_too_complex":
                complex_ += 1
            else:
                refused += 1  # an archer's bow in melee, say: refused as the attack itself would be
            continue
        finally:
            times.append((time.perf_counter() - start) * 1000)
    return times, method, refused, complex_


def main(argv: list[str]) -> int:
    print(f"exact odds of one attack (template against template), target p95 ≤ {TARGET_MS:.0f} ms")
    holds = True
    for system_id in argv or sorted(all_systems()):
        times, method, refused, complex_ = measure(system_id)
        p95 = statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) > 1 else times[0]
        ok = p95 <= TARGET_MS and not complex_
        holds &= ok
        print(
            f"  {system_id:12} p50 {statistics.median(times):8.1f} ms  p95 {p95:8.1f} ms  max {max(times):8.1f} ms"
            f"  ({len(times)} questions, {refused} refused, {complex_} too complex, {method or '—'})"
            f"  {'holds' if ok else 'MISSED'}"
        )
    print(f"odds p95 ≤ {TARGET_MS:.0f} ms: {'holds' if holds else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
