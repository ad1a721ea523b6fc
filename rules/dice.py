"""Dice sources. Every roll in `rules/` goes through one, so any result can be replayed."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Protocol

from rules.errors import RulesError
from rules.model import DieRoll


class DiceSource(Protocol):
    def face(self, sides: int) -> int:
        """Return one face in 1..sides."""
        ...


class RandomDice:
    """Seeded (reproducible) or, without a seed, `secrets`-grade randomness."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()

    def face(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class ScriptedDice:
    """Faces consumed in order; running out or an impossible face is an error, never a guess."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._pos = 0

    def face(self, sides: int) -> int:
        if self._pos >= len(self._faces):
            raise RulesError("error.dice_script_exhausted", used=self._pos, sides=sides)
        value = self._faces[self._pos]
        if not 1 <= value <= sides:
            raise RulesError("error.dice_script_face", face=value, sides=sides, index=self._pos)
        self._pos += 1
        return value

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._pos


class Roller:
    """Rolls through a source and records every die with its purpose, for one resolution."""

    __slots__ = ("rolls", "source")

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.rolls: list[DieRoll] = []

    def d(self, sides: int, purpose: str) -> int:
        value = self.source.face(sides)
        self.rolls.append(DieRoll(purpose=purpose, sides=sides, face=value))
        return value

    def many(self, count: int, sides: int, purpose: str) -> list[int]:
        return [self.d(sides, purpose) for _ in range(count)]
