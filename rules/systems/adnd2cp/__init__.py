"""AD&D 2nd edition with the Italian combat-points house rules (punti combattimento, colpi)."""

from rules.systems.adnd2cp.system import Adnd2cpSystem

SYSTEM = Adnd2cpSystem()

__all__ = ["SYSTEM", "Adnd2cpSystem"]
