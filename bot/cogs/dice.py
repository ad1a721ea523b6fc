"""`/roll expression:`: any dice expression (keep/drop, rerolls, exploding, comparisons)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.base import BaseCog, Reply, describe
from bot.dice_roll import roll_expression
from bot.presenters import render
from bot.presenters.limits import cut
from bot.presenters.texts import Texts
from bot.service.context import Ctx


class DiceCog(BaseCog):
    @app_commands.command(name="roll", description=describe("cmd.roll"))
    @app_commands.describe(expression=describe("opt.expression"))
    async def roll(self, interaction: discord.Interaction, expression: app_commands.Range[str, 1, 200]) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            out = roll_expression(expression, self.app.roll_rng)
            text = cut(out.detail, 3900)
            return Reply([render.message_embed(tx("roll.title", name=ctx.user_name, total=out.total), text)])

        await self.run(interaction, handler)


async def setup(bot: discord.Client) -> None:
    await bot.add_cog(DiceCog(bot.app))  # type: ignore[attr-defined]
