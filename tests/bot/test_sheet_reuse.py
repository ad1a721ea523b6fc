"""A sheet text the rules wrote and the service checked strictly is the same sheet when written again:
its model and status are reused. A text known only from stored data (checked leniently) is not."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import staging
from bot.service.state import MODELS, Combatant, dump_sheet
from rules import RulesError, get_system

SYSTEM = get_system("adnd2cp")


def _combatant(cid: int, sheet: dict[str, Any]) -> Combatant:
    return Combatant(cid, f"Orc {cid}", None, None, False, dump_sheet(sheet))


def _sheet(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = SYSTEM.sheet({"class": "fighter", "level": 3, "hp": 20}).model_dump(mode="json")
    return {**base, **changes}


def test_a_sheet_written_again_is_not_validated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(staging, "VERIFY_REVISED", False)
    hurt = _sheet(hp=7)
    first = staging.StagingMixin._valid(SYSTEM, _combatant(9001, _sheet()), hurt)
    status = first.status(SYSTEM)
    other = _combatant(9002, _sheet())

    def refuse(*_: Any) -> Any:
        raise AssertionError("validated again")

    monkeypatch.setattr(staging, "revised", refuse)
    monkeypatch.setattr(type(SYSTEM), "sheet", refuse)
    monkeypatch.setattr(type(SYSTEM), "status", refuse)
    # Another orc takes the same blow: the same text, the same model and status, nothing checked again.
    second = staging.StagingMixin._valid(SYSTEM, other, dict(hurt))
    assert second.sheet_json == first.sheet_json and second.id == 9002
    assert second.model(SYSTEM) is first.model(SYSTEM) and second.status(SYSTEM) is status


def test_a_text_known_only_from_stored_data_is_still_checked_strictly() -> None:
    """Stored data loads clamped (an old version let HP past its floor); the rules writing that very text
    is a rules bug, refused before the commit as any other invalid sheet."""
    bad = _sheet(hp=-340)
    stored = _combatant(9003, bad)
    assert stored.model(SYSTEM).hp == -100  # type: ignore[attr-defined]
    with pytest.raises(RulesError):
        staging.StagingMixin._valid(SYSTEM, _combatant(9004, _sheet()), dict(bad))
    assert MODELS.strict(SYSTEM, stored.sheet_json) is None


def test_a_sheet_kept_as_strictly_checked_is_not_kept_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(staging, "VERIFY_REVISED", False)
    hurt = _sheet(hp=5)
    first = staging.StagingMixin._valid(SYSTEM, _combatant(9101, _sheet()), hurt)
    model = first.model(SYSTEM)

    def refuse(*_: Any) -> Any:
        raise AssertionError("kept again")

    monkeypatch.setattr(MODELS, "put", refuse)
    again = staging.StagingMixin._valid(SYSTEM, _combatant(9102, _sheet()), hurt)
    assert again.sheet_json == first.sheet_json and again.id == 9102
    assert again.model(SYSTEM) is model
