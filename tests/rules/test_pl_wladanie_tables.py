"""pl_wladanie tables and arithmetic: dice steps, strength categories, heavy weapons, range, scatter."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.systems.pl_wladanie.area import area_st, distance_row
from rules.systems.pl_wladanie.checks import heavy, range_penalty
from rules.systems.pl_wladanie.damage import (
    category_index,
    shift_dice,
    strength_damage,
    weak_halve,
    wound_level,
)
from rules.systems.pl_wladanie.settings import Settings, parse_location_table
from rules.systems.pl_wladanie.sheet import category_label

DEFAULT = Settings()


@pytest.mark.parametrize(
    ("dice", "steps", "expected"),
    [
        ("1k6", -2, "1k2"),
        ("1k4", -1, "1k2"),
        ("1k2", -2, "1k2"),  # clamps at the bottom of the ladder
        ("1k12", 1, "2k6"),
        ("2k6", 1, "2k8"),  # crosses from row 1 to row 2
        ("2k8", -1, "2k6"),  # and back
        ("4k10", 1, "4k12"),  # row 2 → row 3
        ("4k12", -2, "3k12"),
        ("5k12", 1, "7k10"),  # the table's jump (no 6k…)
        ("7k10", -1, "5k12"),
        ("10k10", 1, "11k10"),  # row 3 → row 4
        ("16k10", 1, "17k10"),  # "etc."
        ("18k10", -3, "15k10"),
        ("1k8+1", -2, "1k4+1"),  # a bonus stays
        ("2k8", 0, "2k8"),
    ],
)
def test_damage_dice_steps(dice: str, steps: int, expected: str) -> None:
    assert shift_dice(dice, steps) == expected


def test_off_ladder_dice_need_a_ladder_position() -> None:
    with pytest.raises(RulesError) as err:
        shift_dice("1k3", -2)
    assert err.value.key == "error.pl_wladanie.dice_off_ladder"
    assert shift_dice("1k3", 0) == "1k3"
    assert shift_dice("1k3", -1, ladder_dice="1k4") == "1k2"


@pytest.mark.parametrize(
    ("strength", "expected"),
    [
        # strength: [1/8, 1/4, 1/2, 1, 1,5, 2, 3]  (digest §12, computed with repeated halving rounding up)
        (0, [0, 0, 0, 0, 0, 0, 0]),
        (1, [1, 1, 1, 1, 2, 2, 3]),
        (5, [1, 2, 3, 5, 8, 10, 15]),
        (7, [1, 2, 4, 7, 11, 14, 21]),
        (8, [1, 2, 4, 8, 12, 16, 24]),
        (9, [2, 3, 5, 9, 14, 18, 27]),
        (17, [3, 5, 9, 17, 26, 34, 51]),
        (20, [3, 5, 10, 20, 30, 40, 60]),
    ],
)
def test_strength_damage_categories(strength: int, expected: list[int]) -> None:
    labels = ["1/8", "1/4", "1/2", "1", "1,5", "2", "3"]
    assert [strength_damage(strength, category_index(label)) for label in labels] == expected


def test_category_zero_and_high_categories() -> None:
    assert strength_damage(10, category_index("0")) == 0
    assert strength_damage(5, category_index("4")) == 20
    assert strength_damage(5, category_index("6")) == 30
    assert strength_damage(5, category_index("7")) == 35  # "+1 etc."


@pytest.mark.parametrize(
    ("raw", "label"),
    [
        (0, "0"),
        ("1/8", "1/8"),
        (0.125, "1/8"),
        (0.5, "1/2"),
        ("1.5", "1,5"),
        (1.5, "1,5"),
        (2, "2"),
        (2.0, "2"),
    ],
)
def test_category_labels(raw: object, label: str) -> None:
    assert category_label(raw) == label


def test_weak_halving_rounding() -> None:
    assert weak_halve(5, DEFAULT) == 3
    assert weak_halve(5, Settings(weak_rounding="down")) == 2
    assert weak_halve(1, DEFAULT) == 1
    assert weak_halve(0, DEFAULT) == 0


# --- heavy weapons --------------------------------------------------------------------------------
def test_heavy_float_trap_3_8_kg_with_20_kg_lift_is_minus_8() -> None:
    assert (3.8 - 3.0) / 0.1 < 8  # the trap itself: binary floating point gives 7.999…
    h = heavy(3.8, 20, False, DEFAULT)
    assert h.penalty == -8
    assert h.forbids_bonus_action_attacks and not h.extra_bonus_action


@pytest.mark.parametrize(
    ("weight", "lift", "two_handed", "penalty"),
    [
        (3.0, 20, False, 0),  # exactly the limit 1 + 20/10
        (3.09, 20, False, 0),  # not a full 0.1 kg over
        (3.1, 20, False, -1),
        (4.0, 20, False, -10),
        (6.0, 24, True, 0),  # 2 x (1 + 2.4) = 6.8
        (6.9, 24, True, -1),
        (0.7, 0.5, False, 0),  # limit 1.05
        (1.15, 0.5, False, -1),
        (2.3, 13, False, 0),
        (2.4, 13, False, -1),
    ],
)
def test_heavy_penalty(weight: float, lift: float, two_handed: bool, penalty: int) -> None:
    assert heavy(weight, lift, two_handed, DEFAULT).penalty == penalty


def test_heavy_two_handed_limit_setting() -> None:
    assert heavy(6.0, 24, True, Settings(two_handed_limit="double_lift_part")).penalty == -2  # limit 5.8


def test_heavy_thresholds_and_too_heavy() -> None:
    assert heavy(4.0, 20, False, DEFAULT).extra_bonus_action
    assert not heavy(3.9, 20, False, DEFAULT).extra_bonus_action
    assert not heavy(10.0, 20, False, DEFAULT).too_heavy  # exactly lift / 2
    assert heavy(10.1, 20, False, DEFAULT).too_heavy
    assert not heavy(20.0, 20, True, DEFAULT).too_heavy
    assert heavy(20.1, 20, True, DEFAULT).too_heavy


# --- range -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("distance", "floor", "ceil"),
    [
        (0, 0, 0),
        (1.9, 0, -1),
        (2, -1, -1),
        (2.1, -1, -2),
        (3, -1, -2),
        (3.99, -1, -2),
        (4, -2, -2),
        (5, -2, -3),
        (9.5, -4, -5),
        (10, -5, -5),
        (11.9, -5, -6),
        (12, -6, -6),
    ],
)
def test_range_penalty_edges(distance: float, floor: int, ceil: int) -> None:
    assert range_penalty(distance, DEFAULT) == floor
    assert range_penalty(distance, Settings(range_rounding="ceil")) == ceil


def test_area_st() -> None:
    assert area_st(0, DEFAULT) == (10, 0)
    assert area_st(9, DEFAULT) == (14, 4)
    assert area_st(1.99, DEFAULT) == (10, 0)


@pytest.mark.parametrize(
    ("failure", "die", "area"),
    [
        (1, None, 9),
        (4, None, 9),
        (5, 2, 49),
        (9, 2, 49),
        (10, 4, 121),
        (19, 4, 121),
        (20, 6, 225),
        (29, 6, 225),
        (30, 8, 361),
        (40, 10, 529),
        (49, 10, 529),
        (50, 12, 729),
        (99, 12, 729),
    ],
)
def test_scatter_distance_rows(failure: int, die: int | None, area: int) -> None:
    assert distance_row(failure) == (die, area)


# --- settings tables -------------------------------------------------------------------------------
def test_location_table_parsing_and_gaps() -> None:
    sides, rows = parse_location_table(Settings().location_table)
    assert sides == 20 and rows[0] == (1, 2, "head")
    with pytest.raises(ValueError):
        parse_location_table("1-2:head,4-6:torso")
    with pytest.raises(ValueError):
        parse_location_table("1-2:tail")


def test_wound_levels_from_thresholds() -> None:
    s = Settings(wound_thresholds="light:5,serious:10,out:20")
    assert wound_level(0, Settings(wound_thresholds="")) is None
    assert wound_level(20, DEFAULT) == "out" and wound_level(30, DEFAULT) == "dead"  # the house default
    assert wound_level(0, s) == "unhurt"
    assert wound_level(4, s) == "hurt"
    assert wound_level(5, s) == "light"
    assert wound_level(19, s) == "serious"
    assert wound_level(20, s) == "out"
