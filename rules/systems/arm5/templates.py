"""Ready characters (id → stats line in the Polish keys), each able to join a fight, attack and defend as
it stands. Names in the catalogs as `template.arm5.<id>`.

The numbers are a starting grog's or magus's (base game: Characteristics −3…+3, Abilities about 5 at
the start); weapons and shields come from `weapons.py`. Armour is given as Protection (`pancerz`) and its
Encumbrance (`obciążenie`), since the seed has no armour table.
"""

from __future__ import annotations

from typing import Final

TEMPLATES: Final[dict[str, str]] = {
    # A grog with a long sword and a heater shield (Single Weapon: the two are summed).
    "fighter": (
        "siła:2 wytrzymałość:2 zręczność:1 quickness:1 budowa:0 single_weapon:5 brawl:2 "
        "broń:miecz_długi tarcza:tarcza_trójkątna pancerz:4 obciążenie:1"
    ),
    # A bowman: shoots with /shot; in melee he fights with the bow's Defense or takes `weapon:dagger`.
    "archer": "siła:1 wytrzymałość:1 zręczność:2 quickness:1 budowa:0 brawl:3 bows:5 broń:łuk_długi pancerz:2",
    # A young magus: Parma Magica, Pilum of Fire (+15, level 20) mastered with Fast Casting, a dagger.
    "magus": (
        "siła:0 wytrzymałość:1 zręczność:0 quickness:1 budowa:0 brawl:2 finesse:2 "
        "broń:sztylet pancerz:0 parma_magica zaklęcia:Pilum_of_Fire:15/12/20/FC"
    ),
    # A knight on horseback: the Riding bonus (at most +3) against combatants on foot.
    "knight": (
        "siła:2 wytrzymałość:2 zręczność:1 quickness:0 budowa:0 single_weapon:5 riding:3 "
        "broń:kopia tarcza:tarcza_trójkątna pancerz:6 obciążenie:2 konno"
    ),
}
