"""Systems by id. Each module in `rules.systems` exposes `SYSTEM`; adding a system adds a module.

A system is imported when first asked for (`get_system` imports just that one: a process answering a
dnd35 fight need not build the other games' models first); `all_systems` imports every one."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import rules.systems
from rules.errors import RulesError
from rules.system import CombatSystem


@cache
def _modules() -> tuple[str, ...]:
    return tuple(sorted(info.name for info in pkgutil.iter_modules(rules.systems.__path__)))


@cache
def _load(name: str) -> CombatSystem | str:
    """One system module's SYSTEM, or why it could not be loaded (reported, not fatal to the others)."""
    try:
        module = importlib.import_module(f"rules.systems.{name}")
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    system = getattr(module, "SYSTEM", None)
    return system if isinstance(system, CombatSystem) else "module has no SYSTEM"


@cache
def _discover() -> tuple[dict[str, CombatSystem], dict[str, str]]:
    found: dict[str, CombatSystem] = {}
    broken: dict[str, str] = {}
    for name in _modules():
        loaded = _load(name)
        if isinstance(loaded, CombatSystem):
            found[loaded.id] = loaded
        else:
            broken[name] = loaded
    return dict(sorted(found.items())), broken


def all_systems() -> dict[str, CombatSystem]:
    return _discover()[0]


def broken_systems() -> dict[str, str]:
    """Modules under rules/systems that could not be loaded, with the reason (the tests demand none)."""
    return _discover()[1]


def get_system(system_id: str) -> CombatSystem:
    if system_id in _modules():  # a system lives in the module named by its id: import only that one
        loaded = _load(system_id)
        if isinstance(loaded, CombatSystem) and loaded.id == system_id:
            return loaded
    systems = all_systems()
    try:
        return systems[system_id]
    except KeyError:
        raise RulesError("error.unknown_system", system=system_id, allowed=list(systems)) from None
