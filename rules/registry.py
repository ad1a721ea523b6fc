"""Systems by id. Each module in `rules.systems` exposes `SYSTEM`; adding a system adds a module."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import rules.systems
from rules.errors import RulesError
from rules.system import CombatSystem


@cache
def all_systems() -> dict[str, CombatSystem]:
    found: dict[str, CombatSystem] = {}
    for info in pkgutil.iter_modules(rules.systems.__path__):
        module = importlib.import_module(f"rules.systems.{info.name}")
        system = getattr(module, "SYSTEM", None)
        if isinstance(system, CombatSystem):
            found[system.id] = system
    return dict(sorted(found.items()))


def get_system(system_id: str) -> CombatSystem:
    systems = all_systems()
    try:
        return systems[system_id]
    except KeyError:
        raise RulesError("error.unknown_system", system=system_id, allowed=list(systems)) from None
