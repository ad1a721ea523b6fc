"""Conditions a GM puts on (`/encounter effect add`) and how a combatant stands (`status`)."""

from __future__ import annotations

from rules.model import ActionResult, Note, StateChange, Status
from rules.system import Fighter

from .damage import wound_level
from .settings import Settings
from .sheet import Sheet
from .tables import DOWN_STATES, OUT_LEVELS, SITUATION_CONDITIONS, SYSTEM_ID

CONDITIONS: tuple[str, ...] = (*SITUATION_CONDITIONS, *DOWN_STATES)
DEFAULT_SETTINGS = Settings()


def with_condition(sheet: Sheet, condition: str, on: bool) -> Sheet:
    """The sheet with a condition on or off: the seed's situations in `conditions`, the down states in
    `down` (one at a time: a dead combatant put unconscious is unconscious)."""
    if condition in DOWN_STATES:
        if on:
            return sheet.model_copy(update={"down": condition})
        return sheet.model_copy(update={"down": None}) if sheet.down == condition else sheet
    kept = [c for c in sheet.conditions if c != condition]
    return sheet.model_copy(update={"conditions": [*kept, condition] if on else kept})


def condition_keys(sheet: Sheet) -> list[str]:
    return [*sheet.conditions, *([sheet.down] if sheet.down else [])]


def level(sheet: Sheet) -> str:
    """Dead or unconscious when the GM says so (or the wound level is dead), else the wound level."""
    if sheet.down == "dead" or sheet.wound_level == "dead":
        return "dead"
    if sheet.down is not None:
        return sheet.down
    # A sheet whose level was never set (typed before levels were settled at once): the level its damage
    # gives by the default thresholds, as the round upkeep would set it.
    return sheet.wound_level or _level_of(sheet.damage_taken, DEFAULT_SETTINGS)


def _level_of(damage_taken: int, settings: Settings) -> str:
    """The wound level of this much damage: a threshold's level, or unhurt / hurt without thresholds."""
    return wound_level(damage_taken, settings) or ("unhurt" if damage_taken <= 0 else "hurt")


def numbers(sheet: Sheet) -> dict[str, int | float | str]:
    found: dict[str, int | float | str] = {"damage_taken": sheet.damage_taken, "fatigue_points": sheet.fatigue_points}
    if sheet.physical_defence is not None:
        found["physical_defence"] = sheet.physical_defence
    if sheet.defence_unprepared is not None:
        found["physical_defence_unprepared"] = sheet.defence_unprepared
    found.update({f"damage_{k}": v for k, v in sheet.damage_by_location.items()})
    return found


def status(sheet: Sheet) -> Status:
    """Out of the fight when down or at wound level out/dead; dead only when dead (house default)."""
    shown = level(sheet)
    return Status(
        level=shown,
        conditions=condition_keys(sheet),
        numbers=numbers(sheet),
        out_of_fight=shown in (*DOWN_STATES, *OUT_LEVELS),
        dead=shown == "dead",
    )


# How a hidden combatant looks to players (`CombatSystem.descriptor`): the house wound levels mapped
# onto the five steps. Without thresholds every wound is `hurt`, which shows as wounded.
DESCRIPTORS: dict[str, str] = {
    "unhurt": "unhurt",
    "hurt": "wounded",
    "light": "wounded",
    "serious": "badly_wounded",
    "critical": "near_death",
    "out": "down",
    "unconscious": "down",
    "dead": "down",
}


def descriptor(status: Status) -> str:
    if status.dead or status.out_of_fight:
        return "down"
    return DESCRIPTORS.get(status.level, "wounded")


def settled(sheet: Sheet, settings: Settings | None = None) -> Sheet:
    """The sheet with the wound level its damage taken gives (the default thresholds when the encounter's
    are not at hand, as in a sheet edit: the round upkeep applies the encounter's own)."""
    derived = _level_of(sheet.damage_taken, settings or DEFAULT_SETTINGS)
    return sheet if sheet.wound_level == derived else sheet.model_copy(update={"wound_level": derived})


def sync_wound_level(fighter: Fighter[Sheet], settings: Settings) -> ActionResult | None:
    """Round upkeep: the wound level follows damage taken (after a GM edit, or new thresholds)."""
    sheet = fighter.sheet
    derived = _level_of(sheet.damage_taken, settings)
    after = sheet.model_copy(update={"wound_level": derived})
    if level(after) == level(sheet):  # as shown already (a level never set shows the default's)
        return None
    return ActionResult(
        system=SYSTEM_ID,
        action="start_round",
        actor=fighter.name,
        outcome="upkeep",
        wound=derived,
        conditions=condition_keys(after),
        notes=[Note(key="wound_level_synced", params={"damage_taken": sheet.damage_taken})],
        changes=[StateChange(combatant=fighter.name, field="wound_level", before=sheet.wound_level, after=derived)],
        actor_sheet=after.model_dump(),
    )
