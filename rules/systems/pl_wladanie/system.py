"""The `pl_wladanie` combat system: the contract's entry points over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from rules.dice import DiceSource
from rules.model import ActionResult, Status
from rules.system import ActionRequest, CombatSystem, DefenceRequest

from . import attack as attack_rules
from . import initiative as init_rules
from .options import Options
from .settings import Settings
from .sheet import Sheet
from .tables import SYSTEM_ID


class PlWladanie(CombatSystem):
    id: ClassVar[str] = SYSTEM_ID
    name: ClassVar[str] = "Władanie (terminy walki)"
    language: ClassVar[str] = "pl"
    Sheet = Sheet
    Options = Options
    Settings = Settings
    initiative_descending: ClassVar[bool] = True
    has_active_defence: ClassVar[bool] = True
    extra_actions: ClassVar[tuple[str, ...]] = ("test", "archer_rush")

    def status(self, sheet: Any) -> Status:
        s = cast(Sheet, sheet)
        level = s.wound_level or ("unhurt" if s.damage_taken == 0 else "hurt")
        numbers: dict[str, int | float | str] = {
            "damage_taken": s.damage_taken,
            "fatigue_points": s.fatigue_points,
        }
        if s.physical_defence is not None:
            numbers["physical_defence"] = s.physical_defence
        if s.defence_unprepared is not None:
            numbers["physical_defence_unprepared"] = s.defence_unprepared
        numbers.update({f"damage_{k}": v for k, v in s.damage_by_location.items()})
        return Status(
            level=level, conditions=list(s.conditions), numbers=numbers, out_of_fight=level == "out"
        )

    def weapons(self) -> Mapping[str, str]:
        return {"unarmed": "Uderzenie bez broni"}

    def initiative(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return init_rules.initiative(req, dice)

    def attack(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return attack_rules.resolve_attack(req, dice, ranged=False)

    def shot(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return attack_rules.resolve_attack(req, dice, ranged=True)

    def defend(self, req: DefenceRequest, dice: DiceSource) -> ActionResult:
        return attack_rules.defend(req, dice)

    def default_defence(self, exchange: Mapping[str, Any]) -> str | None:
        return attack_rules.default_defence(exchange)

    def act(self, action: str, req: ActionRequest, dice: DiceSource) -> ActionResult:
        if action == "test":
            return init_rules.plain_test(req, dice)
        if action == "archer_rush":
            return init_rules.rush(req)
        return super().act(action, req, dice)
