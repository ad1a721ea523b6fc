"""What the service hands back to the cogs: plain data for the presenters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.service.state import Combatant, Effect, Encounter, Exchange
from bot.storage.repository import Character
from rules import (
    ActionResult,
    CombatSystem,
)

# What a stored result leaves out: the whole sheets it carries for the service to apply. The command's
# change set records what changed (the undo issue's format: changes, not sheets); stored sheets only
# made every event and waiting exchange several kilobytes long.
_SHEETS = {"actor_sheet", "target_sheet"}
_STORED_EXCLUDE: dict[str, Any] = {**dict.fromkeys(_SHEETS, True), "attacks": {"__all__": _SHEETS}}


def event_json(result: ActionResult) -> str:
    """A result as the fight's event log stores it."""
    return result.model_dump_json(exclude_defaults=True, exclude=_STORED_EXCLUDE)


def stored_result(result: ActionResult) -> dict[str, Any]:
    """A result waiting for its defence, as the exchange row stores it (plain JSON data)."""
    data: dict[str, Any] = result.model_dump(mode="json", exclude_defaults=True, exclude=_STORED_EXCLUDE)
    return data


@dataclass
class ActionOutcome:
    encounter: Encounter
    system: CombatSystem
    result: ActionResult
    actor: Combatant
    target: Combatant | None
    gm_view: bool = False
    # Set when the attack waits for the defender (prompt) or when this answers one (edit the prompt).
    exchange: Exchange | None = None
    answers_to: Exchange | None = None
    prompt_user_id: int | None = None
    automatic: bool = False
    # A GM acted for a combatant whose turn it is not (enforce_turns on, not a reaction).
    out_of_turn: bool = False
    # A GM forced an attack on a dead combatant.
    forced: bool = False
    # The turn moved on because of this action (the current combatant delayed): who has it now.
    turn_passed_to: Combatant | None = None
    # The exact chance to hit the attack had (the GM setting show_odds; never with a hidden NPC).
    hit_chance: float | None = None
    # The GM setting wound_picture: an answer that hit a body part attaches the target's wound picture.
    wound_picture: bool = False


@dataclass
class TurnOutcome:
    encounter: Encounter
    system: CombatSystem
    current: Combatant | None
    new_round: bool
    upkeep: list[ActionResult] = field(default_factory=list)
    rolled: list[tuple[Combatant, ActionResult]] = field(default_factory=list)
    settled: list[ActionOutcome] = field(default_factory=list)
    skipped: list[Combatant] = field(default_factory=list)  # fallen, passed over without a ping
    expired: list[tuple[str, Effect]] = field(default_factory=list)  # (combatant name, effect)
    next_up: Combatant | None = None
    nobody: bool = False  # nobody in this round can act


@dataclass
class InitiativeOutcome:
    encounter: Encounter
    system: CombatSystem
    rolled: list[tuple[Combatant, ActionResult]]
    declared: tuple[Combatant, ActionResult] | None = None


@dataclass
class SettingSaved:
    system: CombatSystem | None
    name: str
    value: Any
    fight: bool  # the fight running in the channel took it too


@dataclass
class SettingsView:
    system: CombatSystem
    rows: list[tuple[str, Any, str, str]]  # name, value, source (default/server/channel), help


@dataclass
class CharacterUpdate:
    """A character's changed fields (name, before, after), and the fight that got them too, if any."""

    character: Character
    system: CombatSystem
    changes: list[tuple[str, Any, Any]]
    fight: Encounter | None = None
    combatant: Combatant | None = None


@dataclass
class EditOutcome:
    """What `/encounter edit` or an effect changed on one combatant."""

    encounter: Encounter
    system: CombatSystem
    combatant: Combatant
    changes: list[tuple[str, Any, Any]] = field(default_factory=list)  # (field, before, after)
    effect: Effect | None = None
    removed: bool = False
