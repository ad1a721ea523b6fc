"""Every Sheet field by class (rules.system.FieldClass): what a player sets, what a fight leaves behind,
what lives only inside one fight, and what nobody types. docs/rules/arm5.md has the same table."""

from __future__ import annotations

from typing import Final

from rules.system import FieldClass

FIELD_CLASSES: Final[dict[str, FieldClass]] = {
    # build: Characteristics, Abilities, gear and spells, set by the player (or the GM for an NPC)
    "str": "build",
    "sta": "build",
    "dex": "build",
    "qik": "build",
    "size": "build",
    "abilities": "build",
    "weapon": "build",
    "shield": "build",
    "armour_prot": "build",
    "soak_bonus": "build",
    "encumbrance": "build",
    "mounted": "build",
    "magic_resistance": "build",
    "spells": "build",
    "botch_dice": "build",
    # lasting: what a fight does to the character and what it keeps afterwards
    "wounds": "lasting",
    "dead": "lasting",
    "fatigue_level": "lasting",
    # turn: meaningful inside one fight only (reset on joining a fight, dropped when it ends)
    "initiative": "turn",
    "initiative_tiebreak": "turn",
    "held_initiative": "turn",
    "cover": "turn",
    "engaged_with": "turn",
    "attacked_by": "turn",
    "attacked_by_last_round": "turn",
    "left_combat": "turn",
    "disengage_bonus": "turn",
    "disengage_defence": "turn",
    "disengage_pending": "turn",
    "disengage_failed": "turn",
    "disengage_botched": "turn",
    "disengage_carried": "turn",
    "action_used": "turn",
    "fast_action_used": "turn",
    "fast_casts": "turn",
    "delaying": "turn",
    # internal: markers the bot sets
    "is_npc": "internal",
    "hidden": "internal",
}
