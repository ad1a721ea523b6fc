"""What each sheet field holds for the bot's turn loop, and the names a GM types in `/encounter edit`.

build    set by the player (scores, class, weapons, arts): copied back at the end of a fight;
lasting  changed by a fight and kept after it (hit points, combat points left, wounds and ailments);
turn     meaningful inside one fight only (round counters, blows of the round, readied defence);
internal bookkeeping nobody types (which values were filled from the tables).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.system import FieldClass

_BUILD = (
    "kind",
    "classes",
    "intelligence",
    "strength",
    "strength_pct",
    "dexterity",
    "hit_dice",
    "thac0",
    "ac",
    "dex_ac_adjustment",
    "racial_max_dex_ac_adjustment",
    "armour_dex_cap",
    "hp_max",
    "size",
    "str_to_hit",
    "str_damage",
    "dex_missile",
    "attacks_per_round",
    "weapons",
    "combat_art_grades",
    "arts",
    "deflection_score",
    "dodge_pct",
    "mastery_dodge_pct",
    "save_reflexes",
    "save_toughness",
    "save_courage",
    "proficiencies",
    "extra_pool_points",
    "pool_override",
    "creature_traits",
    "multi_or_dual_class_warrior",
)
# Hit points, the combat points left (recovered only by rest) and the ailments blows leave
# (bleeding, an impaled weapon …; the round-long ones expire by themselves at `start_round`).
_LASTING = ("hp", "pool_current", "conditions")
_TURN = (
    "attacks_left",
    "attacks_made",
    "extra_attacks_left",
    "specials_used",
    "round_blows",
    "pending_round_blows",
    "quick_strike",
    "round_no",
    "initiative_rolled",
    "death_at",
    "opportunity_attacks_made",
    "readied_defence",
)
_INTERNAL = ("derived",)

FIELD_CLASSES: Mapping[str, FieldClass] = {
    **dict.fromkeys(_BUILD, "build"),
    **dict.fromkeys(_LASTING, "lasting"),
    **dict.fromkeys(_TURN, "turn"),
    **dict.fromkeys(_INTERNAL, "internal"),
}

# `/encounter edit` keys (English and the Italian the players use) → the field with the current value.
EDIT_ALIASES: Mapping[str, str] = {
    "hp": "hp",
    "pf": "hp",
    "punti_ferita": "hp",
    "hp_max": "hp_max",
    "pf_max": "hp_max",
    "pf_massimi": "hp_max",
    "cp": "pool_current",
    "points": "pool_current",
    "pc": "pool_current",
    "punti": "pool_current",
    "punti_combattimento": "pool_current",
    "pool": "pool_override",
    "pool_max": "pool_override",
    "ca": "ac",
    "classe_armatura": "ac",
    "int": "intelligence",
    "intelligenza": "intelligence",
    "str": "strength",
    "for": "strength",
    "forza": "strength",
    "dex": "dexterity",
    "des": "dexterity",
    "destrezza": "dexterity",
    "hd": "hit_dice",
    "dv": "hit_dice",
    "dadi_vita": "hit_dice",
    "taglia": "size",
    "attacchi_rimasti": "attacks_left",
}
