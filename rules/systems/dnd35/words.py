"""The words a D&D 3.5 player types, in the seed's Czech first and then in English: the names of sizes,
armour categories, conditions, feats, skills and weapons, folded (any case, with or without diacritics).

The stat and option vocabularies (`vocabulary.py`) list these as the values of their keys; the sheet model
reads the same names inside lists and the one-line notation (`zbraně:dlouhý_meč+1,dýka`,
`odbornosti:bojové_reflexy`, `stavy:leží`), where one value holds several names.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping

from rules.systems.dnd35.tables import SIZES, WEAPON_ALIASES, WEAPONS, weapon_key
from rules.vocabulary import fold


def _names(cz: str, *more: str) -> tuple[str, ...]:
    """Names as the seed writes them, words and all (`fold` makes `leží na zemi` the typed `leží_na_zemi`)."""
    return tuple(n.strip() for n in (cz, *more))


def typed(name: str) -> str:
    """A name as one word of a stats line: `dlouhý meč` → `dlouhý_meč`."""
    return "_".join(name.split())


# Sizes: "velikost" (the seed's size table: Droboučký … Kolosální).
SIZE_NAMES: dict[str, tuple[str, ...]] = {key: _names(size.cz.lower()) for key, size in SIZES.items()}

# Armour categories (lehká, střední nebo těžká zbroj: the seed's speed paragraph).
ARMOR_CATEGORY_NAMES: dict[str, tuple[str, ...]] = {
    "none": _names("žádná", "bez zbroje"),
    "light": _names("lehká"),
    "medium": _names("střední"),
    "heavy": _names("těžká"),
}

# Conditions by the seed's words (the attacker's and the defender's tables, the HP states), with the
# feminine forms a player may type for her own character.
CONDITION_NAMES: dict[str, tuple[str, ...]] = {
    "blinded": _names("oslepen", "oslepena"),
    "charging": _names("zteč"),
    "cowering": _names("zděšený", "zděšená"),
    "dazzled": _names("oslněn", "oslněna"),
    "dead": _names("mrtvý", "mrtvá"),
    "delaying": _names("vyčkává", "vyčkávání"),
    "disabled": _names("vyřazený", "vyřazená"),
    "dying": _names("umírající"),
    "entangled": _names("omotán", "omotána"),
    "fighting_defensively": _names("obranný boj"),
    "flat_footed": _names("zaskočen", "zaskočena"),
    "frightened": _names("vystrašený", "vystrašená"),
    "grappling": _names("zápasí"),
    "helpless": _names("bezmocný", "bezmocná"),
    "invisible": _names("neviditelný", "neviditelná"),
    "kneeling": _names("klečí", "sedí", "klečí nebo sedí"),
    "pinned": _names("držený", "držená"),
    "prone": _names("leží na zemi", "leží", "na zemi"),
    "readied": _names("připravená akce", "příprava"),
    "shaken": _names("otřesen", "otřesena"),
    "squeezing": _names("protahuje se", "protahuje se úzkým otvorem"),
    "stable": _names("stabilizovaný", "stabilizovaná"),
    "staggered": _names("zbitý", "zbitá"),
    "stunned": _names("ochromený", "ochromená"),
    "total_defense": _names("úplná obrana"),
    "unconscious": _names("v bezvědomí", "bezvědomí"),
}

# Feats the rules use ("odbornost …" in the seed; Weapon Finesse is the Czech Player's Handbook's
# "Zbraňová jemnost", the seed does not name it), then the English names.
FEAT_NAMES: dict[str, tuple[str, ...]] = {
    "combat_reflexes": _names("bojové reflexy", "combat reflexes"),
    "two_weapon_fighting": _names("boj dvěma zbraněmi", "boj se dvěma zbraněmi", "two-weapon fighting"),
    "precise_shot": _names("přesná střelba", "precise shot"),
    "weapon_finesse": _names("zbraňová jemnost", "weapon finesse"),
    "improved_unarmed_strike": _names(
        "zlepšený boj beze zbraní", "zlepšený neozbrojený úder", "improved unarmed strike"
    ),
    "improved_grapple": _names("zlepšený zápas", "improved grapple"),
    "improved_feint": _names("zlepšená finta", "improved feint"),
    "improved_trip": _names("zlepšené podražení", "improved trip"),
    "improved_disarm": _names("zlepšené odzbrojení", "improved disarm"),
    "improved_sunder": _names("zlepšené lámání", "improved sunder"),
    "improved_bull_rush": _names("zlepšené zatlačení", "improved bull rush"),
    "improved_overrun": _names("zlepšené prorážení", "improved overrun"),
}
FEATS_USED: frozenset[str] = frozenset(FEAT_NAMES)

# Skills the seed names ("ověř Léčení", Předstírání vs Odhal motiv, Ohebnost, Soustředění, Jezdectví);
# the rules roll the first three.
SKILL_NAMES: dict[str, tuple[str, ...]] = {
    "heal": _names("léčení", "heal"),
    "bluff": _names("předstírání", "bluff"),
    "sense_motive": _names("odhal motiv", "sense motive"),
    "escape_artist": _names("ohebnost", "escape artist"),
    "concentration": _names("soustředění", "concentration"),
    "ride": _names("jezdectví", "ride"),
}
SKILLS_USED: frozenset[str] = frozenset({"heal", "bluff", "sense_motive"})


def _weapon_names() -> dict[str, tuple[str, ...]]:
    """Each shipped weapon: its Czech name (when that name means this weapon), then English spellings.
    `mace` and `heavy_mace` are one weapon; the Czech "Těžký palcát" names `mace`."""
    names: dict[str, tuple[str, ...]] = {}
    for key, data in WEAPONS.items():
        cz = str(data["cz"]).lower()
        own = [cz] if WEAPON_ALIASES.get(weapon_key(cz)) == key else []
        english = [alias.replace("_", " ") for alias, t in WEAPON_ALIASES.items() if t == key and alias.isascii()]
        kept: dict[str, str] = {}  # one of each: the Czech `rukavice` is an ASCII alias as well
        for name in (*own, *english, key.replace("_", " ")):
            kept.setdefault(fold(name), name.strip())
        names[key] = tuple(kept.values())
    return names


WEAPON_NAMES: dict[str, tuple[str, ...]] = _weapon_names()


def listed_weapon(key: str) -> bool:
    """Whether a shipped weapon is listed under its own name: not `heavy_mace`, whose Czech name "Těžký
    palcát" is `mace`'s (the same weapon; `heavy_mace` is still taken as typed)."""
    return WEAPON_ALIASES.get(weapon_key(str(WEAPONS[key]["cz"]))) == key


def closest_weapon(name: str) -> str | None:
    """The shipped weapon a name not in the tables most likely meant (a typo: `obourucni_sekyra` →
    `obouruční_sekera`), as a stats line writes it; None when no name is near."""
    index = {fold(n): key for key, names in WEAPON_NAMES.items() for n in (key, *names)}
    near = difflib.get_close_matches(fold(name), list(index), n=1, cutoff=0.75)
    return native_weapon_name(index[near[0]]) if near else None


def similar_weapons(name: str, limit: int = 6) -> list[str]:
    """The shipped weapons a name not in the tables may have meant, as a stats line writes them: those
    nearest spellings first, then those sharing a word with it (`velká_sekera` → `válečná_sekera`,
    `obouruční_sekera`); empty when nothing is near (the caller then lists them all)."""
    index = {fold(n): key for key, names in WEAPON_NAMES.items() for n in (key, *names)}
    words = [w for w in fold(name).replace("-", "_").replace(" ", "_").split("_") if len(w) >= 3]
    found = [index[near] for near in difflib.get_close_matches(fold(name), list(index), n=limit, cutoff=0.7)]
    for folded, key in index.items():
        parts = folded.replace("-", "_").replace(" ", "_").split("_")
        if any(w == p or (len(w) >= 5 and p.startswith(w[:5])) for w in words for p in parts):
            found.append(key)
    return list(dict.fromkeys(native_weapon_name(key) for key in found))[:limit]


def all_weapon_names() -> list[str]:
    """Every shipped weapon as a stats line writes it, in the tables' order."""
    return [native_weapon_name(key) for key in WEAPON_NAMES if native_weapon_name(key) != key]


def native_weapon_name(key: str) -> str:
    """How a one-line sheet writes a shipped weapon: its Czech name if that reads back as this weapon."""
    names = WEAPON_NAMES.get(key, ())
    return typed(names[0]) if names and WEAPON_ALIASES.get(weapon_key(names[0])) == key else key


# Inside a weapon's parentheses (`dlouhý_meč(kritický=19-20/x2;dostřel=10)`): its fields by Czech and
# English names, and the names of their listed values.
WEAPON_SPEC_NAMES: dict[str, tuple[str, ...]] = {
    "attack_override": _names("útok", "attack"),
    "attack_bonus": _names("bonus útoku", "attack bonus"),
    "flat_bonus": _names("bonus zranění", "damage bonus"),
    "damage": _names("zranění", "damage"),
    "extra_damage_dice": _names("kostky navíc", "extra dice"),
    "crit": _names("kritický", "crit"),
    "range_increment_ft": _names("dostřel", "range"),
    "reach_ft": _names("dosah", "reach ft"),
    "category": _names("druh", "category"),
    "damage_types": _names("typ", "types"),
    "add_str": _names("síla", "str"),
    "bow_kind": _names("luk", "bow"),
    "composite_rating": _names("síla luku", "composite"),
    "finesse": _names("jemná", "finesse"),
    "double": _names("dvojitá", "double"),
    "lance": _names("dřevce", "lance"),
    "set_vs_charge": _names("proti zteči", "set"),
    "trip_weapon": _names("podrážecí", "trip"),
    "reach": _names("s dosahem", "reach"),
    "usable_prone": _names("vleže", "prone"),
    "nonlethal": _names("stínová", "nonlethal"),
}
WEAPON_FLAGS: tuple[str, ...] = (
    "finesse",
    "double",
    "lance",
    "set_vs_charge",
    "trip_weapon",
    "reach",
    "usable_prone",
    "nonlethal",
)
CATEGORY_NAMES: dict[str, tuple[str, ...]] = {
    "light": _names("lehká"),
    "one_handed": _names("jednoruční"),
    "two_handed": _names("obouruční"),
    "thrown": _names("vrhací"),
    "projectile": _names("střelná"),
    "unarmed": _names("neozbrojená"),
    "natural": _names("přirozená"),
}
DAMAGE_TYPE_NAMES: dict[str, tuple[str, ...]] = {
    "piercing": _names("bodná"),
    "slashing": _names("sečná"),
    "bludgeoning": _names("drtivá"),
}
BOW_NAMES: dict[str, tuple[str, ...]] = {
    "none": _names("žádný"),
    "normal": _names("obyčejný"),
    "composite": _names("složený"),
}
# Yes and no, as a flag's value (`stabilní:ano`, `dvojitá=ne`); `auto` leaves a weapon's Strength to its kind.
YES_NO: dict[str, tuple[str, ...]] = {
    "true": _names("ano", "yes", "1", "on"),
    "false": _names("ne", "no", "0", "off"),
}
NONE_NAMES: tuple[str, ...] = _names("ne", "no", "none", "žádný", "auto", "-")


_INDEX: dict[int, dict[str, str]] = {}


def lookup(table: Mapping[str, tuple[str, ...]], typed: str) -> str | None:
    """The key a typed name means in one of the (module-level) tables above, folded; or None."""
    index = _INDEX.get(id(table))
    if index is None:
        index = {}
        for key, names in table.items():
            for name in (key, *names):
                index.setdefault(fold(name), key)
        _INDEX[id(table)] = index
    return index.get(fold(typed))
