"""The exact sentences a native reader expects, one golden file per language (tests/bot/golden/<lang>.json):
gender agreement, plural forms by CLDR, the grammatical case after a preposition, the seed's own terms."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.i18n.catalog import default_catalog
from bot.presenters.checks import View, check_line
from bot.presenters.render import state_line
from bot.presenters.texts import Texts
from bot.service.state import Combatant, dump_sheet
from rules import get_system
from rules.checks import check, die, part

GOLDEN = Path(__file__).parent / "golden"


def _tx(lang: str, system: str) -> Texts:
    return Texts(default_catalog(), lang, system)


def _combatant(system_id: str, name: str, gender: str | None, **sheet: object) -> Combatant:
    model = get_system(system_id).sheet(sheet)
    return Combatant(1, name, 7, None, False, dump_sheet(model.model_dump(mode="json")), gender=gender)


def _state(lang: str, system_id: str, name: str, gender: str | None, **sheet: object) -> str:
    c = _combatant(system_id, name, gender, **sheet)
    tx = _tx(lang, system_id)
    return f"{tx('field.target_state', name=name)}: {state_line(tx, get_system(system_id), c, False)}"


def _versus_ac(lang: str) -> str:
    attack = check("attack", dice=[die(20, 12)], parts=[part("bab", 3)])
    attack.versus = check("ac", side="target", parts=[part("ac_base", 10, "target"), part("armor_bonus", 5, "target")])
    return check_line(_tx(lang, "dnd35"), attack, View()).replace("**", "")


def _prompt(lang: str, name: str, gender: str | None) -> str:
    return _tx(lang, "arm5")("defence.prompt", gender=gender, user="@ana", name=name, choices="x", seconds=120)


CASES: dict[str, Callable[[str], str]] = {
    "versus_ac": _versus_ac,
    "attacked_f": lambda lang: _prompt(lang, "Jagna", "f"),
    "attacked_m": lambda lang: _prompt(lang, "Wit", "m"),
    "attacked_unknown": lambda lang: _prompt(lang, "Wit", None),
    "wounded_f": lambda lang: _state(lang, "adnd2cp", "Bruna", "f", hp="20", hp_max="42", thac0="16", ac="3"),
    "dead_f": lambda lang: _state(lang, "dnd35", "Ana", "f", hp_max="10", hp_current="-12"),
    "heavy_wound": lambda lang: _tx(lang, "arm5").term("wound", "heavy"),
    "reload_1": lambda lang: _tx(lang, "cz2d10")("note.cz2d10.reload", left=1),
    "reload_2": lambda lang: _tx(lang, "cz2d10")("note.cz2d10.reload", left=2),
    "reload_5": lambda lang: _tx(lang, "cz2d10")("note.cz2d10.reload", left=5),
    "reload_22": lambda lang: _tx(lang, "cz2d10")("note.cz2d10.reload", left=22),
}


@pytest.mark.parametrize("lang", ["en", "cs", "pl", "it"])
def test_golden_sentences(lang: str) -> None:
    golden: dict[str, str] = json.loads((GOLDEN / f"{lang}.json").read_text("utf-8"))
    assert set(golden) <= set(CASES), set(golden) - set(CASES)
    wrong = {case: CASES[case](lang) for case, expected in golden.items() if expected not in CASES[case](lang)}
    assert not wrong, "\n".join(f"{c}: expected {golden[c]!r} in {text!r}" for c, text in wrong.items())
