"""cz2d10: the Czech 2d10 combat chapter (five actions a round, criticals, polygonal hit locations)."""

from rules.systems.cz2d10.system import Cz2d10

SYSTEM = Cz2d10()

__all__ = ["SYSTEM", "Cz2d10"]
