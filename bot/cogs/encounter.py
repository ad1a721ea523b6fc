"""`/encounter start|add|join|remove|status|next|end|resolve|edit|effect` and `/initiative`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.cogs import autocomplete as ac
from bot.cogs import pictures
from bot.cogs.base import BaseCog, Reply, defer, describe
from bot.presenters import render
from bot.presenters.fight_log import log_files, summary_embed
from bot.presenters.limits import cut, embed_groups, escape, fit_embeds
from bot.presenters.texts import Texts
from bot.service.context import Ctx
from bot.service.errors import UserError
from bot.service.game import ActionOutcome, EditOutcome, TurnOutcome

if TYPE_CHECKING:
    from bot.app import App


async def turn_reply(app: App, outcome: TurnOutcome) -> Reply:
    """The turn message, in the table's language. Prompts of defences rolled by default become their
    results in place after the answer went out (`retire_after`)."""
    tx = await app.table_texts(outcome.encounter)
    current = outcome.current
    users = [current.owner_user_id] if current is not None and current.owner_user_id is not None else []
    content = f"<@{users[0]}>" if users else None
    reply = Reply(fit_embeds([render.turn_embed(tx, outcome)]), content=content, mention_users=users)
    hidden = render.turn_gm_lines(tx, outcome)
    if hidden:  # only the GM moves the turn on: their private copy of what the table did not see
        reply.followups.append(
            Reply(content=cut(tx("turn.hidden_gm") + "\n" + "\n".join(hidden), 2000), ephemeral=True)
        )
    retire_after(app, tx, reply, outcome.settled)
    return reply


def retire_after(
    app: App, tx: Texts, reply: Reply, settled: list[ActionOutcome], why: str = "defence.gm_rolled"
) -> None:
    """Answer first: each prompt becomes its result by a REST edit once the interaction is answered (a
    dozen edits, rate-limited by Discord, must not hold the answer past its 3 seconds). The results whose
    prompt cannot be edited (deleted, or the bot may not edit there) follow as the interaction's own
    public follow-ups, which need no channel permission, in as many messages as they fill. `why` says why
    the defaults were rolled: the GM moved on, or resolved the attacks where they stand."""
    if not settled:
        return

    async def retire() -> None:
        unedited = [o for o in settled if not await app.retire_prompt(o, tx, why)]
        automatic = tx(why) if any(o.automatic for o in unedited) else None
        for group in embed_groups([render.action_embed(tx, o) for o in unedited]):
            reply.after.append(Reply(group, content=automatic))

    reply.then = retire


def _hidden_added(tx: Texts, embed: discord.Embed, text: str) -> Reply:
    """A hidden NPC's arrival is public; the warnings naming its numbers go to the GM privately."""
    public = render.message_embed(embed.title or "", text)
    return Reply([public], followups=[Reply([embed], ephemeral=True)])


def _edit_reply(tx: Texts, outcome: EditOutcome) -> Reply:
    """The change, publicly; the GM gets a private copy with the numbers when the combatant is hidden."""
    public, private = render.edit_reply_embeds(tx, outcome)
    reply = Reply([public])
    if private is not None:
        reply.followups.append(Reply([private], ephemeral=True))
    return reply


class NextConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"next:(?P<enc>[0-9]+):(?P<ver>[0-9]+)"):
    """The GM's confirmation that waiting defences get their default roll and the turn moves on. It
    carries the fight's version, so a second press (or one after anything else happened) is refused."""

    def __init__(self, encounter_id: int, version: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or "OK")[:80], style=discord.ButtonStyle.danger, custom_id=f"next:{encounter_id}:{version}"
            )
        )
        self.encounter_id = encounter_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Button[Any],  # type: ignore[override]
        match: Any,
    ) -> NextConfirm:
        return cls(int(match["enc"]), int(match["ver"]), item.label)

    async def callback(self, interaction: discord.Interaction) -> None:
        app: App = interaction.client.app  # type: ignore[attr-defined]
        cog = BaseCog(app)

        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            enc = await app.service.encounter(ctx.channel_id)
            if enc is None or enc.id != self.encounter_id or enc.version != self.version:
                raise UserError("error.confirm_stale")
            return await turn_reply(app, await app.service.next_turn(ctx, confirmed=True))

        await cog.run(interaction, handler)


class EncounterCog(BaseCog):
    encounter = app_commands.Group(name="encounter", description=describe("cmd.encounter"), guild_only=True)

    @encounter.command(name="start", description=describe("cmd.encounter.start"))
    @app_commands.describe(system=describe("opt.system"), name=describe("opt.encounter_name"))
    @app_commands.autocomplete(system=ac.system_ids)
    async def start(self, interaction: discord.Interaction, system: str, name: str | None = None) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            enc = await self.app.service.start_encounter(ctx, system, name)
            from rules import get_system

            reply = Reply([render.started_embed(tx, enc, get_system(enc.system))])
            if self.app.tracker is not None:
                perms = interaction.app_permissions
                if perms.send_messages and perms.embed_links:
                    can_pin = perms.pin_messages or perms.manage_messages
                    self.app.tracker.open(enc, can_pin=can_pin)
                    if not can_pin:  # told once, to the GM only; the tracker is kept up to date unpinned
                        reply.followups.append(Reply(content=tx("tracker.cannot_pin"), ephemeral=True))
                else:  # told once, to the GM only; the fight goes on without a tracker
                    reply.followups.append(Reply(content=tx("tracker.cannot_post"), ephemeral=True))
            return reply

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
            enc, added, warnings = await self.app.service.add_npcs(ctx, name, stats, count, hidden)
            names = cut(", ".join(escape(c.name) for c in added), 3500)
            text = tx("encounter.added", names=names, count=len(added))
            if hidden:
                text += "\n" + tx("encounter.added_hidden")
            embed = render.message_embed(tx("encounter.added_title", count=len(added)), text)
            render.add_warnings(tx.for_system(enc.system), embed, warnings)
            # The table sees who arrived; what a hidden NPC's line left to defaults is the GM's alone.
            return Reply([embed], ephemeral=False) if not (hidden and warnings) else _hidden_added(tx, embed, text)

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
    @app_commands.describe(picture=describe("opt.picture"))
    async def status(self, interaction: discord.Interaction, picture: bool = False) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            enc, system, gm = await self.app.service.status(ctx)
            # The GM sees every number, privately; players see the table without hidden numbers.
            reply = Reply([render.status_embed(tx, enc, system, full=gm)], ephemeral=gm)
            if picture:  # wound pictures: a hidden NPC's to players as its text shows it, no more
                reply.files, capped = await pictures.status_pictures(self.app, tx, enc, system, gm)
                if capped:
                    reply.content = tx("picture.capped", count=pictures.MOST)
            return reply

        await self.run(interaction, handler)

    @encounter.command(name="next", description=describe("cmd.encounter.next"))
    async def next(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            try:
                outcome = await self.app.service.next_turn(ctx)
            except UserError as exc:
                if exc.key != "error.defences_waiting":
                    raise
                # Defences still wait: say who has not answered and let the GM confirm the default rolls.
                enc = await self.app.service.encounter(ctx.channel_id)
                assert enc is not None
                view = discord.ui.View(timeout=None)
                view.add_item(NextConfirm(enc.id, enc.version, tx("encounter.next_confirm_button")))
                return Reply(content=tx(exc.key, **exc.params), view=view, ephemeral=True)
            return await turn_reply(self.app, outcome)

        await self.run(interaction, handler)

    @encounter.command(name="end", description=describe("cmd.encounter.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            enc, _system, _events = await self.app.service.end(ctx)
            await defer(interaction)  # the fight is over; writing its log may take longer than 3 s
            log = await self.app.service.build_log(enc.id)
            table = await self.app.table_texts(enc)
            reply = Reply([summary_embed(table, log, full=False)], files=log_files(table, log, full=False))
            if log.hidden:  # the GM's copy: hidden NPCs' totals and the full log, privately
                gm = Reply([summary_embed(table, log, full=True)], ephemeral=True)
                gm.content, gm.files = table("log.final_gm"), log_files(table, log, full=True)
                reply.followups.append(gm)
            return reply

        await self.run(interaction, handler)

    @encounter.command(name="log", description=describe("cmd.encounter.log"))
    async def log(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            enc, _system, _gm = await self.app.service.status(ctx)  # no fight: refused before deferring
            await defer(interaction, ephemeral=True)
            log, gm = await self.app.service.fight_log(ctx)
            table = await self.app.table_texts(enc)
            full = gm and bool(log.hidden)
            text = table("log.attached_gm") if full else table("log.attached")
            return Reply(content=text, ephemeral=True, files=log_files(table, log, full=full))

        await self.run(interaction, handler)

    @encounter.command(name="resolve", description=describe("cmd.encounter.resolve"))
    async def resolve(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcomes = await self.app.service.resolve_pending(ctx)
            # Answered first; then each prompt becomes its result (those that cannot be edited are posted).
            reply = Reply(content=tx("defence.forced", count=len(outcomes)))
            retire_after(self.app, tx, reply, outcomes, "defence.gm_resolved")
            return reply

        await self.run(interaction, handler)

    @encounter.command(name="edit", description=describe("cmd.encounter.edit"))
    @app_commands.describe(combatant=describe("opt.combatant"), stats=describe("opt.edit_stats"))
    @app_commands.autocomplete(combatant=ac.combatant_names, stats=ac.edit_list)
    async def edit(self, interaction: discord.Interaction, combatant: str, stats: str) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcome = await self.app.service.edit_combatant(ctx, combatant, stats)
            return _edit_reply(tx, outcome)

        await self.run(interaction, handler)

    @encounter.command(name="undo", description=describe("cmd.encounter.undo"))
    async def undo(self, interaction: discord.Interaction) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcome = await self.app.service.undo(ctx)
            table = await self.app.table_texts(outcome.encounter)
            reply = Reply([render.undo_embed(table, outcome)])
            editor, retired = self.app.message_editor, [x.message_id for x in outcome.retired if x.message_id]
            if retired and editor is not None:

                async def retire() -> None:  # after the answer: prompts whose attack was undone lose their buttons
                    note = render.message_embed(table("undo.prompt_retired"), table("undo.prompt_retired_text"))
                    for message_id in retired:
                        try:
                            await editor(outcome.encounter.channel_id, message_id, [note], None)
                        except Exception:
                            pass  # the prompt is gone already; its buttons refuse anyway

                reply.then = retire
            return reply

        await self.run(interaction, handler)

    effect = app_commands.Group(name="effect", description=describe("cmd.encounter.effect"), parent=encounter)

    @effect.command(name="add", description=describe("cmd.encounter.effect.add"))
    @app_commands.describe(
        combatant=describe("opt.combatant"),
        name=describe("opt.effect_name"),
        rounds=describe("opt.effect_rounds"),
        ends=describe("opt.effect_ends"),
    )
    @app_commands.choices(
        ends=[
            app_commands.Choice(name=describe("choice.effect_start"), value="start"),
            app_commands.Choice(name=describe("choice.effect_end"), value="end"),
        ]
    )
    @app_commands.autocomplete(combatant=ac.combatant_names, name=ac.conditions)
    async def effect_add(
        self,
        interaction: discord.Interaction,
        combatant: str,
        name: str,
        rounds: app_commands.Range[int, 1, 100] | None = None,
        ends: str | None = None,
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            key = await self._condition_key(ctx, tx, name)
            outcome = await self.app.service.add_effect(ctx, combatant, key, rounds, ends)
            return _edit_reply(tx, outcome)

        await self.run(interaction, handler)

    @effect.command(name="remove", description=describe("cmd.encounter.effect.remove"))
    @app_commands.describe(combatant=describe("opt.combatant"), name=describe("opt.effect_name"))
    @app_commands.autocomplete(combatant=ac.combatant_names, name=ac.effects_on)
    async def effect_remove(self, interaction: discord.Interaction, combatant: str, name: str) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            key = await self._condition_key(ctx, tx, name)
            outcome = await self.app.service.remove_effect(ctx, combatant, key)
            return _edit_reply(tx, outcome)

        await self.run(interaction, handler)

    async def _condition_key(self, ctx: Ctx, tx: Texts, typed: str) -> str:
        """A system condition typed by its name in the user's language becomes its key."""
        enc = await self.app.service.encounter(ctx.channel_id)
        if enc is None:
            return typed
        from rules import get_system

        return ac.condition_key(tx.for_system(enc.system), get_system(enc.system), typed)

    @app_commands.command(name="initiative", description=describe("cmd.initiative"))
    @app_commands.describe(
        combatant=describe("opt.initiative_combatant"),
        blows=describe("opt.initiative_blows"),
        weapon=describe("opt.initiative_weapon"),
        options=describe("opt.initiative_options"),
    )
    @app_commands.autocomplete(combatant=ac.combatant_names, blows=ac.blows, weapon=ac.weapons, options=ac.option_list)
    @app_commands.guild_only()
    async def initiative(
        self,
        interaction: discord.Interaction,
        combatant: str | None = None,
        blows: str | None = None,
        weapon: str | None = None,
        options: str | None = None,
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcome = await self.app.service.initiative(ctx, combatant, blows, weapon, options)
            return Reply([render.initiative_embed(tx, outcome)])

        await self.run(interaction, handler)


async def setup(bot: discord.Client) -> None:
    await bot.add_cog(EncounterCog(bot.app))  # type: ignore[attr-defined]
