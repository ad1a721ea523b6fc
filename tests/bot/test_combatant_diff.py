"""A combatant's change set compares effects as dataclasses and dumps them only when they differ: the
same change set as comparing their stored JSON text."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service.state import Combatant, Effect, dump_effects
from bot.storage.changes import combatant_diff

BASE = Combatant(id=1, name="Ana", owner_user_id=None, character_id=None, hidden=False, sheet_json='{"hp":5}')
EFFECTS = [
    [],
    [Effect("stunned", True, 2)],
    [Effect("stunned", True, 1)],
    [Effect("stunned", False, 2)],
    [Effect("blessed", rounds=None, ends="start"), Effect("stunned", True, 2)],
    [Effect("stunned", True, 2), Effect("blessed", rounds=None, ends="start")],
]


@pytest.mark.parametrize("old", EFFECTS)
@pytest.mark.parametrize("new", EFFECTS)
def test_effects_diff_as_their_stored_text_does(old: list[Effect], new: list[Effect]) -> None:
    before, after = replace(BASE, effects=old), replace(BASE, effects=new, initiative=3)
    by_text = {"initiative": [None, 3]}
    if dump_effects(old) != dump_effects(new):
        by_text["effects"] = [dump_effects(old), dump_effects(new)]  # type: ignore[list-item]
    assert combatant_diff(before, after) == by_text
