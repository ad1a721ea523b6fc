"""What every game offers a new player: its keys and values in its own words and English, whole characters
in one line that round-trips, ready templates that fight, and warnings instead of silent defaults."""

from __future__ import annotations

from typing import Any

import pytest

from rules import ActionRequest, DefenceRequest, Fighter, RandomDice, all_systems, get_system
from rules.pairs import parse_pairs
from rules.vocabulary import fold

SYSTEMS = sorted(all_systems())


def _sheet(system_id: str, line: str) -> Any:
    system = get_system(system_id)
    return system.sheet(system.stat_vocabulary().resolve(parse_pairs(line)))


def _kept(system_id: str, sheet: Any) -> dict[str, Any]:
    system = get_system(system_id)
    data = sheet.model_dump(mode="json")
    return {k: data[k] for k in system.fields_of("build", "lasting")}


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_no_two_names_fold_together(system_id: str) -> None:
    system = get_system(system_id)
    assert system.stat_vocabulary().clashes() == []
    assert system.option_vocabulary().clashes() == []


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_stat_key_has_a_native_name_an_english_one_and_an_example(system_id: str) -> None:
    system = get_system(system_id)
    vocabulary = system.stat_vocabulary()
    assert not vocabulary.open_ended, "the game lists its own words: unknown keys are refused with suggestions"
    for spec in vocabulary.keys.values():
        assert len(spec.names) >= 1, spec.key
        assert spec.example, spec.key
        _sheet(system_id, spec.example)  # the example is accepted as typed
    internal = set(system.fields_of("turn", "internal"))
    assert not internal & set(vocabulary.keys), "a player never sets a fight's state or the bookkeeping"


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_native_words_without_diacritics_and_in_any_case(system_id: str) -> None:
    system = get_system(system_id)
    vocabulary = system.stat_vocabulary()
    for spec in vocabulary.keys.values():
        for name in spec.names:
            for typed in (name, name.upper(), fold(name)):
                assert vocabulary.key_of(typed) == spec.key, (typed, spec.key)
        for value, names in spec.values.items():
            for name in names:
                assert vocabulary.value_of(spec.key, fold(name).upper()) == value, (spec.key, name)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_at_least_three_templates_each_fight_without_edits(system_id: str) -> None:
    system = get_system(system_id)
    templates = system.templates()
    assert len(templates) >= 3
    foe = _sheet(system_id, next(iter(templates.values())))
    for name, line in templates.items():
        sheet = _sheet(system_id, line)
        settings = system.settings({})
        me, them = Fighter(name, sheet), Fighter("Foe", foe)
        for seed in range(3):
            result = system.attack(ActionRequest(me, them, system.options({}), settings), RandomDice(seed))
            if result.outcome == "pending_defence":
                exchange = result.exchange or {}
                dreq = DefenceRequest(them, me, exchange, settings, system.default_defence(exchange))
                system.defend(dreq, RandomDice(seed))
            back = system.attack(ActionRequest(them, me, system.options({}), settings), RandomDice(seed + 7))
            if back.outcome == "pending_defence":  # the template defends too
                exchange = back.exchange or {}
                system.defend(
                    DefenceRequest(me, them, exchange, settings, system.default_defence(exchange)), RandomDice(1)
                )


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_one_line_sheet_round_trips(system_id: str) -> None:
    """What /character show prints, pasted back into /character create, makes an equal character."""
    system = get_system(system_id)
    for line in system.templates().values():
        sheet = _sheet(system_id, line)
        again = _sheet(system_id, system.sheet_line(sheet))
        assert _kept(system_id, again) == _kept(system_id, sheet), system.sheet_line(sheet)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_an_empty_character_is_warned_about_what_was_assumed(system_id: str) -> None:
    system = get_system(system_id)
    sheet = system.sheet({})
    assert system.sheet_warnings({}, sheet), "no silent defaults: say what the rules assumed"


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_a_systems_vocabularies_are_built_once(system_id: str) -> None:
    system = get_system(system_id)
    assert system.stat_vocabulary() is system.stat_vocabulary()
    assert system.option_vocabulary() is system.option_vocabulary()


def test_fold_remembers_only_short_names_and_folds_them_the_same() -> None:
    """`fold` keeps short names (ids read again on every sheet) but never long typed text."""
    from rules.vocabulary import _fold, _fold_kept

    for text in ("Síla", "SPADA-lunga", "  Władanie ", "Ø đ", "x" * 64, "ž" * 65, 12):
        assert fold(text) == _fold(text)  # type: ignore[arg-type]
    before = _fold_kept.cache_info().currsize
    fold("long typed text " * 10)
    assert _fold_kept.cache_info().currsize == before
    assert _fold_kept.cache_info().maxsize is not None
