"""`/attack`, `/shot`, `/parry` and `/action` (a system's own actions: rest, disengage, aim …)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs import autocomplete as ac
from bot.cogs import pictures
from bot.cogs.base import BaseCog, Reply, defer, describe, labeled_choices, language
from bot.cogs.defence import prompt_reply, typed_answer_reply
from bot.presenters import render
from bot.presenters.odds import odds_embed
from bot.presenters.texts import Texts
from bot.service.context import Ctx
from bot.service.game import ActionOutcome
from rules import get_system


def with_blows(options: str | None, blows: str | None) -> str | None:
    """`blows:` is its own slash option (with autocomplete) but travels to the rules as an option."""
    if not blows or not blows.strip():
        return options
    joined = ",".join(b.strip() for b in blows.replace(" ", ",").split(",") if b.strip())
    return f"{options or ''} blows:{joined}".strip()


def _reply(tx: Texts, o: ActionOutcome) -> Reply:
    if o.exchange is not None:
        return prompt_reply(tx, o)
    passed = o.turn_passed_to
    users = [passed.owner_user_id] if passed is not None and passed.owner_user_id is not None else []
    content = f"<@{users[0]}>" if users else None
    public, private = render.action_embeds(tx, o)
    reply = Reply([public], content=content, mention_users=users)
    if private is not None and o.gm_view:
        # The table sees the redacted embed; the GM who acted gets only the numbers it left out.
        reply.followups.append(Reply([private], ephemeral=True))
    return reply


async def _actions(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The game's own actions by their name in the reader's words, with what each one does."""
    app = interaction.client.app  # type: ignore[attr-defined]
    enc = await app.service.encounter(interaction.channel_id or 0)
    if enc is None:
        return []
    system = get_system(enc.system)
    tx = Texts(app.catalog, language(interaction, app.config.default_locale), system.id)
    options = []
    for name in system.extra_actions:
        label = tx.term("action", name)
        meaning_key = f"meaning.{system.id}.action.{name}"
        if tx.catalog.has_own(tx.lang, meaning_key):
            label = f"{label} — {tx.catalog.messages[tx.lang][meaning_key]}"
        options.append((name, label))
    return labeled_choices(options, current)


# /attack and /shot share their options; /shot adds distance.
_ATTACK_DESCRIPTIONS = {name: describe(f"opt.{name}") for name in ("target", "weapon", "attacker", "options", "blows")}
_ATTACK_COMPLETIONS = {
    "target": ac.combatant_names,
    "attacker": ac.combatant_names,
    "weapon": ac.weapons,
    "options": ac.option_list,
    "blows": ac.blows,
}


class CombatCog(BaseCog):
    @app_commands.command(name="attack", description=describe("cmd.attack"))
    @app_commands.describe(**_ATTACK_DESCRIPTIONS)
    @app_commands.autocomplete(**_ATTACK_COMPLETIONS)
    @app_commands.guild_only()
    async def attack(
        self,
        interaction: discord.Interaction,
        target: str,
        weapon: str | None = None,
        attacker: str | None = None,
        options: str | None = None,
        blows: str | None = None,
    ) -> None:
        await self._attack(interaction, "attack", target, weapon, attacker, with_blows(options, blows), None)

    async def _attack(
        self,
        interaction: discord.Interaction,
        kind: str,
        target: str,
        weapon: str | None,
        attacker: str | None,
        options: str | None,
        distance: float | None,
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcome = await self.app.service.attack(ctx, kind, target, weapon, attacker, options, distance)
            reply = await pictures.with_hit_picture(self.app, tx, outcome, _reply(tx, outcome))
            if outcome.exchange is not None:
                exchange_id = outcome.exchange.id

                async def remember_prompt(message_id: int) -> None:
                    self.app.service.remember_prompt(ctx.channel_id, exchange_id, message_id)

                reply.on_sent = remember_prompt
            return reply

        await self.run(interaction, handler)

    @app_commands.command(name="shot", description=describe("cmd.shot"))
    @app_commands.describe(**_ATTACK_DESCRIPTIONS, distance=describe("opt.distance"))
    @app_commands.autocomplete(**_ATTACK_COMPLETIONS)
    @app_commands.guild_only()
    async def shot(
        self,
        interaction: discord.Interaction,
        target: str,
        weapon: str | None = None,
        attacker: str | None = None,
        distance: app_commands.Range[float, 0, 100000] | None = None,
        options: str | None = None,
        blows: str | None = None,
    ) -> None:
        await self._attack(interaction, "shot", target, weapon, attacker, with_blows(options, blows), distance)

    @app_commands.command(name="odds", description=describe("cmd.odds"))
    @app_commands.describe(**_ATTACK_DESCRIPTIONS, shot=describe("opt.odds_shot"), distance=describe("opt.distance"))
    @app_commands.autocomplete(**_ATTACK_COMPLETIONS)
    @app_commands.guild_only()
    async def odds(
        self,
        interaction: discord.Interaction,
        target: str,
        weapon: str | None = None,
        attacker: str | None = None,
        options: str | None = None,
        blows: str | None = None,
        shot: bool = False,
        distance: app_commands.Range[float, 0, 100000] | None = None,
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            kind = "shot" if shot or distance is not None else "attack"  # a distance means a shot
            question = await self.app.service.odds_question(
                ctx, kind, target, weapon, attacker, with_blows(options, blows), distance
            )
            await defer(interaction, ephemeral=True)  # refusals above; the computation may take a moment
            outcome = await self.app.service.odds(question)
            return Reply([odds_embed(tx, outcome)], ephemeral=True)

        await self.run(interaction, handler)

    @app_commands.command(name="parry", description=describe("cmd.parry"))
    @app_commands.describe(option=describe("opt.parry_option"), defender=describe("opt.defender"))
    @app_commands.autocomplete(defender=ac.combatant_names)
    @app_commands.guild_only()
    async def parry(
        self, interaction: discord.Interaction, option: str | None = None, defender: str | None = None
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            chosen = await self._defence_id(ctx, tx, option) if option else option
            outcome = await self.app.service.defend(ctx, None, chosen, defender)
            perms = interaction.app_permissions
            return await typed_answer_reply(self.app, tx, outcome, perms.send_messages and perms.embed_links)

        await self.run(interaction, handler)

    @parry.autocomplete("option")
    async def parry_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        enc = await self.app.service.encounter(interaction.channel_id or 0)
        if enc is None:
            return []
        tx = Texts(self.app.catalog, language(interaction, self.app.config.default_locale), enc.system)
        return labeled_choices([(d, tx.term("defence", d)) for d in enc.pending_defences()], current)

    @app_commands.command(name="action", description=describe("cmd.action"))
    @app_commands.describe(
        name=describe("opt.action_name"),
        actor=describe("opt.attacker"),
        target=describe("opt.target"),
        options=describe("opt.options"),
        weapon=describe("opt.weapon"),
    )
    @app_commands.autocomplete(
        name=_actions, actor=ac.combatant_names, target=ac.combatant_names, options=ac.option_list, weapon=ac.weapons
    )
    @app_commands.guild_only()
    async def action(
        self,
        interaction: discord.Interaction,
        name: str,
        actor: str | None = None,
        target: str | None = None,
        options: str | None = None,
        weapon: str | None = None,
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            action = await self._action_id(ctx, tx, name)
            return _reply(tx, await self.app.service.act(ctx, action, actor, target, options, weapon))

        await self.run(interaction, handler)

    async def _defence_id(self, ctx: Ctx, tx: Texts, typed: str) -> str:
        """The defence by its name in any language, as the prompt's buttons and the autocomplete show it
        (`unik`, `schivata`, `dodge`)."""
        enc = await self.app.service.encounter(ctx.channel_id)
        if enc is None:
            return typed
        return tx.for_system(enc.system).pick_by_word("defence", typed, enc.pending_defences())

    async def _action_id(self, ctx: Ctx, tx: Texts, typed: str) -> str:
        """The action by its name in any language, as the autocomplete shows it (`odpoczynek`, `rest`)."""
        enc = await self.app.service.encounter(ctx.channel_id)
        if enc is None:
            return typed
        game = get_system(enc.system)
        return tx.for_system(game.id).pick("action", typed, game.extra_actions)


async def setup(bot: discord.Client) -> None:
    await bot.add_cog(CombatCog(bot.app))  # type: ignore[attr-defined]
