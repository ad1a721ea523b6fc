"""The `pl_wladanie` combat system: the contract's entry points over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from pydantic import BaseModel
from pydantic_core import PydanticCustomError

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.model import ActionResult, BodyPart, Note, Status, Term
from rules.odds import OddsPlan
from rules.system import ActionRequest, CombatSystem, DefenceRequest, FieldClass, Fighter
from rules.vocabulary import Vocabulary

from . import attack as attack_rules
from . import conditions as conditions_rules
from . import initiative as init_rules
from . import notation, words
from . import settings as settings_words
from .fields import EDIT_ALIASES, FIELD_CLASSES, edit_changes
from .line import TEMPLATES, sheet_line
from .odds_plan import odds_plan
from .options import Options
from .settings import Settings
from .sheet import Sheet
from .tables import SYSTEM_ID
from .warnings import sheet_warnings


def _parts_healed(before: Sheet, after: Sheet) -> Sheet:
    """Healing the total heals the parts: damage taken lowered (`obrażenia:0`, `hp:+5`) while the damage per
    part was left as it was caps every part at the new total (0 clears them), so the sheet and the wound
    picture do not keep a torso wound on a healed character. Parts given in the same change stand as given."""
    parts = after.damage_by_location
    total = after.damage_taken
    if total >= before.damage_taken or not parts or parts != before.damage_by_location:
        return after
    capped = {part: min(taken, total) for part, taken in parts.items() if min(taken, total) > 0}
    return after if capped == parts else after.model_copy(update={"damage_by_location": capped})


class PlWladanie(CombatSystem):
    id: ClassVar[str] = SYSTEM_ID
    name: ClassVar[str] = "Władanie (polskie zasady walki)"
    language: ClassVar[str] = "pl"
    Sheet = Sheet
    Options = Options
    Settings = Settings
    initiative_descending: ClassVar[bool] = True
    has_active_defence: ClassVar[bool] = True
    # A defence this attack did not offer (parry against a shot) is refused by `defend`, saying why.
    reads_typed_defence: ClassVar[bool] = True
    extra_actions: ClassVar[tuple[str, ...]] = ("test", "archer_rush")
    # The seed has no reaction: attacks happen in one's own turn ("którą postać wykonuje w swojej turze");
    # parry and dodge answer the defence prompt. Nothing is accepted off-turn (docs: Reactions).
    reaction_actions: ClassVar[frozenset[str]] = frozenset()
    reaction_options: ClassVar[frozenset[str]] = frozenset()
    # `landing:Orc 1,Orc 2` names who else stands on the aimed field of an area attack: the bot passes their sheets.
    combatant_options: ClassVar[frozenset[str]] = frozenset({"landing"})
    field_classes: ClassVar[Mapping[str, FieldClass]] = FIELD_CLASSES
    edit_aliases: ClassVar[Mapping[str, str]] = EDIT_ALIASES

    def status(self, sheet: Any) -> Status:
        return conditions_rules.status(cast(Sheet, sheet))

    def descriptor(self, status: Status) -> str:
        return conditions_rules.descriptor(status)

    def body(self, sheet: Any, settings: BaseModel | None = None) -> list[BodyPart] | None:
        """The six body parts and their damage for the wound picture (body.py)."""
        from .body import body_of

        return body_of(cast(Sheet, sheet), settings if isinstance(settings, Settings) else None)

    def conditions(self) -> list[str]:
        return list(conditions_rules.CONDITIONS)

    def set_condition(self, sheet: BaseModel, condition: str, on: bool) -> BaseModel:
        if condition not in conditions_rules.CONDITIONS:
            allowed = [Term("condition", c) for c in conditions_rules.CONDITIONS]
            raise RulesError("error.unknown_condition", condition=condition, allowed=allowed)
        return conditions_rules.with_condition(cast(Sheet, sheet), condition, on)

    def edit_sheet(self, sheet: BaseModel, changes: Mapping[str, Any], settings: BaseModel | None = None) -> BaseModel:
        """`/encounter edit`: new damage gives its wound level at once (not at the next round's upkeep), by
        the encounter's own `wound_thresholds` when the caller passes its `settings` (the GM's "Progi ran":
        22 damage under `light:10,serious:20,…` is a serious wound, not the default thresholds' "out")."""
        before = cast(Sheet, sheet)
        after = cast(Sheet, super().edit_sheet(sheet, edit_changes(before, changes)))
        if after.damage_taken == before.damage_taken:
            return after
        return conditions_rules.settled(after, settings if isinstance(settings, Settings) else None)

    def update_sheet(self, sheet: BaseModel, changes: Mapping[str, Any]) -> BaseModel:
        """`/character set`: a władanie line adds to (or changes) the skills the sheet has; one number is the
        skill of the sheet's first weapon. Every other field is set as given."""
        changes = dict(changes)
        skills = changes.get("weapon_skills")
        if isinstance(skills, str) and notation.is_number(skills):
            changes["wladanie"] = changes.pop("weapon_skills")
        elif isinstance(skills, str):
            try:
                changes["weapon_skills"] = {**cast(Sheet, sheet).weapon_skills, **notation.parse_skills(skills)}
            except PydanticCustomError:
                pass  # the sheet refuses it, naming the field
        return _parts_healed(cast(Sheet, sheet), cast(Sheet, super().update_sheet(sheet, changes)))

    # --- what players type (issue 13) ------------------------------------------------------------------
    def stat_vocabulary(self) -> Vocabulary:
        return words.stat_vocabulary()

    def option_vocabulary(self) -> Vocabulary:
        return words.option_vocabulary()

    def sheet_line(self, sheet: BaseModel) -> str:
        return sheet_line(cast(Sheet, sheet))

    def templates(self) -> Mapping[str, str]:
        return dict(TEMPLATES)

    def sheet_warnings(self, data: Mapping[str, Any], sheet: BaseModel) -> list[Note]:
        return sheet_warnings(data, cast(Sheet, sheet))

    def start_round(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        return conditions_rules.sync_wound_level(fighter, cast(Settings, settings))

    def setting_parts(self, name: str, value: Any) -> list[tuple[str, Term]] | None:
        """A text setting read into its entries for display, each a number (or a range of the location
        die) with the catalog term it names: `location_table` → [("1–2", location head), …],
        `wound_thresholds` → [("5", wound light), …]; None for any other setting (shown as it is)."""
        return settings_words.setting_parts(name, value)

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

    def odds_plan(self, req: ActionRequest, action: str) -> OddsPlan | None:
        """Attack and shot at a character in stages: hit test, parry or dodge, damage test, location and
        wound (odds_plan.py); an area shot and the other actions are enumerated whole."""
        return odds_plan(req, action)

    def act(self, action: str, req: ActionRequest, dice: DiceSource) -> ActionResult:
        if action == "test":
            return init_rules.plain_test(req, dice)
        if action == "archer_rush":
            return init_rules.rush(req)
        return super().act(action, req, dice)
