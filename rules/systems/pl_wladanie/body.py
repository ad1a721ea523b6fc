"""The wound picture's data (`CombatSystem.body`): the six body parts and the damage each one took.

The seed has no wound model and the house wound levels count the **total** damage taken (`wound_level`),
so a part has no level of its own (`level` None). What the sheet holds per part is `damage_by_location`;
the picture grades it on the same house thresholds the total uses (setting `wound_thresholds`, its default
without an encounter): below the first threshold 1, then light 1, serious 2, critical 3, out or dead 4.
With the thresholds emptied any damage is 1. No rule of the seed destroys or severs a part.
"""

from __future__ import annotations

from rules.model import BodyPart

from .settings import Settings, parse_wound_thresholds
from .sheet import Sheet
from .tables import BODY_PARTS

SEVERITY: dict[str, int] = {"light": 1, "serious": 2, "critical": 3, "out": 4, "dead": 4}


def severity(damage: int, settings: Settings) -> int:
    if damage <= 0:
        return 0
    reached = [key for at, key in parse_wound_thresholds(settings.wound_thresholds) if damage >= at]
    return max([1, *(SEVERITY[key] for key in reached)])


def body_of(sheet: Sheet, settings: Settings | None = None) -> list[BodyPart]:
    settings = settings or Settings()
    return [
        BodyPart(key=part, severity=severity(taken, settings), damage=taken)
        for part in BODY_PARTS
        for taken in [sheet.damage_by_location.get(part, 0)]
    ]
