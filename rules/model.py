"""Plain result data. Results carry numbers and catalog keys, never display text."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Annotated, Any, Literal, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

# Whose number it is: the one acting, the one acted on, someone else (a second target, the round), or
# `both` for a number made from both sides' (an Attack Advantage, a margin): hidden if either side is.
Side = Literal["actor", "target", "other", "both"]
# What a die did: `kept` counts; `exploded` counts and was rolled again; `doubled` (a stress die's 1)
# does not count but doubles what follows; `dropped`, `rerolled` and `botch` (a botch die) do not count.
DieRole = Literal["kept", "exploded", "doubled", "dropped", "rerolled", "botch"]
COUNTED: frozenset[str] = frozenset({"kept", "exploded"})
# What a step does to a check's running total (see `Step`).
StepOp = Literal["minus", "plus", "times", "divide", "floor", "ceil", "round", "set", "min", "max"]


@dataclass(slots=True)
class Die:
    """One die of a check: its size, its face and what it did."""

    sides: int
    face: int
    role: DieRole = "kept"


@dataclass(slots=True)
class Part:
    """A signed contribution to a check (`key` is a catalog term key), and whose number it is."""

    key: str
    value: int | float
    side: Side = "actor"


@dataclass(slots=True)
class Step:
    """What happens to a check's raw total afterwards, in order: `minus` a reduction (soak, armour,
    DR × coefficient), `plus`, `times` / `divide` a multiplier, `floor` / `ceil` / `round` a rounding,
    `set` (a botch makes it 0), `min` / `max` a bound. `total` is the running total after this step;
    `detail` shows how a step's value is made (DR 2 × coefficient 1.5) and is not added again."""

    op: StepOp
    key: str
    value: int | float
    total: int | float
    side: Side = "actor"
    detail: list[Part] = field(default_factory=list)


@dataclass(slots=True)
class Check:
    """One roll that is compared or applied, as a player checks it at a glance:
    counted dice × `multiplier` + `parts` = `raw`; then each of `steps` in order gives `total`, which is
    compared with `versus` (the other side's own check, with its own parts) or applied (damage).

    `label` is a catalog key (attack, defence, damage, soak, confirm, initiative, location, save …).
    A hit-location roll names `location` instead of counting toward anything; `dice_steps` records a
    die moved up or down its size ladder before rolling (key = why, value = ±steps), `dice_expr` the
    die as written before those steps. `outcome_side` says whose state the outcome tells (a wound level
    on the target): a hidden side's outcome goes to the GM's copy only; None is an outcome everyone sees
    (hit, miss)."""

    label: str
    side: Side = "actor"
    dice: list[Die] = field(default_factory=list)
    multiplier: int | float = 1
    parts: list[Part] = field(default_factory=list)
    raw: int | float | None = None
    steps: list[Step] = field(default_factory=list)
    total: int | float | None = None
    versus: Check | None = None
    outcome: str | None = None
    location: str | None = None
    dice_steps: list[Part] = field(default_factory=list)
    dice_expr: str | None = None
    outcome_side: Side | None = None


@dataclass(frozen=True, slots=True)
class Term:
    """A catalog term in an error's or a note's parameters (a location, a condition, a blow …): the bot
    shows it in the reader's language instead of the id. `kind` is the catalog family (`location`,
    `condition`, `term`, `weapon`, `action`, `outcome`, `wound`, `defence`, `blow` …)."""

    kind: str
    key: str


@lru_cache(maxsize=4096)
def term(kind: str, key: str) -> Term:
    """`Term(kind, key)`, one shared instance per pair (a Term is frozen, so one serves every note that
    names it; building a frozen dataclass costs, and an exchange names the same few terms again)."""
    return Term(kind, key)


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog message inside another's parameters (why a value was refused: `problem.too_small` with
    `{"limit": 10}`), rendered in the reader's language."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Plain:
    """Pydantic's model API on a slotted dataclass the rules build by the score (issue 17): a plain
    constructor costs about a quarter of even an unvalidated pydantic model, and an exchange builds 15–30
    of them. Inside a result pydantic validates and dumps them as it does `Check`; these methods keep the
    model calls code and tests make on one of them alone."""

    __slots__ = ()
    __pydantic_config__ = ConfigDict(extra="forbid")  # validated as strictly as the models

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        dumped: dict[str, Any] = _adapter(type(self)).dump_python(self, **kwargs)
        return dumped

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        made: Self = _adapter(cls).validate_python(data)
        return made

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Self:
        return replace(self, **(update or {}))  # type: ignore[type-var]


@dataclass(slots=True)
class DieRoll(_Plain):
    """One die: its purpose (catalog key such as "attack", "damage", "confirm"), size and face."""

    purpose: str
    sides: int
    face: int
    dropped: bool = False


@dataclass(slots=True)
class Modifier(_Plain):
    """A named contribution to a total; `key` is a catalog term key such as "str" or "flanking"."""

    key: str
    value: int | float


@dataclass(slots=True)
class Note(_Plain):
    """A remark the embed should show (catalog key plus parameters): "dex_lost", "crit_immune" …"""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    # Whose numbers its parameters are, when it carries any: the bot keeps a hidden side's from players.
    side: Side | None = None


def _terms_back(note: Note) -> Note:
    """A stored result's terms and messages come back as objects (JSON keeps them as dicts)."""
    note.params = {k: _revive(v) for k, v in note.params.items()}
    return note


def _revive(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"kind", "key"}:
        return Term(str(value["kind"]), str(value["key"]))
    if isinstance(value, dict) and set(value) <= {"key", "params"} and "key" in value:
        return Message(str(value["key"]), {k: _revive(v) for k, v in dict(value.get("params", {})).items()})
    if isinstance(value, list):  # a list of terms (the blows declared): each revived
        return [_revive(v) for v in value]
    return value


# A note as pydantic validates it from data (a stored result, an exchange): its terms revived.
ValidNote = Annotated[Note, AfterValidator(_terms_back)]


@dataclass(slots=True)
class StateChange(_Plain):
    """A field of a combatant's sheet that the action changed."""

    combatant: str
    field: str
    before: Any = None
    after: Any = None


_adapters: dict[str, TypeAdapter[Any]] = {}  # one per class, made on first use (few code paths need it)


def _adapter(cls: type[_Plain]) -> TypeAdapter[Any]:
    adapter = _adapters.get(cls.__name__)
    if adapter is None:
        adapter = _adapters[cls.__name__] = TypeAdapter(ValidNote if cls is Note else cls)
    return adapter


class Damage(_Data):
    """Damage of one hit: rolled total, what armour/soak took off, what the target received."""

    dice: list[int] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    multiplier: int | float = 1
    rolled: int = 0
    reduced_by: int = 0
    applied: int = 0
    kind: str = "lethal"


class ActionResult(_Data):
    """What one action did. Sub-attacks (iterative, two-weapon) go in `attacks`."""

    system: str
    action: str
    actor: str
    target: str | None = None
    weapon: str | None = None
    rolls: list[DieRoll] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    # The defender's side of an exchange (parry, dodge, Defense Total …): they make up `against`.
    defence_modifiers: list[Modifier] = Field(default_factory=list)
    total: int | None = None
    against: int | None = None
    against_key: str | None = None
    outcome: str = "none"
    margin: int | None = None
    damage: Damage | None = None
    location: str | None = None
    wound: str | None = None
    conditions: list[str] = Field(default_factory=list)
    changes: list[StateChange] = Field(default_factory=list)
    notes: list[ValidNote] = Field(default_factory=list)
    attacks: list[ActionResult] = Field(default_factory=list)
    tiebreak: list[int] = Field(default_factory=list)
    # Active defence: the defences the target may choose and the data needed to finish the exchange.
    defences: list[str] = Field(default_factory=list)
    exchange: dict[str, Any] | None = None
    actor_sheet: dict[str, Any] | None = None
    target_sheet: dict[str, Any] | None = None
    # Every roll that is compared or applied, in the order a player reads them (see `Check`).
    checks: list[Check] = Field(default_factory=list)


class Status(_Data):
    """How a combatant stands, as players and the GM see it."""

    level: str
    conditions: list[str] = Field(default_factory=list)
    hp: int | None = None
    hp_max: int | None = None
    # Numbers the GM sees (defence, AC, pools …); hidden from players for hidden NPCs.
    numbers: dict[str, int | float | str] = Field(default_factory=dict)
    # Cannot act this round (dead, dying, unconscious, left the fight …): `/encounter next` skips them.
    out_of_fight: bool = False
    # Dead for good: attacks on them are refused unless the GM forces one.
    dead: bool = False
    # What is left of the combatant's per-round budget (cz2d10 actions), shown after every action.
    actions_left: int | None = None


class BodyPart(_Data):
    """One body part of a combatant's wound picture (systems with hit locations).

    `key` is the part's id as the system's catalog names it (`location.<system>.<key>`); `severity` puts
    every system on one scale for drawing: 0 unhurt, 1–4 ever worse, 4 the worst a part can be before it
    is destroyed; `level` is the system's own wound-level id for the part (`wound.<system>.<level>`), or
    None when the system has no per-part levels; `damage` the damage the part took where the system
    counts it per part (None where it does not); `state` says whether the part is still there."""

    key: str
    severity: int = Field(0, ge=0, le=4)
    level: str | None = None
    damage: int | None = None
    state: Literal["ok", "destroyed", "amputated"] = "ok"


class SettingInfo(_Data):
    """A GM setting as the bot lists it: name, type, allowed values, default and one-line help."""

    name: str
    type: str
    default: Any
    choices: list[Any] | None = None
    minimum: float | None = None
    maximum: float | None = None
    help: str = ""


class Chance(_Data):
    """One possibility and its exact probability (0–1): an outcome, a wound level, a hit location."""

    key: str
    p: float


class OddsLine(_Data):
    """How the attack can go when the defender answers with `defence` (None: no choice to make, or the
    attack alone). Every number here depends on both sides' numbers (side "both")."""

    defence: str | None = None
    outcomes: list[Chance] = Field(default_factory=list)
    wounds: list[Chance] = Field(default_factory=list)
    locations: list[Chance] = Field(default_factory=list)
    expected_damage: float | None = None
    threat: float | None = None  # a critical threat is rolled
    confirm: float | None = None  # a threat is confirmed (given a threat)


class OddsResult(_Data):
    """Exact odds of an action before it is rolled (rules/odds.py)."""

    system: str
    action: str
    actor: str
    target: str | None = None
    weapon: str | None = None
    lines: list[OddsLine] = Field(default_factory=list)
    truncated: float = 0.0  # probability mass left out where an endless dice chain was cut (< 1e-9 a path)
    subattacks: int = 0  # a full attack's strikes, each treated as independent of the others
    method: Literal["enumerated", "staged"] = "enumerated"
    side: Side = "both"
