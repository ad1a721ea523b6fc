"""Conditions: the ones the blows leave, the base game's helpless / stunned / prone / surprised, and how a
GM puts them on (`/encounter effect add`) exactly as the rules' own mechanism would."""

from __future__ import annotations

from collections.abc import Callable

from rules.errors import RulesError
from rules.model import Term
from rules.systems.adnd2cp.common import life_at, with_condition, without
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import Condition, Sheet

# --- the blows' conditions, as the blows make them (effects.py uses these same makers) -------------------


def pain_penalty() -> Condition:
    """Causare Grande Dolore, little damage: −2 to hit for the rest of the round."""
    return Condition(key="pain_penalty", rounds=1, value=-2)


def lose_attacks() -> Condition:
    """Causare Grande Dolore, damage ≥ 10 % of max hp: no more attacks this round."""
    return Condition(key="lose_attacks", rounds=1)


def slowed_next() -> Condition:
    """Rallentamento: +4 to initiative in the round after the hit."""
    return Condition(key="slowed_next", rounds=1, value=4)


def incapacitation(failed: int) -> Condition:
    """Incapacitare: one failed save debilitates, two incapacitate, for the rest of the round."""
    return Condition(key="incapacitated" if failed >= 2 else "debilitated", rounds=1)


def guard_opened(source: str | None = None) -> Condition:
    """Lancio di Apertura: the first melee attack on the victim until the end of the next round."""
    return Condition(key="guard_opened", rounds=2, source=source)


def impaled(count: int = 1, source: str | None = None) -> Condition:
    """Impalamento: weapons stuck in the body (penalties count up to three)."""
    return Condition(key="impaled", value=count, source=source)


def bleeding(rounds: int | None = None, source: str | None = None) -> Condition:
    """Taglio Profondo: −2 hp at each round's end, for at most `rounds` rounds (None: until stopped)."""
    return Condition(key="bleeding", rounds=rounds, value=0, source=source)


def disarmed(weapon: str | None = None) -> Condition:
    return Condition(key="disarmed", source=weapon)


# Base-game conditions (AD&D 2e combat modifiers) the seed relies on without restating them.
HELPLESS = "helpless"  # sleeping, held, paralysed, bound: hit automatically
BASE_CONDITIONS = ("helpless", "stunned", "prone", "surprised")
TO_HIT_AGAINST = {"stunned": 4, "prone": 4}  # "defender stunned or prone: +4"
CANNOT_ACT = frozenset({"dead", "unconscious", "incapacitated", "helpless", "stunned"})


def _plain(key: str) -> Callable[[], Condition]:
    return lambda: Condition(key=key)


_MAKERS: dict[str, Callable[[], Condition]] = {
    "bleeding": bleeding,
    "impaled": impaled,
    "guard_opened": guard_opened,
    "pain_penalty": pain_penalty,
    "lose_attacks": lose_attacks,
    "slowed_next": slowed_next,
    "debilitated": lambda: incapacitation(1),
    "incapacitated": lambda: incapacitation(2),
    "disarmed": disarmed,
    **{key: _plain(key) for key in BASE_CONDITIONS},
}


def gm_conditions() -> list[str]:
    """Conditions a GM may put on by hand. Not offered: dead/unconscious (they follow hit points),
    frightened (it names the feared attacker) and the bookkeeping ones (incapacitate_saves, slowed)."""
    return list(_MAKERS)


def set_condition(sheet: Sheet, condition: str, on: bool) -> Sheet:
    maker = _MAKERS.get(condition)
    if maker is None:
        allowed = [Term("condition", key) for key in gm_conditions()]
        raise RulesError("error.adnd2cp.unknown_condition", condition=condition, allowed=allowed)
    if not on:
        return sheet.model_copy(update={"conditions": without(sheet.conditions, condition)})
    if sheet.has(condition):
        return sheet
    update: dict[str, object] = {"conditions": with_condition(sheet.conditions, maker())}
    if condition == "lose_attacks":
        update["attacks_left"] = 0  # as Causare Grande Dolore does
    return sheet.model_copy(update=update)


def is_helpless(sheet: Sheet, settings: Settings) -> bool:
    """Hit automatically (2e: "defender sleeping or held: automatic hit"): helpless, unconscious, dead,
    and incapacitated when the GM setting says so."""
    if not sheet.conditions:
        return False
    if sheet.has(HELPLESS) or sheet.has("unconscious") or sheet.has("dead"):
        return True
    return settings.incapacitated_is_helpless and sheet.has("incapacitated")


def cannot_act(sheet: Sheet) -> bool:
    return any(sheet.has(key) for key in CANNOT_ACT)


def life_after_edit(sheet: Sheet) -> list[Condition]:
    """Hit points set by hand settle life as damage does: by the fight's `death_at` as the last round
    start recorded it on the sheet (`death_at`), or the setting's default (dead at 0, the core rule)
    before any round started. A combatant already dead stays dead while its hit points stay at 0 or below."""
    if sheet.has("dead") and sheet.hp <= 0:
        return sheet.conditions
    threshold = sheet.death_at if sheet.death_at is not None else Settings.model_fields["death_at"].default
    return life_at(sheet.conditions, sheet.hp, threshold)
