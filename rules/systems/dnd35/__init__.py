"""D&D 3.5 SRD combat chapter (Czech translation): `SYSTEM` is what the registry finds."""

from rules.systems.dnd35.system import Dnd35

SYSTEM = Dnd35()

__all__ = ["SYSTEM"]
