"""`/settings show|set|reset`: GM settings, a server default with per-channel overrides."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.cogs import autocomplete as ac
from bot.cogs.base import BaseCog, Reply, describe, labeled_choices, language
from bot.presenters import render
from bot.presenters.texts import Texts
from bot.service.bot_settings import BotSettings
from bot.service.context import Ctx
from rules import get_system
from rules.system import describe_fields

Scope = Literal["channel", "server"]


async def _system_of(interaction: discord.Interaction) -> str | None:
    chosen = getattr(interaction.namespace, "system", None)
    if chosen:
        return str(chosen)
    enc = await interaction.client.app.service.encounter(interaction.channel_id or 0)  # type: ignore[attr-defined]
    return enc.system if enc else None


def _texts(interaction: discord.Interaction, system_id: str | None) -> Texts:
    app = interaction.client.app  # type: ignore[attr-defined]
    tx = Texts(app.catalog, language(interaction, app.config.default_locale))
    return tx.for_system(system_id) if system_id else tx


async def setting_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Settings by their name in the user's words (`Zaokrouhlování — …`); the command gets the id."""
    system_id = await _system_of(interaction)
    names = list(BotSettings.model_fields)
    if system_id:
        try:
            names = list(get_system(system_id).Settings.model_fields) + names
        except Exception:
            pass
    tx = _texts(interaction, system_id)
    return labeled_choices([(n, tx.term("settingname", n)) for n in names], current)


async def setting_values(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    name = str(getattr(interaction.namespace, "name", "") or "")
    system_id = await _system_of(interaction)
    infos = describe_fields(BotSettings)
    if system_id:
        try:
            infos = get_system(system_id).setting_infos() + infos
        except Exception:
            pass
    tx = _texts(interaction, system_id)
    for info in infos:
        if info.name == name and info.choices:
            labeled = []
            for c in info.choices:
                if isinstance(c, bool):
                    labeled.append((str(c).lower(), tx("settings.yes") if c else tx("settings.no")))
                else:
                    labeled.append((str(c), tx.term("settingvalue", f"{name}.{c}")))
            return labeled_choices(labeled, current)
    return []


class SettingsCog(BaseCog):
    settings = app_commands.Group(name="settings", description=describe("cmd.settings"), guild_only=True)

    @settings.command(name="show", description=describe("cmd.settings.show"))
    @app_commands.describe(system=describe("opt.system"))
    @app_commands.autocomplete(system=ac.system_ids)
    async def show(self, interaction: discord.Interaction, system: str | None = None) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            return Reply([render.settings_embed(tx, await self.app.service.show_settings(ctx, system))], ephemeral=True)

        await self.run(interaction, handler)

    @settings.command(name="set", description=describe("cmd.settings.set"))
    @app_commands.describe(
        name=describe("opt.setting_name"),
        value=describe("opt.setting_value"),
        system=describe("opt.system"),
        scope=describe("opt.scope"),
    )
    @app_commands.autocomplete(name=setting_names, value=setting_values, system=ac.system_ids)
    async def set(
        self,
        interaction: discord.Interaction,
        name: str,
        value: str,
        system: str | None = None,
        scope: Scope = "channel",
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            game, key, stored = await self.app.service.set_setting(ctx, name, value, system, scope)
            return Reply(content=render.setting_saved(tx, game, key, stored, scope), ephemeral=True)

        await self.run(interaction, handler)

    @settings.command(name="reset", description=describe("cmd.settings.reset"))
    @app_commands.describe(
        name=describe("opt.setting_name"), system=describe("opt.system"), scope=describe("opt.scope")
    )
    @app_commands.autocomplete(name=setting_names, system=ac.system_ids)
    async def reset(
        self,
        interaction: discord.Interaction,
        name: str | None = None,
        system: str | None = None,
        scope: Scope = "channel",
    ) -> None:
        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            n = await self.app.service.reset_setting(ctx, name, system, scope)
            return Reply(content=tx("settings.reset", count=n, scope=tx("settings.scope_" + scope)), ephemeral=True)

        await self.run(interaction, handler)


async def setup(bot: discord.Client) -> None:
    await bot.add_cog(SettingsCog(bot.app))  # type: ignore[attr-defined]
