"""The service validates a rule's sheet by its changed fields; the test suite checks each against the whole."""

from __future__ import annotations

import pytest

from bot.service.staging import _same_model
from rules import get_system


def test_a_sheet_validated_two_ways_must_agree() -> None:
    system = get_system("arm5")
    sheet = system.sheet({"size": 0})
    _same_model(sheet, system.sheet({"size": 0}))
    with pytest.raises(AssertionError, match="size"):
        _same_model(sheet, system.sheet({"size": 1}))
