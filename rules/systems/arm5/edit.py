"""`/encounter edit` for a GM mid-fight: the names a Polish table types, wounds as counts per band.

Keys are matched without regard to case; Polish names work with and without diacritics. A value
`+n` / `-n` changes the current number, `=n` (or a plain value) sets it. Wound counts (nested in
`wounds`) and the Fatigue level cannot go below 0; the Fatigue level stops at Unconscious (5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rules.errors import RulesError
from rules.model import Message, Term
from rules.systems.arm5.sheet import Sheet, Wounds
from rules.systems.arm5.tables import UNCONSCIOUS

# Keys → the Sheet field that holds the current value.
EDIT_ALIASES: Final[dict[str, str]] = {
    "fatigue": "fatigue_level",
    "wyczerpanie": "fatigue_level",
    "poziom_wyczerpania": "fatigue_level",
    "zmęczenie": "fatigue_level",
    "zmeczenie": "fatigue_level",
    "dead": "dead",
    "martwy": "dead",
    "martwa": "dead",
    "śmierć": "dead",
    "smierc": "dead",
    "uśmiercające": "dead",
    "usmiercajace": "dead",
    "initiative": "initiative",
    "inicjatywa": "initiative",
    "cover": "cover",
    "osłona": "cover",
    "oslona": "cover",
    "mounted": "mounted",
    "konno": "mounted",
    "jeździec": "mounted",
    "jezdziec": "mounted",
    "disengage_bonus": "disengage_bonus",
    "premia_odwrotu": "disengage_bonus",
    "odwrót": "disengage_bonus",
    "odwrot": "disengage_bonus",
    "size": "size",
    "budowa": "size",
    "botch_dice": "botch_dice",
    "fuszerka": "botch_dice",
    "kości_fuszerki": "botch_dice",
    "kosci_fuszerki": "botch_dice",
    "parma_magica": "magic_resistance",
}

# Keys → a wound band: the count of wounds of that band (rany), e.g. `lekkie:+1`, `ciężkie:0`.
WOUND_KEYS: Final[dict[str, str]] = {
    "light": "light",
    "lekkie": "light",
    "lekka": "light",
    "medium": "medium",
    "średnie": "medium",
    "srednie": "medium",
    "średnia": "medium",
    "srednia": "medium",
    "heavy": "heavy",
    "ciężkie": "heavy",
    "ciezkie": "heavy",
    "ciężka": "heavy",
    "ciezka": "heavy",
    "incapacitating": "incapacitating",
    "eliminujące": "incapacitating",
    "eliminujace": "incapacitating",
    "eliminująca": "incapacitating",
    "eliminujaca": "incapacitating",
}


POLISH_YES_NO: Final[dict[str, bool]] = {"tak": True, "nie": False}


def fold(key: str) -> str:
    return key.strip().casefold().replace("-", "_").replace(" ", "_")


def _number(current: int, value: Any, key: str) -> int:
    """`+n` / `-n` / `−n` relative to `current`; `=n` or `n` absolute. A refusal names the field (`key`:
    `fatigue_level`, a wound band) in the reader's language and says why."""
    text = str(value).strip().replace("−", "-")
    try:
        if text.startswith("="):
            return int(text[1:].strip())
        if text[:1] in "+-":
            return current + int(text)
        return int(text)
    except ValueError:
        problem = Message("problem.int_parsing", {"value": str(value)})
        raise RulesError("error.stat_invalid", key=Term("term", key), problem=problem) from None


def _is_relative(value: Any) -> bool:
    return isinstance(value, str) and value.strip()[:1] in "+-−"


def _yes_no(field: str, value: Any) -> Any:
    """`tak` / `nie` for a yes/no field (`martwy:tak`, `konno:nie`)."""
    known = Sheet.model_fields.get(field)
    if known is not None and known.annotation is bool and isinstance(value, str):
        return POLISH_YES_NO.get(value.strip().casefold(), value)
    return value


def split(changes: Mapping[str, Any], fatigue_now: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Sheet-field changes for the generic edit, and wound-band changes handled here."""
    plain: dict[str, Any] = {}
    wounds: dict[str, Any] = {}
    for key, value in changes.items():
        folded = fold(key)
        if folded in WOUND_KEYS:
            wounds[WOUND_KEYS[folded]] = (key, value)
            continue
        field = EDIT_ALIASES.get(folded) or (folded if folded in Sheet.model_fields else key)
        if field == "fatigue_level" and _is_relative(value):
            value = min(UNCONSCIOUS, max(0, _number(fatigue_now, value, field)))
        plain[field] = _yes_no(field, value)
    return plain, wounds


def wound_counts(current: Wounds, edits: Mapping[str, Any]) -> dict[str, int]:
    counts: dict[str, int] = current.model_dump()
    for band, (_key, value) in edits.items():
        counts[band] = max(0, _number(counts[band], value, band))
    return counts
