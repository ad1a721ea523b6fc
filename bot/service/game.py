"""The service layer: permissions, turn order and one transaction per command.

Cogs and the offline console call these methods; the rules engine does the game; the repository does
the SQL. Each part lives in a module of its own; this class puts them together.
"""

from __future__ import annotations

from bot.service.actions import ActionMixin
from bot.service.characters import CharacterMixin
from bot.service.core import get_system
from bot.service.editing import EditMixin
from bot.service.encounters import EncounterMixin
from bot.service.exchanges import ExchangeMixin
from bot.service.logbook import LogMixin
from bot.service.odds import OddsMixin, OddsOutcome
from bot.service.outcomes import (
    ActionOutcome,
    CharacterUpdate,
    EditOutcome,
    InitiativeOutcome,
    SettingSaved,
    SettingsView,
    TurnOutcome,
)
from bot.service.settings import SettingsMixin
from bot.service.turns import TurnMixin
from bot.service.undo import UndoMixin, UndoOutcome

__all__ = [
    "ActionOutcome",
    "CharacterUpdate",
    "EditOutcome",
    "GameService",
    "InitiativeOutcome",
    "OddsOutcome",
    "SettingSaved",
    "SettingsView",
    "TurnOutcome",
    "UndoOutcome",
    "get_system",
]


class GameService(
    EncounterMixin,
    TurnMixin,
    OddsMixin,
    ActionMixin,
    ExchangeMixin,
    EditMixin,
    UndoMixin,
    LogMixin,
    CharacterMixin,
    SettingsMixin,
):
    """Every command the cogs offer, one method each."""
