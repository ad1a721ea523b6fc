"""An over-large targeted-attack penalty is refused once, with the real limit (QA finding 8).

L595: "Jeho hodnota nesmí být vyšší, než je počet úrovní ovládání zbraně." The option had a bound of its
own (60) that answered first, „smí být nejvýše 60“, and a retry with 50 was refused a second time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import ActionRequest, Fighter, RulesError, get_system
from rules.dice import ScriptedDice
from rules.pairs import parse_pairs

S = get_system("cz2d10")
CATALOG = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "cs" / "cz2d10.json"


def _sheet(line: str) -> object:
    return S.sheet(S.stat_vocabulary().resolve(parse_pairs(line)))


@pytest.mark.parametrize("penalty", [7, 50, 99, 500])
def test_the_refusal_names_the_weapon_skill_levels(penalty: int) -> None:
    opts = S.options({"targeted": penalty, "target_location": "head"})  # the option itself takes it
    req = ActionRequest(
        Fighter("Radek", _sheet("síla:9 obratnost:6 zbraň:meč ovládání:6")),
        Fighter("Lapka", _sheet("útok:10 obrana:17 zranění:d5+1 životy:12")),
        opts,
        S.settings({}),
    )
    with pytest.raises(RulesError) as caught:
        S.attack(req, ScriptedDice([5, 5]))
    assert caught.value.key == "error.cz2d10.targeted_above_skill"
    assert caught.value.params == {"penalty": penalty, "levels": 6}


def test_the_czech_refusal_says_how_to_fix_it() -> None:
    text = json.loads(CATALOG.read_text(encoding="utf-8"))["error.cz2d10.targeted_above_skill"]
    assert "úrovní ovládání zbraně" in text and "cílený_útok:{levels}" in text
