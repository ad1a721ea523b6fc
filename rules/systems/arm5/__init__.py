"""Ars Magica 5th edition combat, from the Polish summary (seed 001): stress dice, Attack vs Defense,
Damage − Soak on the Size table, wound and Fatigue penalties, disengaging, charges, cover, magic."""

from rules.systems.arm5.system import ArsMagica

SYSTEM = ArsMagica()

__all__ = ["SYSTEM"]
