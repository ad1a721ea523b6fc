"""`/encounter undo`: take back exactly one command, from its change set, in one transaction."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.service.context import Ctx
from bot.service.core import ServiceCore, get_system
from bot.service.errors import UserError
from bot.service.state import Encounter, Exchange
from bot.storage import repository as repo
from rules import CombatSystem


@dataclass
class UndoOutcome:
    """What was undone (the kinds of commands, newest first) and the prompts it retired."""

    encounter: Encounter
    system: CombatSystem
    kinds: list[str]
    retired: list[Exchange] = field(default_factory=list)


class UndoMixin(ServiceCore):
    async def undo(self, ctx: Ctx) -> UndoOutcome:
        """The last command still applied in this channel's fight (an attack with its defence as one), by
        the GM; a player only their own, only while nothing came after it, and only if it rolled no dice
        unless the setting `player_undo` allows it. The change set restores every row; the version rises."""
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            recent = await self.db.read(repo.undoable, enc.id, 2)
            if not recent:
                raise UserError("error.undo_nothing")
            target = recent[0]
            targets = [target]
            if target.unit is not None and len(recent) > 1 and recent[1].id == target.unit:
                targets.append(recent[1])  # a defence goes with the attack it answered
            if not self.is_gm(ctx, enc):
                self._may_undo(ctx, enc, targets)
            before = {x.id: x for x in enc.pending}
            try:
                await self.db.transaction(repo.undo_commands, enc.id, targets, ctx.user_id, enc.version)
            except repo.StaleEncounter:
                self._cache.pop(ctx.channel_id, None)
                raise UserError("error.stale_retry") from None
            finally:
                self._cache.pop(ctx.channel_id, None)  # reload the restored rows
                self._settings_cache.pop(enc.id, None)
            after = await self._require(ctx)
            still = {x.id for x in after.pending}
            retired = [x for xid, x in before.items() if xid not in still]
            if after.pending:
                self._waiting.add(ctx.channel_id)
            self._notify(after)
            return UndoOutcome(after, get_system(after.system), [t.kind for t in targets], retired)

    def _may_undo(self, ctx: Ctx, enc: Encounter, targets: list[repo.CommandRow]) -> None:
        _, bot = self.encounter_settings(enc)
        gm = f"<@{enc.gm_user_id}>"
        if any(t.user_id != ctx.user_id for t in targets):
            raise UserError("error.undo_not_yours", gm=gm)
        if bot.player_undo == "none":
            raise UserError("error.undo_players_none", gm=gm)
        if bot.player_undo == "no_dice" and any(t.rolled for t in targets):
            raise UserError("error.undo_rolled", gm=gm)
