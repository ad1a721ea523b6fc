"""One message catalog for every user-facing string (answers, errors, command descriptions)."""

from bot.i18n.catalog import Catalog, default_catalog

__all__ = ["Catalog", "default_catalog"]
