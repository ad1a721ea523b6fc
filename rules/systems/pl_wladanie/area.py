"""Area attacks (atak obszarowy): ST 10 + range, and the scatter of a miss (rozrzut)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_FLOOR

from rules.dice import Roller

from .checks import exact, range_penalty
from .settings import Settings
from .tables import AREA_BASE_ST, SCATTER_DISTANCE, SCATTER_OFFSETS, SCATTER_REROLL


def area_st(distance_m: float, settings: Settings) -> tuple[int, int]:
    """(ST, range part): a 1x1 m field is ST 10 + the size of the range penalty."""
    part = -range_penalty(distance_m, settings)
    return AREA_BASE_ST + part, part


def distance_row(failure_by: int) -> tuple[int | None, int]:
    """Distance die sides (None = no die) and the scatter area in m² for a failure margin >= 1."""
    row = SCATTER_DISTANCE[0]
    for entry in SCATTER_DISTANCE:
        if failure_by >= entry[0]:
            row = entry
    return row[1], row[2]


def diagram(roller: Roller, purpose: str) -> tuple[list[int], tuple[int, int]]:
    """A k10 on the scatter diagram, rolling again on 10: every face rolled (the last one counts)."""
    faces: list[int] = []
    while True:
        faces.append(roller.d(10, purpose))
        if faces[-1] != SCATTER_REROLL:
            return faces, SCATTER_OFFSETS[faces[-1]]


@dataclass(frozen=True, slots=True)
class Scatter:
    failure_by: int
    distance_die: int | None
    distance: int
    direction: int | None
    landing: int
    dx: int
    dy: int
    area_m2: int
    clamped: bool
    # The dice as rolled, for the checks: a k10 showing 10 was rolled again.
    direction_faces: tuple[int, ...] = ()
    landing_faces: tuple[int, ...] = ()

    @property
    def on_target(self) -> bool:
        return self.dx == 0 and self.dy == 0


def scatter(
    roller: Roller, failure_by: int, distance_m: float, max_range_m: float | None, along_line: bool = True
) -> Scatter:
    """Failure 1-4: one diagram roll. Higher: distance die, direction k10 (new centre), landing k10."""
    sides, area = distance_row(failure_by)
    cx = cy = 0
    distance = 0
    direction: int | None = None
    turned: list[int] = []
    if sides is not None:
        distance = roller.d(sides, "scatter_distance")
        turned, (ox, oy) = diagram(roller, "scatter_direction")
        direction = turned[-1]
        cx, cy = ox * distance, oy * distance
    fell, (lx, ly) = diagram(roller, "scatter_landing")
    landing = fell[-1]
    dx, dy = cx + lx, cy + ly
    clamped = False
    if max_range_m is not None and along_line:
        # Never beyond the weapon's maximum range: pull the landing field back along the line of fire
        # (with the diagram on map north the line is unknown: the GM checks the range).
        room = int((exact(max_range_m) - exact(distance_m)).to_integral_value(rounding=ROUND_FLOOR))
        if dy > room:
            dy, clamped = room, True
    return Scatter(failure_by, sides, distance, direction, landing, dx, dy, area, clamped, tuple(turned), tuple(fell))
