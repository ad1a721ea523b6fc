"""cz2d10's faster paths (issue 17, third round) give what the plain rules give."""

from __future__ import annotations

from typing import Any

import pytest

from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.derive import (
    PARTS,
    part_level,
    part_penalty,
    part_unusable,
    wound_con,
    wound_level,
)


def _level_by_loop(damage: int, hp: int, custom: list[int] | None) -> str:
    """The wound level as the seed's thresholds give it, counted out (quarters of HP by default)."""
    if damage <= 0:
        return "none"
    limits = custom or [max(1, -(-hp // 4)), max(1, -(-hp // 2)), max(1, -(-3 * hp // 4)), max(1, hp)]
    level = "scratch"
    for name, limit in zip(("light", "serious", "severe", "mortal"), limits, strict=True):
        if damage >= limit:
            level = name
    return level


@pytest.mark.parametrize("custom", [None, [], [2, 4, 6, 8]])
def test_wound_level_looked_up_is_counted_out(custom: list[int] | None) -> None:
    for hp in range(1, 31):
        for damage in range(-2, 45):
            assert wound_level(damage, hp, custom) == _level_by_loop(damage, hp, custom)


@pytest.mark.parametrize(
    "data",
    [
        {"con": 2, "part_damage": {"head": 7, "right_arm": 3}},
        {"con": -3, "part_damage": {"left_leg": 1, "torso": 2}},  # a penalty of 0 is above a negative CON
        {"hp": 12, "part_damage": {"torso": 9, "left_arm": 4}, "amputated": ["right_leg"]},
        {"con": 0, "toughness": True, "part_damage": {"head": 20}},
    ],
)
def test_part_unusable_as_the_seed_states_it(data: dict[str, Any]) -> None:
    """L497: a mortal wound, or a penalty larger than CON, makes a part unusable (asked once per level)."""
    sheet: Any = S.sheet(data)
    settings: Any = S.settings({})
    for part in PARTS:
        expected = part in sheet.amputated or (
            bool(sheet.part_damage.get(part))
            and (
                part_level(sheet, part, settings) == "mortal" or -part_penalty(sheet, part, settings) > wound_con(sheet)
            )
        )
        assert part_unusable(sheet, part, settings) == expected
