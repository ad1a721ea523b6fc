"""The service's fast paths give what the plain way gives (the same text, the same sheet, the same model)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.service import staging
from bot.service.core import _json
from bot.service.state import MODELS, Combatant, dump_sheet
from rules import get_system

SYSTEM = get_system("adnd2cp")


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


def _sheet(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = SYSTEM.sheet({"class": "fighter", "level": 3, "hp": 20}).model_dump(mode="json")
    return {**base, **changes}


def test_a_sheet_kept_as_strictly_checked_is_not_kept_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(staging, "VERIFY_REVISED", False)
    hurt = _sheet(hp=5)
    first = staging.StagingMixin._valid(SYSTEM, Combatant(9101, "Orc", None, None, False, dump_sheet(_sheet())), hurt)
    model = first.model(SYSTEM)

    def refuse(*_: Any) -> Any:
        raise AssertionError("kept again")

    monkeypatch.setattr(MODELS, "put", refuse)
    again = staging.StagingMixin._valid(SYSTEM, Combatant(9102, "Orc", None, None, False, dump_sheet(_sheet())), hurt)
    assert again.sheet_json == first.sheet_json and again.id == 9102
    assert again.model(SYSTEM) is model
