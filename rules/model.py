"""Plain result data. Results carry numbers and catalog keys, never display text."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DieRoll(_Data):
    """One die: its purpose (catalog key such as "attack", "damage", "confirm"), size and face."""

    purpose: str
    sides: int
    face: int
    dropped: bool = False


class Modifier(_Data):
    """A named contribution to a total; `key` is a catalog term key such as "str" or "flanking"."""

    key: str
    value: int | float


class Note(_Data):
    """A remark the embed should show (catalog key plus parameters): "dex_lost", "crit_immune" …"""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)


class StateChange(_Data):
    """A field of a combatant's sheet that the action changed."""

    combatant: str
    field: str
    before: Any = None
    after: Any = None


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
    notes: list[Note] = Field(default_factory=list)
    attacks: list[ActionResult] = Field(default_factory=list)
    tiebreak: list[int] = Field(default_factory=list)
    # Active defence: the defences the target may choose and the data needed to finish the exchange.
    defences: list[str] = Field(default_factory=list)
    exchange: dict[str, Any] | None = None
    actor_sheet: dict[str, Any] | None = None
    target_sheet: dict[str, Any] | None = None


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


class SettingInfo(_Data):
    """A GM setting as the bot lists it: name, type, allowed values, default and one-line help."""

    name: str
    type: str
    default: Any
    choices: list[Any] | None = None
    minimum: float | None = None
    maximum: float | None = None
    help: str = ""
