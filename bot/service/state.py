"""In-memory encounter state as the service works on it (loaded from and written to SQLite)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.storage.jsontext import canonical, compact, parse
from rules import ActionResult, CombatSystem, Fighter, Status


class _Entry:
    """A validated sheet and, once asked for, its status (a pure function of the sheet). `strict`: the
    text passed the strict check of a sheet the rules wrote, not only the lenient one of stored data."""

    __slots__ = ("model", "status", "strict")

    def __init__(self, model: BaseModel, strict: bool = False) -> None:
        self.model = model
        self.status: Status | None = None
        self.strict = strict


class ModelCache:
    """Validated sheets by their JSON text, most recently used kept. Identical NPC sheets share one
    model, and memory stays bounded however many encounters are active. A sheet's status is kept with
    it: a command asks for it several times (the turn scan, the answer, the tracker), each the same."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, str], _Entry] = OrderedDict()

    def get(self, system: CombatSystem, sheet_json: str) -> BaseModel:
        return self._entry(system, sheet_json).model

    def status(self, system: CombatSystem, sheet_json: str) -> Status:
        entry = self._entry(system, sheet_json)
        if entry.status is None:
            entry.status = system.status(entry.model)
        return entry.status

    def put(self, system: CombatSystem, sheet_json: str, model: BaseModel) -> None:
        """A sheet validated elsewhere (the rules' new sheet, checked strictly before the commit): not
        again. A text already kept as strictly checked keeps its entry, and so its status."""
        if self.strict(system, sheet_json) is None:
            self._keep((system.id, sheet_json), _Entry(model, strict=True))

    def strict(self, system: CombatSystem, sheet_json: str) -> BaseModel | None:
        """The model of a sheet text that passed the strict check before, if it is kept: the same text is
        the same sheet (fights write the same sheets again and again: a fresh round, identical NPCs)."""
        key = (system.id, sheet_json)
        found = self._items.get(key)
        if found is None or not found.strict:
            return None
        self._items.move_to_end(key)
        return found.model

    def _entry(self, system: CombatSystem, sheet_json: str) -> _Entry:
        key = (system.id, sheet_json)
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
            return found
        entry = _Entry(system.stored_sheet(parse(sheet_json)))
        self._keep(key, entry)
        return entry

    def _keep(self, key: tuple[str, str], entry: _Entry) -> None:
        self._items[key] = entry
        self._items.move_to_end(key)
        if len(self._items) > self.size:
            self._items.popitem(last=False)


MODELS = ModelCache(2048)


def sheet_data(model: BaseModel) -> dict[str, Any]:
    """A validated sheet as stored: JSON values, each field under the key a stats line and the rules' own
    dumps use (its alias: cz2d10's `str`, not `str_`), so every path writes the same keys and a change
    shows as that change alone."""
    data: dict[str, Any] = model.model_dump(mode="json", by_alias=True)
    return data


def dump_sheet(sheet: dict[str, Any]) -> str:
    """A sheet's stored text, canonical (keys sorted): the same sheet is always the same text, so a change
    set patched backwards restores the row exactly."""
    return canonical(sheet)


@dataclass(frozen=True, slots=True)
class Effect:
    """A condition or label the GM put on a combatant. `condition` is set when it is the system's own
    condition (then the sheet carries it too); `rounds` counts the owner's turns left, ticking at the
    `ends` edge of each of them (None = until removed)."""

    name: str
    condition: bool = False
    rounds: int | None = None
    ends: str = "end"  # "start" or "end" of the owner's turn

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "condition": self.condition, "rounds": self.rounds, "ends": self.ends}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Effect:
        return cls(str(data["name"]), bool(data.get("condition")), data.get("rounds"), str(data.get("ends", "end")))


def dump_effects(effects: list[Effect]) -> str:
    return compact([e.to_json() for e in effects])


def load_effects(text: str | None) -> list[Effect]:
    return [Effect.from_json(d) for d in parse(text or "[]")]


@dataclass(slots=True)
class Combatant:
    """A fighter in an encounter. The sheet is kept as its stored JSON text (compact, ready to write)
    plus the validated model, built on first use: 1,000 encounters stay small in memory."""

    id: int
    name: str
    owner_user_id: int | None
    character_id: int | None
    hidden: bool
    sheet_json: str
    initiative: int | None = None
    tiebreak: list[int] = field(default_factory=list)
    seq: int = 0
    effects: list[Effect] = field(default_factory=list)
    gender: str | None = None  # m, f or n; None reads neutrally

    @property
    def is_npc(self) -> bool:
        return self.owner_user_id is None

    def model(self, system: CombatSystem) -> BaseModel:
        """The validated sheet (cached by its text, so each version is validated once)."""
        return MODELS.get(system, self.sheet_json)

    def status(self, system: CombatSystem) -> Status:
        """How the combatant stands (cached with the validated sheet)."""
        return MODELS.status(system, self.sheet_json)

    def fighter(self, system: CombatSystem) -> Fighter[Any]:
        return Fighter(self.name, self.model(system))

    @property
    def sheet(self) -> dict[str, Any]:
        parsed: dict[str, Any] = parse(self.sheet_json)
        return parsed

    def with_sheet(self, sheet: dict[str, Any]) -> Combatant:
        # Every field by hand: `dataclasses.replace` walks the fields' metadata on each call (~4× slower);
        # tests/bot/test_state_copies.py fails when a field is added here but not carried over.
        return Combatant(
            self.id,
            self.name,
            self.owner_user_id,
            self.character_id,
            self.hidden,
            dump_sheet(sheet),
            self.initiative,
            self.tiebreak,
            self.seq,
            self.effects,
            self.gender,
        )


@dataclass(slots=True)
class Exchange:
    """An attack waiting for the defender's answer."""

    id: int
    attacker_id: int
    defender_id: int
    kind: str
    options: str
    result: dict[str, Any]
    created_at: float
    deadline: float
    status: str = "pending"
    message_id: int | None = None
    command_id: int | None = None  # the command that opened it (its defence belongs with it)
    # The waiting result as the rules made it, when this process opened the exchange: its defence then
    # skips validating `result` again. Never stored; an exchange read back from the database has None.
    pending_result: ActionResult | None = field(default=None, compare=False, repr=False)

    def waiting_result(self) -> ActionResult:
        """The attack waiting for its defence (validated from the stored JSON once per process)."""
        if self.pending_result is None:
            self.pending_result = ActionResult.model_validate(self.result)
        return self.pending_result

    @property
    def defences(self) -> list[str]:
        return list(self.result.get("defences", []))


@dataclass(slots=True)
class Encounter:
    id: int
    guild_id: int
    channel_id: int
    system: str
    name: str
    gm_user_id: int
    round: int
    turn: int
    settings: dict[str, Any]
    version: int
    combatants: list[Combatant]
    status: str = "active"
    pending: list[Exchange] = field(default_factory=list)
    language: str | None = None  # the starting GM's language, for what the bot posts on its own
    tracker_message_id: int | None = None  # the live tracker's message in the channel, once posted

    def copy(self) -> Encounter:
        """A copy for a command to change (its own combatant list; the rest shared until replaced). Every
        field by hand, as `with_sheet` does (tests/bot/test_state_copies.py holds it to `replace`)."""
        return Encounter(
            self.id,
            self.guild_id,
            self.channel_id,
            self.system,
            self.name,
            self.gm_user_id,
            self.round,
            self.turn,
            self.settings,
            self.version,
            list(self.combatants),
            self.status,
            self.pending,
            self.language,
            self.tracker_message_id,
        )

    def find(self, name: str) -> Combatant | None:
        folded = name.strip().casefold()
        for c in self.combatants:
            if c.name.casefold() == folded:
                return c
        return None

    def by_id(self, combatant_id: int) -> Combatant | None:
        for c in self.combatants:  # a plain loop: asked several times a command, over a few combatants
            if c.id == combatant_id:
                return c
        return None

    def pending_for(self, defender_id: int) -> list[Exchange]:
        """Open exchanges against one defender, oldest first: they are answered in this order."""
        return sorted((x for x in self.pending if x.defender_id == defender_id), key=lambda x: x.id)

    def pending_defences(self) -> list[str]:
        """The defences the open exchanges offer, each once, in the order they first appear."""
        return list(dict.fromkeys(d for x in self.pending for d in x.defences))

    def order(self, descending: bool) -> list[Combatant]:
        """Combatants with initiative in acting order, then those still without, by arrival."""
        waiting = [c for c in self.combatants if c.initiative is None]
        waiting.sort(key=_arrival)
        return self.acting(descending) + waiting

    def acting(self, descending: bool) -> list[Combatant]:
        """Combatants with initiative in acting order (the turn counts along this list)."""
        rolled = [c for c in self.combatants if c.initiative is not None]
        sign = 1 if descending else -1
        rolled.sort(key=lambda c: (sign * (c.initiative or 0), *c.tiebreak, -c.seq), reverse=True)
        return rolled

    def current(self, descending: bool, acting: list[Combatant] | None = None) -> Combatant | None:
        """Whose turn it is; `acting` is this encounter's `acting(descending)` when the caller has it."""
        if self.round < 1:
            return None
        order = self.acting(descending) if acting is None else acting
        if not 0 <= self.turn < len(order):
            return None  # past the last one: nobody in this round can act
        return order[self.turn]


def _arrival(c: Combatant) -> int:
    return c.seq
