"""What a player or GM types in a stats or options line: every key by its Polish name (or the seed's own
English ArM term), ArM's abbreviations and English, its bounds, its listed values and an example."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from pydantic import BaseModel

from rules.bounds import field_limits
from rules.systems.arm5.options import FLAG_TYPES, Options
from rules.systems.arm5.sheet import SHORTCUT_BOUNDS, Abilities, Sheet, Wounds
from rules.systems.arm5.words import (
    ABILITIES,
    CHARACTERISTICS,
    COVER,
    FATIGUE,
    INITIATIVE_MODES,
    OPTIONS,
    OTHER_STATS,
    SHIELD_NAMES,
    TOTALS,
    WEAPON_NAMES,
    WOUND_BANDS,
    WOUNDS,
)
from rules.vocabulary import Key, KeyKind, Vocabulary

# The order a player reads them in (autocomplete, /help, the one-line sheet).
STAT_ORDER: Final[tuple[str, ...]] = (
    "str",
    "sta",
    "dex",
    "qik",
    "size",
    *ABILITIES,
    "weapon",
    "shield",
    "armour_prot",
    "soak_bonus",
    "encumbrance",
    "mounted",
    "magic_resistance",
    "spells",
    "botch_dice",
    *WOUNDS,
    "dead",
    "fatigue_level",
    *TOTALS,
)
STAT_EXAMPLES: Final[dict[str, str]] = {
    "str": "siła:2",
    "sta": "wytrzymałość:1",
    "dex": "zręczność:1",
    "qik": "quickness:1",
    "size": "budowa:0",
    "single_weapon": "single_weapon:5",
    "great_weapon": "great_weapon:4",
    "brawl": "brawl:2",
    "throw": "throw:3",
    "bows": "bows:5",
    "riding": "riding:3 konno",
    "finesse": "finesse:2",
    "weapon": "broń:miecz_długi",
    "shield": "tarcza:tarcza_trójkątna",
    "armour_prot": "pancerz:4",
    "soak_bonus": "premia_do_wyparowań:3",
    "encumbrance": "obciążenie:1",
    "mounted": "konno",
    "magic_resistance": "parma_magica",
    "spells": "zaklęcia:Pilum_of_Fire:15/12/20/FC",
    "botch_dice": "kości_fuszerki:2",
    "light": "lekkie:1",
    "medium": "średnie:1",
    "heavy": "ciężkie:1",
    "incapacitating": "eliminujące:1",
    "dead": "martwy",
    "fatigue_level": "wyczerpanie:znużony",
    "init": "inicjatywa:3",
    "attack": "atak:9",
    "defense": "obrona:6",
    "damage": "obrażenia:5",
    "soak": "wyparowania:7",
}
OPTION_EXAMPLES: Final[dict[str, str]] = {
    "charge": "atak_z_rozpędu",
    "difficult_ground": "atak_z_rozpędu teren_trudny",
    "cover": "osłona:1/2",
    "nonlethal": "nieśmiercionośne",
    "botch_dice": "kości_fuszerki:2",
    "initiative_mode": "tryb_inicjatywy:zaklęcie",
    "fast_casting": "fast_casting",
    "spell_damage": "obrażenia_zaklęcia:15",
    "penetrated": "przebicie:nie",
    "casting_score": "casting_score:12",
    "spell_level": "poziom_zaklęcia:20",
    "wound_band": "rana:ciężkie",
    "new_initiative": "nowa_inicjatywa:5",
    "pursue": "pościg",
    "spell": "zaklęcie:Pilum_of_Fire",
}


def _bounds(model: type[BaseModel], field: str) -> tuple[float | None, float | None]:
    lo, hi = field_limits(model, field)
    return lo, hi


def _stat(key: str) -> Key:
    names = {**CHARACTERISTICS, **ABILITIES, **WOUNDS, **TOTALS, **OTHER_STATS}[key]
    kind: KeyKind = "number"
    values: dict[str, tuple[str, ...]] = {}
    lo: float | None = None
    hi: float | None = None
    if key in ABILITIES:
        lo, hi = _bounds(Abilities, key)
    elif key in WOUNDS:
        lo, hi = _bounds(Wounds, key)
    elif key in SHORTCUT_BOUNDS:
        lo, hi = SHORTCUT_BOUNDS[key]
    elif key in ("weapon", "shield", "spells"):
        kind = "notation"
        values = {"weapon": WEAPON_NAMES, "shield": SHIELD_NAMES}.get(key, {})
    elif key in ("mounted", "magic_resistance", "dead"):
        kind = "flag"
    else:
        lo, hi = _bounds(Sheet, key)
        if key == "fatigue_level":
            values = FATIGUE
    return Key(key, names, kind, lo, hi, values, STAT_EXAMPLES[key])


def _option(key: str) -> Key:
    info = Options.model_fields[key]
    values: dict[str, tuple[str, ...]] = {
        "cover": COVER,
        "initiative_mode": INITIATIVE_MODES,
        "wound_band": WOUND_BANDS,
    }.get(key, {})
    lo: float | None = None
    hi: float | None = None
    kind: KeyKind
    if values:
        kind = "choice"
    elif info.annotation in FLAG_TYPES:
        kind = "flag"
    elif key == "spell":
        kind = "text"
    else:
        kind = "number"
        lo, hi = _bounds(Options, key)
    return Key(key, OPTIONS[key], kind, lo, hi, values, OPTION_EXAMPLES[key])


@cache
def stat_vocabulary() -> Vocabulary:
    return Vocabulary([_stat(k) for k in STAT_ORDER], "stat")


@cache
def option_vocabulary() -> Vocabulary:
    return Vocabulary([_option(k) for k in Options.model_fields], "option")


def canonical(data: dict[str, Any]) -> dict[str, Any]:
    """Typed keys (native, English or the model's own) → the vocabulary's keys, others as they are."""
    vocabulary = stat_vocabulary()
    return {vocabulary.key_of(k) or k: v for k, v in data.items()}
