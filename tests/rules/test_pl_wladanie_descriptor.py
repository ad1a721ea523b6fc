"""How a hidden pl_wladanie combatant looks to players: its wound level on the five descriptor steps."""

from __future__ import annotations

from typing import Any

import pytest

from rules.registry import get_system

S = get_system("pl_wladanie")
THRESHOLDS = "lekka:3,ciężka:8,krytyczna:12,poza_walką:16,śmierć:20"


def seen(sheet: dict[str, Any]) -> str:
    return S.descriptor(S.status(S.sheet(sheet)))


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        ("unhurt", "unhurt"),
        ("hurt", "wounded"),
        ("light", "wounded"),
        ("serious", "badly_wounded"),
        ("critical", "near_death"),
        ("out", "down"),
        ("dead", "down"),
    ],
)
def test_wound_levels_map_onto_the_five_steps(level: str, expected: str) -> None:
    damage = {"unhurt": 0, "hurt": 1}.get(level, 5)
    assert seen({"wound_level": None if level in ("unhurt", "hurt") else level, "damage_taken": damage}) == expected


def test_down_states_are_down() -> None:
    assert seen({"down": "unconscious"}) == "down" and seen({"down": "dead", "damage_taken": 0}) == "down"


def test_the_levels_follow_the_thresholds_after_upkeep() -> None:
    from rules.system import Fighter

    settings = S.settings({"wound_thresholds": THRESHOLDS})
    for damage, expected in [(0, "unhurt"), (2, "wounded"), (5, "wounded"), (9, "badly_wounded"),
                             (13, "near_death"), (17, "down"), (25, "down")]:  # fmt: skip
        fighter = Fighter("Jagna", S.sheet({"damage_taken": damage}))
        upkeep = S.start_round(fighter, settings, 2)
        sheet = upkeep.actor_sheet if upkeep is not None and upkeep.actor_sheet else fighter.sheet.model_dump()
        assert seen(sheet) == expected, damage
