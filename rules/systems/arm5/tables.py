"""Data tables: the seed's wound table by Size (Budowa), penalties, fatigue levels, cover, abilities."""

from __future__ import annotations

from bisect import bisect_left
from typing import Final, Literal

from rules.errors import RulesError
from rules.model import Term

WoundBand = Literal["light", "medium", "heavy", "incapacitating", "dead"]
BANDS: Final[tuple[WoundBand, ...]] = ("light", "medium", "heavy", "incapacitating", "dead")

# The seed's table (Budowa → upper bound of Lekkie, Średnie, Ciężkie, Eliminujące; Uśmiercające is open).
# Damage after Soak; a band runs from the previous bound + 1. Two readings of misprints (digest §12):
# row -1 prints Eliminujące "12-16": 12 stays Ciężkie (9-12), Eliminujące is 13-16;
# row -4 prints Uśmiercające "5" without "+": read as 5 or more.
WOUND_TABLE: Final[dict[int, tuple[int, int, int, int]]] = {
    -4: (1, 2, 3, 4),
    -3: (2, 4, 6, 8),
    -2: (3, 6, 9, 12),
    -1: (4, 8, 12, 16),
    0: (5, 10, 15, 20),
    1: (6, 12, 18, 24),
    2: (7, 14, 21, 28),
    3: (8, 16, 24, 32),
}
TABLE_MIN_SIZE: Final = min(WOUND_TABLE)
TABLE_MAX_SIZE: Final = max(WOUND_TABLE)

SizeRule = Literal["extrapolate_above_3_reject_below_minus_4", "reject", "clamp"]


def band_bounds(size: int, rule: SizeRule) -> tuple[int, int, int, int]:
    """Upper bounds of the four closed bands for a Size, per the GM's `size_outside_table` rule."""
    row = WOUND_TABLE.get(size)
    if row is not None:
        return row
    if rule == "clamp":
        return WOUND_TABLE[max(TABLE_MIN_SIZE, min(TABLE_MAX_SIZE, size))]
    if rule == "extrapolate_above_3_reject_below_minus_4" and size > TABLE_MAX_SIZE:
        width = 5 + size  # the base game's pattern, which every row of the seed's table follows
        return (width, 2 * width, 3 * width, 4 * width)
    raise RulesError(
        "error.arm5.size_outside_table",
        size=size,
        minimum=TABLE_MIN_SIZE,
        maximum=TABLE_MAX_SIZE,
        setting=Term("settingname", "size_outside_table"),
    )


def wound_band(net: int, size: int, rule: SizeRule) -> WoundBand | None:
    """The one wound a hit of `net` damage (after Soak) gives; None when nothing gets through."""
    if net <= 0:
        return None
    # The first band whose upper bound holds `net` (the bounds rise), "dead" past the last: one bisection.
    return BANDS[bisect_left(band_bounds(size, rule), net)]


# Base game (B5): cumulative penalty per wound. Incapacitating/dead wounds take the fighter out instead.
WOUND_PENALTY: Final[dict[str, int]] = {"light": -1, "medium": -3, "heavy": -5}

# Base game (B6): fatigue levels (poziomy Wyczerpania) and their penalties; 5 = Unconscious, cannot act.
FATIGUE_LEVELS: Final[tuple[str, ...]] = ("fresh", "winded", "weary", "tired", "dazed", "unconscious")
FATIGUE_PENALTY: Final[tuple[int, ...]] = (0, 0, -1, -3, -5, 0)
# Polish names of the levels (with and without diacritics), as a Polish table types them.
FATIGUE_NAMES_PL: Final[dict[str, int]] = {
    "wypoczęty": 0,
    "wypoczety": 0,
    "zdyszany": 1,
    "znużony": 2,
    "znuzony": 2,
    "zmęczony": 3,
    "zmeczony": 3,
    "oszołomiony": 4,
    "oszolomiony": 4,
    "nieprzytomny": 5,
}
UNCONSCIOUS: Final = 5

# The seed's "Wpływ na Wyczerpanie" table, read as the non-lethal conversion (digest Ambiguity 4):
# band → (fatigue levels lost, wound taken instead of the band's wound).
NONLETHAL: Final[dict[str, tuple[int, WoundBand | None]]] = {
    "light": (1, None),
    "medium": (2, None),
    "heavy": (2, "light"),
    "incapacitating": (3, "light"),
    "dead": (5, "medium"),
}

Cover = Literal["none", "quarter", "half", "three_quarters", "almost_full"]
COVER_BONUS: Final[dict[str, int]] = {
    "none": 0,
    "quarter": 3,
    "half": 6,
    "three_quarters": 9,
    "almost_full": 12,
}

COVER_ALIASES: Final[dict[str, str]] = {
    "0": "none",
    "3": "quarter",
    "+3": "quarter",
    "1/4": "quarter",
    "6": "half",
    "+6": "half",
    "1/2": "half",
    "9": "three_quarters",
    "+9": "three_quarters",
    "3/4": "three_quarters",
    "12": "almost_full",
    "+12": "almost_full",
    "full": "almost_full",
}


def cover_key(value: object) -> object:
    """`3`, `"+6"`, `"3/4"` … → the cover key; anything else is left for validation to judge."""
    if value is None or isinstance(value, bool):
        return value
    return COVER_ALIASES.get(str(value).strip(), value)


Ability = Literal["single_weapon", "great_weapon", "brawl", "throw", "bows"]
RANGED_ABILITIES: Final = frozenset({"throw", "bows"})

RIDING_BONUS_CAP: Final = 3
DISENGAGE_STEP: Final = 3
FAST_CASTING_PENALTY: Final = -10
FAST_CASTING_EXTRA_BOTCH_DICE: Final = 2
# A held action placed on a count others already have goes after them ("musi poczekać, aż przeciwnik
# zakończy swoją akcje"): a tiebreak below any Quickness (the usual first tiebreak, −10…10).
HOLD_TIEBREAK: Final = -100
