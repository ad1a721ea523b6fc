"""Equipment and body-part data of the seed's tables (Tabulka zbraní, štítů, zbrojí, zásahů)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

from rules.systems.cz2d10.names import MATERIAL_NAMES, SHIELD_NAMES, WEAPON_NAMES, every

DamageType = Literal["missile", "thrust", "cut_straight", "cut_curved", "crush_sharp", "crush_blunt"]
Grip = Literal["1R", "2R", "vrh", "ranged"]
Part = Literal["head", "torso", "right_arm", "left_arm", "right_leg", "left_leg"]

PARTS: tuple[Part, ...] = ("head", "torso", "right_arm", "left_arm", "right_leg", "left_leg")
LIMBS: tuple[Part, ...] = ("right_arm", "left_arm", "right_leg", "left_leg")

DAMAGE_TYPE_CS: dict[str, str] = {
    "missile": "střelné",
    "thrust": "bodné",
    "cut_straight": "sečné",
    "cut_curved": "sečné zahnuté",
    "crush_sharp": "ostré drtivé",
    "crush_blunt": "tupé drtivé",
}


@dataclass(frozen=True, slots=True)
class Weapon:
    """One row of the weapon tables. `family` + `weight` is the weapon-skill category."""

    id: str
    name_cs: str
    family: str  # straight_blade, curved_blade, axe, blunt, polearm, bare_hands, shield, bow, crossbow, ...
    weight: Literal["light", "medium", "heavy", "ranged"]
    damage: str
    types: tuple[DamageType, ...]
    crit_min: int
    crit_mult: int
    slowdown: int
    grip: Grip
    reach: tuple[int, int] = (0, 0)
    base_range: int = 0  # ranged: feet
    range_str: float = 0.0  # thrown / sling: base range = STR × this
    thrown: bool = False
    ranged: bool = False
    stun: bool = False  # bare hands: damage is stun (omráčení)
    crossbow: bool = False
    bow: bool = False
    # a real hook for tripping (podražení, L392: "sudlice, halapartny"); a sword's guard or an axe serve only
    # "v nouzi" (in need) and count as improvised (−2 to the attack, L395)
    hook: bool = False

    @property
    def category(self) -> str:
        return f"{self.weight}_{self.family}"

    @property
    def kind(self) -> Literal["melee", "ranged"]:
        return "ranged" if self.ranged or self.thrown else "melee"


def _w(*args: object, **kw: object) -> Weapon:
    return Weapon(*args, **kw)  # type: ignore[arg-type]


MELEE: tuple[Weapon, ...] = (
    _w(
        "bare_hand",
        "Holé ruce – ruka",
        "bare_hands",
        "light",
        "d4",
        ("crush_blunt",),
        17,
        2,
        0,
        "1R",
        (1, 2),
        stun=True,
    ),
    _w(
        "bare_kick",
        "Holé ruce – kop",
        "bare_hands",
        "light",
        "2d4",
        ("crush_blunt",),
        19,
        3,
        0,
        "2R",
        (2, 3),
        stun=True,
    ),
    _w(
        "light_straight_blade",
        "Rovná čepel (lehká)",
        "straight_blade",
        "light",
        "d4",
        ("cut_straight", "thrust"),
        16,
        2,
        0,
        "1R",
        (1, 2),
    ),
    _w(
        "light_straight_blade_thrown",
        "Rovná čepel (lehká) – vrh",
        "straight_blade",
        "light",
        "d4",
        ("thrust",),
        18,
        2,
        0,
        "vrh",
        range_str=2.0,
        thrown=True,
    ),
    _w(
        "light_curved_blade",
        "Zahnutá čepel (lehká)",
        "curved_blade",
        "light",
        "d5",
        ("cut_curved",),
        17,
        2,
        0,
        "1R",
        (1, 2),
    ),
    _w(
        "light_axe",
        "Sekera (lehká)",
        "axe",
        "light",
        "d5",
        ("crush_sharp",),
        18,
        2,
        1,
        "1R",
        (1, 2),
    ),
    _w(
        "light_axe_thrown",
        "Sekera (lehká) – vrh",
        "axe",
        "light",
        "d4+1",
        ("crush_sharp",),
        19,
        2,
        1,
        "vrh",
        range_str=1.5,
        thrown=True,
    ),
    _w("light_blunt", "Tupá zbraň (lehká)", "blunt", "light", "d4", ("crush_blunt",), 19, 2, 0, "1R", (2, 2)),
    _w(
        "light_blunt_thrown",
        "Tupá zbraň (lehká) – vrh",
        "blunt",
        "light",
        "2d2",
        ("crush_blunt",),
        19,
        2,
        0,
        "vrh",
        range_str=1.5,
        thrown=True,
    ),
    _w(
        "medium_straight_blade_1h",
        "Rovná čepel (střední), jednoruč",
        "straight_blade",
        "medium",
        "d5",
        ("cut_straight", "thrust"),
        18,
        2,
        1,
        "1R",
        (2, 5),
    ),
    _w(
        "medium_straight_blade_2h",
        "Rovná čepel (střední), obouruč",
        "straight_blade",
        "medium",
        "3d2",
        ("cut_straight", "thrust"),
        18,
        2,
        1,
        "2R",
        (3, 4),
    ),
    _w(
        "medium_curved_blade_1h",
        "Zahnutá čepel (střední), jednoruč",
        "curved_blade",
        "medium",
        "d5+1",
        ("cut_curved",),
        17,
        2,
        1,
        "1R",
        (3, 5),
    ),
    _w(
        "medium_curved_blade_2h",
        "Zahnutá čepel (střední), obouruč",
        "curved_blade",
        "medium",
        "2d4+1",
        ("cut_curved",),
        18,
        2,
        1,
        "2R",
        (3, 4),
    ),
    _w(
        "medium_axe_1h",
        "Sekera (střední), jednoruč",
        "axe",
        "medium",
        "d5+1",
        ("crush_sharp",),
        18,
        3,
        3,
        "1R",
        (2, 4),
    ),
    _w(
        "medium_axe_2h",
        "Sekera (střední), obouruč",
        "axe",
        "medium",
        "2d5",
        ("crush_sharp",),
        19,
        3,
        2,
        "2R",
        (2, 3),
    ),
    _w(
        "medium_axe_thrown",
        "Sekera (střední) – vrh",
        "axe",
        "medium",
        "d5",
        ("crush_sharp",),
        19,
        3,
        2,
        "vrh",
        range_str=1.25,
        thrown=True,
    ),
    _w(
        "medium_blunt_1h",
        "Tupá zbraň (střední), jednoruč",
        "blunt",
        "medium",
        "d5",
        ("crush_blunt",),
        19,
        3,
        2,
        "1R",
        (2, 4),
    ),
    _w(
        "medium_blunt_2h",
        "Tupá zbraň (střední), obouruč",
        "blunt",
        "medium",
        "3d2",
        ("crush_blunt",),
        19,
        3,
        2,
        "2R",
        (2, 3),
    ),
    _w(
        "medium_blunt_thrown",
        "Tupá zbraň (střední) – vrh",
        "blunt",
        "medium",
        "d5",
        ("crush_blunt",),
        19,
        3,
        2,
        "vrh",
        range_str=1.25,
        thrown=True,
    ),
    _w(
        "heavy_straight_blade_2h_cut",
        "Rovná čepel (těžká), obouruční – sečná",
        "straight_blade",
        "heavy",
        "2d5",
        ("cut_straight",),
        18,
        2,
        3,
        "2R",
        (4, 7),
    ),
    _w(
        "heavy_straight_blade_1h",
        "Rovná čepel (těžká), jednoruč",
        "straight_blade",
        "heavy",
        "d5",
        ("cut_straight", "thrust"),
        19,
        2,
        3,
        "1R",
        (4, 6),
    ),
    _w(
        "heavy_straight_blade_2h",
        "Rovná čepel (těžká), obouruč",
        "straight_blade",
        "heavy",
        "2d4",
        ("cut_straight", "thrust"),
        18,
        2,
        2,
        "2R",
        (3, 6),
    ),
    _w(
        "heavy_curved_blade",
        "Zahnutá čepel (těžká)",
        "curved_blade",
        "heavy",
        "d10+1",
        ("cut_curved",),
        18,
        2,
        2,
        "2R",
        (3, 6),
    ),
    _w(
        "heavy_axe",
        "Sekera (těžká)",
        "axe",
        "heavy",
        "d10",
        ("crush_sharp",),
        19,
        3,
        3,
        "2R",
        (3, 5),
    ),
    _w("heavy_blunt", "Tupá zbraň (těžká)", "blunt", "heavy", "2d5", ("crush_blunt",), 19, 3, 3, "2R", (3, 5)),
    # Polearms are "head + …" templates (L258); the seed's own example: the pike is a heavy thrusting
    # straight blade with reach up to 16 ft. Two common instances are given as concrete rows.
    _w("pike", "Píka (tyčová, těžká)", "polearm", "heavy", "2d4+2", ("thrust",), 19, 2, 4, "2R", (9, 16)),
    _w(
        "halberd",
        "Halapartna (tyčová, těžká)",
        "polearm",
        "heavy",
        "d10+2",
        ("crush_sharp",),
        19,
        3,
        5,
        "2R",
        (9, 15),
        hook=True,
    ),
    _w("spear", "Kopí (tyčová, střední)", "polearm", "medium", "d4+2", ("thrust",), 19, 2, 1, "2R", (3, 5)),
)

SHIELD_WEAPONS: tuple[Weapon, ...] = (
    _w("buckler", "pěstní štítek", "shield", "medium", "d2", ("crush_blunt",), 20, 2, 0, "1R", (1, 2)),
    _w("light_shield", "lehký štít", "shield", "medium", "d4", ("crush_blunt",), 20, 2, 0, "1R", (1, 2)),
    _w("medium_shield", "střední štít", "shield", "medium", "d4+1", ("crush_blunt",), 20, 2, 1, "1R", (1, 2)),
    _w("heavy_shield", "těžký štít", "shield", "heavy", "d5+1", ("crush_blunt",), 20, 2, 2, "1R", (1, 1)),
)

RANGED: tuple[Weapon, ...] = (
    _w(
        "small_bow",
        "malý luk",
        "bow",
        "ranged",
        "d4+1",
        ("missile",),
        19,
        2,
        1,
        "ranged",
        base_range=80,
        ranged=True,
        bow=True,
    ),
    _w(
        "medium_bow",
        "střední luk",
        "bow",
        "ranged",
        "d5+2",
        ("missile",),
        19,
        2,
        2,
        "ranged",
        base_range=150,
        ranged=True,
        bow=True,
    ),
    _w(
        "heavy_bow",
        "těžký luk",
        "bow",
        "ranged",
        "2d5",
        ("missile",),
        19,
        3,
        3,
        "ranged",
        base_range=100,
        ranged=True,
        bow=True,
    ),
    _w(
        "recurve_bow",
        "reflexní luk",
        "bow",
        "ranged",
        "2d4",
        ("missile",),
        19,
        2,
        2,
        "ranged",
        base_range=130,
        ranged=True,
        bow=True,
    ),
    _w(
        "light_crossbow",
        "lehká kuše",
        "crossbow",
        "ranged",
        "d5+1",
        ("missile",),
        18,
        2,
        3,
        "ranged",
        base_range=100,
        ranged=True,
        crossbow=True,
    ),
    _w(
        "heavy_crossbow",
        "těžká kuše",
        "crossbow",
        "ranged",
        "2d4",
        ("missile",),
        18,
        3,
        4,
        "ranged",
        base_range=120,
        ranged=True,
        crossbow=True,
    ),
    _w(
        "arbalest",
        "arbalest",
        "crossbow",
        "ranged",
        "3d5",
        ("missile",),
        18,
        3,
        5,
        "ranged",
        base_range=150,
        ranged=True,
        crossbow=True,
    ),
    # "d4+1+STR/4": the STR part is the thrown grip's STR/4.
    _w(
        "sling",
        "prak",
        "sling",
        "ranged",
        "d4+1",
        ("crush_blunt",),
        19,
        2,
        0,
        "vrh",
        range_str=5.0,
        ranged=True,
    ),
    _w(
        "blowpipe",
        "foukačka",
        "blowpipe",
        "ranged",
        "d2",
        ("missile",),
        16,
        2,
        0,
        "ranged",
        base_range=10,
        ranged=True,
    ),
)

# House default (docs/rules/cz2d10.md, "Quick NPCs"): a quick NPC line that names no weapon fights with this
# one instead of bare hands (which deal only stun): the line's damage (`zranění`, else d5 as the seed's
# one-handed medium blade), reach 2 ft, crit 19 ×2, no slowdown, a cut every armour resists at ×1.
NPC_WEAPON = _w("npc_weapon", "Zbraň NPC", "npc", "medium", "d5", ("cut_straight",), 19, 2, 0, "1R", (2, 2))

WEAPONS: dict[str, Weapon] = {w.id: w for w in (*MELEE, *SHIELD_WEAPONS, *RANGED, NPC_WEAPON)}


@dataclass(frozen=True, slots=True)
class Shield:
    id: str
    name_cs: str
    bonus: int
    slowdown: int
    improvised: bool = False
    cover: int = 0


SHIELDS: dict[str, Shield] = {
    s.id: s
    for s in (
        Shield("buckler", "pěstní štítek", 1, 0),
        Shield("improvised", "nouzový štít", 1, 0, improvised=True),
        Shield("light_shield", "lehký štít", 2, 0),
        Shield("medium_shield", "střední štít", 3, 1),
        Shield("heavy_shield", "těžký štít", 4, 2),
        Shield("pavise", "pavéza", 6, 0, cover=4),
    )
}

Coefficients = dict[str, float]


@dataclass(frozen=True, slots=True)
class Material:
    """An armour material: coefficients per damage type and the slowdown offsets "DR − k" of its pieces."""

    id: str
    name_cs: str
    coef: Coefficients
    body_k: int  # basic armour slowdown = DR − k
    helmet_k: int | None  # None = fixed slowdown `helmet_fixed`
    helmet_fixed: int
    accessories_k: int
    poly_body_k: int
    poly_limbs_k: int
    poly_head_k: int


MATERIALS: dict[str, Material] = {
    m.id: m
    for m in (
        Material(
            "leather",
            "kůže a látka",
            {
                "missile": 0.5,
                "thrust": 0.5,
                "cut_straight": 1,
                "cut_curved": 1,
                "crush_sharp": 0.75,
                "crush_blunt": 0.5,
            },
            1,
            None,
            1,
            2,
            2,
            1,
            1,
        ),
        Material(
            "studded_leather",
            "kůže pobitá kovem",
            {
                "missile": 0.5,
                "thrust": 0.75,
                "cut_straight": 1,
                "cut_curved": 1.25,
                "crush_sharp": 1,
                "crush_blunt": 0.75,
            },
            2,
            None,
            1,
            2,
            3,
            2,
            3,
        ),
        Material(
            "mail",
            "kovová pletená",
            {
                "missile": 0.5,
                "thrust": 0.75,
                "cut_straight": 1,
                "cut_curved": 1.5,
                "crush_sharp": 1,
                "crush_blunt": 0.5,
            },
            3,
            1,
            0,
            2,
            4,
            3,
            2,
        ),
        Material(
            "plate",
            "kovová plátová",
            {
                "missile": 0.75,
                "thrust": 1.5,
                "cut_straight": 1,
                "cut_curved": 1.5,
                "crush_sharp": 1,
                "crush_blunt": 1.25,
            },
            4,
            2,
            0,
            2,
            5,
            4,
            3,
        ),
        # Quick NPCs: a bare DR number with every coefficient 1 and no slowdown (house default).
        Material("generic", "zbroj", dict.fromkeys(DAMAGE_TYPE_CS, 1.0), 99, None, 0, 99, 99, 99, 99),
    )
}


def _fold(text: str) -> str:
    norm = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in norm if not unicodedata.combining(c)).replace("-", " ").replace("_", " ")


_ALIASES: dict[str, str] = {
    # Older everyday names kept working (folded: no diacritics, lower case); the names players are offered
    # are in names.py.
    "satle": "light_curved_blade",
    "vrhaci sekera": "light_axe_thrown",
    "obourucni sekera": "heavy_axe",
    "jedenapulrucni mec": "heavy_straight_blade_1h",
    "pletena kovova": "mail",
    "platova kovova": "plate",
    "zbroj": "generic",
}
_BY_NAME: dict[str, str] = {
    **{_fold(w.name_cs): w.id for w in WEAPONS.values()},
    **{_fold(s.name_cs): s.id for s in SHIELDS.values()},
    **{_fold(m.name_cs): m.id for m in MATERIALS.values()},
    **{_fold(k): v for k, v in _ALIASES.items()},
    **{
        _fold(name): key
        for table in (WEAPON_NAMES, SHIELD_NAMES, MATERIAL_NAMES)
        for key, names in table.items()
        for name in every(names)
    },
}


def lookup_id(text: str) -> str:
    """A table id from an id, a Czech table name, or a Czech or English name of names.py (diacritics,
    case, spaces or underscores optional); anything else comes back as typed."""
    if text in WEAPONS or text in SHIELDS or text in MATERIALS:
        return text
    folded = _fold(text)
    underscored = folded.replace(" ", "_")
    if underscored in WEAPONS or underscored in SHIELDS or underscored in MATERIALS:
        return underscored
    return _BY_NAME.get(folded, text)


# ---- polygonal body parts (L468–495) ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PartInfo:
    name_cs: str
    base_hp: int  # + CON
    equal_hp: int  # + CON with polygonal_equal_hp
    shock_mod: int
    penalties: tuple[int, int, int]  # light, serious, severe


PART_INFO: dict[str, PartInfo] = {
    "head": PartInfo("hlava", 5, 9, 5, (-2, -4, -7)),
    "torso": PartInfo("tělo", 9, 9, 0, (-1, -3, -6)),
    "right_arm": PartInfo("pravá ruka", 5, 9, 0, (-1, -3, -6)),
    "left_arm": PartInfo("levá ruka", 5, 9, 0, (-1, -3, -6)),
    "right_leg": PartInfo("pravá noha", 5, 9, 0, (-1, -3, -6)),
    "left_leg": PartInfo("levá noha", 5, 9, 0, (-1, -3, -6)),
}

# The three hit tables (L507–588): 2d10 sum -> part.
_T1 = {
    2: "head",
    3: "head",
    4: "right_leg",
    5: "right_leg",
    6: "right_leg",
    7: "right_arm",
    8: "right_arm",
    9: "right_arm",
    10: "torso",
    11: "torso",
    12: "torso",
    13: "left_arm",
    14: "left_arm",
    15: "left_arm",
    16: "left_leg",
    17: "left_leg",
    18: "left_leg",
    19: "head",
    20: "head",
}
_T2 = {**_T1, 4: "head", 7: "right_leg", 15: "left_leg", 18: "head"}
_T3 = {
    2: "head",
    3: "head",
    4: "right_arm",
    5: "right_arm",
    6: "right_arm",
    7: "right_arm",
    8: "right_leg",
    9: "right_leg",
    10: "torso",
    11: "torso",
    12: "torso",
    13: "left_leg",
    14: "left_leg",
    15: "left_arm",
    16: "left_arm",
    17: "left_arm",
    18: "left_arm",
    19: "head",
    20: "head",
}
HIT_TABLES: dict[int, dict[int, str]] = {1: _T1, 2: _T2, 3: _T3}
