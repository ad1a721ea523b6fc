"""The wound picture's data (`CombatSystem.body`): each of the six polygonal parts with its wound level.

A part's level is the rules' own (`part_level`: none, scratch, light, serious, severe, mortal); severity
puts it on the picture's 0–4 scale, scratch and light sharing the first step (both leave the part fully
usable). A limb in `amputated` is shown amputated; a head or torso whose damage passed its HP + CON (L498,
the rule that kills) is shown destroyed. Without the polygonal system there are no parts: no picture.
"""

from __future__ import annotations

from rules.model import BodyPart
from rules.systems.cz2d10.derive import part_hp, part_level, wound_con
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.status import guess_settings
from rules.systems.cz2d10.tables import PARTS

SEVERITY: dict[str, int] = {"none": 0, "scratch": 1, "light": 1, "serious": 2, "severe": 3, "mortal": 4}


def body_of(sheet: Sheet, settings: Settings | None = None) -> list[BodyPart] | None:
    settings = settings or guess_settings(sheet)
    if not settings.polygonal:
        return None
    parts = []
    for part in PARTS:
        if part in sheet.amputated:
            damage = sheet.part_damage.get(part, 0)
            parts.append(BodyPart(key=part, severity=4, level="mortal", damage=damage, state="amputated"))
            continue
        level = part_level(sheet, part, settings)
        damage = sheet.part_damage.get(part, 0)
        destroyed = part in ("head", "torso") and damage > part_hp(sheet, part, settings) + wound_con(sheet)
        parts.append(
            BodyPart(
                key=part,
                severity=SEVERITY.get(level, 0),
                level=level,
                damage=damage,
                state="destroyed" if destroyed else "ok",
            )
        )
    return parts
