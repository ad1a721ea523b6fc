"""discord.py's Translator fed from the same catalog as the answers.

Names get keys from where they sit (`name.cmd.encounter.start`, `name.opt.target`,
`name.choice.server`); descriptions carry their key in `locale_str(..., key=...)`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.catalog import Catalog

LOCALES = {
    discord.Locale.czech: "cs",
    discord.Locale.polish: "pl",
    discord.Locale.italian: "it",
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
}


def key_for(string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]) -> str | None:
    explicit = string.extras.get("key")
    if explicit:
        return str(explicit)
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return "name.cmd." + str(data.qualified_name).replace(" ", ".")
    if where is Where.parameter_name:
        return "name.opt." + str(data.name)
    if where is Where.choice_name:
        return "name.choice." + str(data.value)
    return None


class CatalogTranslator(app_commands.Translator):
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        lang = LOCALES.get(locale)
        if lang is None:
            return None
        key = key_for(string, context)
        if key is None:
            return None
        found = self.catalog.messages.get(lang, {}).get(key)
        return found
