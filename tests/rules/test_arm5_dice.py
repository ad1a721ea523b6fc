"""Stress die, botch dice and simple die of arm5 (ScriptedDice faces 1..10; 10 is the "0" face)."""

from __future__ import annotations

import pytest

from rules.dice import Roller, ScriptedDice
from rules.errors import RulesError
from rules.systems.arm5.stress import simple_die, stress_die


def roll(faces: list[int], botch_dice: int = 1) -> tuple[int, int, bool, list[str], int]:
    dice = ScriptedDice(faces)
    roller = Roller(dice)
    r = stress_die(roller, "attack", botch_dice)
    return r.value, r.botches, r.zero, [d.purpose for d in roller.rolls], dice.remaining


@pytest.mark.parametrize(
    ("faces", "value"),
    [
        ([2], 2),
        ([9], 9),
        ([1, 7], 14),
        ([1, 1, 7], 28),
        ([1, 1, 1, 7], 56),
        ([1, 10], 20),  # a "0" after a 1 counts 10 and is never a botch
        ([1, 1, 1, 10], 80),
        ([1, 2], 4),
        ([1, 1, 1, 1, 1, 3], 96),
    ],
)
def test_stress_chain(faces: list[int], value: int) -> None:
    got, botches, zero, purposes, remaining = roll(faces)
    assert got == value
    assert botches == 0 and not zero
    assert purposes == ["attack"] * len(faces)
    assert remaining == 0


def test_first_zero_rolls_botch_dice_and_counts_zero() -> None:
    value, botches, zero, purposes, _ = roll([10, 4])
    assert (value, botches, zero) == (0, 0, True)
    assert purposes == ["attack", "attack_botch"]


@pytest.mark.parametrize(
    ("botch_faces", "botches"),
    [([3, 5, 7], 0), ([10, 5, 7], 1), ([10, 10, 2], 2), ([10, 10, 10], 3)],
)
def test_each_botch_die_showing_zero_is_one_botch(botch_faces: list[int], botches: int) -> None:
    value, got, zero, purposes, remaining = roll([10, *botch_faces], botch_dice=3)
    assert (value, got, zero) == (0, botches, True)
    assert purposes == ["attack"] + ["attack_botch"] * 3
    assert remaining == 0


def test_zero_botch_dice_means_a_zero_is_just_zero() -> None:
    value, botches, zero, purposes, remaining = roll([10, 10], botch_dice=0)
    assert (value, botches, zero) == (0, 0, True)
    assert purposes == ["attack"]
    assert remaining == 1  # no botch die was rolled


def test_simple_die_reads_zero_face_as_ten() -> None:
    roller = Roller(ScriptedDice([10, 1]))
    assert simple_die(roller, "x") == 10
    assert simple_die(roller, "x") == 1


def test_exhausted_script_is_an_error_not_a_guess() -> None:
    with pytest.raises(RulesError) as err:
        roll([1, 1])
    assert err.value.key == "error.dice_script_exhausted"
