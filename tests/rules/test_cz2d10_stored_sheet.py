"""A stored or rule-made cz2d10 sheet (every key a field's own name) skips the shortcut table's
key-by-key translation: the same sheet as the translation gives (issue 17, a third of its validation)."""

from __future__ import annotations

import pytest

import rules.systems.cz2d10.sheet as sheet_module
from bench.odds import template_fighter
from rules import ActionRequest, RandomDice, RulesError, get_system


def _translated(data: dict[str, object], fast: bool) -> dict[str, object]:
    Sheet = get_system("cz2d10").Sheet
    shortcuts = Sheet.__pydantic_decorators__.model_validators["_shortcuts"].func.__func__  # type: ignore[attr-defined]
    own = sheet_module._OWN_NAMES
    if not fast:
        sheet_module._OWN_NAMES = frozenset()  # every key through the table, as a typed stats line goes
    try:
        result: dict[str, object] = shortcuts(Sheet, dict(data))
    finally:
        sheet_module._OWN_NAMES = own
    return result


def test_stored_sheets_translate_alike() -> None:
    system = get_system("cz2d10")
    names = list(system.templates())
    dice = RandomDice(5)
    compared = 0
    for i in range(200):
        a, b = names[i % len(names)], names[(i * 3 + 1) % len(names)]
        actor, target = template_fighter(system, a), template_fighter(system, b)
        try:
            call = system.shot if a == "archer" else system.attack
            r = call(ActionRequest(actor, target, system.options({}), system.settings({})), dice)
        except RulesError:
            continue
        for data in (actor.sheet.model_dump(mode="json"), r.actor_sheet, r.target_sheet):
            if data:
                assert data.keys() <= sheet_module._OWN_NAMES
                fast, slow = _translated(data, True), _translated(data, False)
                assert fast == slow and list(fast) == list(slow)
                compared += 1
    assert compared > 300


@pytest.mark.parametrize("key", ["torso", "hp_max", "weapon"])
def test_the_fast_path_keeps_what_the_table_does(key: str) -> None:
    """An edit-only key is still refused, and own names still pass, with the fast path in place."""
    system = get_system("cz2d10")
    data = template_fighter(system, next(iter(system.templates()))).sheet.model_dump(mode="json")
    if key == "torso":
        with pytest.raises(RulesError):
            system.sheet({**data, "torso": 3})
    else:
        assert key in sheet_module._OWN_NAMES
        assert system.sheet(data).model_dump(mode="json") == data
