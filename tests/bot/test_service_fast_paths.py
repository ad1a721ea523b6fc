"""The service's fast paths give what the plain way gives (the same text). A sheet kept as strictly
checked is tested with the other reuse of sheets, in test_sheet_reuse.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.service.core import _json


@pytest.mark.parametrize(
    "value",
    [
        {"round": 3, "turn": 1, "current": "Orc B"},
        {"round": 1, "turn": 0, "current": None},
        {"name": "Žluťoučký kůň ✓", "fields": ["hp", "ac"], "hidden": True},
        {"name": "x", "changes": [["hp", 7, 3.5], ["notes", {"a": [1, 2]}, '"quoted"\n']]},
    ],
)
def test_event_payload_is_the_text_json_dumps_writes(value: Any) -> None:
    assert _json(value) == json.dumps(value, ensure_ascii=False)
