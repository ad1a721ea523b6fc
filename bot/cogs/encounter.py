"""`/encounter start|add|join|remove|status|next|end` and `/initiative`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs import autocomplete as ac
from bot.cogs.base import BaseCog, Reply, describe
from bot.presenters import render
from bot.presenters.limits import cut, fit_embeds
from bot.presenters.render import Texts
from bot.service.context import Ctx

if TYPE_CHECKING:
    pass


class EncounterCog(BaseCog):
    encounter = app_commands.Group(name="encounter", description=describe("cmd.encounter"), guild_only=True)

    @encounter.command(name="start", description=describe("cmd.encounter.start"))
    @app_commands.describe(system=describe("opt.system"), name=describe("opt.encounter_name"))
    @app_commands.autocomplete(system=ac.system_ids)
    async def start(self, interaction: discord.Interaction, system: str, name: str | None = None) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            enc = await self.app.service.start_encounter(ctx, system, name)
            from rules import get_system

            return Reply([render.started_embed(tx, enc, get_system(enc.system))])

        await self.run(interaction, handler)

    @encounter.command(name="add", description=describe("cmd.encounter.add"))
    @app_commands.describe(
        name=describe("opt.npc_name"),
        stats=describe("opt.stats"),
        count=describe("opt.count"),
        hidden=describe("opt.hidden"),
    )
    @app_commands.autocomplete(stats=ac.stat_list)
    async def add(
        self,
        interaction: discord.Interaction,
        name: str,
        stats: str | None = None,
        count: app_commands.Range[int, 1, 30] | None = None,
        hidden: bool = False,
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            _, added = await self.app.service.add_npcs(ctx, name, stats, count, hidden)
            names = cut(", ".join(c.name for c in added), 3500)
            text = tx("encounter.added", names=names, count=len(added))
            if hidden:
                text += "\n" + tx("encounter.added_hidden")
            return Reply([render.message_embed(tx("encounter.added_title", count=len(added)), text)])

        await self.run(interaction, handler)

    @encounter.command(name="join", description=describe("cmd.encounter.join"))
    @app_commands.describe(character=describe("opt.character"))
    @app_commands.autocomplete(character=ac.own_characters)
    async def join(self, interaction: discord.Interaction, character: str) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            _, c = await self.app.service.join(ctx, character)
            return Reply([render.message_embed(tx("encounter.joined_title"), tx("encounter.joined", name=c.name))])

        await self.run(interaction, handler)

    @encounter.command(name="remove", description=describe("cmd.encounter.remove"))
    @app_commands.describe(combatant=describe("opt.combatant"))
    @app_commands.autocomplete(combatant=ac.combatant_names)
    async def remove(self, interaction: discord.Interaction, combatant: str) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            _, c = await self.app.service.remove(ctx, combatant)
            return Reply([render.message_embed(tx("encounter.removed_title"), tx("encounter.removed", name=c.name))])

        await self.run(interaction, handler)

    @encounter.command(name="status", description=describe("cmd.encounter.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            enc, system, gm = await self.app.service.status(ctx)
            # The GM sees every number, privately; players see the table without hidden numbers.
            return Reply([render.status_embed(tx, enc, system, full=gm)], ephemeral=gm)

        await self.run(interaction, handler)

    @encounter.command(name="next", description=describe("cmd.encounter.next"))
    async def next(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcome = await self.app.service.next_turn(ctx)
            for settled in outcome.settled:
                await self.app.retire_prompt(settled, tx)
            content = None
            if outcome.current is not None and not outcome.current.is_npc:
                content = f"<@{outcome.current.owner_user_id}>"
            embeds = [render.action_embed(tx, o) for o in outcome.settled]
            return Reply(fit_embeds([render.turn_embed(tx, outcome), *embeds]), content=content, mentions=True)

        await self.run(interaction, handler)

    @encounter.command(name="end", description=describe("cmd.encounter.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            enc, system, events = await self.app.service.end(ctx)
            return Reply([render.summary_embed(tx, enc, system, events)])

        await self.run(interaction, handler)

    @encounter.command(name="resolve", description=describe("cmd.encounter.resolve"))
    async def resolve(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcomes = await self.app.service.resolve_pending(ctx)
            for outcome in outcomes:
                await self.app.retire_prompt(outcome, tx)
            return Reply(
                fit_embeds([render.action_embed(tx, o) for o in outcomes]),
                content=tx("defence.forced", count=len(outcomes)),
            )

        await self.run(interaction, handler)

    @app_commands.command(name="initiative", description=describe("cmd.initiative"))
    @app_commands.describe(combatant=describe("opt.initiative_combatant"))
    @app_commands.autocomplete(combatant=ac.combatant_names)
    @app_commands.guild_only()
    async def initiative(self, interaction: discord.Interaction, combatant: str | None = None) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcome = await self.app.service.initiative(ctx, combatant)
            return Reply([render.initiative_embed(tx, outcome)])

        await self.run(interaction, handler)


async def setup(bot: discord.Client) -> None:
    await bot.add_cog(EncounterCog(bot.app))  # type: ignore[attr-defined]
