"""Combat-point pool (punti combattimento) with its breakdown, and recovery by common rest."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.systems.adnd2cp import tables

if TYPE_CHECKING:
    from rules.systems.adnd2cp.sheet import Sheet, WeaponEntry


Detail = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PoolBreakdown:
    """Pool total and its parts as (term key, points, detail) for `/character show`; a detail is ids and
    numbers (a class and its level, a weapon, its rank and column) the presenter names in the reader's words."""

    total: int
    parts: tuple[tuple[str, int, Detail], ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, object]:
        return {
            "total": self.total,
            "parts": [{"key": k, "points": p, "detail": d} for k, p, d in self.parts],
        }


_HD = re.compile(r"^\s*(\d+)")


def full_hit_dice(hit_dice: str | None) -> int:
    """Whole Hit Dice: "4+1" -> 4, "1-1" -> 1, "1/2" -> 0."""
    if not hit_dice or "/" in hit_dice:
        return 0
    m = _HD.match(hit_dice)
    return int(m.group(1)) if m else 0


def class_points(sheet: Sheet) -> tuple[int, Detail]:
    """The best class table (multi-class): floor(rate × level) for each class, keep the highest."""
    best = 0
    detail: Detail = ()
    for entry in sheet.classes:
        points = math.floor(tables.CLASS_RATE[entry.group] * entry.level)
        if points > best or not detail:
            best, detail = points, (entry.class_name or entry.group, str(entry.level))
    return best, detail


def _is_thief(name: str) -> bool:
    return name in ("thief", "ladro")


def int_bonus_applies(sheet: Sheet) -> bool:
    return any(c.group == "warrior" or _is_thief(c.class_name) for c in sheet.classes)


def _level8_eligible(name: str) -> bool:
    return name not in tables.LEVEL8_EXCLUDED and not name.startswith(tables.PALADIN_GROUP_PREFIX)


def level8_bonus(sheet: Sheet) -> int:
    ok = any(c.group == "warrior" and c.level >= 8 and _level8_eligible(c.class_name) for c in sheet.classes)
    return tables.LEVEL8_BONUS if ok else 0


def _rank(w: WeaponEntry) -> int:
    return tables.RANK_INDEX[w.rank]


def three_skilled_bonus(sheet: Sheet) -> int:
    categories = {w.category or w.id for w in sheet.weapons if _rank(w) >= tables.RANK_INDEX["abile"]}
    return tables.THREE_SKILLED_BONUS if len(categories) >= 3 else 0


# The table's column as the reader reads it (its heading), never its letter: "term.adnd2cp.<id>".
MASTERY_COLUMN_TERMS = {"A": "mastery_best", "B": "mastery_same_category", "C": "mastery_affine", "D": "mastery_twin"}


def mastery_points(weapons: list[WeaponEntry]) -> list[tuple[str, int, Detail]]:
    """Table 11.3: column A for the best weapon of each category, B/C/D for the others by relation."""
    by_category: dict[str, list[WeaponEntry]] = {}
    for w in weapons:
        if w.rank in tables.MASTERY:
            by_category.setdefault(w.category or w.id, []).append(w)
    parts: list[tuple[str, int, Detail]] = []
    for group in by_category.values():
        ordered = sorted(group, key=_rank, reverse=True)
        for i, w in enumerate(ordered):
            column = "A" if i == 0 else tables.RELATION_COLUMN[w.relation]
            points = tables.MASTERY[w.rank][column]
            if points:
                parts.append(("pool_mastery", points, (w.id, w.rank, MASTERY_COLUMN_TERMS[column])))
    return parts


def combat_arts_counted(sheet: Sheet) -> int:
    """Arts and grades that earn +2 each: "Per ogni Arte di Combattimento conosciuta, o suo grado
    completo". `gradi_arti` counts the arts known and their completed grades together; every art written
    in `arti` is known, so the count is never below the arts listed (`arti:schivata` alone: 1)."""
    return max(sheet.combat_art_grades, len(set(sheet.arts)))


def pool_breakdown(sheet: Sheet, monster_class_int_bonus: bool = False) -> PoolBreakdown:
    monster = sheet.kind == "monster"
    if monster and sheet.intelligence < tables.MONSTER_MIN_INT:
        return PoolBreakdown(0, (("pool_monster_too_dull", 0, ("intelligence", str(sheet.intelligence))),))
    parts: list[tuple[str, int, Detail]] = []
    if monster:
        parts.append(("pool_hit_dice", full_hit_dice(sheet.hit_dice), (sheet.hit_dice or "0",)))
        intelligence = ("intelligence", str(sheet.intelligence))
        parts.append(("pool_monster_int", tables.monster_int_bonus(sheet.intelligence), intelligence))
    if sheet.classes:
        points, detail = class_points(sheet)
        parts.append(("pool_class_level", points, detail))
    if int_bonus_applies(sheet) and (not monster or monster_class_int_bonus):
        parts.append(("pool_int", tables.pc_int_bonus(sheet.intelligence), ("intelligence", str(sheet.intelligence))))
    parts.append(("pool_level8", level8_bonus(sheet), ()))
    parts.append(("pool_three_skilled", three_skilled_bonus(sheet), ()))
    parts.extend(mastery_points(sheet.weapons))
    arts = combat_arts_counted(sheet)
    parts.append(("pool_combat_arts", tables.ART_GRADE_POINTS * arts, (str(arts),)))
    parts.append(("pool_extra", sheet.extra_pool_points, ()))
    kept = tuple(p for p in parts if p[1] or p[0] in ("pool_class_level", "pool_hit_dice"))
    return PoolBreakdown(sum(p[1] for p in parts), kept)


def rest_gain_per_hour(pool_max: int) -> int:
    """12.5 % of the pool, ordinary rounding (half up: 2.5 -> 3), at least 1: max(1, (pool + 4) // 8)."""
    return max(1, (pool_max + 4) // 8)


def after_rest(pool_current: int, pool_max: int, hours: int) -> int:
    if hours <= 0:
        return pool_current
    return (
        min(pool_max, pool_current + rest_gain_per_hour(pool_max) * hours) if pool_current < pool_max else pool_current
    )
