"""The seed's wound table by Size (every band edge of every row), penalties and fatigue levels."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.systems.arm5.sheet import Sheet
from rules.systems.arm5.tables import WOUND_TABLE, wound_band

DEFAULT = "extrapolate_above_3_reject_below_minus_4"

# The seed's rows as printed (lo, hi per band), with the digest's readings of row -1 and row -4.
SEED_ROWS = {
    -4: [(1, 1), (2, 2), (3, 3), (4, 4), (5, None)],
    -3: [(1, 2), (3, 4), (5, 6), (7, 8), (9, None)],
    -2: [(1, 3), (4, 6), (7, 9), (10, 12), (13, None)],
    -1: [(1, 4), (5, 8), (9, 12), (13, 16), (17, None)],
    0: [(1, 5), (6, 10), (11, 15), (16, 20), (21, None)],
    1: [(1, 6), (7, 12), (13, 18), (19, 24), (25, None)],
    2: [(1, 7), (8, 14), (15, 21), (22, 28), (29, None)],
    3: [(1, 8), (9, 16), (17, 24), (25, 32), (33, None)],
}
BANDS = ["light", "medium", "heavy", "incapacitating", "dead"]
EDGES = [
    (size, edge, band)
    for size, row in SEED_ROWS.items()
    for band, (lo, hi) in zip(BANDS, row, strict=True)
    for edge in ([lo] if hi is None else [lo, hi])
]


@pytest.mark.parametrize(("size", "net", "band"), EDGES)
def test_every_band_edge_of_every_size_row(size: int, net: int, band: str) -> None:
    assert wound_band(net, size, DEFAULT) == band


@pytest.mark.parametrize("size", sorted(SEED_ROWS))
def test_nothing_through_soak_is_no_wound_and_top_band_is_open(size: int) -> None:
    assert wound_band(0, size, DEFAULT) is None
    assert wound_band(-7, size, DEFAULT) is None
    assert wound_band(500, size, DEFAULT) == "dead"  # still one Uśmiercające result


def test_row_minus_one_misprint_12_is_heavy_13_incapacitating() -> None:
    assert wound_band(12, -1, DEFAULT) == "heavy"
    assert wound_band(13, -1, DEFAULT) == "incapacitating"


def test_row_minus_four_5_is_open_ended() -> None:
    assert wound_band(5, -4, DEFAULT) == "dead"
    assert wound_band(6, -4, DEFAULT) == "dead"


def test_table_is_the_seeds_rows() -> None:
    for size, row in SEED_ROWS.items():
        assert WOUND_TABLE[size] == tuple(hi for _, hi in row[:4])


@pytest.mark.parametrize(
    ("net", "band"),
    [
        (9, "light"),
        (10, "medium"),
        (18, "medium"),
        (19, "heavy"),
        (27, "heavy"),
        (28, "incapacitating"),
        (36, "incapacitating"),
        (37, "dead"),
    ],
)
def test_size_above_table_extrapolates_the_row_pattern(net: int, band: str) -> None:
    assert wound_band(net, 4, DEFAULT) == band  # width 5 + 4 = 9


def test_size_below_table_is_refused_by_default() -> None:
    with pytest.raises(RulesError) as err:
        wound_band(3, -5, DEFAULT)
    assert err.value.key == "error.arm5.size_outside_table"


def test_size_reject_and_clamp_settings() -> None:
    with pytest.raises(RulesError):
        wound_band(3, 4, "reject")
    assert wound_band(33, 6, "clamp") == "dead"  # the +3 row
    assert wound_band(2, -6, "clamp") == "medium"  # the -4 row


@pytest.mark.parametrize(
    ("wounds", "fatigue", "penalty"),
    [
        ({}, 0, 0),
        ({"light": 1}, 0, -1),
        ({"medium": 1}, 0, -3),
        ({"heavy": 1}, 0, -5),
        ({"light": 1, "heavy": 1}, 0, -6),
        ({"light": 2, "medium": 1, "heavy": 1}, 0, -10),
        ({}, 1, 0),  # Winded
        ({}, 2, -1),  # Weary
        ({}, 3, -3),  # Tired
        ({}, 4, -5),  # Dazed
        ({"light": 1, "medium": 1}, 3, -7),
    ],
)
def test_wound_and_fatigue_penalties_stack(wounds: dict[str, int], fatigue: int, penalty: int) -> None:
    sheet = Sheet.model_validate({"wounds": wounds, "fatigue_level": fatigue})
    assert sheet.wound_penalty + sheet.fatigue_penalty == penalty


def test_out_of_fight_states() -> None:
    assert Sheet.model_validate({"incapacitating": 1}).out_of_fight
    assert Sheet.model_validate({"fatigue_level": 5}).out_of_fight
    assert Sheet.model_validate({"dead": True}).out_of_fight
    assert not Sheet.model_validate({"heavy": 3, "fatigue_level": 4}).out_of_fight
