"""Ars Magica dice (base game, not restated by the seed): the stress die with botch dice, and the simple die.

A d10 is read with faces 0-9. A `DiceSource` gives faces 1..10, so **face 10 stands for the "0" face**:
- stress die, first roll "0" (face 10): the die counts 0 and botch dice are rolled; every botch die
  showing "0" (face 10) is one botch;
- stress die, face 1: roll again and double; every further 1 doubles again (1,1,7 → 28); a "0" after
  a 1 counts 10 (1,0 → 20) and is never a botch;
- simple die: face 10 counts 10 (used only for the Initiative roll-off, a house default).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.dice import Roller
from rules.model import Die

ZERO_FACE = 10


Face = Callable[[int], int]  # one die of `sides` faces, rolled


def chain_value(kept: int, ones: int) -> int:
    """The counted face after `ones` 1s: doubled once for each (1,1,7 → 28; 1,0 → 20)."""
    return kept << ones


def stress_value(face: Face, botch: Face, botch_dice: int) -> int | None:
    """Base game B1-B2, the number only: a stress die's value, or None for a botch. `face` rolls the
    die and its chain, `botch` the botch dice (all of them are rolled, however many show 0). Exact odds
    call this with the enumerator's own dice, thousands of times: it builds nothing."""
    first = face(10)
    if first == ZERO_FACE:
        botched = False
        for _ in range(botch_dice):
            if botch(10) == ZERO_FACE:
                botched = True
        return None if botched else 0
    if first != 1:
        return first
    ones = 1
    kept = face(10)
    while kept == 1:
        ones += 1
        kept = face(10)
    return chain_value(kept, ones)


@dataclass(slots=True)
class StressRoll:
    """One stress die as rolled: the faces of the chain and the botch dice (if a first-roll 0)."""

    faces: Sequence[int]
    botch_faces: Sequence[int] = ()

    @property
    def zero(self) -> bool:
        return self.faces[0] == ZERO_FACE

    @property
    def value(self) -> int:
        """What the die counts: 0 after a first-roll 0, else the last face doubled for every 1."""
        faces = self.faces  # `zero` and `chain_value` written in: every shown roll reads this
        return 0 if faces[0] == ZERO_FACE else faces[-1] << (len(faces) - 1)

    @property
    def botches(self) -> int:
        return self.botch_faces.count(ZERO_FACE)

    @property
    def botched(self) -> bool:
        return ZERO_FACE in self.botch_faces


class Recorded:
    """A stress die's dice through a `Roller`: every face recorded under the roll's purpose (botch dice
    under `<purpose>_botch`) and kept, so the roll can be shown after `stress_value` has counted it."""

    __slots__ = ("botch_faces", "faces", "purpose", "roller")

    def __init__(self, roller: Roller, purpose: str) -> None:
        self.roller = roller
        self.purpose = purpose
        self.faces: list[int] = []
        self.botch_faces: list[int] = []

    def face(self, sides: int) -> int:
        value = self.roller.d(sides, self.purpose)
        self.faces.append(value)
        return value

    def botch(self, sides: int) -> int:
        value = self.roller.d(sides, f"{self.purpose}_botch")
        self.botch_faces.append(value)
        return value

    @property
    def roll(self) -> StressRoll:
        return StressRoll(self.faces, self.botch_faces)  # the recorded lists themselves: the roll is over


def stress_die(roller: Roller, purpose: str, botch_dice: int) -> StressRoll:
    """Roll a stress die (faces recorded under `purpose`, botch dice under `<purpose>_botch`)."""
    dice = Recorded(roller, purpose)
    stress_value(dice.face, dice.botch, max(0, botch_dice))
    return dice.roll


def simple_die(roller: Roller, purpose: str) -> int:
    """A simple die: the face read 1..10 (the "0" face counts 10)."""
    return roller.d(10, purpose)


def stress_dice(roll: StressRoll) -> tuple[list[Die], int]:
    """The dice of a stress roll as a check shows them, and the multiplier of the counted die.

    1,1,7 → [1 doubled, 1 doubled, 7 kept] × 4 = 28; 1,0 → [1 doubled, 10 kept] × 2 = 20 (a 0 after a 1
    counts 10); a first-roll 0 is shown as the 0 it is and counts 0, and its botch dice, shown as `botch`
    (never counted), read 0 for each zero, as ArM players read the die."""
    faces = roll.faces
    first = faces[0]
    if len(faces) == 1 and first != ZERO_FACE:  # the usual roll: one die, kept
        return [Die(10, first, "kept")], 1
    if first == ZERO_FACE:  # roll.zero
        dice = [Die(10, 0, "kept")]
        for face in roll.botch_faces:
            dice.append(Die(10, 0 if face == ZERO_FACE else face, "botch"))
        return dice, 1
    ones = len(faces) - 1
    return [*[Die(10, 1, "doubled") for _ in range(ones)], Die(10, faces[-1], "kept")], 2**ones
