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
        # `randint(1, sides)` is `1 + _randbelow(sides)` after two argument checks and two calls; drawn
        # directly, the same faces come in the same order (a seeded fight replays as before) for less.
        self._below = self._rng._randbelow  # type: ignore[attr-defined]

    def face(self, sides: int) -> int:
        if sides < 1:
            return self._rng.randint(1, sides)  # refused as randint refuses it
        return 1 + int(self._below(sides))


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


# Dice one resolution may roll (issue 12). Each number a user types is bounded, but their product is not
# (a full attack of seven blows, each a ×12 critical of 100 dice plus extra dice): past this many dice the
# resolution is refused rather than left to run. No legitimate action comes near it.
MAX_ROLLS = 2000


class Roller:
    """Rolls through a source and records every die with its purpose, for one resolution."""

    __slots__ = ("rolls", "source")

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.rolls: list[DieRoll] = []

    def d(self, sides: int, purpose: str) -> int:
        if len(self.rolls) >= MAX_ROLLS:
            raise RulesError("error.roll_too_many_dice", limit=MAX_ROLLS)
        value = self.source.face(sides)
        self.rolls.append(DieRoll(purpose, sides, value))
        return value

    def many(self, count: int, sides: int, purpose: str) -> list[int]:
        if len(self.rolls) + count > MAX_ROLLS:
            raise RulesError("error.roll_too_many_dice", limit=MAX_ROLLS)
        return [self.d(sides, purpose) for _ in range(count)]
