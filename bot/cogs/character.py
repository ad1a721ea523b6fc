"""`/character create|show|set|list|delete`: a user's characters in this server."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands

from bot.cogs import autocomplete as ac
from bot.cogs import pictures
from bot.cogs.base import BaseCog, Reply, describe
from bot.presenters import render
from bot.presenters.texts import Texts
from bot.service.context import Ctx
from rules import all_systems, get_system


class CharacterCog(BaseCog):
    character = app_commands.Group(name="character", description=describe("cmd.character"), guild_only=True)

    @character.command(name="create", description=describe("cmd.character.create"))
    @app_commands.describe(
        system=describe("opt.system"),
        name=describe("opt.character_name"),
        stats=describe("opt.stats"),
        template=describe("opt.template"),
    )
    @app_commands.autocomplete(stats=ac.stat_list, system=ac.system_ids, template=ac.templates)
    async def create(
        self,
        interaction: discord.Interaction,
        system: str,
        name: str,
        stats: str | None = None,
        template: str | None = None,
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            chosen = template
            if template and system.strip() in all_systems():  # by its name in any language, or its id
                game = get_system(system.strip())
                chosen = tx.for_system(game.id).pick("template", template, game.templates())
            ch, warnings = await self.app.service.create_character(ctx, system, name, stats, chosen)
            embed = render.character_embed(tx, ch, get_system(ch.system))
            render.add_warnings(tx.for_system(ch.system), embed, warnings)
            return Reply([embed], ephemeral=True)

        await self.run(interaction, handler)

    @character.command(name="show", description=describe("cmd.character.show"))
    @app_commands.describe(name=describe("opt.character"))
    @app_commands.autocomplete(name=ac.own_characters)
    async def show(self, interaction: discord.Interaction, name: str | None = None) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            ch, fighting = await self.app.service.character_now(ctx, name)
            system = get_system(ch.system)
            reply = Reply([render.character_embed(tx, ch, system, fighting)], ephemeral=True)
            # A game with hit locations draws the character's wounds too (a PNG attached to the answer).
            drawn = await pictures.render(tx, system, ch.name, system.stored_sheet(ch.sheet), ch.gender)
            if drawn is not None:
                reply.files.append(drawn)
            return reply

        await self.run(interaction, handler)

    @character.command(name="set", description=describe("cmd.character.set"))
    @app_commands.describe(name=describe("opt.character"), stats=describe("opt.stats"))
    @app_commands.autocomplete(stats=ac.stat_list, name=ac.own_characters)
    async def set(self, interaction: discord.Interaction, name: str, stats: str) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            update = await self.app.service.update_character(ctx, name, stats)
            ch = update.character
            fighting = None
            if update.combatant is not None and update.fight is not None:  # shown as it now stands in the fight
                ch, fighting = replace(ch, sheet=update.combatant.sheet), update.fight.channel_id
            reply = Reply([render.character_embed(tx, ch, get_system(ch.system), fighting)], ephemeral=True)
            if update.fight is not None:
                # The character fights somewhere: the table there hears of the change, in its language.
                table = await self.app.table_texts(update.fight)
                note = render.character_update_embed(table, update)
                if update.fight.channel_id == ctx.channel_id:
                    reply.followups.append(Reply([note]))
                else:  # told after the answer went out (answer first: a REST post must not hold it)
                    fight_channel = update.fight.channel_id

                    async def tell_the_table() -> None:
                        await self.app.post(fight_channel, None, [note], [])

                    reply.then = tell_the_table
                    reply.content = tx("character.changed_in_fight_there", channel=f"<#{fight_channel}>")
            return reply

        await self.run(interaction, handler)

    @character.command(name="rest", description=describe("cmd.character.rest"))
    @app_commands.describe(name=describe("opt.character"), hours=describe("opt.hours"))
    @app_commands.autocomplete(name=ac.own_characters)
    async def rest(
        self, interaction: discord.Interaction, hours: app_commands.Range[int, 1, 48], name: str | None = None
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            ch, _ = await self.app.service.rest_character(ctx, name, hours)
            embed = render.character_embed(tx, ch, get_system(ch.system))
            return Reply([embed], content=tx("character.rested", name=ch.name, hours=hours), ephemeral=True)

        await self.run(interaction, handler)

    @character.command(name="list", description=describe("cmd.character.list"))
    async def list(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            return Reply([render.character_list_embed(tx, await self.app.service.characters(ctx))], ephemeral=True)

        await self.run(interaction, handler)

    @character.command(name="delete", description=describe("cmd.character.delete"))
    @app_commands.describe(name=describe("opt.character"))
    @app_commands.autocomplete(name=ac.own_characters)
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            ch = await self.app.service.delete_character(ctx, name)
            return Reply(content=tx("character.deleted", name=ch.name), ephemeral=True)

        await self.run(interaction, handler)


async def setup(bot: discord.Client) -> None:
    await bot.add_cog(CharacterCog(bot.app))  # type: ignore[attr-defined]
