"""Polish "władanie" combat terms: weapon tests vs physical defence, parry/dodge, coverage and armour."""

from .system import PlWladanie

SYSTEM = PlWladanie()

__all__ = ["SYSTEM", "PlWladanie"]
