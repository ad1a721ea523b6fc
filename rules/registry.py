"""Systems by id. Each module in `rules.systems` exposes `SYSTEM`; adding a system adds a module."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import rules.systems
from rules.errors import RulesError
from rules.system import CombatSystem


@cache
def _discover() -> tuple[dict[str, CombatSystem], dict[str, str]]:
    """Load every system module; one that fails to import is reported, not fatal to the others."""
    found: dict[str, CombatSystem] = {}
    broken: dict[str, str] = {}
    for info in pkgutil.iter_modules(rules.systems.__path__):
        try:
            module = importlib.import_module(f"rules.systems.{info.name}")
        except Exception as exc:
            broken[info.name] = f"{type(exc).__name__}: {exc}"
            continue
        system = getattr(module, "SYSTEM", None)
        if isinstance(system, CombatSystem):
            found[system.id] = system
        else:
            broken[info.name] = "module has no SYSTEM"
    return dict(sorted(found.items())), broken


def all_systems() -> dict[str, CombatSystem]:
    return _discover()[0]


def broken_systems() -> dict[str, str]:
    """Modules under rules/systems that could not be loaded, with the reason (the tests demand none)."""
    return _discover()[1]


def get_system(system_id: str) -> CombatSystem:
    systems = all_systems()
    try:
        return systems[system_id]
    except KeyError:
        raise RulesError("error.unknown_system", system=system_id, allowed=list(systems)) from None
