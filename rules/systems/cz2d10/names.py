"""The words players type for the seed's tables: every weapon, shield, armour material, body part and
weapon-skill category by its Czech name(s) first (the seed's own where it has one), then English.

Pure data keyed by table ids (no imports of the tables): `tables.lookup_id`, the sheet's notations and
the stat vocabulary all read names from here, so a name means the same thing everywhere. The first Czech
name of each entry is a single token (words joined by `_`): it is what a one-line sheet writes.
"""

from __future__ import annotations

from types import MappingProxyType

# id -> (Czech names, English names)
Names = tuple[tuple[str, ...], tuple[str, ...]]

WEAPON_NAMES: MappingProxyType[str, Names] = MappingProxyType(
    {
        "bare_hand": (("ruka", "pěst", "ruce", "holé_ruce"), ("fist", "hand", "bare_hand")),
        "bare_kick": (("kop",), ("kick", "bare_kick")),
        "light_straight_blade": (("dýka", "nůž", "krátký_meč"), ("dagger", "knife", "short_sword")),
        "light_straight_blade_thrown": (("vrhací_nůž", "vrhací_dýka"), ("throwing_knife", "throwing_dagger")),
        "light_curved_blade": (("tesák", "šatle"), ("machete", "falchion")),
        "light_axe": (("sekerka",), ("hatchet", "hand_axe")),
        "light_axe_thrown": (("vrhací_sekera", "vrhací_sekerka"), ("throwing_axe", "throwing_hatchet")),
        "light_blunt": (("obušek", "kyj"), ("club", "cudgel")),
        "light_blunt_thrown": (("vrhací_kyj", "vrhací_obušek"), ("throwing_club",)),
        "medium_straight_blade_1h": (("meč", "dlouhý_meč"), ("sword", "longsword")),
        "medium_straight_blade_2h": (("meč_obouruč",), ("sword_two_handed", "longsword_two_handed")),
        "medium_curved_blade_1h": (("šavle",), ("sabre", "saber")),
        "medium_curved_blade_2h": (("šavle_obouruč",), ("sabre_two_handed",)),
        "medium_axe_1h": (("sekera",), ("axe", "battle_axe")),
        "medium_axe_2h": (("sekera_obouruč",), ("axe_two_handed",)),
        "medium_axe_thrown": (("střední_vrhací_sekera",), ("heavy_throwing_axe",)),
        "medium_blunt_1h": (("palcát", "kladivo", "palice"), ("mace", "hammer")),
        "medium_blunt_2h": (("palcát_obouruč", "kladivo_obouruč"), ("mace_two_handed", "hammer_two_handed")),
        "medium_blunt_thrown": (("vrhací_palice",), ("throwing_mace",)),
        "heavy_straight_blade_2h_cut": (("obouruční_meč",), ("greatsword", "two_handed_sword")),
        "heavy_straight_blade_1h": (("jedenapůlruční_meč", "bastard"), ("bastard_sword",)),
        "heavy_straight_blade_2h": (("jedenapůlruční_meč_obouruč",), ("bastard_sword_two_handed",)),
        "heavy_curved_blade": (("těžká_šavle", "scimitar"), ("great_sabre", "greatsabre")),
        "heavy_axe": (("válečná_sekera", "obouruční_sekera"), ("greataxe", "great_axe")),
        "heavy_blunt": (("perlík",), ("maul", "warhammer")),
        "pike": (("píka",), ("pike",)),
        "halberd": (("halapartna",), ("halberd",)),
        "spear": (("kopí",), ("spear",)),
        "buckler": (("pěstní_štítek", "štítek"), ("buckler",)),
        "light_shield": (("lehký_štít",), ("light_shield",)),
        "medium_shield": (("střední_štít", "štít"), ("medium_shield", "shield")),
        "heavy_shield": (("těžký_štít",), ("heavy_shield",)),
        "small_bow": (("malý_luk", "krátký_luk"), ("small_bow", "short_bow")),
        "medium_bow": (("luk", "střední_luk"), ("bow", "medium_bow")),
        "heavy_bow": (("těžký_luk", "dlouhý_luk"), ("heavy_bow", "longbow")),
        "recurve_bow": (("reflexní_luk",), ("recurve_bow", "composite_bow")),
        "light_crossbow": (("kuše", "lehká_kuše"), ("crossbow", "light_crossbow")),
        "heavy_crossbow": (("těžká_kuše",), ("heavy_crossbow",)),
        "arbalest": (("arbalest",), ("arbalest_crossbow",)),
        "sling": (("prak",), ("sling",)),
        "blowpipe": (("foukačka",), ("blowpipe", "blowgun")),
        # House default (docs/rules/cz2d10.md, "Quick NPCs"): the weapon of a quick NPC line without one.
        "npc_weapon": (("zbraň_npc", "zbraň_nestvůry"), ("npc_weapon",)),
    }
)

SHIELD_NAMES: MappingProxyType[str, Names] = MappingProxyType(
    {
        "buckler": WEAPON_NAMES["buckler"],
        "improvised": (("nouzový_štít",), ("improvised_shield", "improvised")),
        "light_shield": WEAPON_NAMES["light_shield"],
        "medium_shield": WEAPON_NAMES["medium_shield"],
        "heavy_shield": WEAPON_NAMES["heavy_shield"],
        "pavise": (("pavéza",), ("pavise",)),
    }
)

# The seed's materials: "kůže a látka", "kůže pobitá kovem" (polygonal table: "kůže zpevněná kovem"),
# "kovová pletená" ("pletená kovová"), "kovová plátová" ("plátová kovová").
MATERIAL_NAMES: MappingProxyType[str, Names] = MappingProxyType(
    {
        "leather": (("kůže", "kůže_a_látka", "látka", "kožená"), ("leather", "cloth")),
        "studded_leather": (
            ("pobitá_kůže", "kůže_pobitá_kovem", "kůže_zpevněná_kovem", "zpevněná_kůže"),
            ("studded_leather", "studded"),
        ),
        "mail": (("pletená", "kovová_pletená", "pletená_kovová", "kroužková", "kroužkovka"), ("mail", "chainmail")),
        "plate": (("plátová", "kovová_plátová", "plátová_kovová", "plát"), ("plate", "plate_armour")),
        "generic": (("obecná", "obecná_zbroj"), ("generic",)),
    }
)

# Body parts as the seed's hit tables write them (Hlava, Tělo, Pravá ruka …; the text says "trup" too).
PART_NAMES: MappingProxyType[str, Names] = MappingProxyType(
    {
        "head": (("hlava",), ("head",)),
        "torso": (("tělo", "trup"), ("torso", "body")),
        "right_arm": (("pravá_ruka",), ("right_arm",)),
        "left_arm": (("levá_ruka",), ("left_arm",)),
        "right_leg": (("pravá_noha",), ("right_leg",)),
        "left_leg": (("levá_noha",), ("left_leg",)),
    }
)

# Armour slots of the polygonal table ("tělo, končetiny, hlava"; arms and legs taken separately, L599).
# `limbs` is shorthand for arms and legs together.
SLOT_NAMES: MappingProxyType[str, Names] = MappingProxyType(
    {
        **PART_NAMES,
        "arms": (("ruce",), ("arms",)),
        "legs": (("nohy",), ("legs",)),
        "limbs": (("končetiny",), ("limbs",)),
    }
)

# Weapon-skill keys (ovládání zbraně is per category = type + weight, L18): the categories by the table's
# own headings ("Rovná čepel", "Zahnutá čepel", "Sekera", "Tupá zbraň", "Tyčová zbraň" with "Lehké /
# Střední / Těžké zbraně"), the ranged groups, and the families a skill may name as a whole.
_CS_FAMILY = {
    "straight_blade": "rovná_čepel",
    "curved_blade": "zahnutá_čepel",
    "axe": "sekera",
    "blunt": "tupá_zbraň",
    "polearm": "tyčová_zbraň",
}
_CS_WEIGHT = {"light": "lehká", "medium": "střední", "heavy": "těžká"}
_EN_FAMILY = {
    "straight_blade": "straight_blade",
    "curved_blade": "curved_blade",
    "axe": "axe",
    "blunt": "blunt_weapon",
    "polearm": "polearm",
}

SKILL_NAMES: MappingProxyType[str, Names] = MappingProxyType(
    {
        **{
            f"{weight}_{family}": ((f"{cs}_{cs_weight}",), (f"{weight}_{_EN_FAMILY[family]}",))
            for family, cs in _CS_FAMILY.items()
            for weight, cs_weight in _CS_WEIGHT.items()
            if not (family == "polearm" and weight == "light")
        },
        "straight_blade": (("rovné_čepele",), ("straight_blades",)),
        "curved_blade": (("zahnuté_čepele",), ("curved_blades",)),
        "axe": (("sekery",), ("axes",)),
        "blunt": (("tupé_zbraně",), ("blunt_weapons",)),
        "polearm": (("tyčové_zbraně",), ("polearms",)),
        "bare_hands": (("holé_ruce",), ("bare_hands", "unarmed")),
        "ranged_bow": (("luky",), ("bows",)),
        "ranged_crossbow": (("kuše_všechny", "všechny_kuše"), ("crossbows",)),
        "ranged_sling": (("praky",), ("slings",)),
        "ranged_blowpipe": (("foukačky",), ("blowpipes",)),
    }
)


def native(names: Names) -> str:
    """The name a one-line sheet writes: the first Czech name."""
    return names[0][0]


def every(names: Names) -> tuple[str, ...]:
    """Czech names, then English."""
    return (*names[0], *names[1])
