"""The acting order worked out once and passed along equals the order asked for afresh."""

from __future__ import annotations

import random

from bot.service.state import Combatant, Encounter


def _reference_order(enc: Encounter, descending: bool) -> list[Combatant]:
    """The order as it was first written: initiative (sign by the system), tiebreaks, arrival."""
    sign = 1 if descending else -1
    rolled = sorted(
        (c for c in enc.combatants if c.initiative is not None),
        key=lambda c: (sign * (c.initiative or 0), *c.tiebreak, -c.seq),
        reverse=True,
    )
    waiting = sorted((c for c in enc.combatants if c.initiative is None), key=lambda c: c.seq)
    return rolled + waiting


def _encounter(rng: random.Random) -> Encounter:
    combatants = [
        Combatant(
            id=i + 1,
            name=f"C{i}",
            owner_user_id=None,
            character_id=None,
            hidden=False,
            sheet_json="{}",
            initiative=rng.choice([None, 0, 5, 5, 12, -3]),
            tiebreak=[rng.randint(0, 3) for _ in range(rng.randint(0, 2))],
            seq=rng.randint(0, 5),
        )
        for i in range(rng.randint(0, 7))
    ]
    rng.shuffle(combatants)
    return Encounter(1, 1, 1, "dnd35", "E", 1, rng.randint(0, 3), rng.randint(-1, 8), {}, 1, combatants)


def test_acting_and_current_equal_the_reference_order() -> None:
    rng = random.Random(17)
    for _ in range(2000):
        enc = _encounter(rng)
        for descending in (True, False):
            expected = _reference_order(enc, descending)
            assert enc.order(descending) == expected
            acting = enc.acting(descending)
            assert acting == [c for c in expected if c.initiative is not None]
            assert enc.current(descending, acting) is enc.current(descending)
            turn = enc.current(descending)
            if enc.round >= 1 and 0 <= enc.turn < len(acting):
                assert turn is acting[enc.turn]
            else:
                assert turn is None
