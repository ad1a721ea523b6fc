"""Pure rules engine: no Discord, no database, no asyncio. Dice come from an injected source."""

from rules.dice import DiceSource, RandomDice, Roller, ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Damage, DieRoll, Modifier, Note, SettingInfo, StateChange, Status
from rules.registry import all_systems, get_system
from rules.system import FIELD_CLASSES, ActionRequest, CombatSystem, DefenceRequest, FieldClass, Fighter

__all__ = [
    "FIELD_CLASSES",
    "ActionRequest",
    "ActionResult",
    "CombatSystem",
    "Damage",
    "DefenceRequest",
    "DiceSource",
    "DieRoll",
    "FieldClass",
    "Fighter",
    "Modifier",
    "Note",
    "RandomDice",
    "Roller",
    "RulesError",
    "ScriptedDice",
    "SettingInfo",
    "StateChange",
    "Status",
    "all_systems",
    "get_system",
]
