"""The offline console: the bot's own handlers, driven from a terminal or a script."""
