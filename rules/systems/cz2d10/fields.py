"""Every sheet field by class (rules.system.FieldClass): what a player sets, what a fight leaves behind,
what only lives inside one fight. The table is documented in docs/rules/cz2d10.md ("Sheet fields by class")."""

from __future__ import annotations

from types import MappingProxyType

from rules.system import FieldClass

_BUILD = (
    # attributes and the quick-NPC values (vlastnosti, hotové hodnoty)
    "str_",
    "dex",
    "con",
    "reaction",
    "initiative_bonus",
    "initiative_fixed",
    "size",
    # skills (úrovně)
    "weapon_skill",
    "guard",
    "shield_skill",
    "balance",
    # equipment (výzbroj a zbroj)
    "weapon",
    "off_weapon",
    "weapon_damage",
    "reach",
    "shield",
    "armour",
    "armour_dr",
    "helmet",
    "helmet_dr",
    "accessories",
    "accessories_dr",
    "armour_parts",
    "slowdown",
    "attack_fixed",
    "defence_fixed",
    "mounted",
    # one-off abilities (jednorázové schopnosti)
    "finesse",
    "brute_force",
    "weapon_focus",
    "weapon_specialization",
    "power_attack",
    "lightning_attacks",
    "two_weapon_fighting",
    "ambidexterity",
    "off_hand_penalty",
    "dual_weapon",
    "battle_reflexes",
    "counter_lunge",
    "dance_of_death",
    "deflection",
    "precise_shot",
    "back_attack",
    "disarm_ability",
    "bare_hand_fighting",
    "bare_hand_specialization",
    "armour_compatibility",
    "partial_armour_compatibility",
    "combat_instincts",
    "dodging",
    "toughness",
    "crit_range_bonus",
    "shield_specialization",
    "multiconcentration",
    # the body's limits (the wound chapter is missing: the GM's numbers)
    "hp_max",
    "wound_thresholds",
    "wound_penalties",
    "stun_max",
)

# What a fight does to the body and is still there after it: wounds, stun, lost limbs, death, a faint.
_LASTING = ("hp", "stun", "part_damage", "amputated", "dead", "fainted")

# Meaningless outside one fight: initiative, the five actions, round counters, stances, per-fight markers.
_TURN = (
    "last_damage",
    "last_location",
    "initiative_roll",
    "initiative_before_wait",
    "actions_left",
    "actions_reserve",
    "acted_this_round",
    "has_acted",
    "moved_this_round",
    "stepped_this_round",
    "second_drawn",
    "counter_attacks_used",
    "attacks_on",
    "attackers",
    "defence_mode",
    "charging",
    "prone",
    "immobile",
    "aware",
    "spanning",
    "off_balance",
    "intimidation",
    "acceleration",
    "reload_left",
    "covering",
    "cover_attack",
    "cover_defence",
    "covered_bonus",
    "gallop",
    "reflex_actions_left",
    "non_dodging",
    "waiting",
    "reflexes_against",
    "opponents_top_initiative",
)

FIELD_CLASSES: MappingProxyType[str, FieldClass] = MappingProxyType(
    {
        **dict.fromkeys(_BUILD, "build"),
        **dict.fromkeys(_LASTING, "lasting"),
        **dict.fromkeys(_TURN, "turn"),
    }
)
