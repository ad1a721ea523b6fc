"""Slash-command cogs: translate an interaction into a service call and a result into an embed."""

EXTENSIONS = (
    "bot.cogs.encounter",
    "bot.cogs.combat",
    "bot.cogs.character",
    "bot.cogs.settings",
    "bot.cogs.dice",
    "bot.cogs.help",
)
