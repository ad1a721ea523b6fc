"""The contract every rule system implements. The bot only ever talks to this."""

from __future__ import annotations

import functools
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from rules.bounds import clamp_data
from rules.dice import DiceSource
from rules.errors import RulesError
from rules.model import ActionResult, BodyPart, Message, Note, OddsResult, SettingInfo, Status, Term
from rules.odds import Budget, OddsPlan, odds_of
from rules.vocabulary import Key, Vocabulary, typed

SheetT = TypeVar("SheetT", bound=BaseModel)

# What a sheet field holds, which decides who may change it and what outlives a fight:
# build    abilities, skills, equipment: set by the player, copied back at the end of a fight;
# lasting  HP, wounds, fatigue, spent points, ammunition: changed by the fight and kept after it;
# turn     initiative, actions, engagement, round flags: only meaningful inside one fight;
# internal bookkeeping the bot or the rules set (derived values, markers): nobody types these.
FieldClass = Literal["build", "lasting", "turn", "internal"]
FIELD_CLASSES: tuple[FieldClass, ...] = ("build", "lasting", "turn", "internal")


@dataclass(frozen=True, slots=True)
class Fighter(Generic[SheetT]):
    """A combatant as the rules see it: a display name and the system's sheet (stats + state)."""

    name: str
    sheet: SheetT


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """One action: who acts, on whom, with what, under which options and GM settings."""

    actor: Fighter[Any]
    target: Fighter[Any] | None
    options: BaseModel
    settings: BaseModel
    weapon: str | None = None
    distance: float | None = None
    # Further combatants an option names (`second_target:Orc 2`): their sheets, for effects on them.
    others: tuple[Fighter[Any], ...] = ()
    # The GM forced this action on a dead target (`options:force`): the rules must not refuse it for that.
    forced: bool = False

    def other(self, name: str | None) -> Fighter[Any] | None:
        if not name:
            return None
        folded = name.strip().casefold()
        return next((f for f in self.others if f.name.casefold() == folded), None)


@dataclass(frozen=True, slots=True)
class DefenceRequest:
    """The defender's answer to a pending attack (`exchange` comes from the attack's result)."""

    defender: Fighter[Any]
    attacker: Fighter[Any]
    exchange: Mapping[str, Any]
    settings: BaseModel
    choice: str | None = None
    options: BaseModel | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def validated(model: type[BaseModel], data: Mapping[str, Any], what: str) -> Any:
    """Validate into `model`, turning pydantic's error into a RulesError that names the field and says
    why in catalog terms (`problem.<pydantic error type>` with its limits), never pydantic's English."""
    refuse_bare_flags(model, data, what)
    try:
        return model.model_validate(dict(data))
    except (TypeError, AttributeError, KeyError) as exc:  # a validator met a shape it did not expect
        raise RulesError(f"error.{what}_refused", problem=Message("problem.value_error")) from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        path = [str(p) for p in first.get("loc", ()) if not isinstance(p, int)]
        if first.get("type") == "extra_forbidden":
            key = path[0] if path else what
            raise RulesError(f"error.{what}_unknown", key=key, allowed=as_syntax(model.model_fields)) from None
        if not path:  # a validator of the whole model: its problem names the key itself
            raise RulesError(f"error.{what}_refused", problem=problem_of(first)) from None
        raise RulesError(f"error.{what}_invalid", key=Term("term", path[0]), problem=problem_of(first)) from None


def _default_vocabulary(
    model: type[BaseModel], fields: list[str], tabled: Mapping[str, list[str]], what: str
) -> Vocabulary:
    keys = []
    for name in [*tabled, *fields]:
        info = model.model_fields.get(name)
        lo = hi = None
        for meta in info.metadata if info is not None else ():
            lo = getattr(meta, "ge", None) if getattr(meta, "ge", None) is not None else lo
            hi = getattr(meta, "le", None) if getattr(meta, "le", None) is not None else hi
        choices = _choices(info.annotation) if info is not None else None
        kind: Any = (
            "flag" if choices == [True, False] else "choice" if choices else "number" if lo is not None else "text"
        )
        values = {str(v): () for v in (tabled.get(name) or choices or []) if not isinstance(v, bool)}
        keys.append(Key(name, (), kind, lo, hi, values))
    return Vocabulary(keys, what, open_ended=True)


def clamp_to_bounds(model: type[BaseModel], data: Mapping[str, Any]) -> dict[str, Any]:
    """`data` with each number of a bounded field (`Field(ge=…, le=…)`) moved inside its bounds, in nested
    models, lists and dicts too."""
    return clamp_data(model, data)


def as_syntax(keys: Iterable[str]) -> list[str]:
    """Keys a user may type, shown as what to type (`armour_prot`), not as words of a sentence."""
    return [f"`{k}`" for k in keys]


def refuse_bare_flags(model: type[BaseModel], data: Mapping[str, Any], what: str) -> None:
    """`stats:"wounds"`: a bare word where the field needs its value is refused, naming the field."""
    flag = next((k for k, v in data.items() if v is True and _needs_value(model, k)), None)
    if flag is not None:
        raise RulesError(f"error.{what}_invalid", key=Term("term", flag), problem=Message("problem.needs_value"))


def _needs_value(model: type[BaseModel], key: str) -> bool:
    """A field whose value is not a plain yes/no flag (a bare `key` in a stats line cannot fill it)."""
    info = model.model_fields.get(key)
    return info is not None and info.annotation is not bool and _choices(info.annotation) != [True, False]


def problem_of(error: Mapping[str, Any]) -> Message:
    """Why pydantic refused a value, as a catalog message: `problem.<type>` with the limits it names.
    A system's own validators raise `PydanticCustomError("<id>.<what>", …, {params})` for their reasons."""
    ctx: dict[str, Any] = {k: v for k, v in (error.get("ctx") or {}).items() if isinstance(v, (int, float, str))}
    expected = ctx.get("expected")
    if error.get("type") == "literal_error" and isinstance(expected, str):
        # The values to type, as syntax: `one_handed`, `two_handed` (not a sentence with code words in it).
        values = expected.replace(" or ", ", ").split(", ")
        ctx["expected"] = ", ".join(f"`{v.strip(chr(39))}`" for v in values)
    value = error.get("input")
    if isinstance(value, (int, float, str)):
        ctx.setdefault("value", value)
    params: dict[str, Any] = dict(ctx)
    if isinstance(ctx.get("key"), str):  # a system's own reason names a sheet key: shown in the reader's words
        params["key"] = Term("term", ctx["key"])
    return Message(f"problem.{error.get('type', 'value_error')}", params)


def _choices(annotation: Any) -> list[Any] | None:
    """Allowed values of a Literal (or bool) annotation, for autocomplete and settings lists."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return list(typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _choices(arg)
            if found:
                return found
    if annotation is bool:
        return [True, False]
    return None


def _type_name(annotation: Any) -> str:
    if typing.get_origin(annotation) is typing.Literal:
        return "choice"
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int"
    if annotation is float:
        return "float"
    return "text"


def describe_fields(model: type[BaseModel]) -> list[SettingInfo]:
    """Name, type, allowed values, bounds, default and help of every field of a settings model."""
    infos = []
    for name, f in model.model_fields.items():
        lo = hi = None
        for meta in f.metadata:
            lo = getattr(meta, "ge", lo)
            hi = getattr(meta, "le", hi)
        infos.append(
            SettingInfo(
                name=name,
                type=_type_name(f.annotation),
                default=f.default,
                choices=_choices(f.annotation),
                minimum=lo,
                maximum=hi,
                help=f.description or "",
            )
        )
    return infos


def _built_once(method: Callable[[Any], Vocabulary]) -> Callable[[Any], Vocabulary]:
    """A no-argument method whose result is kept on the instance after the first call."""
    slot = f"_{method.__name__}_built"

    @functools.wraps(method)
    def once(self: Any) -> Vocabulary:
        found: Vocabulary | None = self.__dict__.get(slot)
        if found is None:
            found = self.__dict__[slot] = method(self)
        return found

    return once


class CombatSystem(ABC):
    """Base of a rule system. Subclasses set the class attributes and implement the actions."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A system's vocabularies are built from its fixed tables: built once per system object, not on
        every command (folding every name of a game takes milliseconds)."""
        super().__init_subclass__(**kwargs)
        for name in ("stat_vocabulary", "option_vocabulary"):
            if name in cls.__dict__:
                setattr(cls, name, _built_once(cls.__dict__[name]))

    id: ClassVar[str]
    name: ClassVar[str]
    language: ClassVar[str]
    Sheet: ClassVar[type[BaseModel]]
    Options: ClassVar[type[BaseModel]]
    Settings: ClassVar[type[BaseModel]]
    initiative_descending: ClassVar[bool] = True
    has_active_defence: ClassVar[bool] = False
    # The defence may be typed in the game's own words beyond the offered ids (cz2d10's "Obratnost, Štít"):
    # the bot hands such text to `defend`, which reads it or refuses it in the game's words.
    reads_typed_defence: ClassVar[bool] = False
    # A hit's wound level (`ActionResult.wound`) is the hit part's, not the whole character's (cz2d10's limbs).
    wound_of_the_part: ClassVar[bool] = False
    extra_actions: ClassVar[tuple[str, ...]] = ()
    # Reactions: what the rules make happen outside one's own turn (an attack of opportunity, a
    # counter-attack, a fast-cast spell …). `/action` names in `reaction_actions`; `/attack` or `/shot`
    # options (flags) in `reaction_options`. The bot accepts these off-turn from the owner or the GM;
    # the rules count them within their own limits (one AoO a round unless Combat Reflexes …).
    reaction_actions: ClassVar[frozenset[str]] = frozenset()
    reaction_options: ClassVar[frozenset[str]] = frozenset()
    # Reaction options after which the actor acts before the combatant whose turn it is from now on
    # (dnd35: a readied action going off moves the readier to just before the trigger): the bot moves it.
    interrupt_options: ClassVar[frozenset[str]] = frozenset()
    # Option keys whose value names other combatants (`second_target:Orc 2`, several joined by commas):
    # only these are looked up in the encounter and passed to the rules in `ActionRequest.others`.
    combatant_options: ClassVar[frozenset[str]] = frozenset()
    # Every Sheet field's class (see FieldClass); a test demands that every field is listed.
    field_classes: ClassVar[Mapping[str, FieldClass]] = {}
    # `/encounter edit` keys that mean a field under another name (`hp` → the current HP field).
    edit_aliases: ClassVar[Mapping[str, str]] = {}

    # --- sheets, options, settings ------------------------------------------------------------
    def sheet(self, data: Mapping[str, Any]) -> BaseModel:
        """A sheet from stored JSON or from `key:value` strings (shortcuts live in the Sheet model)."""
        sheet: BaseModel = validated(self.Sheet, data, "stat")
        return sheet

    def stored_sheet(self, data: Mapping[str, Any]) -> BaseModel:
        """A sheet as stored: validated, or, if an older version of the rules let a number past its
        bounds (an HP below the sheet's floor), with every such number clamped back into them."""
        try:
            return self.sheet(data)
        except RulesError:
            clamped = clamp_to_bounds(self.Sheet, data)
            if clamped == dict(data):
                raise
            return self.sheet(clamped)

    def update_sheet(self, sheet: BaseModel, changes: Mapping[str, Any]) -> BaseModel:
        # The dump names fields by name (`str_`), a stats line by alias (`str`): one key each, or the
        # model would see both and refuse the name as unknown.
        return self.sheet({**sheet.model_dump(), **by_field_name(type(sheet), changes)})

    def edit_sheet(
        self, sheet: BaseModel, changes: Mapping[str, Any], settings: BaseModel | None = None
    ) -> BaseModel:
        """`/encounter edit`: `hp:12` sets, `hp:+3` / `hp:-5` changes a number by that much, `hp:=-5` sets a
        negative number. Keys go through `edit_aliases` first; other keys (shortcuts) are set as typed.
        `settings` are the fight's (a game grading an edit by the GM's own thresholds reads them)."""
        current = sheet.model_dump()
        resolved: dict[str, Any] = {}
        for key, value in changes.items():
            field = self.edit_aliases.get(key, key)
            text = value.strip() if isinstance(value, str) else value
            if isinstance(text, str) and text.startswith("="):
                resolved[field] = text[1:].strip()
            elif isinstance(text, str) and text[:1] in "+-−" and field in current and current[field] is None:
                raise RulesError("error.edit_relative_empty", key=key, value=text)
            elif isinstance(text, str) and text[:1] in "+-−" and isinstance(current.get(field), (int, float)):
                try:
                    delta = float(text.replace("−", "-"))
                except ValueError:
                    raise RulesError(
                        "error.stat_invalid", key=key, problem=Message("problem.float_parsing", {"value": text})
                    ) from None
                total = current[field] + delta
                resolved[field] = int(total) if isinstance(current[field], int) and total.is_integer() else total
            else:
                resolved[field] = text
        return self.update_sheet(sheet, resolved)

    def options(self, data: Mapping[str, Any]) -> BaseModel:
        """Options validated; no options at all (most attacks) is one model made once per system object
        (the rules only read options, so every call may share it)."""
        if not data:
            found: BaseModel | None = self.__dict__.get("_no_options")
            if found is None:
                found = self.__dict__["_no_options"] = validated(self.Options, {}, "option")
            return found
        options: BaseModel = validated(self.Options, data, "option")
        return options

    def settings(self, data: Mapping[str, Any]) -> BaseModel:
        settings: BaseModel = validated(self.Settings, data, "setting")
        return settings

    def stored_settings(self, data: Mapping[str, Any]) -> BaseModel:
        """Settings as stored: validated, or, if a number was saved before its bound existed, with every
        such number clamped back into its bounds (as `stored_sheet` does for sheets)."""
        try:
            return self.settings(data)
        except RulesError:
            clamped = clamp_to_bounds(self.Settings, data)
            if clamped == dict(data):
                raise
            return self.settings(clamped)

    def setting_infos(self) -> list[SettingInfo]:
        return describe_fields(self.Settings)

    def option_values(self) -> dict[str, list[Any] | None]:
        """Option keys with their allowed values (None = free value), for autocomplete."""
        return {name: _choices(f.annotation) for name, f in self.Options.model_fields.items()}

    def weapons(self) -> Mapping[str, str]:
        """Weapon ids the system knows by itself, with their native names (for autocomplete)."""
        return {}

    def stat_values(self) -> Mapping[str, list[str]]:
        """Sheet keys whose values come from the system's tables (shield, armour …), for autocomplete."""
        return {}

    def fields_of(self, *classes: FieldClass) -> list[str]:
        """Sheet fields of the given classes, in the sheet's order."""
        return [name for name in self.Sheet.model_fields if self.field_classes.get(name, "internal") in classes]

    def is_reaction(self, action: str, options: BaseModel) -> bool:
        """Whether this action (with these options) happens outside the actor's own turn."""
        if action in self.reaction_actions:
            return True
        return any(getattr(options, key, None) for key in self.reaction_options)

    def descriptor(self, status: Status) -> str:
        """How a hidden combatant looks to players, in five steps: `unhurt`, `wounded` (more than half
        left), `badly_wounded` (15–50 %), `near_death` (under 15 %), `down` (out of the fight or dead).
        HP systems use the HP left; wound-level systems map their own levels (and document the map)."""
        if status.dead or status.out_of_fight:
            return "down"
        if status.hp is None or not status.hp_max:
            return "unhurt" if status.level in ("unhurt", "healthy", "ok", "fine") else "wounded"
        share = status.hp / status.hp_max
        if share >= 1:
            return "unhurt"
        if share > 0.5:
            return "wounded"
        return "badly_wounded" if share >= 0.15 else "near_death"

    def tells_wounds(self, condition: str) -> bool:
        """Whether a condition shown in a status names a wound level (cz2d10's `serious_wound_left_leg`):
        a hidden combatant's are left out with its levels and numbers."""
        return False

    def conditions(self) -> list[str]:
        """Conditions of this system a GM may put on a combatant (`/encounter effect add`)."""
        return []

    def set_condition(self, sheet: BaseModel, condition: str, on: bool) -> BaseModel:
        """The sheet with a system condition put on (or taken off), exactly as the rules' own would."""
        allowed: list[Term | str] = [Term("condition", c) for c in self.conditions()] or ["—"]
        raise RulesError("error.unknown_condition", condition=condition, allowed=allowed)

    def declare_for_initiative(self, req: ActionRequest) -> ActionResult:
        """Something declared before the next initiative roll (adnd2cp: Colpo Rapido)."""
        raise RulesError("error.no_initiative_declaration", system=self.id)

    # --- what players type (issue 13): keys and values in the game's words, one-line sheets, templates --
    @_built_once
    def stat_vocabulary(self) -> Vocabulary:
        """Stat keys a player types (build and lasting fields, the quick-line shortcuts), their native and
        English names and listed values. The default lists the fields by their own names and passes
        anything else on to the Sheet model; a system lists its own words."""
        return _default_vocabulary(self.Sheet, self.fields_of("build", "lasting"), self.stat_values(), "stat")

    @_built_once
    def option_vocabulary(self) -> Vocabulary:
        """Option keys and values of `/attack`, `/shot` and `/action`, likewise."""
        return _default_vocabulary(self.Options, list(self.Options.model_fields), {}, "option")

    def typed_option(self, key: str) -> str:
        """An option as a player types it in an options line, in the game's words (`příležitostný_útok`
        for `attack_of_opportunity`): what a refusal tells them to write."""
        found = self.option_vocabulary().keys.get(key)
        return typed(found.shown) if found is not None else key

    def sheet_line(self, sheet: BaseModel) -> str:
        """The sheet's build and lasting fields as one stats line that creates an equal character when
        pasted back into `/character create` (the default writes plain fields; systems write their
        structured ones in their own compact notation)."""
        data = sheet.model_dump(mode="json")
        defaults = {name: f.default for name, f in self.Sheet.model_fields.items()}
        words = []
        for name in self.fields_of("build", "lasting"):
            value = data.get(name)
            if value == defaults.get(name) or value in (None, [], {}, ""):
                continue
            if isinstance(value, bool):
                words.append(name if value else f"{name}:no")
            elif isinstance(value, (int, float, str)):
                text = str(value)
                words.append(f'{name}:"{text}"' if " " in text else f"{name}:{text}")
        return " ".join(words)

    def templates(self) -> Mapping[str, str]:
        """Ready archetypes (id → stats line) a player starts from with `/character create template:`."""
        return {}

    def sheet_warnings(self, data: Mapping[str, Any], sheet: BaseModel) -> list[Note]:
        """What a stats line left to a default the rules assumed, or gave that the rules ignore: shown
        with the created character or NPC (no silent 1-HP character)."""
        return []

    def stat_keys(self) -> list[str]:
        """Keys a `stats:` list may use: the sheet's fields and the tabled shortcut keys."""
        return [*self.stat_values(), *self.Sheet.model_fields]

    @abstractmethod
    def status(self, sheet: Any) -> Status:
        """Wound level / condition and the numbers the GM sees."""

    def body(self, sheet: Any, settings: BaseModel | None = None) -> list[BodyPart] | None:
        """The combatant's body parts for a wound picture (systems with hit locations), each with its
        severity, the system's own level and whether it is still there; None: the system draws none.
        `settings` are the encounter's rule settings when there is one (else the system's own reading of
        the sheet, as `status` does)."""
        return None

    def start_round(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        """Per-round upkeep (refresh actions, pay round costs, a dying character's roll)."""
        return None

    def start_turn(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        """The start of the combatant's own turn (dnd35: the stances of its last action end), its result
        shown with the round's upkeep; None when nothing changes."""
        return None

    # --- actions ---------------------------------------------------------------------------------
    @abstractmethod
    def initiative(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        """Roll initiative; `total` and `tiebreak` order the combatants."""

    @abstractmethod
    def attack(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        """A melee attack. With an active defence the outcome may be "pending_defence"."""

    @abstractmethod
    def shot(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        """A ranged attack."""

    def parry_alternatives(self) -> list[str]:
        """What the system offers instead of an active defence (option keys), for `/parry`."""
        return []

    def defend(self, req: DefenceRequest, dice: DiceSource) -> ActionResult:
        """Finish a pending exchange with the defender's choice (None = the default defence)."""
        raise RulesError("error.no_active_defence", system=self.id, instead=self.parry_alternatives())

    def default_defence(self, exchange: Mapping[str, Any]) -> str | None:
        """The defence rolled when the defender does not answer in time."""
        return None

    def act(self, action: str, req: ActionRequest, dice: DiceSource) -> ActionResult:
        """System-specific actions listed in `extra_actions` (disengage, rest, aim …)."""
        raise RulesError("error.unknown_action", action=action, allowed=[Term("action", a) for a in self.extra_actions])

    # --- exact odds (rules/odds.py) ------------------------------------------------------------
    def odds_plan(self, req: ActionRequest, action: str) -> OddsPlan | None:
        """The stages of `action` for exact odds, built from this system's own resolution code; None
        enumerates the whole action instead (exact too, only slower)."""
        return None

    def odds(self, req: ActionRequest, action: str = "attack", budget: Budget | None = None) -> OddsResult:
        """The exact probability of each way `action` can end, before anything is rolled."""
        result: OddsResult = odds_of(self, req, action, budget)
        return result


def by_field_name(model: type[BaseModel], data: Mapping[str, Any]) -> dict[str, Any]:
    """`data` with each field's alias (`str`) replaced by the field's name (`str_`)."""
    names = {f.alias: name for name, f in model.model_fields.items() if f.alias and f.alias != name}
    return {names.get(k, k): v for k, v in data.items()} if names else dict(data)
