"""The dice sources every roll goes through."""

from __future__ import annotations

import random

import pytest

from rules.dice import RandomDice


def test_seeded_dice_roll_the_faces_randint_rolls() -> None:
    """RandomDice draws below the die's size directly (issue 17): a seeded fight still replays the same."""
    for seed in (1, 7, 2026):
        dice, reference = RandomDice(seed), random.Random(seed)
        for sides in [1, 2, 3, 4, 6, 8, 10, 12, 20, 100, 7, 2**40] * 50:
            assert dice.face(sides) == reference.randint(1, sides)
    with pytest.raises(ValueError):
        RandomDice(1).face(0)
    assert all(1 <= RandomDice().face(6) <= 6 for _ in range(200))
