"""`/help [system:] [topic:] [page:]`: how a fight runs and, per game, what a player types — in the
user's language, built from the games' own vocabularies and catalogs, within Discord's limits."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs import autocomplete as ac
from bot.cogs.base import BaseCog, Reply, describe
from bot.presenters.help import TOPICS, help_pages
from bot.presenters.texts import Texts
from bot.service.context import Ctx
from bot.service.errors import UserError


class HelpCog(BaseCog):
    @app_commands.command(name="help", description=describe("cmd.help"))
    @app_commands.describe(
        system=describe("opt.help_system"), topic=describe("opt.help_topic"), page=describe("opt.page")
    )
    @app_commands.choices(topic=[app_commands.Choice(name=describe(f"choice.help.{t}"), value=t) for t in TOPICS])
    @app_commands.autocomplete(system=ac.system_ids)
    async def help(
        self,
        interaction: discord.Interaction,
        system: str | None = None,
        topic: str | None = None,
        page: app_commands.Range[int, 1, 20] = 1,
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            game = system
            if game is None:  # in a fight, its game is the one meant
                enc = await self.app.service.encounter(ctx.channel_id)
                game = enc.system if enc is not None else None
            pages = help_pages(tx, self.app.bot_commands(), game, topic or ("stats" if system else "fight"))
            if not 1 <= page <= len(pages):
                raise UserError("error.help_page", pages=len(pages))
            return Reply([pages[page - 1]], ephemeral=True)

        await self.run(interaction, handler)


async def setup(bot: discord.Client) -> None:
    await bot.add_cog(HelpCog(bot.app))  # type: ignore[attr-defined]
