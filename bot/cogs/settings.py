"""`/settings show|set|reset`: GM settings, a server default with per-channel overrides."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.cogs import autocomplete as ac
from bot.cogs.base import BaseCog, Reply, describe, labeled_choices, language
from bot.presenters import render
from bot.presenters.texts import Texts
from bot.service.bot_settings import BotSettings
from bot.service.context import Ctx
from bot.service.errors import UserError
from rules import get_system
from rules.model import SettingInfo, Term
from rules.system import describe_fields
from rules.vocabulary import fold

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


def _names_of(system_id: str | None) -> list[str]:
    """The settings a GM may set here: the game's rules, then the bot's."""
    names = list(BotSettings.model_fields)
    if system_id:
        try:
            names = list(get_system(system_id).Settings.model_fields) + names
        except Exception:  # an unknown system typed in `system:`: the service refuses it by name
            pass
    return names


def _infos_of(system_id: str | None) -> list[SettingInfo]:
    infos = describe_fields(BotSettings)
    if system_id:
        try:
            infos = get_system(system_id).setting_infos() + infos
        except Exception:
            pass
    return infos


def _labeled_values(tx: Texts, name: str, choices: list[Any]) -> list[tuple[str, str]]:
    """A setting's choices as (value the command takes, the reader's name for it)."""
    return [
        (str(c).lower(), tx("settings.yes") if c else tx("settings.no"))
        if isinstance(c, bool)
        else (str(c), tx.term("settingvalue", f"{name}.{c}"))
        for c in choices
    ]


async def setting_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Settings by their name in the user's words (`Zaokrouhlování — …`); the command gets the id."""
    system_id = await _system_of(interaction)
    tx = _texts(interaction, system_id)
    return labeled_choices([(n, tx.term("settingname", n)) for n in _names_of(system_id)], current)


async def setting_values(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    name = str(getattr(interaction.namespace, "name", "") or "")
    system_id = await _system_of(interaction)
    tx = _texts(interaction, system_id)
    for info in _infos_of(system_id):
        if info.name == name and info.choices:
            return labeled_choices(_labeled_values(tx, name, list(info.choices)), current)
    return []


def typed_setting(tx: Texts, system_id: str | None, name: str) -> str:
    """The setting a GM meant: its id, or its name as `/settings show` and the suggestions give it, in any
    language (a GM types `Hlídat pořadí tahů` as often as picking it)."""
    return tx.pick("settingname", name, _names_of(system_id))


def _choices(system_id: str | None, name: str) -> list[Any]:
    info = next((i for i in _infos_of(system_id) if i.name == name and i.choices), None)
    return list(info.choices or []) if info is not None else []


def typed_value(tx: Texts, system_id: str | None, name: str, value: str) -> str:
    """A choice's value as the setting takes it, typed as the value or as its name in any language
    (`ne`, `nie`, `no`, `Vzor 2`); anything else as typed, for the setting's own check."""
    want = fold(value)
    for c in _choices(system_id, name):
        if isinstance(c, bool):
            words = {fold(m["settings.yes" if c else "settings.no"]) for m in tx.catalog.messages.values()}
            if want in words | ({"true", "yes", "on", "1"} if c else {"false", "no", "off", "0"}):
                return str(c).lower()
        elif tx.pick("settingvalue", value, [f"{name}.{c}"]) == f"{name}.{c}":
            return str(c)
    return value


def choice_refusal(tx: Texts, system_id: str | None, name: str, exc: UserError) -> UserError:
    """A value the setting refused: for a setting with choices, the choices in the reader's words rather
    than the ids the check lists."""
    choices = _choices(system_id, name)
    if exc.key != "error.setting_invalid" or not choices:
        return exc
    shown = [label for _, label in _labeled_values(tx, name, choices)]
    error = UserError("error.setting_choice", name=Term("settingname", name), values=shown)
    error.system = system_id
    return error


def _words(tx: Texts, system_id: str | None) -> Texts:
    """The reader's texts for the game's setting names (a system typed wrong is refused by the service)."""
    try:
        return tx.for_system(get_system(system_id).id) if system_id else tx
    except Exception:
        return tx


class SettingsCog(BaseCog):
    settings = app_commands.Group(name="settings", description=describe("cmd.settings"), guild_only=True)

    async def _fight_system(self, ctx: Ctx) -> str | None:
        enc = await self.app.service.encounter(ctx.channel_id)
        return enc.system if enc else None

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
            system_id = system or await self._fight_system(ctx)
            words = _words(tx, system_id)
            key = typed_setting(words, system_id, name)
            try:
                saved = await self.app.service.set_setting(
                    ctx, key, typed_value(words, system_id, key, value), system, scope
                )
            except UserError as exc:
                raise choice_refusal(words, system_id, key, exc) from None
            return Reply(content=render.setting_saved(tx, saved, scope), ephemeral=True)

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
            system_id = system or await self._fight_system(ctx)
            key = typed_setting(_words(tx, system_id), system_id, name) if name else None
            n = await self.app.service.reset_setting(ctx, key, system, scope)
            return Reply(content=tx("settings.reset", count=n, scope=tx("settings.scope_" + scope)), ephemeral=True)

        await self.run(interaction, handler)


async def setup(bot: discord.Client) -> None:
    await bot.add_cog(SettingsCog(bot.app))  # type: ignore[attr-defined]
