"""Every sheet field's class for the bot's turn loop, and the `/encounter edit` keys a GM types.

build     set by the player (abilities, attack, AC parts, saves, feats, skills, weapons);
lasting   changed by a fight and kept after it (hit points, nonlethal damage, temporary hit points, the
          lasting conditions: HP states, prone, blinded …);
turn      one fight's state (flat-footed, stances, readied/delaying, a grapple, attacks of opportunity
          made this round, the actions taken on one's turn): reset when a character joins a fight, dropped when it ends;
internal  bookkeeping nobody types (the pc/npc side marker).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.system import FieldClass

FIELD_CLASSES: Mapping[str, FieldClass] = {
    "side": "internal",
    "size": "build",
    "str": "build",
    "dex": "build",
    "con": "build",
    "int": "build",
    "wis": "build",
    "cha": "build",
    "bab": "build",
    "hp_max": "build",
    "hp_current": "lasting",
    "nonlethal": "lasting",
    "temp_hp": "lasting",
    "armor_bonus": "build",
    "shield_bonus": "build",
    "natural_armor": "build",
    "deflection_bonus": "build",
    "dodge_bonuses": "build",
    "max_dex_bonus": "build",
    "misc_ac": "build",
    "initiative_misc": "build",
    "fort_save": "build",
    "ref_save": "build",
    "will_save": "build",
    "speed_ft": "build",
    "armor_category": "build",
    "legs": "build",
    "stable": "build",
    "feats": "build",
    "skills": "build",
    "uncanny_dodge": "build",
    "crit_immune": "build",
    "conditions": "lasting",
    "weapons": "build",
    "turn_conditions": "turn",
    "aoo_used": "turn",
    "turn_actions": "turn",
}

# The keys a GM types in `/encounter edit … stats:"hp:-5"`, English and Czech (with and without
# diacritics), mapped to the field that holds the current value.
EDIT_ALIASES: Mapping[str, str] = {
    "hp": "hp_current",
    "zivoty": "hp_current",
    "životy": "hp_current",
    "zt": "hp_current",
    "žt": "hp_current",
    "nl": "nonlethal",
    "stinove": "nonlethal",
    "stínové": "nonlethal",
    "stinove_zraneni": "nonlethal",
    "stínové_zranění": "nonlethal",
    "temp": "temp_hp",
    "docasne": "temp_hp",
    "dočasné": "temp_hp",
    "docasne_zivoty": "temp_hp",
    "dočasné_životy": "temp_hp",
    "stav": "conditions",
    "stavy": "conditions",
    "aoo": "aoo_used",
    "prilezitostne": "aoo_used",
    "příležitostné": "aoo_used",
    "max_hp": "hp_max",
    "max_zivoty": "hp_max",
    "max_životy": "hp_max",
}

# `ac:+2` / `tz:+2` (a spell, a shield picked up): relative changes go to `misc_ac`; an absolute
# `ac:17` is the sheet's AC shortcut (it works out `misc_ac` from the other parts).
AC_EDIT_KEYS = frozenset({"ac", "tz"})
