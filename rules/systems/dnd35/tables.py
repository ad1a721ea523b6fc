"""D&D 3.5 SRD combat tables (Czech SRD combat chapter): sizes, modifier tables, common weapons."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from rules.vocabulary import fold

SizeId = Literal["fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"]
SIZE_IDS: tuple[str, ...] = (
    "fine",
    "diminutive",
    "tiny",
    "small",
    "medium",
    "large",
    "huge",
    "gargantuan",
    "colossal",
)


@dataclass(frozen=True, slots=True)
class Size:
    index: int
    attack_ac: int  # size modifier to attack rolls and AC (TEXT)
    grapple: int  # special size modifier for grapple checks
    cz: str


SIZES: dict[str, Size] = {
    "fine": Size(0, 8, -16, "Droboučký"),
    "diminutive": Size(1, 4, -12, "Miniaturní"),
    "tiny": Size(2, 2, -8, "Drobný"),
    "small": Size(3, 1, -4, "Malý"),
    "medium": Size(4, 0, 0, "Střední"),
    "large": Size(5, -1, 4, "Velký"),
    "huge": Size(6, -2, 8, "Obrovský"),
    "gargantuan": Size(7, -4, 12, "Gigantický"),
    "colossal": Size(8, -8, 16, "Kolosální"),
}

# "Útočník je..." — attacker's conditions: (melee, ranged); None = not applicable / unusable.
ATTACKER_MODS: dict[str, tuple[int | None, int | None]] = {
    "dazzled": (-1, -1),
    "entangled": (-2, -2),
    "flanking": (2, None),
    "invisible": (2, 2),
    "higher_ground": (1, 0),
    "prone": (-4, None),
    "shaken": (-2, -2),
    "frightened": (-2, -2),
    "squeezing": (-4, -4),
}

# "Obránce je..." — defender's conditions: (melee AC, ranged AC, dex handling)
# dex handling: "" keeps Dex, "lose" loses the Dex bonus (and dodge), "zero" treats Dex as 0 (−5).
DEFENDER_MODS: dict[str, tuple[int, int, str]] = {
    "blinded": (-2, -2, "lose"),
    "cowering": (-2, -2, "lose"),
    "entangled": (0, 0, ""),
    "flat_footed": (0, 0, "lose"),
    "grappling": (0, 0, "lose"),
    "helpless": (-4, 0, "zero"),
    "kneeling": (-2, 2, ""),
    "pinned": (-4, 0, "zero"),
    "prone": (-4, 4, ""),
    "squeezing": (-4, -4, ""),
    "stunned": (-2, -2, "lose"),
}

# Cover (kryt): (AC bonus vs melee, AC bonus vs ranged). "total" forbids the attack.
COVER: dict[str, tuple[int, int]] = {
    "none": (0, 0),
    "cover": (4, 4),
    "soft": (0, 4),
    "improved": (8, 8),
}

CONCEALMENT_PCT: dict[str, int] = {"none": 0, "concealment": 20, "total": 50}

# Two-weapon fighting (boj dvěma zbraněmi): (primary, off hand) by (off-hand light, feat)
TWO_WEAPON: dict[tuple[bool, bool], tuple[int, int]] = {
    (False, False): (-6, -10),
    (True, False): (-4, -8),
    (False, True): (-4, -4),
    (True, True): (-2, -2),
}

FIGHTING_DEFENSIVELY_ATTACK = -4
FIGHTING_DEFENSIVELY_DODGE = 2
TOTAL_DEFENSE_DODGE = 4
CHARGE_ATTACK = 2
CHARGE_AC = -2
AID_BONUS = 2
NONLETHAL_SWAP_PENALTY = -4
FIRING_INTO_MELEE = -4
GRAPPLING_ATTACK = -4
NONPROFICIENT = -4
RANGE_STEP = -2
MAX_INCREMENTS_PROJECTILE = 10
MAX_INCREMENTS_THROWN = 5
DEAD_AT = -10
MASSIVE_DC = 15
HEAL_DC = 15

# Conditions a sheet may carry. HP states are managed by the engine; the rest are set by the GM or
# by actions (charge, fighting defensively, total defense, flat-footed at the start of combat).
HP_STATES: tuple[str, ...] = ("disabled", "dying", "stable", "staggered", "unconscious", "dead")
STANCES: tuple[str, ...] = ("charging", "fighting_defensively", "total_defense")
CONDITIONS: frozenset[str] = frozenset(
    {
        *HP_STATES,
        *STANCES,
        "flat_footed",
        "prone",
        "helpless",
        "pinned",
        "grappling",
        "stunned",
        "blinded",
        "cowering",
        "entangled",
        "kneeling",
        "squeezing",
        "shaken",
        "frightened",
        "dazzled",
        "invisible",
        "readied",
        "delaying",
    }
)
CONDITION_ALIASES: dict[str, str] = {
    "flatfooted": "flat_footed",
    "sitting": "kneeling",
    "kneeling_or_sitting": "kneeling",
    "total_defence": "total_defense",
    "defensive": "fighting_defensively",
}
# Conditions that belong to one fight (initiative, stances, readied/delayed actions, an ongoing grapple):
# kept in the sheet's `turn_conditions`, reset when a character joins a fight and dropped when it ends.
# Every other condition (HP states, prone, blinded …) is kept in `conditions` and outlives the fight.
TURN_CONDITIONS: frozenset[str] = frozenset({*STANCES, "flat_footed", "readied", "delaying", "grappling", "pinned"})
# Conditions the rules derive from the hit-point numbers: a GM changes them through `hp`/`nonlethal`,
# not as conditions (`stable` needs a dying character, `dead` and `unconscious` may be put on).
DERIVED_CONDITIONS: frozenset[str] = frozenset({"disabled", "dying", "stable", "staggered"})
# Conditions in which a creature cannot act at all.
CANNOT_ACT: frozenset[str] = frozenset({"dead", "dying", "stable", "unconscious", "helpless", "stunned"})

# Damage dice by wielder size for the shipped (Medium) weapons: SRD equipment chapter [SRD-EXT].
SMALL_DAMAGE: dict[str, str] = {
    "1d2": "1",
    "1d3": "1d2",
    "1d4": "1d3",
    "1d6": "1d4",
    "1d8": "1d6",
    "1d10": "1d8",
    "1d12": "1d10",
    "2d4": "1d6",
    "2d6": "1d10",
    "2d8": "2d6",
}
LARGE_DAMAGE: dict[str, str] = {
    "1d2": "1d3",
    "1d3": "1d4",
    "1d4": "1d6",
    "1d6": "1d8",
    "1d8": "2d6",
    "1d10": "2d8",
    "1d12": "3d6",
    "2d4": "2d6",
    "2d6": "3d6",
    "2d8": "3d8",
}
# Unarmed strike damage: Small 1d2, Medium 1d3, Large 1d4 (TEXT); the rest [SRD-EXT] progression.
UNARMED_DAMAGE: dict[str, str] = {
    "fine": "1",
    "diminutive": "1",
    "tiny": "1",
    "small": "1d2",
    "medium": "1d3",
    "large": "1d4",
    "huge": "1d6",
    "gargantuan": "1d8",
    "colossal": "2d6",
}


def w(
    cz: str,
    category: str,
    damage: str,
    threat_min: int = 20,
    crit_mult: int = 2,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "cz": cz,
        "category": category,
        "damage": damage,
        "threat_min": threat_min,
        "crit_mult": crit_mult,
        **extra,
    }


# Common SRD weapons (Medium), from the SRD equipment chapter [SRD-EXT]; `cz` is the Czech name.
WEAPONS: dict[str, dict[str, Any]] = {
    "unarmed": w("Neozbrojený úder", "unarmed", "1d3", nonlethal=True, damage_types=["bludgeoning"]),
    "gauntlet": w("Rukavice", "unarmed", "1d3", damage_types=["bludgeoning"]),
    "dagger": w("Dýka", "light", "1d4", 19, range_increment_ft=10, damage_types=["piercing", "slashing"]),
    "light_mace": w("Lehký palcát", "light", "1d6", damage_types=["bludgeoning"]),
    "handaxe": w("Sekerka", "light", "1d6", 20, 3, damage_types=["slashing"]),
    "shortsword": w("Krátký meč", "light", "1d6", 19, damage_types=["piercing"]),
    "sickle": w("Srp", "light", "1d6", damage_types=["slashing"], trip_weapon=True),
    "club": w("Kyj", "one_handed", "1d6", range_increment_ft=10, damage_types=["bludgeoning"]),
    "mace": w("Těžký palcát", "one_handed", "1d8", damage_types=["bludgeoning"]),
    "heavy_mace": w("Těžký palcát", "one_handed", "1d8", damage_types=["bludgeoning"]),
    "morningstar": w("Kropáč", "one_handed", "1d8", damage_types=["bludgeoning", "piercing"]),
    "longsword": w("Dlouhý meč", "one_handed", "1d8", 19, damage_types=["slashing"]),
    "rapier": w("Rapír", "one_handed", "1d6", 18, damage_types=["piercing"], finesse=True),
    "scimitar": w("Šavle", "one_handed", "1d6", 18, damage_types=["slashing"]),
    "battleaxe": w("Válečná sekera", "one_handed", "1d8", 20, 3, damage_types=["slashing"]),
    "warhammer": w("Válečné kladivo", "one_handed", "1d8", 20, 3, damage_types=["bludgeoning"]),
    "flail": w("Cep", "one_handed", "1d8", damage_types=["bludgeoning"], trip_weapon=True),
    "trident": w(
        "Trojzubec", "one_handed", "1d8", range_increment_ft=10, damage_types=["piercing"], set_vs_charge=True
    ),
    "quarterstaff": w("Okovaná hůl", "two_handed", "1d6", damage_types=["bludgeoning"], double=True),
    "spear": w(
        "Kopí",
        "two_handed",
        "1d8",
        20,
        3,
        range_increment_ft=20,
        damage_types=["piercing"],
        set_vs_charge=True,
    ),
    "longspear": w(
        "Dlouhé kopí",
        "two_handed",
        "1d8",
        20,
        3,
        damage_types=["piercing"],
        reach=True,
        reach_ft=10,
        set_vs_charge=True,
    ),
    "greatclub": w("Palice", "two_handed", "1d10", damage_types=["bludgeoning"]),
    "greataxe": w("Obouruční sekera", "two_handed", "1d12", 20, 3, damage_types=["slashing"]),
    "greatsword": w("Obouruční meč", "two_handed", "2d6", 19, damage_types=["slashing"]),
    "falchion": w("Tesák", "two_handed", "2d4", 18, damage_types=["slashing"]),
    "halberd": w(
        "Halapartna",
        "two_handed",
        "1d10",
        20,
        3,
        damage_types=["piercing", "slashing"],
        set_vs_charge=True,
        trip_weapon=True,
    ),
    "lance": w("Dřevce", "two_handed", "1d8", 20, 3, damage_types=["piercing"], lance=True, reach=True, reach_ft=10),
    "javelin": w("Oštěp", "thrown", "1d6", range_increment_ft=30, damage_types=["piercing"]),
    "dart": w("Šipka", "thrown", "1d4", range_increment_ft=20, damage_types=["piercing"]),
    "shuriken": w("Šuriken", "thrown", "1d2", range_increment_ft=10, damage_types=["piercing"], usable_prone=True),
    "bolas": w("Boly", "thrown", "1d4", range_increment_ft=10, damage_types=["bludgeoning"], nonlethal=True),
    "sling": w("Prak", "projectile", "1d4", range_increment_ft=50, damage_types=["bludgeoning"], add_str=True),
    "shortbow": w(
        "Krátký luk",
        "projectile",
        "1d6",
        20,
        3,
        range_increment_ft=60,
        damage_types=["piercing"],
        bow_kind="normal",
    ),
    "longbow": w(
        "Dlouhý luk",
        "projectile",
        "1d8",
        20,
        3,
        range_increment_ft=100,
        damage_types=["piercing"],
        bow_kind="normal",
    ),
    "composite_shortbow": w(
        "Složený krátký luk",
        "projectile",
        "1d6",
        20,
        3,
        range_increment_ft=70,
        damage_types=["piercing"],
        bow_kind="composite",
    ),
    "composite_longbow": w(
        "Složený dlouhý luk",
        "projectile",
        "1d8",
        20,
        3,
        range_increment_ft=110,
        damage_types=["piercing"],
        bow_kind="composite",
    ),
    "light_crossbow": w(
        "Lehká kuše",
        "projectile",
        "1d8",
        19,
        range_increment_ft=80,
        damage_types=["piercing"],
        usable_prone=True,
    ),
    "heavy_crossbow": w(
        "Těžká kuše",
        "projectile",
        "1d10",
        19,
        range_increment_ft=120,
        damage_types=["piercing"],
        usable_prone=True,
    ),
}


# Two-weapon fighting with thrown weapons: "Šipku nebo šuriken považuj za lehkou zbraň, když ji takto
# používáš. Boly, oštěpy, sítě nebo praky pak považuj za jednoruční zbraně."
THROWN_LIGHT: frozenset[str] = frozenset({"dart", "shuriken"})
THROWN_ONE_HANDED: frozenset[str] = frozenset({"bolas", "javelin", "net", "sling"})


@lru_cache(maxsize=1024)
def weapon_key(name: str) -> str:
    """Normalise a weapon name to a table key: 'Light Crossbow' → 'light_crossbow'."""
    return "_".join(name.strip().lower().replace("-", " ").split())


# Other spellings (English and the Czech names) → table keys.
WEAPON_ALIASES: dict[str, str] = {
    "unarmed_strike": "unarmed",
    "fist": "unarmed",
    "short_sword": "shortsword",
    "long_sword": "longsword",
    "hand_axe": "handaxe",
    "battle_axe": "battleaxe",
    "war_hammer": "warhammer",
    "great_axe": "greataxe",
    "great_sword": "greatsword",
    "short_bow": "shortbow",
    "long_bow": "longbow",
    "morning_star": "morningstar",
    "crossbow": "light_crossbow",
    "staff": "quarterstaff",
    "great_club": "greatclub",
    "long_spear": "longspear",
    **{weapon_key(str(data["cz"])): key for key, data in WEAPONS.items() if key != "heavy_mace"},
}


# Every weapon name folded (any case, with or without diacritics: `dlouhy_mec` is `dlouhý meč`).
_FOLDED_WEAPONS: dict[str, str] = {
    **{fold(alias): key for alias, key in WEAPON_ALIASES.items()},
    **{fold(key): key for key in WEAPONS},
}


@lru_cache(maxsize=1024)
def table_key(name: str) -> str | None:
    """The table key of a weapon name (English or Czech, any case, diacritics optional), or None."""
    key = weapon_key(name)
    if key in WEAPONS:
        return key
    return WEAPON_ALIASES.get(key) or _FOLDED_WEAPONS.get(fold(name))


# Sunder (lámání): hardness and hit points of held items, for Medium items (TEXT table);
# hp halve per size category smaller and double per category larger (footnote).
OBJECT_HARDNESS: dict[str, tuple[int, int]] = {
    "light_blade": (10, 2),
    "one_handed_blade": (10, 5),
    "two_handed_blade": (10, 10),
    "light_metal_hafted": (10, 10),
    "one_handed_metal_hafted": (10, 20),
    "light_hafted": (5, 2),
    "one_handed_hafted": (5, 5),
    "two_handed_hafted": (5, 10),
    "projectile": (5, 5),
    "buckler": (10, 5),
    "light_wooden_shield": (5, 7),
    "heavy_wooden_shield": (5, 15),
    "light_steel_shield": (10, 10),
    "heavy_steel_shield": (10, 20),
    "tower_shield": (5, 20),
}
