"""Polygonal hit locations: the three tables, thrust and size relabelling (H4, H5), roll shifts (H6–H8)."""

from __future__ import annotations

from functools import lru_cache

from rules.systems.cz2d10.tables import HIT_TABLES

LOW = range(2, 10)  # right side of the body: sums 2..9
HIGH = range(13, 21)  # left side: 13..20
_SIDE_PARTS = {"low": ("right_leg", "right_arm"), "high": ("left_leg", "left_arm")}


def _take(table: dict[int, str], side: range, donor: str, receiver: str, base: dict[int, str]) -> bool:
    """Relabel the donor's value nearest to the receiver (same side) as the receiver; False if impossible."""
    donors = [s for s in side if table[s] == donor]
    targets = [s for s in side if table[s] == receiver]
    if not donors or not targets:
        return False
    home = [s for s in side if base[s] == receiver] or targets
    best = min(donors, key=lambda s: (min(abs(s - t) for t in targets), min(abs(s - t) for t in home)))
    table[best] = receiver
    return True


def _thrust(table: dict[int, str], base: dict[int, str]) -> None:
    """H4: head loses its value nearest the legs to the leg, each arm its value nearest the torso."""
    for side, (leg, arm) in (("low", _SIDE_PARTS["low"]), ("high", _SIDE_PARTS["high"])):
        rng = LOW if side == "low" else HIGH
        _take(table, rng, "head", leg, base)
        donors = [s for s in rng if table[s] == arm]
        if donors:
            table[min(donors, key=lambda s: abs(s - 11))] = "torso"


def _smaller(table: dict[int, str], steps: int, base: dict[int, str]) -> None:
    """H5, attacker smaller: legs gain, alternately from the head and the arms, then from the torso."""
    for step in range(1, steps + 1):
        for side, (leg, arm) in _SIDE_PARTS.items():
            rng = LOW if side == "low" else HIGH
            order = ("head", arm, "torso") if step % 2 else (arm, "head", "torso")
            for donor in order:
                if donor == "torso":
                    cands = [s for s in range(10, 13) if table[s] == "torso"]
                    legs = [s for s in rng if table[s] == leg]
                    if cands and legs:
                        table[min(cands, key=lambda s: min(abs(s - t) for t in legs))] = leg
                        break
                    continue
                if _take(table, rng, donor, leg, base):
                    break


def _larger(table: dict[int, str], steps: int, base: dict[int, str]) -> None:
    """H5, attacker larger (mirror reading): head, then arm, gain the leg value nearest to them."""
    for step in range(1, steps + 1):
        for side, (leg, arm) in _SIDE_PARTS.items():
            rng = LOW if side == "low" else HIGH
            order = ("head", arm) if step % 2 else (arm, "head")
            for receiver in order:
                if _take(table, rng, leg, receiver, base):
                    break


# Every size step turns at least one of the 19 sums into a leg (smaller attacker) or out of a leg (larger)
# and never back, or changes nothing ever again: after 19 steps the table cannot change any more.
SATURATION_STEPS = 19


def effective_table(variant: int, size_diff: int, thrust: bool) -> tuple[tuple[int, str], ...]:
    """The table after relabelling; size_diff = attacker size − target size (any size: O(1))."""
    steps = max(-SATURATION_STEPS, min(SATURATION_STEPS, size_diff))
    return _relabelled(variant, steps, thrust)


@lru_cache(maxsize=256)
def _relabelled(variant: int, size_diff: int, thrust: bool) -> tuple[tuple[int, str], ...]:
    table = dict(HIT_TABLES[variant])
    if size_diff < 0:
        _smaller(table, -size_diff, HIT_TABLES[variant])
    elif size_diff > 0:
        _larger(table, size_diff, HIT_TABLES[variant])
    if thrust:
        _thrust(table, HIT_TABLES[variant])
    return tuple(sorted(table.items()))


def locate(roll: int, variant: int, size_diff: int = 0, thrust: bool = False) -> str:
    steps = max(-SATURATION_STEPS, min(SATURATION_STEPS, size_diff))
    return _lookup(variant, steps, thrust)[max(2, min(20, roll))]


@lru_cache(maxsize=256)
def _lookup(variant: int, steps: int, thrust: bool) -> dict[int, str]:
    """`effective_table` as a dict, built once per table (only read)."""
    return dict(_relabelled(variant, steps, thrust))


# H3: the d100 alternative; each 2d10 sum keeps its own share, bands cumulative in table order.
_CUMULATIVE = [(s, sum((k - 1) if k <= 11 else (21 - k) for k in range(2, s + 1))) for s in range(2, 21)]


def percent_to_sum(roll: int) -> int:
    """The 2d10 sum whose percentage band holds a d100 roll (clamped to 1..100)."""
    roll = max(1, min(100, roll))
    return next(s for s, top in _CUMULATIVE if roll <= top)


def best_shift(
    roll: int, max_shift: int, wanted: str, variant: int, size_diff: int, thrust: bool, percent: bool = False
) -> int:
    """The smallest shift within ±max_shift that lands on `wanted` (a d100 step is 2 %); 0 when none does."""
    table = dict(effective_table(variant, size_diff, thrust))
    widest = 50 if percent else 18  # a longer shift only lands on the clamped ends again
    for dist in range(min(max_shift, widest) + 1):
        for s in (dist, -dist):
            where = percent_to_sum(roll + 2 * s) if percent else max(2, min(20, roll + s))
            if table[where] == wanted:
                return s
    return 0
