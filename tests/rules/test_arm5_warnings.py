"""arm5: no silent defaults. What a stats line left out is taken as the rules' default and listed; what it
gave that the rules do not use is listed too. Every note renders in the four catalogs."""

from __future__ import annotations

import string
from typing import Any

import pytest

from rules.model import Message, Note, Term
from rules.pairs import parse_pairs
from rules.systems.arm5 import SYSTEM
from rules.systems.arm5.sheet import Sheet
from tests.rules.catalogs import load

STATS = SYSTEM.stat_vocabulary()
LANGS = ("en", "pl", "cs", "it")


def warnings(line: str) -> list[Note]:
    data = STATS.resolve(parse_pairs(line))
    made = SYSTEM.sheet(data)
    assert isinstance(made, Sheet)
    return SYSTEM.sheet_warnings(data, made)


def keys(notes: list[Note]) -> list[str]:
    return [n.key for n in notes]


def assumed(notes: list[Note]) -> dict[str, Any]:
    found = next((n for n in notes if n.key == "assumed"), None)
    if found is None:
        return {}
    return {m.params["what"].key: m.params["value"] for m in found.params["values"]}


def test_an_empty_character_gets_an_average_human_with_fists_and_says_so() -> None:
    notes = warnings("")
    assert assumed(notes) == {"str": 0, "sta": 0, "dex": 0, "qik": 0, "size": 0, "brawl": 0, "armour_prot": 0}
    assert keys(notes) == ["assumed", "no_weapon"]


def test_a_template_needs_no_warning() -> None:
    for line in SYSTEM.templates().values():
        assert warnings(line) == [], line


def test_a_character_missing_some_values() -> None:
    notes = warnings("siła:2 broń:miecz_długi pancerz:3")
    assert assumed(notes) == {"sta": 0, "dex": 0, "qik": 0, "size": 0, "single_weapon": 0}
    assert keys(notes) == ["assumed"]


def test_a_quick_npc_line_lists_the_totals_it_left_out_as_computed() -> None:
    notes = warnings("atak:9 obrona:6 obrażenia:5")
    assert assumed(notes) == {"initiative": "+0", "soak": "+0", "size": 0}
    notes = warnings("atak:9 obrona:6 obrażenia:5 quickness:2 wytrzymałość:1 budowa:0")
    assert assumed(notes) == {"initiative": "+2", "soak": "+1"}
    assert warnings("atak:9 obrona:6 obrażenia:5 wyparowania:7 inicjatywa:2 budowa:0") == []


def test_values_a_quick_line_already_contains() -> None:
    npc = "atak:9 obrona:6 obrażenia:5 wyparowania:7 inicjatywa:2 budowa:0"
    notes = warnings(f"{npc} zręczność:3 quickness:1 pancerz:2")
    absorbed = next(n for n in notes if n.key == "absorbed")
    assert absorbed.params["keys"] == [Term("term", "dex"), Term("term", "qik"), Term("term", "armour_prot")]
    notes = warnings("atak:9 zręczność:3 quickness:1 budowa:0")
    absorbed = next(n for n in notes if n.key == "absorbed")
    assert absorbed.params["keys"] == [Term("term", "dex")]  # Quickness still makes Defense and Initiative


def test_a_weapon_beside_quick_totals_is_not_used() -> None:
    notes = warnings("atak:9 obrona:6 obrażenia:5 wyparowania:7 inicjatywa:2 budowa:0 broń:topór")
    assert notes == [Note(key="weapon_replaced", params={"weapon": Term("weapon", "axe")})]
    notes = warnings("atak:9 obrona:6 obrażenia:5 wyparowania:7 inicjatywa:2 budowa:0 broń:kosa@great_weapon:0/3/0/8")
    assert notes == [Note(key="weapon_replaced", params={"weapon": "kosa"})]


def test_a_shield_counts_only_with_a_single_weapon() -> None:
    notes = warnings(SYSTEM.templates()["archer"] + " tarcza:puklerz")
    assert notes == [
        Note(key="shield_unused", params={"shield": Term("weapon", "buckler"), "ability": Term("term", "bows")})
    ]


def test_riding_without_a_horse_and_a_horse_without_riding() -> None:
    fighter = SYSTEM.templates()["fighter"]
    assert keys(warnings(fighter + " riding:3")) == ["riding_unused"]
    assert assumed(warnings(fighter + " konno")) == {"riding": 0}


def test_finesse_counts_only_with_a_spell_mastered_for_fast_casting() -> None:
    magus = SYSTEM.templates()["magus"]
    assert warnings(magus) == []
    assert keys(warnings(magus.replace("/FC", ""))) == ["finesse_unused"]


def test_stored_sheet_data_is_read_too() -> None:
    """The bot may pass what it stores (the model's own field names, nested groups)."""
    data = {"str": 1, "sta": 1, "dex": 1, "qik": 1, "size": 0, "abilities": {"brawl": 2}, "armour_prot": 1}
    made = SYSTEM.sheet(data)
    assert isinstance(made, Sheet)
    assert keys(SYSTEM.sheet_warnings(data, made)) == ["no_weapon"]


LINES = [
    "",
    "siła:2 broń:łuk_krótki tarcza:puklerz riding:2 finesse:1 konno:nie",
    "atak:9 obrona:6 obrażenia:5 zręczność:3 broń:topór",
    "atak:9 broń:kosa@great_weapon:0/3/0/8 konno",
]


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _render(catalog: dict[str, str], value: Any) -> Any:
    """A parameter as the bot renders it, failing on any key the catalog lacks."""
    if isinstance(value, Term):
        return catalog[f"{value.kind}.arm5.{value.key}"]
    if isinstance(value, Message):
        text = catalog[value.key]
        assert _placeholders(text) <= set(value.params), value.key
        return text.format(**{k: _render(catalog, v) for k, v in value.params.items()})
    if isinstance(value, list):
        return ", ".join(str(_render(catalog, v)) for v in value)
    return value


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line", LINES)
def test_every_warning_renders_in_every_language(lang: str, line: str) -> None:
    catalog = load(lang, "arm5", "core")
    notes = warnings(line)
    assert notes
    for note in notes:
        rendered = _render(catalog, Message(f"note.arm5.{note.key}", note.params))
        assert "{" not in rendered, rendered
