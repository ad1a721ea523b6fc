"""Ars Magica dice (base game, not restated by the seed): the stress die with botch dice, and the simple die.

A d10 is read with faces 0-9. A `DiceSource` gives faces 1..10, so **face 10 stands for the "0" face**:
- stress die, first roll "0" (face 10): the die counts 0 and botch dice are rolled; every botch die
  showing "0" (face 10) is one botch;
- stress die, face 1: roll again and double; every further 1 doubles again (1,1,7 → 28); a "0" after
  a 1 counts 10 (1,0 → 20) and is never a botch;
- simple die: face 10 counts 10 (used only for the Initiative roll-off, a house default).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Roller
from rules.model import Die

ZERO_FACE = 10


@dataclass(frozen=True, slots=True)
class StressRoll:
    """One stress die: its value, the faces of the chain, and the botch dice (if a first-roll 0)."""

    value: int
    faces: tuple[int, ...]
    zero: bool
    botch_faces: tuple[int, ...]

    @property
    def botches(self) -> int:
        return sum(1 for f in self.botch_faces if f == ZERO_FACE)

    @property
    def botched(self) -> bool:
        return self.botches > 0


def stress_die(roller: Roller, purpose: str, botch_dice: int) -> StressRoll:
    """Roll a stress die (faces recorded under `purpose`, botch dice under `<purpose>_botch`)."""
    first = roller.d(10, purpose)
    if first == ZERO_FACE:
        botch = tuple(roller.many(max(0, botch_dice), 10, f"{purpose}_botch"))
        return StressRoll(0, (first,), True, botch)
    if first != 1:
        return StressRoll(first, (first,), False, ())
    faces = [first]
    multiplier = 1
    face = first
    while face == 1:
        multiplier *= 2
        face = roller.d(10, purpose)
        faces.append(face)
    return StressRoll(multiplier * face, tuple(faces), False, ())


def simple_die(roller: Roller, purpose: str) -> int:
    """A simple die: the face read 1..10 (the "0" face counts 10)."""
    return roller.d(10, purpose)


def stress_dice(roll: StressRoll) -> tuple[list[Die], int]:
    """The dice of a stress roll as a check shows them, and the multiplier of the counted die.

    1,1,7 → [1 doubled, 1 doubled, 7 kept] × 4 = 28; 1,0 → [1 doubled, 10 kept] × 2 = 20; a first-roll
    "0" (face 10) counts nothing (`dropped`), and its botch dice are shown as `botch` (never counted)."""
    if roll.zero:
        return [Die(10, ZERO_FACE, "dropped"), *(Die(10, f, "botch") for f in roll.botch_faces)], 1
    *ones, last = roll.faces
    return [*(Die(10, 1, "doubled") for _ in ones), Die(10, last, "kept")], 2 ** len(ones)
