"""GM settings typed as a Polish group types them, and the text settings read into named entries."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from rules.model import Term
from rules.registry import get_system

S = get_system("pl_wladanie")


@pytest.mark.parametrize(("typed", "stored"), [("2k10", "2d10"), ("3k6", "3d6"), ("1k20", "1d20"), ("K20", "1d20")])
def test_the_test_die_in_k_notation(typed: str, stored: str) -> None:
    # The seed writes every die with k ("Rzuć k10", "1k4"); the guide offers "2k10 albo 3k6".
    assert S.settings({"test_die": typed}).test_die == stored  # type: ignore[attr-defined]
    assert S.settings({"test_die": stored}).test_die == stored  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "typed", "stored"),
    [
        ("ranged_parry", "tarcza", "shield_only"),
        ("ranged_parry", "tylko tarczą", "shield_only"),
        ("ranged_parry", "nigdy", "never"),
        ("default_defence", "unik", "dodge"),
        ("unnamed_location", "według tabeli", "table"),
        ("scatter_orientation", "północ mapy", "map_north"),
        ("unarmed_self_injury", "Zawsze", "always"),
    ],
)
def test_choice_settings_take_the_words_the_bot_shows(name: str, typed: str, stored: str) -> None:
    assert getattr(S.settings({name: typed}), name) == stored


def test_an_unknown_word_is_still_refused() -> None:
    with pytest.raises(RulesError):
        S.settings({"ranged_parry": "czasem"})
    with pytest.raises(RulesError):
        S.settings({"test_die": "4k6"})


def test_the_location_table_and_wound_thresholds_read_into_named_entries() -> None:
    defaults = S.settings({})
    parts = S.setting_parts("location_table", defaults.location_table)  # type: ignore[attr-defined]
    assert parts[:2] == [("1–2", Term("location", "head")), ("3–10", Term("location", "torso"))]
    wounds = S.setting_parts("wound_thresholds", "lekka:5,poza_walką:20")  # type: ignore[attr-defined]
    assert wounds == [("5", Term("wound", "light")), ("20", Term("wound", "out"))]
    assert S.setting_parts("test_die", "1d20") is None  # type: ignore[attr-defined]
