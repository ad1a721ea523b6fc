"""`/encounter log` and the log `/encounter end` attaches: the fight read back from its change sets."""

from __future__ import annotations

import asyncio

from bot.service.context import Ctx
from bot.service.core import ServiceCore
from bot.service.fight_log import FightLog, build_fight_log
from bot.storage import repository as repo


class LogMixin(ServiceCore):
    async def fight_log(self, ctx: Ctx) -> tuple[FightLog, bool]:
        """The channel's fight so far, and whether the reader is its GM (who gets the full copy)."""
        enc = await self._require(ctx)
        return await self.build_log(enc.id), self.is_gm(ctx, enc)

    async def build_log(self, encounter_id: int) -> FightLog:
        """Read in one go on the database thread; replayed off the event loop (a long fight's replay is
        CPU work that must not hold up other channels' commands)."""
        record = await self.db.read(repo.fight_record, encounter_id)
        return await asyncio.to_thread(build_fight_log, record)
