"""The hand-written copies of the service's state carry every field, as `dataclasses.replace` does."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from bot.service.state import Combatant, Encounter, dump_sheet


def _marked(obj: Any) -> Any:
    """Every field set to an object of its own, so a field a copy leaves out (or defaults) shows,
    including one added later."""
    for f in fields(obj):
        setattr(obj, f.name, object())
    return obj


def test_with_sheet_carries_every_field_but_the_sheet() -> None:
    c = _marked(Combatant(1, "A", None, None, False, "{}"))
    sheet = {"hp": 1, "ac": 15}
    copied = c.with_sheet(sheet)
    assert copied.sheet_json == dump_sheet(sheet)
    for f in fields(Combatant):
        if f.name != "sheet_json":
            assert getattr(copied, f.name) is getattr(c, f.name), f.name


def test_encounter_copy_carries_every_field_and_owns_its_list() -> None:
    enc = _marked(Encounter(1, 1, 1, "dnd35", "E", 1, 0, 0, {}, 1, []))
    enc.combatants = [Combatant(1, "A", None, None, False, "{}")]
    copied = enc.copy()
    for f in fields(Encounter):
        if f.name != "combatants":
            assert getattr(copied, f.name) is getattr(enc, f.name), f.name
    assert copied.combatants == enc.combatants and copied.combatants is not enc.combatants
