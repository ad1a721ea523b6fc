"""The events a fight's commands stored (each command's row holds its own: migration 0008), in order."""

from __future__ import annotations

import json
from typing import Any

from tests.bot.conftest import Table


async def stored_events(table: Table, *actions: str) -> list[tuple[str, dict[str, Any]]]:
    """(action, payload) of every stored event, oldest first; only the given actions when some are named."""
    out = []
    for (text,) in await table.query("SELECT events FROM commands ORDER BY id"):
        out += [(a, p) for a, p in json.loads(text) if not actions or a in actions]
    return out
