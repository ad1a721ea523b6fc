"""Every combat blow of the seed (colpi di combattimento) as data.

Costs that depend on the weapon, ammunition or proficiency are computed in `costs.py`; restrictions are
checked in `eligibility.py`; effects are applied by `attack.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic_core import PydanticCustomError

from rules.vocabulary import fold

Tag = Literal["attacco", "round"]
Kind = Literal["general", "special"]


@dataclass(frozen=True, slots=True)
class Blow:
    id: str
    name_it: str
    name_en: str
    tag: Tag
    kind: Kind
    cost: int  # base cost; variable costs are computed in costs.py
    to_hit: int = 0
    damage: int = 0
    str_damage: bool = False  # the damage bonus counts as strength damage (capped by the weapon)
    deliveries: frozenset[str] = frozenset({"melee", "natural", "thrown", "missile", "firearm"})
    damage_types: frozenset[str] = frozenset()  # empty = any
    min_size: str | None = None  # minimum weapon size
    needs_organs: bool = False  # refused on creatures without (recognisable) vital organs
    lore_gated: bool = False  # aberrations / demons need Aberration Lore / Demonology
    huge_needs_large: bool = False  # vs Huge only with a Large melee weapon; never vs Gargantuan
    nat20_exempt: bool = False  # keeps its effect on a hit only a natural 20 made
    nodamage_exempt: bool = False  # keeps its effect on a hit that did no damage
    defensive: bool = False  # used by the defender against an incoming attack


_ALL = frozenset({"melee", "natural", "thrown", "missile", "firearm"})
_MELEE = frozenset({"melee", "natural"})
_RANGED = frozenset({"thrown", "missile", "firearm"})

BLOWS: dict[str, Blow] = {
    b.id: b
    for b in (
        # --- general blows (colpi generali) -----------------------------------------------------------
        Blow("colpo_rapido", "Colpo Rapido", "Quick Strike", "attacco", "general", 2, deliveries=_MELEE),
        Blow(
            "attacco_di_forza",
            "Attacco di Forza",
            "Strength Attack",
            "attacco",
            "general",
            2,
            damage=1,
            str_damage=True,  # missile weapons ("armi da tiro") only with a strength-rated bow
            deliveries=frozenset({"melee", "natural", "thrown", "missile", "firearm"}),
        ),
        Blow("tiro_a_distanza", "Tiro a Distanza", "Long Shot", "attacco", "general", 2, deliveries=_RANGED),
        Blow("colpo_preciso", "Colpo Preciso", "Precise Strike", "attacco", "general", 3, to_hit=1),
        Blow(
            "combattere_sulla_difensiva",
            "Combattere sulla Difensiva",
            "Fighting Defensively",
            "round",
            "general",
            3,
        ),
        Blow(
            "precisione_nella_mira",
            "Precisione nella Mira",
            "Accurate Aim",
            "attacco",
            "general",
            3,
            deliveries=frozenset({"thrown", "missile"}),  # seed: "arma da tiro o da lancio", not firearms
        ),
        # --- special blows (colpi speciali) -----------------------------------------------------------
        Blow(
            "scagliare_con_violenza",
            "Scagliare con Violenza",
            "Violent Hurl",
            "attacco",
            "special",
            5,
            to_hit=1,
            damage=2,
            str_damage=True,
            deliveries=frozenset({"thrown"}),
        ),
        Blow(
            "lancio_di_apertura",
            "Lancio di Apertura",
            "Opening Throw",
            "attacco",
            "special",
            3,
            deliveries=frozenset({"thrown"}),
        ),
        Blow(
            "proiettile_fatale",
            "Proiettile Fatale",
            "Fatal Missile",
            "attacco",
            "special",
            5,
            to_hit=-2,
            deliveries=frozenset({"missile", "firearm"}),
        ),
        Blow(
            "attacco_della_violenza",
            "Attacco della Violenza",
            "Violent Attack",
            "attacco",
            "special",
            8,
            damage=4,
            str_damage=True,
            deliveries=frozenset({"melee"}),
        ),
        Blow(
            "disarmare",
            "Disarmare",
            "Disarm",
            "attacco",
            "special",
            5,
            to_hit=-4,
            deliveries=frozenset({"melee"}),
            nodamage_exempt=True,
        ),
        Blow(
            "causare_grande_dolore",
            "Causare Grande Dolore",
            "Cause Great Pain",
            "attacco",
            "special",
            3,
            to_hit=-2,
            deliveries=_MELEE,
            needs_organs=True,
            lore_gated=True,
            huge_needs_large=True,
        ),
        Blow(
            "rallentamento",
            "Rallentamento",
            "Slowing Blow",
            "attacco",
            "special",
            2,
            to_hit=-1,
            deliveries=_MELEE,
            damage_types=frozenset({"B"}),
            needs_organs=True,
            lore_gated=True,
            huge_needs_large=True,
        ),
        Blow(
            "incapacitare",
            "Incapacitare",
            "Incapacitate",
            "attacco",
            "special",
            4,
            to_hit=-2,
            deliveries=_MELEE,
            damage_types=frozenset({"B"}),
            needs_organs=True,
            lore_gated=True,
            huge_needs_large=True,
        ),
        Blow(
            "taglio_profondo",
            "Taglio Profondo",
            "Deep Cut",
            "attacco",
            "special",
            4,
            to_hit=-2,
            deliveries=_MELEE,
            damage_types=frozenset({"S"}),
            needs_organs=True,
            lore_gated=True,
            huge_needs_large=True,
        ),
        Blow(
            "trafiggere_in_profondita",
            "Trafiggere in Profondità",
            "Deep Thrust",
            "attacco",
            "special",
            6,
            to_hit=-2,
            deliveries=_MELEE,
            damage_types=frozenset({"P"}),
            needs_organs=True,
            lore_gated=True,
            huge_needs_large=True,
        ),
        Blow(
            "impalamento",
            "Impalamento",
            "Impale",
            "attacco",
            "special",
            6,
            to_hit=-2,
            deliveries=frozenset({"melee"}),
            damage_types=frozenset({"P"}),
            min_size="L",
            needs_organs=True,
            huge_needs_large=True,
        ),
        Blow(
            "attacco_extra",
            "Attacco Extra",
            "Extra Attack",
            "round",
            "special",
            12,
            deliveries=frozenset({"melee", "natural", "thrown", "missile"}),
            nat20_exempt=True,
            nodamage_exempt=True,
        ),
        Blow(
            "attacco_letale",
            "Attacco Letale",
            "Lethal Attack",
            "attacco",
            "special",
            5,
            to_hit=-2,
            deliveries=_ALL,
            needs_organs=True,
            lore_gated=True,
            huge_needs_large=True,
        ),
        Blow(
            "fendente_frontale",
            "Fendente Frontale",
            "Frontal Cleave",
            "attacco",
            "special",
            6,
            to_hit=-2,
            damage=-1,
            deliveries=_MELEE,
            min_size="M",
            nat20_exempt=True,
            nodamage_exempt=True,
        ),
        Blow(
            "fine_sanguinaria",
            "Fine Sanguinaria",
            "Bloody End",
            "attacco",
            "special",
            4,
            to_hit=-2,
            deliveries=frozenset({"melee"}),
        ),
        Blow(
            "attacco_brutale",
            "Attacco Brutale",
            "Brutal Attack",
            "attacco",
            "special",
            4,
            deliveries=frozenset({"melee"}),
        ),
        Blow(
            "deflessione_superiore",
            "Deflessione Superiore",
            "Superior Deflection",
            "attacco",
            "special",
            1,
            nat20_exempt=True,
            nodamage_exempt=True,
            defensive=True,
        ),
        Blow(
            "evasione_migliorata",
            "Evasione Migliorata",
            "Improved Evasion",
            "attacco",
            "special",
            1,
            nat20_exempt=True,
            nodamage_exempt=True,
            defensive=True,
        ),
    )
}

GENERAL = frozenset(b.id for b in BLOWS.values() if b.kind == "general")
SPECIAL = frozenset(b.id for b in BLOWS.values() if b.kind == "special")
ROUND = frozenset(b.id for b in BLOWS.values() if b.tag == "round")
DEFENSIVE = frozenset(b.id for b in BLOWS.values() if b.defensive)
# Saves (percentage, house rule) per blow: kind and whether it is "pure" (unmodified).
SAVES: dict[str, tuple[str, bool]] = {
    "lancio_di_apertura": ("reflexes", True),
    "disarmare": ("reflexes", False),
    "causare_grande_dolore": ("toughness", False),
    "rallentamento": ("toughness", False),
    "incapacitare": ("toughness", False),
    "taglio_profondo": ("toughness", False),
    "trafiggere_in_profondita": ("toughness", False),
    "impalamento": ("toughness", False),
}
# Blows whose victims of size Huge get +10% to the save.
HUGE_SAVE_BONUS = frozenset(
    {
        "causare_grande_dolore",
        "rallentamento",
        "incapacitare",
        "taglio_profondo",
        "trafiggere_in_profondita",
        "impalamento",
    }
)


def blow(blow_id: str) -> Blow:
    from rules.errors import RulesError
    from rules.model import Term

    found = BLOWS.get(blow_id)
    if found is None:
        allowed = [Term("blow", b) for b in sorted(BLOWS)]
        near = nearest_blow(blow_id)
        if near is None:
            raise RulesError("error.adnd2cp.unknown_blow", blow=blow_id, allowed=allowed)
        from rules.model import Message

        guess = Message("syntax.named", {"name": Term("blow", near), "key": f"`{near}`"})
        raise RulesError("error.adnd2cp.unknown_blow_near", blow=blow_id, suggestion=guess, allowed=allowed)
    return found


def nearest_blow(typed: str) -> str | None:
    """The blow a mistyped name most likely meant: one whose id or name holds the typed word
    ("preciso" → colpo_preciso), else the closest spelling ("colpo_precisso")."""
    from difflib import get_close_matches

    word = fold(typed).replace(" ", "_")
    if not word:
        return None
    holding = sorted({bid for name, bid in _BY_NAME.items() if word in name.replace(" ", "_")})
    if len(holding) == 1:
        return holding[0]
    close = get_close_matches(word, [n.replace(" ", "_") for n in _BY_NAME], n=1, cutoff=0.75)
    return _BY_NAME.get(close[0]) or _BY_NAME.get(close[0].replace("_", " ")) if close else None


def parse_blow_list(value: object) -> list[str]:
    """A list of blow ids, or one comma-separated string ("colpo_preciso, attacco_di_forza")."""
    if value is None:
        return []
    if isinstance(value, str):
        items = [part.strip() for part in value.split(",")]
    elif isinstance(value, (list, tuple)):
        items = [str(part).strip() for part in value]
    else:
        raise PydanticCustomError("adnd2cp.blow_list", "a list of combat blows or a comma-separated text is needed", {})
    return [_blow_id(item) for item in items if item]


def _blow_id(typed: str) -> str:
    """A blow by its id, its Italian or its English name, any case, with or without accents (an unknown
    name is kept folded: the blow's check refuses it, listing the blows)."""
    folded = fold(typed)
    return _BY_NAME.get(folded, folded)


def _names_index() -> dict[str, str]:
    return {fold(name): b.id for b in BLOWS.values() for name in (b.id, b.name_it, b.name_en)}


_BY_NAME = _names_index()
