"""Stored JSON is canonical: orjson writes the text the standard library wrote before it for what sheets
hold (only a float's exponent is spelled differently, `1e-7` for `1e-07`: the same data)."""

from __future__ import annotations

import json

from bench.odds import template_fighter
from bot.storage.jsontext import canonical, compact, parse
from rules import all_systems


def _old(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def test_every_template_sheet_is_stored_as_the_same_text_as_before() -> None:
    for system in all_systems().values():
        for template in system.templates():
            sheet = template_fighter(system, template).sheet.model_dump(mode="json")
            assert canonical(sheet) == _old(sheet), (system.id, template)
            assert parse(canonical(sheet)) == sheet


def test_odd_values_too() -> None:
    values = {"ż": "Pravá ruka", "n": [0.5, 1.0, -3, 2.25, 12345678901234567], "z": None, "b": True, "e": {}}
    assert canonical(values) == _old(values)
    assert parse(canonical({"x": 1e-7})) == {"x": 1e-7}
    assert compact([{"b": 1, "a": 2}]) == '[{"b":1,"a":2}]'
    assert canonical(2**70) == str(2**70)  # past 64 bits: the standard library writes it
