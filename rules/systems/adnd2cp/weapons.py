"""Built-in weapon data (AD&D 2e Player's Handbook figures) and ammunition for Proiettile Fatale.

Ranges are stored in metres: one 2e range unit (10 yards) is taken as 9 m, the step the house text's
Tiro a Distanza (+9 m) uses. A sheet may give its own weapons with any of these fields.
"""

from __future__ import annotations

from typing import Any

# id: (name_it, category, size, damage types, deliveries, hands, dmg S/M, dmg L, speed, ranges in 10 yd)
_W: dict[str, tuple[str, str, str, str, str, int, str, str, int, tuple[int, int, int] | None]] = {
    "long_sword": ("Spada lunga", "swords", "M", "S", "melee", 1, "1d8", "1d12", 5, None),
    "short_sword": ("Spada corta", "swords", "S", "P", "melee", 1, "1d6", "1d8", 3, None),
    "bastard_sword": ("Spada bastarda", "swords", "M", "S", "melee", 1, "1d8", "1d12", 6, None),
    "bastard_sword_2h": (
        "Spada bastarda (a due mani)",
        "swords",
        "M",
        "S",
        "melee",
        2,
        "2d4",
        "2d8",
        8,
        None,
    ),
    "two_handed_sword": ("Spadone a due mani", "swords", "L", "S", "melee", 2, "1d10", "3d6", 10, None),
    "claymore": ("Claymore", "swords", "L", "S", "melee", 2, "2d4", "2d8", 10, None),
    "scimitar": ("Scimitarra", "swords", "M", "S", "melee", 1, "1d8", "1d8", 5, None),
    "dagger": ("Pugnale", "daggers", "S", "P", "melee,thrown", 1, "1d4", "1d3", 2, (1, 2, 3)),
    "sai": ("Sai", "daggers", "S", "P", "melee", 1, "1d4", "1d2", 2, None),
    "hand_axe": ("Ascia da mano", "axes", "M", "S", "melee,thrown", 1, "1d6", "1d4", 4, (1, 2, 3)),
    "battle_axe": ("Ascia da battaglia", "axes", "M", "S", "melee", 1, "1d8", "1d8", 7, None),
    "two_handed_battle_axe": ("Ascia a due mani", "axes", "L", "S", "melee", 2, "1d10", "2d8", 9, None),
    "footman_mace": ("Mazza da fante", "maces", "M", "B", "melee", 1, "1d6+1", "1d6", 7, None),
    "morning_star": ("Morning star", "maces", "M", "B", "melee", 1, "2d4", "1d6+1", 7, None),
    "footman_flail": ("Flagello da fante", "flails", "M", "B", "melee", 1, "1d6+1", "2d4", 7, None),
    "war_hammer": ("Martello da guerra", "hammers", "M", "B", "melee", 1, "1d4+1", "1d4", 4, None),
    "quarterstaff": ("Bastone ferrato", "staves", "L", "B", "melee", 2, "1d6", "1d6", 4, None),
    "spear": ("Lancia", "spears", "M", "P", "melee,thrown", 1, "1d6", "1d8", 6, (1, 2, 3)),
    "halberd": ("Alabarda", "polearms", "L", "P,S", "melee", 2, "1d10", "2d6", 9, None),
    "javelin": ("Giavellotto", "spears", "M", "P", "melee,thrown", 1, "1d6", "1d6", 4, (2, 4, 6)),
    "dart": ("Dardo", "darts", "S", "P", "thrown", 1, "1d3", "1d2", 2, (1, 2, 3)),
    "whip": ("Frusta", "whips", "M", "S", "melee", 1, "1d2", "1", 8, None),
    "short_bow": ("Arco corto", "bows", "M", "P", "missile", 2, "1d6", "1d6", 7, (5, 10, 15)),
    "long_bow": ("Arco lungo", "bows", "L", "P", "missile", 2, "1d6", "1d6", 8, (7, 14, 21)),
    "light_crossbow": ("Balestra leggera", "crossbows", "M", "P", "missile", 2, "1d4", "1d4", 7, (6, 12, 18)),
    "heavy_crossbow": (
        "Balestra pesante",
        "crossbows",
        "M",
        "P",
        "missile",
        2,
        "1d4+1",
        "1d6+1",
        10,
        (8, 16, 24),
    ),
    "sling": ("Fionda", "slings", "S", "B", "missile", 1, "1d4+1", "1d6+1", 6, (5, 10, 20)),
    "fist": ("Pugno", "natural", "S", "B", "natural", 1, "1d2", "1d2", 1, None),
}

_AMMO_DEFAULT: dict[str, str] = {
    "short_bow": "war_arrow",
    "long_bow": "war_arrow",
    "light_crossbow": "light_bolt",
    "heavy_crossbow": "heavy_bolt",
    "sling": "lead_bullet",
}

METRES_PER_RANGE_UNIT = 9

# Proiettile Fatale: cost by ammunition (seed).
AMMO_COST: dict[str, int] = {
    "hunting_arrow": 4,
    "hand_dart": 4,
    "smooth_stone": 4,
    "war_arrow": 5,
    "light_bolt": 5,
    "lead_bullet": 5,
    "heavy_bolt": 6,
    "firearm_bullet": 6,
    "boulder": 6,
}
AMMO_NAMES_IT: dict[str, str] = {
    "hunting_arrow": "freccia da caccia",
    "hand_dart": "dardo da mano",
    "smooth_stone": "sasso levigato",
    "war_arrow": "freccia da guerra",
    "light_bolt": "dardo leggero",
    "lead_bullet": "proiettile di piombo",
    "heavy_bolt": "dardo pesante",
    "firearm_bullet": "pallottola",
    "boulder": "macigno",
}

# Attacco Brutale: the only weapons it may be used with (held in two hands).
BRUTAL_WEAPONS = frozenset(
    {
        "claymore",
        "two_handed_sword",
        "great_scimitar",
        "no_dachi",
        "two_handed_battle_axe",
        "great_mace",
        "war_star",
        "two_handed_war_hammer",
    }
)
# Attacco Letale cost sizes fixed by the seed for some firearms / the staff sling with a boulder.
LETHAL_COST_SIZE: dict[str, str] = {
    "arquebus": "L",
    "archibugio": "L",
    "staff_sling_boulder": "L",
    "flintlock_pistol": "M",
    "pistola_a_pietra_focaia": "M",
}


def builtin(weapon_id: str) -> dict[str, Any] | None:
    """The built-in weapon as WeaponEntry field values, or None."""
    row = _W.get(weapon_id)
    if row is None:
        return None
    name, category, size, types, delivery, hands, dmg, dmg_l, speed, ranges = row
    data: dict[str, Any] = {
        "id": weapon_id,
        "name": name,
        "category": category,
        "size": size,
        "damage_type": types.split(","),
        "delivery": delivery.split(","),
        "hands": hands,
        "damage": dmg,
        "damage_large": dmg_l,
        "speed_factor": speed,
    }
    if ranges is not None:
        data["ranges"] = [r * METRES_PER_RANGE_UNIT for r in ranges]
    if weapon_id in _AMMO_DEFAULT:
        data["ammo"] = _AMMO_DEFAULT[weapon_id]
    return data


def names() -> dict[str, str]:
    return {wid: row[0] for wid, row in _W.items()}
