"""Every sheet field's class (build / lasting / turn / internal) and the keys a GM types to edit one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rules.errors import RulesError
from rules.system import FieldClass

from .sheet import FIELD_SHORTCUTS, Sheet

# build: what the player writes on the sheet; lasting: what a fight changes and the character keeps;
# turn: meaningful inside one fight only; internal: derived by the rules, nobody types it.
FIELD_CLASSES: Final[Mapping[str, FieldClass]] = {
    "name": "build",
    "is_hero": "build",
    "initiative_bonus": "build",
    "reflex": "build",
    "strength": "build",
    "lift_kg": "build",
    "endurance": "build",
    "natural_armour": "build",
    "physical_defence": "build",
    "physical_defence_unprepared": "build",
    "weapon_skills": "build",
    "proficiencies": "build",
    "unarmed_skill": "build",
    "parry_skill": "build",
    "dodge_skill": "build",
    "weapons": "build",
    "shield": "build",
    "armour": "build",
    "fatigue_points": "lasting",  # punkty zmęczenia from heavy-weapon effort
    "damage_taken": "lasting",  # otrzymane obrażenia
    "damage_by_location": "lasting",
    "down": "lasting",  # nieprzytomny / martwy outlast the fight
    "initiative_result": "turn",  # wynik inicjatywy of this fight
    "conditions": "turn",  # leży, nieświadomy, nie widzi atakującego, flankowanie: the fight's situation
    "wound_level": "internal",  # derived from damage_taken and the GM's wound thresholds
}

# `/encounter edit` keys → the field holding the current value. The quick-NPC keys (`of`, `sila`,
# `parowanie` …) are included so that `of:-2` lowers the defence instead of setting it to -2.
EDIT_ALIASES: Final[Mapping[str, str]] = {
    **FIELD_SHORTCUTS,
    "obrażenia": "damage_taken", "rany": "damage_taken", "wounds": "damage_taken",
    "zmęczenie": "fatigue_points", "punkty_zmeczenia": "fatigue_points", "punkty_zmęczenia": "fatigue_points",
    "stan": "down",  # stan:nieprzytomny, stan:martwy, stan:żywy
}  # fmt: skip

# Hit points the system does not have: `hp:-5` means 5 more damage taken, `hp:+3` 3 less.
HP_KEYS: Final = frozenset({"hp", "pz", "pż", "zycie", "życie", "punkty_zycia", "punkty_życia"})
COUNTERS: Final = ("damage_taken", "fatigue_points")  # never below 0: a relative edit stops at 0


def _delta(key: str, text: str) -> int:
    try:
        return int(text.replace("−", "-"))
    except ValueError:
        raise RulesError("error.stat_invalid", key=key, problem=text) from None


def _relative(value: Any) -> str | None:
    text = value.strip() if isinstance(value, str) else None
    return text if text and text[0] in "+-−" else None


def edit_changes(sheet: Sheet, changes: Mapping[str, Any]) -> dict[str, Any]:
    """Resolve GM edit keys: `hp:±N` becomes damage taken ∓N; relative counters stop at 0 (`=N` absolute)."""
    out: dict[str, Any] = {}
    for key, value in changes.items():
        folded = key.casefold()
        field = EDIT_ALIASES.get(folded, key)
        text = _relative(value)
        if folded in HP_KEYS:
            if text is None:
                raise RulesError("error.pl_wladanie.no_hit_points", key=key, value=str(value))
            field, text = "damage_taken", str(-_delta(key, text))
        if field in COUNTERS and text is not None:
            value = f"={max(0, int(getattr(sheet, field)) + _delta(key, text))}"
        out[field] = value
    return out
