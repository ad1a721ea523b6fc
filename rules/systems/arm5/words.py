"""The words a Polish Ars Magica table types, then the English ones: what `vocabulary.py` lists and what
the sheet's notation (`compact.py`) reads.

The seed keeps many ArM5 terms in English (Single Weapon, Great Weapon, Throw, Bows, Brawl, Quickness,
Riding, Finesse, Parma Magica, Casting Score, Fast Casting): those come first as the seed writes them,
with a Polish word beside them. Where the seed writes Polish (Wyparowania, Budowa, broń, tarcza, the
wound bands Lekkie … Uśmiercające, poziom Wyczerpania, kości fuszerki, osłona, atak z rozpędu) the Polish
comes first. Characteristics the seed does not name are the Polish words (Siła, Wytrzymałość, Zręczność)
with ArM's own abbreviations (Str, Sta, Dex, Qik).
"""

from __future__ import annotations

from typing import Final

from rules.systems.arm5.weapons import SHIELDS, WEAPONS
from rules.vocabulary import fold

# --- stats -------------------------------------------------------------------------------------------
CHARACTERISTICS: Final[dict[str, tuple[str, ...]]] = {
    "str": ("Siła", "Str", "strength"),
    "sta": ("Wytrzymałość", "Sta", "stamina"),
    "dex": ("Zręczność", "Dex", "dexterity"),
    "qik": ("Quickness", "Szybkość", "Qik"),
}

ABILITIES: Final[dict[str, tuple[str, ...]]] = {
    "single_weapon": ("Single Weapon", "broń jednoręczna"),
    "great_weapon": ("Great Weapon", "broń oburęczna"),
    "brawl": ("Brawl", "walka bez broni", "bijatyka"),
    "throw": ("Throw", "rzucanie", "Thrown Weapon", "thrown"),
    "bows": ("Bows", "łuki", "łucznictwo", "bow"),
    "riding": ("Riding", "jeździectwo", "jazda konna"),
    "finesse": ("Finesse", "finezja"),
}

WOUNDS: Final[dict[str, tuple[str, ...]]] = {
    "light": ("Lekkie", "lekka", "light"),
    "medium": ("Średnie", "średnia", "medium"),
    "heavy": ("Ciężkie", "ciężka", "heavy"),
    "incapacitating": ("Eliminujące", "eliminująca", "incapacitating"),
}

# Quick NPC totals (before the die): `atak:9 obrona:6 obrażenia:5 wyparowania:7 inicjatywa:2`.
TOTALS: Final[dict[str, tuple[str, ...]]] = {
    "init": ("Inicjatywa", "initiative"),
    "attack": ("Atak", "attack"),
    "defense": ("Obrona", "defence"),
    "damage": ("Obrażenia", "damage"),
    "soak": ("Wyparowania", "soak"),
}

OTHER_STATS: Final[dict[str, tuple[str, ...]]] = {
    "size": ("Budowa", "size"),
    "weapon": ("broń", "weapon"),
    "shield": ("tarcza", "shield"),
    "armour_prot": ("pancerz", "ochrona", "Prot", "armour", "armor", "protection"),
    "soak_bonus": ("premia do Wyparowań", "premia Wyparowań", "soak bonus"),
    "encumbrance": ("Obciążenie", "Encumberance", "Enc", "encumbrance"),
    "mounted": ("konno", "jeździec", "mounted"),
    "magic_resistance": ("Parma Magica", "odporność na magię", "parma", "magic resistance"),
    "spells": ("zaklęcia", "zaklęcie", "spells", "spell"),
    "botch_dice": ("kości fuszerki", "fuszerka", "botch dice", "botch"),
    "dead": ("martwy", "martwa", "Uśmiercające", "nie żyje", "dead"),
    "fatigue_level": ("Wyczerpanie", "poziom Wyczerpania", "zmęczenie", "fatigue", "fatigue level"),
}

# Fatigue levels (base game B6) by number, in the Polish adjective (both genders) and English.
FATIGUE: Final[dict[str, tuple[str, ...]]] = {
    "0": ("wypoczęty", "wypoczęta", "fresh"),
    "1": ("zdyszany", "zdyszana", "winded"),
    "2": ("znużony", "znużona", "weary"),
    "3": ("zmęczony", "zmęczona", "tired"),
    "4": ("oszołomiony", "oszołomiona", "dazed"),
    "5": ("nieprzytomny", "nieprzytomna", "unconscious"),
}


def _split_native(native: str) -> tuple[str, ...]:
    """`"Miecz długi (Long Sword)"` → ("Miecz długi", "Long Sword")."""
    polish, _, english = native.partition(" (")
    return (polish, english.rstrip(")")) if english else (polish,)


WEAPON_NAMES: Final[dict[str, tuple[str, ...]]] = {
    weapon: _split_native(stats.native) + (("unarmed", "bez broni") if weapon == "fist" else ())
    for weapon, stats in WEAPONS.items()
}
NO_SHIELD = "none"
SHIELD_NAMES: Final[dict[str, tuple[str, ...]]] = {
    **{shield: _split_native(stats.native) for shield, stats in SHIELDS.items()},
    NO_SHIELD: ("brak", "bez tarczy", "none"),
}

# A spell mastered with Fast Casting, in the notation (`zaklęcia:Pilum_of_Fire:15/12/20/FC`).
FAST_CASTING_MARK: Final[tuple[str, ...]] = ("FC", "Fast Casting", "szybkie")
# A weapon thrown or shot although its Ability is a melee one (or the other way round): 5th number.
RANGED_MARK: Final[dict[bool, tuple[str, ...]]] = {
    True: ("dystansowa", "ranged"),
    False: ("wręcz", "melee"),
}
YES_NO: Final[dict[str, bool]] = {"tak": True, "nie": False}
NOTHING: Final[tuple[str, ...]] = ("brak", "none", "nic")

# --- options -----------------------------------------------------------------------------------------
OPTIONS: Final[dict[str, tuple[str, ...]]] = {
    "charge": ("atak z rozpędu", "rozpęd", "szarża", "charge", "momentum", "momentum attack"),
    "difficult_ground": ("teren trudny", "trudny teren", "difficult ground"),
    "cover": ("osłona", "schronienie", "cover"),
    "nonlethal": ("nieśmiercionośne", "ogłuszenie", "nonlethal", "non lethal"),
    "botch_dice": ("kości fuszerki", "fuszerka", "botch dice", "botch"),
    "initiative_mode": ("tryb Inicjatywy", "initiative mode"),
    "fast_casting": ("Fast Casting", "szybkie rzucanie", "fast cast"),
    "spell_damage": ("obrażenia zaklęcia", "spell damage"),
    "penetrated": ("przebicie", "przebiło", "penetrated"),
    "casting_score": ("Casting Score", "wynik rzucania"),
    "spell_level": ("poziom zaklęcia", "spell level"),
    "wound_band": ("rana", "poziom obrażeń", "wound band", "wound"),
    "new_initiative": ("nowa Inicjatywa", "Inicjatywa", "new initiative", "initiative"),
    "pursue": ("pościg", "pursue", "pursuit"),
    "spell": ("zaklęcie", "spell"),
}
COVER: Final[dict[str, tuple[str, ...]]] = {
    "none": ("brak", "bez osłony", "none", "0"),
    "quarter": ("ćwierć", "1/4", "+3", "3", "quarter"),
    "half": ("połowa", "1/2", "+6", "6", "half"),
    "three_quarters": ("trzy czwarte", "3/4", "+9", "9", "three quarters"),
    "almost_full": ("prawie pełna", "pełna", "+12", "12", "almost full", "full"),
}
INITIATIVE_MODES: Final[dict[str, tuple[str, ...]]] = {
    "weapon": ("broń", "weapon"),
    "spell": ("zaklęcie", "spell"),
}
WOUND_BANDS: Final[dict[str, tuple[str, ...]]] = {
    **WOUNDS,
    "dead": ("Uśmiercające", "uśmiercająca", "dead"),
}


def lookup(table: dict[str, tuple[str, ...]], typed: str) -> str | None:
    """The id a typed word names in `table` (by the id or any of its names, folded), or None."""
    folded = fold(typed)
    for key, names in table.items():
        if folded == fold(key) or folded in {fold(n) for n in names}:
            return key
    return None


def written(name: str) -> str:
    """A name as a stats line writes it: one word, spaces as underscores (`Miecz długi` → `miecz_długi`)."""
    return name.strip().replace(" ", "_").casefold()
