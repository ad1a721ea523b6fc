"""Data tables of the Polish "władanie" combat terms: dice steps, strength categories, scatter, body parts."""

from __future__ import annotations

from typing import Final

SYSTEM_ID: Final = "pl_wladanie"

_PLAIN = str.maketrans("ąćęłńóśźżáčďéěíňřšťúůýžàèìòù", "acelnoszzacdeeinrstuuyzaeiou")


def fold(text: str) -> str:
    """A typed name folded for lookups: lower case, `_` for spaces and hyphens, no diacritics."""
    return text.strip().lower().replace(" ", "_").replace("-", "_").translate(_PLAIN)


# "Stopnie obrażeń a zamiany kostek obrażeń", read row by row (the only monotonic order).
DAMAGE_LADDER_ROWS: Final[tuple[tuple[str, ...], ...]] = (
    ("1k2", "1k4", "1k6", "1k8", "1k10", "1k12", "2k6"),
    ("2k8", "2k10", "2k12", "3k8", "3k10", "3k12", "4k10"),
    ("4k12", "5k10", "5k12", "7k10", "8k10", "9k10", "10k10"),
    ("11k10", "12k10", "13k10", "14k10", "15k10", "16k10"),
)
DAMAGE_LADDER: Final[tuple[tuple[int, int], ...]] = tuple(
    (int(c), int(s)) for row in DAMAGE_LADDER_ROWS for c, s in (entry.split("k") for entry in row)
)
# "etc.": past 16k10 every step adds one k10.
LAST_LISTED_STEP: Final = len(DAMAGE_LADDER) - 1

# Strength damage categories ("Ciąg kolejnych kategorii: 0; 1/8; 1/4; 1/2; 1; 1,5; 2; 3; 4; 5; 6; +1 etc.").
STRENGTH_CATEGORY_LABELS: Final[tuple[str, ...]] = (
    "0",
    "1/8",
    "1/4",
    "1/2",
    "1",
    "1,5",
    "2",
    "3",
    "4",
    "5",
    "6",
)
CATEGORY_ONE: Final = 4  # index of category "1"
CATEGORY_ONE_AND_HALF: Final = 5

# Scatter diagram (k10; 10 = roll again). Offsets (dx to the right, dy toward the top row 9-2-3).
SCATTER_OFFSETS: Final[dict[int, tuple[int, int]]] = {
    1: (0, 0),
    2: (0, 1),
    3: (1, 1),
    4: (1, 0),
    5: (1, -1),
    6: (0, -1),
    7: (-1, -1),
    8: (-1, 0),
    9: (-1, 1),
}
SCATTER_REROLL: Final = 10

# "Kostki odległości pól zależne od wyniku porażki w teście": (lowest failure, distance die sides, area m²).
SCATTER_DISTANCE: Final[tuple[tuple[int, int | None, int], ...]] = (
    (1, None, 9),
    (5, 2, 49),
    (10, 4, 121),
    (20, 6, 225),
    (30, 8, 361),
    (40, 10, 529),
    (50, 12, 729),
)

AREA_BASE_ST: Final = 10

# Body parts (house default keys; the seed names korpus, ręka, noga and armour for head/torso/arms/legs).
BODY_PARTS: Final[tuple[str, ...]] = ("head", "torso", "left_arm", "right_arm", "left_leg", "right_leg")
AREA_LOCATION: Final = "torso"
# Names accepted for one part when a blow is aimed (option `location`), folded (`fold`): Polish first,
# then Czech and Italian, so that every player may type the part in the words the bot shows them.
LOCATION_ALIASES: Final[dict[str, str]] = {
    "glowa": "head", "helm": "head", "hlava": "head", "testa": "head",
    "korpus": "torso", "tulow": "torso", "chest": "torso", "body": "torso", "trup": "torso", "busto": "torso",
    "lewa_reka": "left_arm", "leva_ruka": "left_arm", "braccio_sinistro": "left_arm",
    "prawa_reka": "right_arm", "prava_ruka": "right_arm", "braccio_destro": "right_arm",
    "lewa_noga": "left_leg", "leva_noha": "left_leg", "gamba_sinistra": "left_leg",
    "prawa_noga": "right_leg", "prava_noha": "right_leg", "gamba_destra": "right_leg",
    "arm": "right_arm", "reka": "right_arm", "hand": "right_arm", "ruka": "right_arm", "braccio": "right_arm",
    "leg": "right_leg", "noga": "right_leg", "noha": "right_leg", "gamba": "right_leg",
}  # fmt: skip
# Names accepted for the parts an armour piece or a shield covers (groups expand to several parts).
PART_GROUPS: Final[dict[str, tuple[str, ...]]] = {
    "arm": ("left_arm", "right_arm"), "arms": ("left_arm", "right_arm"), "hands": ("left_arm", "right_arm"),
    "reka": ("left_arm", "right_arm"), "rece": ("left_arm", "right_arm"),
    "ruka": ("left_arm", "right_arm"), "ruce": ("left_arm", "right_arm"), "braccia": ("left_arm", "right_arm"),
    "leg": ("left_leg", "right_leg"), "legs": ("left_leg", "right_leg"),
    "noga": ("left_leg", "right_leg"), "nogi": ("left_leg", "right_leg"),
    "noha": ("left_leg", "right_leg"), "nohy": ("left_leg", "right_leg"), "gambe": ("left_leg", "right_leg"),
    "all": BODY_PARTS, "whole_body": BODY_PARTS, "cale_cialo": BODY_PARTS, "cele_telo": BODY_PARTS,
    "tutto_il_corpo": BODY_PARTS,
}  # fmt: skip


def body_part(name: str) -> str | None:
    """The body-part key for a key or an alias in any of the bot's languages, or None."""
    key = fold(name)
    key = LOCATION_ALIASES.get(key, key)
    return key if key in BODY_PARTS else None


# House default d20 location table for a blow whose location nobody named (setting `location_table`).
DEFAULT_LOCATION_TABLE: Final = "1-2:head,3-10:torso,11-12:right_arm,13-14:left_arm,15-17:right_leg,18-20:left_leg"

# Wound level keys the GM may give thresholds for (setting `wound_thresholds`), lightest first, and the
# names a GM may type for them (folded): `lekka:5,ciezka:10,krytyczna:15,poza_walka:20,smierc:30`.
WOUND_KEYS: Final[tuple[str, ...]] = ("light", "serious", "critical", "out", "dead")
WOUND_ALIASES: Final[dict[str, str]] = {
    "lekka": "light", "lekka_rana": "light", "lehka": "light", "lehka_rana": "light", "lieve": "light",
    "ferita_lieve": "light",
    "ciezka": "serious", "ciezka_rana": "serious", "tezka": "serious", "tezka_rana": "serious",
    "grave": "serious", "ferita_grave": "serious",
    "krytyczna": "critical", "krytyczna_rana": "critical", "kriticka": "critical", "kriticka_rana": "critical",
    "critica": "critical", "ferita_critica": "critical",
    "poza_walka": "out", "mimo_boj": "out", "fuori_combattimento": "out",
    "smierc": "dead", "martwy": "dead", "smrt": "dead", "mrtvy": "dead", "morte": "dead", "morto": "dead",
}  # fmt: skip
# Wound levels that end a combatant's fight (house default; the seed has no wound model).
OUT_LEVELS: Final = frozenset({"out", "dead"})

# Conditions of the seed a GM may put on a sheet (`conditions`), and the house "down" states (`down`):
# leży; nieświadomy ataku (atak z zaskoczenia); nie widzi atakującego; flankowanie i przyszpilenie.
SITUATION_CONDITIONS: Final[tuple[str, ...]] = ("prone", "unaware", "cannot_see_attacker", "flanked_or_pinned")
DOWN_STATES: Final[tuple[str, ...]] = ("unconscious", "dead")  # nieprzytomny, martwy
