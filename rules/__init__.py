"""Pure rules engine: no Discord, no database, no asyncio. Dice come from an injected source."""

from rules.dice import DiceSource, RandomDice, Roller, ScriptedDice
from rules.errors import RulesError
from rules.model import (
    ActionResult,
    Chance,
    Check,
    Damage,
    Die,
    DieRoll,
    Message,
    Modifier,
    Note,
    OddsLine,
    OddsResult,
    Part,
    SettingInfo,
    StateChange,
    Status,
    Step,
    Term,
)
from rules.registry import all_systems, get_system
from rules.system import FIELD_CLASSES, ActionRequest, CombatSystem, DefenceRequest, FieldClass, Fighter

__all__ = [
    "FIELD_CLASSES",
    "ActionRequest",
    "ActionResult",
    "Chance",
    "Check",
    "CombatSystem",
    "Damage",
    "DefenceRequest",
    "DiceSource",
    "Die",
    "DieRoll",
    "FieldClass",
    "Fighter",
    "Message",
    "Modifier",
    "Note",
    "OddsLine",
    "OddsResult",
    "Part",
    "RandomDice",
    "Roller",
    "RulesError",
    "ScriptedDice",
    "SettingInfo",
    "StateChange",
    "Status",
    "Step",
    "Term",
    "all_systems",
    "get_system",
]
