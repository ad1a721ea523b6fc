"""Every system module loads and honours the contract the bot relies on."""

from __future__ import annotations

import pytest

from rules import CombatSystem, RulesError, all_systems, get_system
from rules.registry import broken_systems


def test_no_system_module_is_broken() -> None:
    assert broken_systems() == {}


def test_all_five_systems_are_registered() -> None:
    assert {"dnd35", "arm5", "adnd2cp", "cz2d10", "pl_wladanie"} <= set(all_systems())


def test_unknown_system_is_a_rules_error() -> None:
    with pytest.raises(RulesError) as info:
        get_system("gurps")
    assert info.value.key == "error.unknown_system"


@pytest.mark.parametrize("system", list(all_systems().values()), ids=lambda s: s.id)
def test_contract(system: CombatSystem) -> None:
    assert system.id and system.name and system.language in {"cs", "pl", "it", "en"}
    sheet = system.sheet({})
    status = system.status(sheet)
    assert status.level
    assert system.settings({}) is not None
    for info in system.setting_infos():
        assert info.help, f"{system.id}.{info.name} has no help text"
    system.options({})
