"""Weapons and shields as data, by combat Ability (Init / Atk / Dfn / Dam modifiers).

The seed names the Abilities (Single Weapon: weapon + shield summed, Great Weapon, Throw, Bows, Brawl)
but gives no weapon numbers. These are the base game's usual values, recalled rather than quoted
(digest tag [B?]): a sheet's own `weapon` / `shield` always wins, so a group can enter its book's numbers.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from rules.systems.arm5.tables import Ability


class WeaponStats(NamedTuple):
    native: str
    ability: Ability
    init: int
    atk: int
    dfn: int
    dam: int


WEAPONS: Final[dict[str, WeaponStats]] = {
    # Brawl (walka bez broni)
    "fist": WeaponStats("Pięść (Fist)", "brawl", 0, 0, 0, 0),
    "kick": WeaponStats("Kopnięcie (Kick)", "brawl", -1, 0, -1, 3),
    "dagger": WeaponStats("Sztylet (Dagger)", "brawl", 0, 2, 0, 3),
    "knife": WeaponStats("Nóż (Knife)", "brawl", 0, 1, 0, 2),
    # Single Weapon (broń jednoręczna, sumowana z tarczą)
    "axe": WeaponStats("Topór (Axe)", "single_weapon", 1, 4, 0, 6),
    "club": WeaponStats("Pałka (Club)", "single_weapon", 1, 2, 1, 3),
    "lance": WeaponStats("Kopia (Lance)", "single_weapon", 2, 4, 0, 5),
    "long_sword": WeaponStats("Miecz długi (Long Sword)", "single_weapon", 2, 4, 1, 6),
    "mace": WeaponStats("Buława (Mace)", "single_weapon", 1, 3, 0, 8),
    "short_spear": WeaponStats("Krótka włócznia (Short Spear)", "single_weapon", 2, 2, 0, 5),
    "short_sword": WeaponStats("Krótki miecz (Short Sword)", "single_weapon", 1, 3, 1, 5),
    # Great Weapon (broń oburęczna)
    "great_axe": WeaponStats("Topór bojowy (Great Axe)", "great_weapon", 0, 4, 0, 9),
    "great_sword": WeaponStats("Miecz dwuręczny (Great Sword)", "great_weapon", 1, 4, 2, 10),
    "long_spear": WeaponStats("Długa włócznia (Long Spear)", "great_weapon", 3, 2, 2, 7),
    "quarterstaff": WeaponStats("Kij (Quarterstaff)", "great_weapon", 2, 2, 2, 3),
    # Throw (broń miotana)
    "javelin": WeaponStats("Oszczep (Javelin)", "throw", 0, 3, 0, 5),
    "sling": WeaponStats("Proca (Sling)", "throw", -3, 1, 0, 4),
    "throwing_axe": WeaponStats("Topór do rzucania (Throwing Axe)", "throw", 0, 3, 0, 5),
    "throwing_knife": WeaponStats("Nóż do rzucania (Throwing Knife)", "throw", 0, 2, 0, 2),
    # Bows (łuki)
    "long_bow": WeaponStats("Łuk długi (Long Bow)", "bows", -1, 4, 0, 8),
    "short_bow": WeaponStats("Łuk krótki (Short Bow)", "bows", -1, 3, 0, 6),
    "crossbow": WeaponStats("Kusza (Crossbow)", "bows", -3, 6, 0, 10),
}


class ShieldStats(NamedTuple):
    native: str
    init: int
    atk: int
    dfn: int
    dam: int


SHIELDS: Final[dict[str, ShieldStats]] = {
    "buckler": ShieldStats("Puklerz (Buckler)", 0, 0, 1, 0),
    "round_shield": ShieldStats("Tarcza okrągła (Round Shield)", 0, 0, 2, 0),
    "heater_shield": ShieldStats("Tarcza trójkątna (Heater Shield)", 0, 0, 3, 0),
}
