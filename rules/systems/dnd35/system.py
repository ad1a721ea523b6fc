"""The dnd35 CombatSystem: D&D 3.5 SRD combat (Czech translation of the SRD combat chapter)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from rules.dice import DiceSource, RandomDice
from rules.errors import RulesError
from rules.model import ActionResult, Note, Status, Term
from rules.odds import OddsPlan
from rules.system import ActionRequest, CombatSystem, FieldClass, Fighter
from rules.systems.dnd35 import actions, grapple, odds, oneline, specials, vocabulary
from rules.systems.dnd35.acting import aoo_left
from rules.systems.dnd35.defense import sheet_acs
from rules.systems.dnd35.fields import AC_EDIT_KEYS, EDIT_ALIASES, FIELD_CLASSES
from rules.systems.dnd35.hp import condition_list, effective_conditions, sheet_state
from rules.systems.dnd35.options import Options
from rules.systems.dnd35.resolve import resolve
from rules.systems.dnd35.settings import Settings
from rules.systems.dnd35.sheet import (
    QUICK_WEAPON_KEYS,
    Sheet,
    edited_weapon,
    hp_as_maximum,
    is_quick_weapon,
    norm_key,
)
from rules.systems.dnd35.tables import (
    CANNOT_ACT,
    CONDITION_ALIASES,
    CONDITIONS,
    DERIVED_CONDITIONS,
    WEAPONS,
)
from rules.vocabulary import Vocabulary

OUT_OF_FIGHT = frozenset({"dead", "dying", "stable", "unconscious"})
# What putting a condition on (or taking it off) brings along, as the rules' own mechanism does:
# knocked out "padáš v bezvědomí k zemi"; a pin is part of a grapple; total defense ends the other stances.
CONDITION_BRINGS: dict[str, tuple[str, ...]] = {
    "unconscious": ("prone",),
    "pinned": ("grappling",),
}
CONDITION_ENDS: dict[str, tuple[str, ...]] = {
    "total_defense": ("charging", "fighting_defensively"),
}
CONDITION_OFF_ENDS: dict[str, tuple[str, ...]] = {"grappling": ("pinned",)}


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
        "stand_up",
        "withdraw",
    )
    # Off one's own turn: an attack of opportunity, a readied action going off (the attack with
    # `readied`: the bot then moves the readier to just before the trigger), a delaying
    # combatant stepping in (`delay new_initiative:N`).
    reaction_actions: ClassVar[frozenset[str]] = frozenset({"ready", "delay"})
    reaction_options: ClassVar[frozenset[str]] = frozenset({"attack_of_opportunity", "readied"})
    interrupt_options: ClassVar[frozenset[str]] = frozenset({"readied"})
    field_classes: ClassVar[Mapping[str, FieldClass]] = FIELD_CLASSES
    edit_aliases: ClassVar[Mapping[str, str]] = EDIT_ALIASES

    def status(self, sheet: Any) -> Status:
        s: Sheet = sheet
        state = sheet_state(s)
        conditions = effective_conditions(s)
        numbers: dict[str, int | float | str] = dict(sheet_acs(s))
        numbers.update(bab=s.bab, initiative=s.initiative_mod, nonlethal=s.nonlethal, temp_hp=s.temp_hp)
        numbers["aoo_left"] = aoo_left(s)
        return Status(
            level=state,
            conditions=sorted(conditions),
            hp=s.hp,
            hp_max=s.hp_max,
            numbers=numbers,
            out_of_fight=state in OUT_OF_FIGHT or bool(conditions & CANNOT_ACT),
            dead=state == "dead",
        )

    def descriptor(self, status: Status) -> str:
        """As the HP share (`CombatSystem.descriptor`), with nonlethal damage counted against the hit points
        left: staggered (nonlethal = HP) and disabled (0 HP) look near death; unconscious, dying, stable
        and dead are down (out of the fight)."""
        if status.dead or status.out_of_fight:
            return "down"
        if status.level in ("disabled", "staggered"):
            return "near_death"
        nonlethal = status.numbers.get("nonlethal", 0)
        hp = status.hp if status.hp is not None else 0
        left = hp - (nonlethal if isinstance(nonlethal, int) else 0)
        return super().descriptor(status.model_copy(update={"hp": max(left, 0)}))

    # --- conditions and GM edits ----------------------------------------------------------------------
    def conditions(self) -> list[str]:
        """Every condition the rules know except those the hit points decide (disabled, dying, stable,
        staggered: the GM changes `hp` / `nonlethal` for them)."""
        return sorted(CONDITIONS - DERIVED_CONDITIONS)

    def set_condition(self, sheet: BaseModel, condition: str, on: bool) -> BaseModel:
        key = norm_key(condition)
        key = CONDITION_ALIASES.get(key, key)
        if key not in self.conditions():
            allowed = [Term("condition", c) for c in self.conditions()]
            raise RulesError("error.unknown_condition", condition=condition, allowed=allowed)
        s: Sheet = sheet  # type: ignore[assignment]
        now = condition_list(s)
        if on:
            ends = CONDITION_ENDS.get(key, ())
            wanted = [c for c in now if c not in ends]
            wanted += [c for c in (key, *CONDITION_BRINGS.get(key, ())) if c not in wanted]
        else:
            gone = (key, *CONDITION_OFF_ENDS.get(key, ()))
            wanted = [c for c in now if c not in gone]
        return self.update_sheet(sheet, {"conditions": wanted, "turn_conditions": []})

    def update_sheet(self, sheet: BaseModel, changes: Mapping[str, Any]) -> BaseModel:
        return super().update_sheet(sheet, hp_as_maximum(sheet, changes))  # type: ignore[arg-type]

    def edit_sheet(
        self, sheet: BaseModel, changes: Mapping[str, Any], settings: BaseModel | None = None
    ) -> BaseModel:
        """As the generic edit, plus `ac`/`tz`: `ac:+2` changes `misc_ac` by 2, `ac:17` sets the AC; and the
        quick NPC keys `attack`, `damage`, `crit`, `range` change the first weapon (`útok:+2` adds 2 to its
        whole attack bonus, `útok:=5` sets it) instead of making another one; `weapon` (`zbraň:`) renames a
        quick NPC's weapon, keeping its attack bonus and damage line."""
        s: Sheet = sheet  # type: ignore[assignment]
        quick = bool(s.weapons) and is_quick_weapon(s.weapons[0])
        plain: dict[str, Any] = {}
        weapon: dict[str, Any] = {}
        for key, value in changes.items():
            if key in QUICK_WEAPON_KEYS or (key == "weapon" and quick):
                weapon[key] = value
            elif key.casefold() not in AC_EDIT_KEYS:
                plain[key] = value
            elif str(value).strip()[:1] in "+-−":
                plain["misc_ac"] = value
            else:
                plain["ac"] = str(value).strip().lstrip("=")
        if weapon and s.weapons:
            plain["weapons"] = [edited_weapon(s, weapon), *(w.model_dump() for w in s.weapons[1:])]
        else:
            plain.update(weapon)
        return super().edit_sheet(sheet, plain)

    def weapons(self) -> Mapping[str, str]:
        return {key: str(data["cz"]) for key, data in WEAPONS.items()}

    def parry_alternatives(self) -> list[str]:
        return ["fighting_defensively", "total_defense", "cover", "target_aided"]

    def start_round(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        """Per-round upkeep: the dying roll comes from the given dice (RandomDice() only if none)."""
        return actions.start_round(fighter, settings, round_no, dice or RandomDice())  # type: ignore[arg-type]

    def start_turn(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        """The start of the combatant's own turn: the stances of its last action end (`start_round` still
        ends one whose owner's turn passed without the hook, as for a combatant passed over)."""
        return actions.start_turn(fighter, settings)  # type: ignore[arg-type]

    def initiative(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return actions.initiative(req, dice)

    def attack(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return resolve(req, dice, ranged=False)

    def shot(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return resolve(req, dice, ranged=True)

    def odds_plan(self, req: ActionRequest, action: str) -> OddsPlan | None:
        """An attack or shot staged through its own phases (`odds.py`); other actions: the generic path."""
        return odds.plan(req, action)

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
            "stand_up": actions.stand_up,
            "withdraw": actions.withdraw,
        }.get(action)
        if handler is None:
            raise RulesError(
                "error.unknown_action", action=action, allowed=[Term("action", a) for a in self.extra_actions]
            )
        return handler(req, dice)

    # --- what players type (issue 13) ---------------------------------------------------------------
    def stat_vocabulary(self) -> Vocabulary:
        return vocabulary.stat_vocabulary()

    def option_vocabulary(self) -> Vocabulary:
        return vocabulary.option_vocabulary()

    def stat_values(self) -> Mapping[str, list[str]]:
        keys = self.stat_vocabulary().keys
        return {k: list(keys[k].values) for k in ("size", "armor_category", "weapon", "weapons", "conditions")}

    def sheet_line(self, sheet: BaseModel) -> str:
        return oneline.sheet_line(sheet)  # type: ignore[arg-type]

    def templates(self) -> Mapping[str, str]:
        return dict(oneline.TEMPLATES)

    def sheet_warnings(self, data: Mapping[str, Any], sheet: BaseModel) -> list[Note]:
        return oneline.sheet_warnings(data, sheet)  # type: ignore[arg-type]
