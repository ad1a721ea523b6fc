"""The service's plumbing: cached encounters, locks, permissions, and one commit per command.

Active encounters are cached per channel and replaced only after their commit succeeded, so a failed
command leaves neither the database nor the cache half-written."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel

from bot.service.bot_settings import BotSettings
from bot.service.cache import EncounterCache
from bot.service.context import Ctx
from bot.service.errors import UserError
from bot.service.state import Combatant, Encounter, sheet_data
from bot.storage import repository as repo
from bot.storage.database import Database
from bot.storage.tx import Tx
from rules import (
    CombatSystem,
    DiceSource,
    RandomDice,
    RulesError,
)
from rules import get_system as rules_get_system

log = logging.getLogger(__name__)

MAX_COMBATANTS = 60
MAX_NAME = 100
MAX_COUNT = 30


def get_system(system_id: str) -> CombatSystem:
    try:
        return rules_get_system(system_id)
    except RulesError as exc:
        raise UserError("error.unknown_system", system=system_id, allowed=exc.params.get("allowed", [])) from None


class ServiceCore:
    def __init__(self, db: Database, dice: DiceSource | None = None, clock: Any = time.time) -> None:
        self.db = db
        self.clock = clock
        self.dice: DiceSource = dice or RandomDice()
        self._cache = EncounterCache(on_evict=self._forget)
        self._locks: dict[int, asyncio.Lock] = {}
        self._settings_cache: dict[int, tuple[BaseModel, BotSettings]] = {}
        self._waiting: set[int] = set()  # channels with an attack waiting for its defence
        self._deadlines: dict[int, float] = {}  # their earliest deadline, until the fight is loaded
        self._pinned: dict[int, str | None] = {}  # channel → language pinned by the GM
        self._unsaved_prompts: dict[int, list[tuple[int, int]]] = {}  # channel → (exchange, message) to save
        # Told after every committed change (the live tracker schedules an edit); must not block.
        self.on_change: Callable[[Encounter], None] | None = None

    # --- plumbing --------------------------------------------------------------------------------
    def _forget(self, channel_id: int, enc: Encounter | None) -> None:
        """A channel left the cache: its per-channel maps go too (bounded with it)."""
        lock = self._locks.get(channel_id)
        if lock is not None and not lock.locked():
            del self._locks[channel_id]
        self._pinned.pop(channel_id, None)
        if enc is not None:
            self._settings_cache.pop(enc.id, None)

    def lock(self, channel_id: int) -> asyncio.Lock:
        found = self._locks.get(channel_id)
        if found is None:
            found = self._locks[channel_id] = asyncio.Lock()
        return found

    async def encounter(self, channel_id: int) -> Encounter | None:
        if channel_id in self._cache:
            return self._cache[channel_id]
        enc = await self.db.read(repo.load_active_encounter, channel_id)
        self._cache[channel_id] = enc
        self._deadlines.pop(channel_id, None)  # the loaded fight's own exchanges say from now on
        if enc is not None and enc.pending:
            self._waiting.add(channel_id)
        return enc

    async def _require(self, ctx: Ctx) -> Encounter:
        enc = await self.encounter(ctx.channel_id)
        if enc is None:
            raise UserError("error.no_encounter")
        return enc

    def is_gm(self, ctx: Ctx, enc: Encounter) -> bool:
        return ctx.manager or ctx.user_id == enc.gm_user_id

    def _require_gm(self, ctx: Ctx, enc: Encounter) -> None:
        if not self.is_gm(ctx, enc):
            raise UserError("error.gm_only", gm=f"<@{enc.gm_user_id}>")

    def encounter_settings(self, enc: Encounter) -> tuple[BaseModel, BotSettings]:
        cached = self._settings_cache.get(enc.id)
        if cached is None:
            system = get_system(enc.system)
            cached = (system.stored_settings(enc.settings.get("rules", {})), BotSettings(**enc.settings.get("bot", {})))
            self._settings_cache[enc.id] = cached
        return cached

    async def _commit(self, before: Encounter, after: Encounter, commit: repo.Commit) -> list[int]:
        commit.encounter = after
        commit.expected_version = before.version
        commit.before = before
        commit.prompt_messages = self._unsaved_prompts.pop(before.channel_id, [])
        try:
            new_ids = await self.db.transaction(repo.apply_commit, commit)
        except repo.StaleEncounter:
            self._cache.pop(before.channel_id, None)
            raise UserError("error.stale_retry") from None
        except Exception:
            self._cache.pop(before.channel_id, None)
            raise
        after.version = before.version + 1
        self._cache[after.channel_id] = after if after.status == "active" else None
        if after.pending and after.status == "active":
            self._waiting.add(after.channel_id)
        else:
            self._waiting.discard(after.channel_id)
        if after.status != "active":
            self._settings_cache.pop(after.id, None)
        self._notify(after)
        return new_ids

    def _notify(self, enc: Encounter) -> None:
        if self.on_change is not None:
            try:
                self.on_change(enc)
            except Exception:  # the tracker must never fail a command that has committed
                logging.getLogger(__name__).exception("change listener failed")

    @staticmethod
    def _put(enc: Encounter, updated: Combatant) -> None:
        for i, c in enumerate(enc.combatants):
            if c.id == updated.id:
                enc.combatants[i] = updated
                return

    def _find(self, enc: Encounter, name: str) -> Combatant:
        found = enc.find(name)
        if found is None:
            known = [c.name for c in enc.combatants][:10]
            raise UserError("error.unknown_combatant", name=name, known=known or ["—"])
        return found

    def _may_control(self, ctx: Ctx, enc: Encounter, c: Combatant) -> bool:
        return self.is_gm(ctx, enc) or c.owner_user_id == ctx.user_id

    def _actor(self, ctx: Ctx, enc: Encounter, name: str | None, descending: bool) -> Combatant:
        if name:
            c = self._find(enc, name)
            if not self._may_control(ctx, enc, c):
                raise UserError("error.not_your_combatant", name=c.name)
            return c
        owned = [c for c in enc.combatants if c.owner_user_id == ctx.user_id]
        if not owned:
            key = "error.name_the_actor" if self.is_gm(ctx, enc) else "error.no_own_combatant"
            raise UserError(key)
        current = enc.current(descending)
        if current is not None and current in owned:
            return current
        return owned[0]

    @staticmethod
    def _rules(call: Any, *args: Any) -> Any:
        try:
            return call(*args)
        except RulesError as exc:
            error = UserError(exc.key, **exc.params)
            owner = getattr(call, "__self__", None)  # the system whose method refused
            error.system = owner.id if isinstance(owner, CombatSystem) else None
            raise error from None

    async def _effective_settings(self, ctx: Ctx, system: CombatSystem) -> tuple[dict[str, Any], dict[str, Any]]:
        """The rule and bot settings in force here: server defaults, then this channel's overrides."""
        in_force: tuple[dict[str, Any], dict[str, Any]] = await self.db.read(
            settings_in_force, ctx.guild_id, ctx.channel_id, system
        )
        return in_force

    def _keep_turn(
        self, enc: Encounter, current: Combatant | None, system: CombatSystem, acting: list[Combatant] | None = None
    ) -> None:
        """Keep the turn on the same combatant after the order changed; if it left, the next one.
        `acting` is the encounter's acting order as it stands, when the caller has it."""
        if enc.round < 1 or current is None:
            return
        ids = [c.id for c in (enc.acting(system.initiative_descending) if acting is None else acting)]
        if current.id in ids:
            enc.turn = ids.index(current.id)
        else:  # it left: whoever slid into its place comes next (past the end = the round is over)
            enc.turn = min(enc.turn, len(ids))

    def _carried(self, system: CombatSystem, sheet: dict[str, Any]) -> dict[str, Any]:
        """A sheet's build and lasting fields, turn state back to its defaults (what a character keeps)."""
        kept = {k: v for k, v in sheet.items() if system.field_classes.get(k, "build") in ("build", "lasting")}
        model = self._rules(system.stored_sheet, kept)
        return sheet_data(model)

    def _stat_pairs(self, system: CombatSystem, pairs: dict[str, Any], keep: Iterable[str] = ()) -> dict[str, Any]:
        """A stats line's keys and values in the game's words (native or English, any case, with or
        without diacritics) → what the sheet model accepts: the one key parser of /character create|set
        and /encounter add|edit. Keys in `keep` pass through untouched."""
        kept = {k: pairs.pop(k) for k in list(pairs) if k in keep}
        resolved: dict[str, Any] = self._in_game(system, system.stat_vocabulary().resolve, pairs)
        return {**resolved, **kept}

    def _option_pairs(self, system: CombatSystem, pairs: dict[str, Any]) -> dict[str, Any]:
        """An options line in the game's words → the option keys and values the rules accept."""
        if not pairs:
            return {}  # most attacks name no options: nothing to resolve, no vocabulary to build
        resolved: dict[str, Any] = self._in_game(system, system.option_vocabulary().resolve, pairs)
        return resolved

    def _in_game(self, system: CombatSystem, call: Any, *args: Any) -> Any:
        """A rules call that is not a method of the system itself, its refusals named in the game's terms."""
        try:
            return call(*args)
        except RulesError as exc:
            error = UserError(exc.key, **exc.params)
            error.system = system.id
            raise error from None

    @staticmethod
    def _refuse_fight_state(system: CombatSystem, pairs: dict[str, Any]) -> None:
        """Stats lines set build and lasting fields; a fight's own state and the bot's bookkeeping never."""
        owned = [k for k in pairs if system.field_classes.get(k, "build") not in ("build", "lasting")]
        if owned:
            raise UserError("error.turn_state_fields", keys=owned)

    @staticmethod
    def _changed(before: Encounter, after: Encounter) -> list[Combatant]:
        """Combatants a command replaced (every change replaces the object), to be written."""
        originals = {id(c) for c in before.combatants}
        return [c for c in after.combatants if id(c) not in originals]


# One encoder for every event payload: `json.dumps` with an option builds a new encoder per call.
_ENCODER = json.JSONEncoder(ensure_ascii=False)


def _json(value: Any) -> str:
    """An event's payload as `json.dumps(value, ensure_ascii=False)` writes it (the same text)."""
    return _ENCODER.encode(value)


async def settings_in_force(
    tx: Tx, guild_id: int, channel_id: int, system: CombatSystem
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(rule settings, bot settings) in force in a channel: server defaults, then the channel's overrides.
    Read on its own (a fight's start) or inside the transaction that changes them (`/settings` mid-fight)."""
    values: list[dict[str, Any]] = []
    for owner in (system.id, "bot"):
        guild, channel = await repo.load_settings(tx, guild_id, channel_id, owner)
        values.append({**guild, **channel})
    rules_model = system.stored_settings(values[0])
    return rules_model.model_dump(mode="json"), BotSettings(**values[1]).model_dump(mode="json")
