"""The defender's turn: pending exchanges, answers in order, timeouts and forced resolution."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot.service.context import Ctx
from bot.service.core import get_system
from bot.service.errors import UserError, option_named
from bot.service.outcomes import ActionOutcome
from bot.service.staging import StagingMixin
from bot.service.state import Combatant, Encounter, Exchange
from bot.storage import repository as repo
from rules import (
    CombatSystem,
    Message,
    Term,
)
from rules.pairs import parse_pairs

log = logging.getLogger(__name__)


class ExchangeMixin(StagingMixin):
    """Attacks waiting for the defender."""

    async def defend(
        self,
        ctx: Ctx,
        exchange_id: int | None,
        choice: str | None,
        defender: str | None = None,
        options: str | None = None,
    ) -> ActionOutcome:
        """Answer a pending attack: a button (exchange id known) or `/parry` (the oldest one)."""
        async with self.lock(ctx.channel_id):
            enc = await self.encounter(ctx.channel_id)
            if enc is None:
                raise UserError("error.exchange_stale" if exchange_id else "error.no_encounter")
            system = get_system(enc.system)
            if exchange_id is not None:
                x = next((p for p in enc.pending if p.id == exchange_id), None)
                if x is None:
                    raise UserError("error.exchange_stale")
                target = enc.by_id(x.defender_id)
                if target is None or not self._may_control(ctx, enc, target):
                    raise UserError("error.not_your_defence")
                first = enc.pending_for(x.defender_id)[0]
                if first.id != x.id:
                    raise UserError("error.answer_in_order", attacker=self._name(enc, first.attacker_id))
            else:
                if not system.has_active_defence:
                    # Each alternative by its name and as what to type: "Úplná obrana (`options:total_defense`)".
                    instead: list[Message | str] = [option_named(k) for k in system.parry_alternatives()] or ["—"]
                    error = UserError(
                        "error.no_active_defence", system=Term("system", f"{system.id}.name"), instead=instead
                    )
                    error.system = system.id
                    raise error
                target = self._defender(ctx, enc, defender, system)
                queue = enc.pending_for(target.id)
                if not queue:
                    raise UserError("error.nothing_to_parry")
                x = queue[0]
            if choice is not None and x.defences and choice not in x.defences and not system.reads_typed_defence:
                error = UserError(
                    "error.defence_choice", choice=choice, allowed=[Term("defence", d) for d in x.defences]
                )
                error.system = system.id  # the defences by the game's names, not their ids
                raise error
            automatic = self.clock() > x.deadline
            return await self._close_exchange(ctx, enc, system, x, None if automatic else choice, options, automatic)

    def _defender(self, ctx: Ctx, enc: Encounter, name: str | None, system: CombatSystem) -> Combatant:
        if name:
            c = self._find(enc, name)
            if not self._may_control(ctx, enc, c):
                raise UserError("error.not_your_defence")
            return c
        mine = [c for c in enc.combatants if c.owner_user_id == ctx.user_id and enc.pending_for(c.id)]
        if mine:
            return mine[0]
        if self.is_gm(ctx, enc):
            waiting = sorted(enc.pending, key=lambda x: x.id)
            if waiting:
                found = enc.by_id(waiting[0].defender_id)
                if found is not None:
                    return found
        raise UserError("error.nothing_to_parry")

    @staticmethod
    def _name(enc: Encounter, combatant_id: int) -> str:
        c = enc.by_id(combatant_id)
        return c.name if c else "?"

    async def _close_exchange(
        self,
        ctx: Ctx,
        enc: Encounter,
        system: CombatSystem,
        x: Exchange,
        choice: str | None,
        options: str | None,
        automatic: bool,
    ) -> ActionOutcome:
        attacker, defender = enc.by_id(x.attacker_id), enc.by_id(x.defender_id)
        if attacker is None or defender is None:
            after = enc.copy()
            after.pending = [p for p in enc.pending if p.id != x.id]
            await self._commit(enc, after, repo.Commit(user_id=ctx.user_id, closed_exchanges=[(x.id, "cancelled")]))
            raise UserError("error.exchange_stale")
        rules_settings, _ = self.encounter_settings(enc)
        pending = x.waiting_result()
        opts = self._rules(system.options, self._option_pairs(system, parse_pairs(options))) if options else None
        final = self._defend_now(system, rules_settings, defender, attacker, pending, choice, opts)
        return await self._apply(ctx, enc, system, "defend", final, attacker, defender, close=x, automatic=automatic)

    async def resolve_pending(self, ctx: Ctx) -> list[ActionOutcome]:
        """GM: roll the default defence for every attack still waiting in this channel."""
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            if not enc.pending:
                raise UserError("error.nothing_pending")
            return await self._settle(ctx, enc, lambda x: True)

    async def _settle(self, ctx: Ctx, enc: Encounter, which: Any) -> list[ActionOutcome]:
        after = enc.copy()
        commit = repo.Commit(user_id=ctx.user_id)
        outcomes = self._settle_staged(after, commit, which)
        commit.upsert = self._changed(enc, after)
        await self._commit(enc, after, commit)
        for o in outcomes:
            o.encounter = after
            o.gm_view = self.is_gm(ctx, after)
        return outcomes

    async def expire_due(self) -> list[ActionOutcome]:
        """Roll the default defence wherever a defender's time ran out (a background task calls this)."""
        now = self.clock()
        outcomes: list[ActionOutcome] = []
        for channel_id in list(self._waiting):
            if channel_id in self._cache:
                enc = self._cache[channel_id]
                if enc is None or not any(x.deadline < now for x in enc.pending):
                    continue
            elif self._deadlines.get(channel_id, 0.0) >= now:  # not loaded since start-up, not due yet
                continue
            async with self.lock(channel_id):
                enc = await self.encounter(channel_id)
                if enc is None:
                    self._waiting.discard(channel_id)
                    continue
                ctx = Ctx(enc.guild_id, channel_id, 0, "bot", False)
                outcomes += await self._settle(ctx, enc, lambda x: x.deadline < now)
        return outcomes

    def remember_prompt(self, channel_id: int, exchange_id: int, message_id: int) -> None:
        """Note which message holds a prompt, so a timeout or `/parry` can replace it later. The id is known
        only after the answer was sent: kept in memory at once and saved with the channel's next
        transaction (no transaction of its own); lost in a crash before that, a timeout's or `/parry`'s
        result is posted as a new message instead."""
        enc = self._cache.get(channel_id)
        for x in enc.pending if enc else []:
            if x.id == exchange_id:
                x.message_id = message_id
                self._unsaved_prompts.setdefault(channel_id, []).append((exchange_id, message_id))

    async def load_active(self, owns_guild: Callable[[int], bool] = lambda _: True) -> None:
        """Start-up: the defence timers re-armed from one query (each channel's earliest deadline); a fight
        is read when its channel speaks or its first deadline passes, not before. A sharded process re-arms
        only the timers of its own guilds (another process owns the rest)."""
        for channel_id, guild_id, deadline in await self.db.read(repo.waiting_deadlines):
            if not owns_guild(guild_id):
                continue
            self._waiting.add(channel_id)
            self._deadlines[channel_id] = deadline
