"""Number tables: combat-point pool tables of the seed and the published AD&D 2e tables it relies on."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

Group = Literal["warrior", "priest", "wizard", "rogue", "psionicist"]
Rank = Literal["none", "abile", "esperto", "campione", "maestro", "gran_maestro"]
Relation = Literal["auto", "other", "affine", "gemella"]
Size = Literal["T", "S", "M", "L", "H", "G"]

# --- combat points (seed) -------------------------------------------------------------------------
# Points per level by class group; wizard and rogue count whole points only (floor).
CLASS_RATE: dict[str, Fraction] = {
    "wizard": Fraction(1, 2),
    "priest": Fraction(1),
    "psionicist": Fraction(1),
    "rogue": Fraction(3, 2),
    "warrior": Fraction(2),
}

# Int bonus for the warrior macro-class and the Thief class: 13:+1 … 18 or more:+24.
PC_INT_BONUS: dict[int, int] = {13: 1, 14: 2, 15: 4, 16: 8, 17: 16, 18: 24}


def pc_int_bonus(intelligence: int) -> int:
    if intelligence >= 18:
        return 24
    return PC_INT_BONUS.get(intelligence, 0)


# Monsters: 1 point per full Hit Die plus a fixed bonus by Intelligence, only from Int 5 (Low).
MONSTER_MIN_INT = 5
MONSTER_INT_BANDS: tuple[tuple[int, int], ...] = (
    (5, 3),  # 5-7 Low
    (8, 5),  # 8-10 Average (human)
    (11, 9),  # 11-12 Very
    (13, 15),  # 13-14 Highly
    (15, 20),  # 15-16 Exceptionally
    (17, 25),  # 17-18 Genius
    (19, 30),  # 19-20 Supra-genius
    (21, 40),  # 21+ Godlike
)


def monster_int_bonus(intelligence: int) -> int:
    bonus = 0
    for lowest, points in MONSTER_INT_BANDS:
        if intelligence >= lowest:
            bonus = points
    return bonus


LEVEL8_BONUS = 5
LEVEL8_EXCLUDED = frozenset({"paladin", "ranger", "reaver", "skald", "dark_knight", "nightblade", "shadow_bringer"})
# Classes of the paladin group (the house game has several); a class named "paladin_*" counts too.
PALADIN_GROUP_PREFIX = "paladin"
THREE_SKILLED_BONUS = 5
ART_GRADE_POINTS = 2

RANK_ORDER: tuple[Rank, ...] = ("none", "abile", "esperto", "campione", "maestro", "gran_maestro")
RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(RANK_ORDER)}

# Mastery table columns: A best weapon of a category, B other weapons of the same category (not related
# or twin), C related (affini), D twin (gemelle).
MASTERY: dict[str, dict[str, int]] = {
    "esperto": {"A": 1, "B": 0, "C": 0, "D": 0},
    "campione": {"A": 3, "B": 1, "C": 0, "D": 0},
    "maestro": {"A": 6, "B": 3, "C": 2, "D": 0},
    "gran_maestro": {"A": 10, "B": 5, "C": 4, "D": 3},
}
RELATION_COLUMN: dict[str, str] = {"auto": "B", "other": "B", "affine": "C", "gemella": "D"}

# Disarmare: the victim's save bonus by its rank with the weapon it holds (percentage points).
DISARM_RANK_SAVE_BONUS: dict[str, int] = {"campione": 3, "maestro": 5, "gran_maestro": 7}

# --- AD&D 2e base tables -------------------------------------------------------------------------
# Strength: (to-hit, damage). 18/xx exceptional strength by percentile bands.
_STR: dict[int, tuple[int, int]] = {
    1: (-5, -4),
    2: (-3, -2),
    3: (-3, -1),
    4: (-2, -1),
    5: (-2, -1),
    6: (-1, 0),
    7: (-1, 0),
    8: (0, 0),
    9: (0, 0),
    10: (0, 0),
    11: (0, 0),
    12: (0, 0),
    13: (0, 0),
    14: (0, 0),
    15: (0, 0),
    16: (0, 1),
    17: (1, 1),
    18: (1, 2),
    19: (3, 7),
    20: (3, 8),
    21: (4, 9),
    22: (4, 10),
    23: (5, 11),
    24: (6, 12),
    25: (7, 14),
}
_STR_18: tuple[tuple[int, tuple[int, int]], ...] = (
    (1, (1, 3)),
    (51, (2, 3)),
    (76, (2, 4)),
    (91, (2, 5)),
    (100, (3, 6)),
)


def strength_adjustments(strength: int, percentile: int = 0) -> tuple[int, int]:
    """(to-hit, damage) for a Strength score; 18 with percentile 1..100 (100 = 18/00)."""
    if strength == 18 and percentile > 0:
        found = _STR[18]
        for lowest, adj in _STR_18:
            if percentile >= lowest:
                found = adj
        return found
    return _STR[max(1, min(25, strength))]


# Dexterity: reaction/missile attack adjustment and defensive (AC) adjustment (negative = better AC).
_DEX: dict[int, tuple[int, int]] = {
    1: (-6, 5),
    2: (-4, 5),
    3: (-3, 4),
    4: (-2, 3),
    5: (-1, 2),
    6: (0, 1),
    7: (0, 0),
    8: (0, 0),
    9: (0, 0),
    10: (0, 0),
    11: (0, 0),
    12: (0, 0),
    13: (0, 0),
    14: (0, 0),
    15: (0, -1),
    16: (1, -2),
    17: (2, -3),
    18: (2, -4),
    19: (3, -4),
    20: (3, -4),
    21: (4, -5),
    22: (4, -5),
    23: (4, -5),
    24: (5, -6),
    25: (5, -6),
}


def dexterity_adjustments(dexterity: int) -> tuple[int, int]:
    """(missile to-hit adjustment, AC adjustment) for a Dexterity score."""
    return _DEX[max(1, min(25, dexterity))]


def thac0_for(group: str, level: int) -> int:
    """Published THAC0 by class group (warrior 21-level, priest, rogue, wizard; psionicist as rogue)."""
    if group == "warrior":
        return max(1, 21 - level)
    if group == "priest":
        return 20 - 2 * ((level - 1) // 3)
    if group == "wizard":
        return 20 - (level - 1) // 3
    return 20 - (level - 1) // 2


# Proficiency penalty for a weapon the character does not know, by group (the best group counts).
NONPROFICIENT: dict[str, int] = {"warrior": -2, "priest": -3, "rogue": -3, "psionicist": -4, "wizard": -5}

# Missile range bands: to-hit modifier.
RANGE_MODIFIER: dict[str, int] = {"short": 0, "medium": -2, "long": -5}


# Warrior attacks per round by level (and a fighter specialist's better column).
def warrior_attacks(level: int, specialist: bool) -> Fraction:
    if specialist:
        return Fraction(3, 2) if level <= 6 else Fraction(2) if level <= 12 else Fraction(5, 2)
    return Fraction(1) if level <= 6 else Fraction(3, 2) if level <= 12 else Fraction(2)


def attacks_in_round(rate: Fraction, round_no: int) -> int:
    """Attacks in round n for a rate such as 3/2: floor(rate*n) - floor(rate*(n-1)) (1, 2, 1, 2 …)."""
    n = max(1, round_no)
    return int(rate * n) - int(rate * (n - 1))


# Thief backstab damage multiplier by rogue level.
def backstab_multiplier(level: int) -> int:
    return 2 if level <= 4 else 3 if level <= 8 else 4 if level <= 12 else 5


SMALL_OR_MEDIUM: frozenset[str] = frozenset({"T", "S", "M"})
SIZE_ORDER: dict[str, int] = {"T": 0, "S": 1, "M": 2, "L": 3, "H": 4, "G": 5}
