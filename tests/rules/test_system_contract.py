"""What every system declares for the bot's turn loop: field classes, reactions and conditions."""

from __future__ import annotations

import pytest

from rules import FIELD_CLASSES, all_systems, get_system
from rules.errors import RulesError

SYSTEMS = sorted(all_systems())


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_sheet_field_has_a_class(system_id: str) -> None:
    system = get_system(system_id)
    missing = [name for name in system.Sheet.model_fields if name not in system.field_classes]
    assert not missing, f"{system_id}: sheet fields without a class: {missing}"
    stray = [name for name in system.field_classes if name not in system.Sheet.model_fields]
    assert not stray, f"{system_id}: classes for fields the sheet does not have: {stray}"
    assert set(system.field_classes.values()) <= set(FIELD_CLASSES)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_reactions_name_real_actions_and_options(system_id: str) -> None:
    system = get_system(system_id)
    assert set(system.reaction_actions) <= set(system.extra_actions)
    assert set(system.reaction_options) <= set(system.Options.model_fields)
    assert set(system.combatant_options) <= set(system.Options.model_fields)
    assert set(system.interrupt_options) <= set(system.reaction_options)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_edit_aliases_point_at_fields(system_id: str) -> None:
    system = get_system(system_id)
    assert set(system.edit_aliases.values()) <= set(system.Sheet.model_fields)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_conditions_go_on_and_off(system_id: str) -> None:
    system = get_system(system_id)
    sheet = system.sheet({})
    for condition in system.conditions():
        on = system.set_condition(sheet, condition, True)
        assert condition in system.status(on).conditions, (system_id, condition)
        off = system.set_condition(on, condition, False)
        assert condition not in system.status(off).conditions, (system_id, condition)
    with pytest.raises(RulesError):
        system.set_condition(sheet, "no_such_condition", True)
