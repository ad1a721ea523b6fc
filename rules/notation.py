"""Damage-dice notation: `1d8+1`, `2k6-1`, `1d6+1d4+2` (Czech and Polish write `k`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rules.dice import Roller
from rules.errors import RulesError

_TERM = re.compile(r"([+-]?)\s*(?:(\d*)\s*[dkDK]\s*(\d+)|(\d+))")
# Bounds of one expression (issue 12): at most MAX_DICE dice in all, each of at most MAX_SIDES sides, a
# constant within ±MAX_BONUS and at most MAX_TERMS terms, so rolling one never takes long.
MAX_DICE = 100
MAX_SIDES = 1000
MAX_BONUS = 10_000
MAX_TERMS = 20
_DIGITS = 6  # no number in an expression is longer (int() of a huge digit string is slow, then refused)


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """Sum of dice groups (count, sides, sign) and a constant."""

    groups: tuple[tuple[int, int, int], ...]
    bonus: int
    text: str

    def roll(self, roller: Roller, purpose: str) -> tuple[list[int], int]:
        """Roll every die; returns the faces (in order) and the signed dice sum (no bonus)."""
        faces: list[int] = []
        total = 0
        for count, sides, sign in self.groups:
            for face in roller.many(count, sides, purpose):
                faces.append(face)
                total += sign * face
        return faces, total

    @property
    def minimum(self) -> int:
        return sum(sign * count for count, _, sign in self.groups) + self.bonus

    @property
    def maximum(self) -> int:
        return sum(sign * count * sides for count, sides, sign in self.groups) + self.bonus


@lru_cache(maxsize=512)
def parse_dice(text: str) -> DiceExpr:
    src = text.replace(" ", "")
    if not src:
        raise RulesError("error.dice_notation", text=text)
    pos = 0
    groups: list[tuple[int, int, int]] = []
    bonus = 0
    terms = 0
    while pos < len(src):
        m = _TERM.match(src, pos)
        terms += 1
        if not m or m.end() == pos or (pos > 0 and not m.group(1)) or terms > MAX_TERMS:
            raise RulesError("error.dice_notation", text=text)
        if any(len(g) > _DIGITS for g in m.groups()[1:] if g):
            raise RulesError("error.dice_notation", text=text)
        sign = -1 if m.group(1) == "-" else 1
        if m.group(3) is not None:
            count = int(m.group(2) or 1)
            sides = int(m.group(3))
            if not (1 <= count <= MAX_DICE and 1 <= sides <= MAX_SIDES):
                raise RulesError("error.dice_notation", text=text)
            groups.append((count, sides, sign))
        else:
            bonus += sign * int(m.group(4))
        pos = m.end()
    if sum(count for count, _, _ in groups) > MAX_DICE or abs(bonus) > MAX_BONUS:
        raise RulesError("error.dice_notation", text=text)
    return DiceExpr(tuple(groups), bonus, text)
