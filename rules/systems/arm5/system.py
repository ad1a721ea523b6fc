"""The Ars Magica 5 combat system object the registry finds (rules.systems.arm5.SYSTEM)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.model import ActionResult, Message, Note, Status, Term
from rules.odds import OddsPlan
from rules.system import (
    ActionRequest,
    CombatSystem,
    DefenceRequest,
    FieldClass,
    Fighter,
    as_syntax,
    problem_of,
    refuse_bare_flags,
    validated,
)
from rules.systems.arm5 import disengage, edit, gm_conditions, hold, initiative, magic, melee, odds, vocabulary
from rules.systems.arm5.common import changes_of, conditions, fighter_sheet, in_hand
from rules.systems.arm5.fields import FIELD_CLASSES
from rules.systems.arm5.options import Options
from rules.systems.arm5.settings import Settings
from rules.systems.arm5.sheet import (
    ABILITY_NAMES,
    TOTAL_KEYS,
    WOUND_KEYS,
    Abilities,
    Sheet,
    Shield,
    Spell,
    Weapon,
    Wounds,
)
from rules.systems.arm5.sheet_line import sheet_line
from rules.systems.arm5.tables import FATIGUE_PENALTY
from rules.systems.arm5.templates import TEMPLATES
from rules.systems.arm5.warnings import sheet_warnings
from rules.systems.arm5.weapons import SHIELDS, WEAPONS
from rules.vocabulary import Vocabulary

# The sheet's nested parts: a refusal inside one names the part's own key.
NESTED: dict[str, type[BaseModel]] = {
    "abilities": Abilities,
    "weapon": Weapon,
    "shield": Shield,
    "wounds": Wounds,
    "spells": Spell,
}
# descriptor(): the wound penalty down to which a combatant looks `wounded`, and from which `near_death`.
WOUNDED_DOWN_TO = -3
# The Fatigue conditions (common.conditions) by level, 0 (fresh, no condition) to 5 (unconscious).
FATIGUE_CONDITIONS = ("fresh", "winded", "weary", "tired", "dazed", "unconscious")
NEAR_DEATH_FROM = -8
ACTIONS = ("disengage", "reaction_attack", "magic_attack", "cast", "hold")
FAST_CAST_ACTIONS = frozenset({"magic_attack", "cast"})
ACTION_ALIASES = {
    "spell": "magic_attack",
    "leave_combat": "disengage",
    "withdraw": "disengage",
    "delay": "hold",
}


class ArsMagica(CombatSystem):
    id: ClassVar[str] = "arm5"
    name: ClassVar[str] = "Ars Magica (5. edycja)"
    language: ClassVar[str] = "pl"
    Sheet: ClassVar[type[BaseModel]] = Sheet
    Options: ClassVar[type[BaseModel]] = Options
    Settings: ClassVar[type[BaseModel]] = Settings
    initiative_descending: ClassVar[bool] = True
    has_active_defence: ClassVar[bool] = True
    extra_actions: ClassVar[tuple[str, ...]] = (*ACTIONS, *ACTION_ALIASES)
    field_classes: ClassVar[Mapping[str, FieldClass]] = FIELD_CLASSES
    # Off-turn (seed): the reaction Attack on a character leaving the fight, and a fast-cast spell.
    reaction_actions: ClassVar[frozenset[str]] = frozenset({"reaction_attack"})
    reaction_options: ClassVar[frozenset[str]] = frozenset({"fast_casting"})
    edit_aliases: ClassVar[Mapping[str, str]] = edit.EDIT_ALIASES

    def sheet(self, data: Mapping[str, Any]) -> BaseModel:
        """The core's sheet validation, except that a value refused inside a nested part (`single_weapon`
        among the Abilities, `atk` of a weapon, a wound count) is named by that part's own key, the one
        the player typed, rather than by the group that holds it."""
        refuse_bare_flags(Sheet, data, "stat")
        try:
            return Sheet.model_validate(dict(data))
        except (TypeError, AttributeError, KeyError) as exc:  # a validator met a shape it did not expect
            raise RulesError("error.stat_refused", problem=Message("problem.value_error")) from exc
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = [str(p) for p in first.get("loc", ()) if not isinstance(p, int)]
            if len(loc) == 1 and first.get("type") == "extra_forbidden":  # what a player may type instead
                raise RulesError("error.stat_unknown", key=loc[0], allowed=as_syntax(self._typed_keys())) from None
            if len(loc) > 1 and loc[0] in NESTED:
                if first.get("type") == "extra_forbidden":
                    known = as_syntax(NESTED[loc[0]].model_fields)
                    raise RulesError("error.stat_unknown", key=loc[-1], allowed=known) from None
                raise RulesError("error.stat_invalid", key=Term("term", loc[-1]), problem=problem_of(first)) from None
        sheet: BaseModel = validated(Sheet, data, "stat")  # the core names the field and says why
        return sheet

    def edit_sheet(
        self, sheet: BaseModel, changes: Mapping[str, Any], settings: BaseModel | None = None
    ) -> BaseModel:
        """The generic edit, plus wound counts per band (`lekkie:+1`) and a Fatigue level kept in 0..5."""
        assert isinstance(sheet, Sheet)
        plain, wounds = edit.split(changes, sheet.fatigue_level)
        edited = super().edit_sheet(sheet, plain) if plain else sheet
        if wounds:
            assert isinstance(edited, Sheet)
            edited = self.update_sheet(edited, {"wounds": edit.wound_counts(edited.wounds, wounds)})
        return edited

    def _typed_keys(self) -> list[str]:
        """The sheet keys a player types: the build and lasting fields, the Abilities and wound counts
        at the top level, and the quick-line totals (the fight's own bookkeeping is left out)."""
        nested = {"abilities", "wounds", "weapon", "shield", "spells"}
        fields = [f for f in self.fields_of("build", "lasting") if f not in nested]
        return [*fields, "weapon", "shield", *ABILITY_NAMES, *WOUND_KEYS, *TOTAL_KEYS, "soak"]

    # --- what players type (issue 13) ---------------------------------------------------------------
    def stat_vocabulary(self) -> Vocabulary:
        """Polish names (and the seed's own English ArM terms), ArM's abbreviations, English (vocabulary.py)."""
        return vocabulary.stat_vocabulary()

    def option_vocabulary(self) -> Vocabulary:
        return vocabulary.option_vocabulary()

    def sheet_line(self, sheet: BaseModel) -> str:
        """The character as one stats line in the Polish keys and the notation of compact.py."""
        assert isinstance(sheet, Sheet)
        return sheet_line(sheet)

    def templates(self) -> Mapping[str, str]:
        return dict(TEMPLATES)

    def sheet_warnings(self, data: Mapping[str, Any], sheet: BaseModel) -> list[Note]:
        """What the line left to a default, and what it gave that the rules do not use (warnings.py)."""
        assert isinstance(sheet, Sheet)
        return sheet_warnings(data, sheet)

    def stat_values(self) -> Mapping[str, list[str]]:
        """The tabled keys' values for autocomplete: the weapons and the shields (and `none`)."""
        vocab = vocabulary.stat_vocabulary()
        return {key: list(vocab.keys[key].values) for key in ("weapon", "shield")}

    def conditions(self) -> list[str]:
        return list(gm_conditions.GM_CONDITIONS)

    def set_condition(self, sheet: BaseModel, condition: str, on: bool) -> BaseModel:
        """The condition written as the rules' own mechanism writes it (gm_conditions)."""
        if condition not in gm_conditions.GM_CONDITIONS:
            return super().set_condition(sheet, condition, on)
        assert isinstance(sheet, Sheet)
        return self.update_sheet(sheet, gm_conditions.condition_updates(sheet, condition, on))

    def weapons(self) -> Mapping[str, str]:
        return {**{k: w.native for k, w in WEAPONS.items()}, **{k: s.native for k, s in SHIELDS.items()}}

    def status(self, sheet: Any) -> Status:
        assert isinstance(sheet, Sheet)
        cannot_act = sheet.out_of_fight or sheet.left_combat
        return Status(
            level=_level(sheet),
            conditions=conditions(sheet),
            numbers=_numbers(sheet),
            out_of_fight=cannot_act,
            dead=sheet.dead,
            # "pojedynczą akcję (i wiele reakcji)": one action a round; reactions are not counted here.
            # Leaving the fight keeps it: "Takie działanie jest „reakcją”, nie zabiera akcji!"
            actions_left=0 if sheet.action_used or sheet.out_of_fight else 1,
        )

    def descriptor(self, status: Status) -> str:
        """How a hidden combatant looks, from its wounds (Ars Magica has no hit points): out of the fight
        (dead, an Eliminujące wound, unconscious) is `down`; otherwise the wounds' cumulative penalty
        (Light −1, Medium −3, Heavy −5) decides: none `unhurt`, down to −3 `wounded` (Light wounds or one
        Medium), −4 to −7 `badly_wounded` (a Heavy wound, or a Medium and more), −8 or worse `near_death`.
        Fatigue alone is not a wound (its level is read from the conditions, `weary` …), and leaving the
        fight is not being down."""
        if status.dead or status.level in ("incapacitated", "unconscious"):
            return "down"
        fatigue = next((FATIGUE_CONDITIONS.index(c) for c in status.conditions if c in FATIGUE_CONDITIONS), 0)
        penalty = int(status.numbers.get("penalty", 0)) - FATIGUE_PENALTY[fatigue]
        if penalty == 0:
            return "unhurt"
        if penalty >= WOUNDED_DOWN_TO:
            return "wounded"
        return "badly_wounded" if penalty > NEAR_DEATH_FROM else "near_death"

    def start_round(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        """New round: the action and fast action come back; the 'last round' attackers window moves on."""
        sheet = fighter_sheet(fighter)
        assert isinstance(settings, Settings)
        updates: dict[str, Any] = {"action_used": False, "fast_action_used": False, "fast_casts": 0}
        notes: list[Note] = []
        if sheet.disengage_defence is not None:  # an attempt still owed reactions is kept, not lost
            if not sheet.disengage_carried:
                updates["disengage_carried"] = True
            notes.append(disengage.carried_note(fighter.name, sheet))
        if settings.disengage_window == "previous_round_number":
            updates |= {"attacked_by_last_round": list(sheet.attacked_by), "attacked_by": []}
        updates |= hold.restore_updates(sheet)
        changes = changes_of(fighter.name, sheet, updates)
        if not changes and not notes:
            return None
        after = sheet.model_copy(update=updates)
        result = ActionResult(
            system=self.id,
            action="start_round",
            actor=fighter.name,
            outcome="round_started",
            changes=changes,
            actor_sheet=after.model_dump(),
            conditions=conditions(after),
            notes=notes,
        )
        return hold.restored(sheet, result)

    def initiative(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return initiative.initiative(req, dice)

    def attack(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        _spells_only_fast_cast("attack", req)
        return melee.attack(req, dice, "attack")

    def shot(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        _spells_only_fast_cast("shot", req)
        return melee.attack(req, dice, "shot")

    def defend(self, req: DefenceRequest, dice: DiceSource) -> ActionResult:
        return melee.defend(req, dice)

    def default_defence(self, exchange: Mapping[str, Any]) -> str | None:
        return "defend"

    def odds_plan(self, req: ActionRequest, action: str) -> OddsPlan | None:
        """Attack and shot as the exchange's own phases (odds.py); other actions are enumerated whole."""
        _spells_only_fast_cast(action, req)
        return odds.plan(req, action)

    def act(self, action: str, req: ActionRequest, dice: DiceSource) -> ActionResult:
        action = ACTION_ALIASES.get(action, action)
        _spells_only_fast_cast(action, req)
        if action == "disengage":
            return disengage.disengage(req, dice)
        if action == "reaction_attack":
            return disengage.reaction_attack(req, dice)
        if action == "magic_attack":
            return magic.magic_attack(req, dice)
        if action == "cast":
            return magic.cast(req, dice)
        if action == "hold":
            return hold.hold(req)
        raise RulesError("error.unknown_action", action=action, allowed=[Term("action", a) for a in ACTIONS])


def _spells_only_fast_cast(action: str, req: ActionRequest) -> None:
    """`fast_casting` makes an action a reaction (off-turn): only a spell may be fast-cast (seed)."""
    if getattr(req.options, "fast_casting", False) and action not in FAST_CAST_ACTIONS:
        raise RulesError("error.arm5.fast_casting_spells_only", action=Term("action", action))


def _numbers(sheet: Sheet) -> dict[str, int | float | str]:
    """What the GM sees: totals before the die (with penalties), Soak, Size, Fatigue, round state."""
    weapon, shield = in_hand(sheet, None)
    s_atk, s_dfn = (shield.atk, shield.dfn) if shield else (0, 0)
    penalty = sheet.wound_penalty + sheet.fatigue_penalty
    numbers: dict[str, int | float | str] = {
        "attack": sheet.dex + sheet.ability(weapon.ability) + weapon.atk + s_atk + penalty,
        "defence": sheet.qik + sheet.ability(weapon.ability) + weapon.dfn + s_dfn + penalty,
        "damage": sheet.str + weapon.dam + (shield.dam if shield else 0),
        "soak": sheet.sta + sheet.armour_prot + sheet.soak_bonus,
        "size": sheet.size,
        "penalty": penalty,  # the Fatigue level itself is a sheet field, and a condition (`weary` …)
        "disengage_bonus": sheet.disengage_bonus,
    }
    if sheet.initiative is not None:
        numbers["initiative"] = sheet.initiative
    if sheet.held_initiative is not None and sheet.held_initiative != sheet.initiative:
        numbers["held_initiative"] = sheet.held_initiative
    if sheet.fast_casts:
        numbers["fast_casts"] = sheet.fast_casts
    return numbers


def _level(sheet: Sheet) -> str:
    if sheet.dead:
        return "dead"
    if sheet.incapacitated:
        return "incapacitated"
    if sheet.unconscious:
        return "unconscious"
    for band in ("heavy", "medium", "light"):
        if getattr(sheet.wounds, band):
            return band
    return "unhurt"
