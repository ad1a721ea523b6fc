"""Turn service outcomes into Discord embeds (text from the catalog, sizes within Discord's limits)."""
