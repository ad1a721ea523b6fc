"""What the service hands back to the cogs: plain data for the presenters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.service.state import Combatant, Encounter, Exchange
from rules import (
    ActionResult,
    CombatSystem,
)


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


@dataclass
class TurnOutcome:
    encounter: Encounter
    system: CombatSystem
    current: Combatant | None
    new_round: bool
    upkeep: list[ActionResult] = field(default_factory=list)
    rolled: list[tuple[Combatant, ActionResult]] = field(default_factory=list)
    settled: list[ActionOutcome] = field(default_factory=list)


@dataclass
class InitiativeOutcome:
    encounter: Encounter
    system: CombatSystem
    rolled: list[tuple[Combatant, ActionResult]]


@dataclass
class SettingsView:
    system: CombatSystem
    rows: list[tuple[str, Any, str, str]]  # name, value, source (default/server/channel), help
