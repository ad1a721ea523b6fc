"""The dnd35 CombatSystem: D&D 3.5 SRD combat (Czech translation of the SRD combat chapter)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from rules.dice import DiceSource, RandomDice
from rules.errors import RulesError
from rules.model import ActionResult, Status
from rules.system import ActionRequest, CombatSystem, Fighter
from rules.systems.dnd35 import actions, grapple, specials
from rules.systems.dnd35.attack import resolve
from rules.systems.dnd35.defense import sheet_acs
from rules.systems.dnd35.hp import effective_conditions, sheet_state
from rules.systems.dnd35.options import Options
from rules.systems.dnd35.settings import Settings
from rules.systems.dnd35.sheet import Sheet
from rules.systems.dnd35.tables import WEAPONS

OUT_OF_FIGHT = frozenset({"dead", "dying", "stable", "unconscious"})


class Dnd35(CombatSystem):
    id: ClassVar[str] = "dnd35"
    name: ClassVar[str] = "Dungeons & Dragons 3.5 (SRD, Souboj)"
    language: ClassVar[str] = "cs"
    Sheet: ClassVar[type[BaseModel]] = Sheet
    Options: ClassVar[type[BaseModel]] = Options
    Settings: ClassVar[type[BaseModel]] = Settings
    initiative_descending: ClassVar[bool] = True
    has_active_defence: ClassVar[bool] = False
    extra_actions: ClassVar[tuple[str, ...]] = (
        "total_defense",
        "delay",
        "ready",
        "stabilize",
        "heal",
        "heal_check",
        "aid_another",
        "coup_de_grace",
        "trip",
        "grapple",
        "grapple_damage",
        "pin",
        "escape_grapple",
        "disarm",
        "sunder",
        "bull_rush",
        "overrun",
        "feint",
    )

    def status(self, sheet: Any) -> Status:
        s: Sheet = sheet
        state = sheet_state(s)
        numbers: dict[str, int | float | str] = dict(sheet_acs(s))
        numbers.update(bab=s.bab, initiative=s.initiative_mod, nonlethal=s.nonlethal, temp_hp=s.temp_hp)
        return Status(
            level=state,
            conditions=sorted(effective_conditions(s)),
            hp=s.hp,
            hp_max=s.hp_max,
            numbers=numbers,
            out_of_fight=state in OUT_OF_FIGHT,
        )

    def weapons(self) -> Mapping[str, str]:
        return {key: str(data["cz"]) for key, data in WEAPONS.items()}

    def parry_alternatives(self) -> list[str]:
        return ["fighting_defensively", "total_defense", "cover", "target_aided"]

    def start_round(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        """Per-round upkeep: the dying roll comes from the given dice (RandomDice() only if none)."""
        return actions.start_round(fighter, settings, round_no, dice or RandomDice())  # type: ignore[arg-type]

    def initiative(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return actions.initiative(req, dice)

    def attack(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return resolve(req, dice, ranged=False)

    def shot(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return resolve(req, dice, ranged=True)

    def act(self, action: str, req: ActionRequest, dice: DiceSource) -> ActionResult:
        if action in ("delay", "ready"):
            return actions.delay_or_ready(action, req)
        handler = {
            "total_defense": actions.total_defense,
            "stabilize": actions.stabilize,
            "heal": actions.heal_action,
            "heal_check": actions.heal_check,
            "aid_another": actions.aid_another,
            "coup_de_grace": actions.coup_de_grace,
            "trip": specials.trip,
            "grapple": grapple.grapple,
            "grapple_damage": grapple.grapple_damage,
            "pin": grapple.pin,
            "escape_grapple": grapple.escape_grapple,
            "disarm": specials.disarm,
            "sunder": specials.sunder,
            "bull_rush": specials.bull_rush,
            "overrun": specials.overrun,
            "feint": specials.feint,
        }.get(action)
        if handler is None:
            raise RulesError("error.unknown_action", action=action, allowed=list(self.extra_actions))
        return handler(req, dice)
