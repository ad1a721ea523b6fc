"""Answers a player can check at a glance: every rendered check line adds up, in every system and
language; no internal id or English fallback in Czech, Polish and Italian answers."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.console.adapter import Response
from bot.i18n.catalog import default_catalog
from bot.presenters.checks import View, check_line
from bot.presenters.texts import Texts
from rules import RandomDice, all_systems
from rules.checks import check, dice_of, die, fixed, minus, part, times
from tests.bot.conftest import Table
from tests.bot.readable import check_line_errors
from tests.bot.test_sessions import SESSIONS, Session


def _lines(responses: list[Response]) -> Iterator[str]:
    for r in responses:
        for e in r.embeds:
            yield from (e.get("description") or "").splitlines()
            for f in e.get("fields", []):
                yield from f["value"].splitlines()
        for f in r.files:  # the fight's log as the table reads it: every bullet line of the Markdown
            if f["filename"].endswith(".md"):
                yield from (line.lstrip(" ").removeprefix("- ") for line in f["text"].splitlines())


def test_the_line_reader_catches_what_does_not_add_up() -> None:
    tx = Texts(default_catalog(), "cs", "dnd35")
    attack = check("attack", dice=[die(20, 14)], parts=[part("str", 3), part("flanking", 2)])
    attack.versus = check("ac", side="target", parts=[part("base", 10, "target"), part("armor_bonus", 5, "target")])
    damage = check("damage", dice=dice_of(8, [5]), parts=[part("str", 3)])
    times(damage, "crit", 2)
    minus(damage, "damage_reduction", 2)
    stress = check("attack", dice=[die(10, 1, "doubled"), die(10, 7)], multiplier=2, parts=[part("str", 1)])
    for c in (attack, damage, stress, fixed("defence", 12)):
        line = check_line(tx, c, View())
        assert check_line_errors(line) == [], line
    assert "**19**" in check_line(tx, attack, View())
    assert check_line_errors("**Útok** d20 (14) +3 Síla = **18**")
    assert check_line_errors("**Zranění** d8 (5) +3 Síla = 8 − 2 zbroj = **5**")
    assert check_line_errors("**Útok** d20 (14) = **14** proti obraně **17** (10 základ +5 zbroj)")


def test_the_gm_copy_holds_every_line_that_hid_numbers() -> None:
    """A hidden NPC's attack and its damage both hide numbers: the GM's copy has both lines in full, and a
    line with nothing hidden stays out of it."""
    tx = Texts(default_catalog(), "cs", "dnd35")
    attack = check("attack", dice=[die(20, 14)], parts=[part("attack", 2)])
    attack.versus = check("ac", side="target", parts=[part("base", 10, "target"), part("armor_bonus", 5, "target")])
    damage = check("damage", dice=dice_of(6, [3]), parts=[part("str", 1)])
    plain = fixed("defence", 12, side="target")
    view = View(frozenset({"actor"}))
    shown = [check_line(tx, c, view) for c in (attack, plain, damage)]
    assert view.hid and "?" in shown[0] and "?" in shown[2] and "?" not in shown[1]
    assert view.hidden_lines == [check_line(tx, attack, View()), check_line(tx, damage, View())]
    assert "**16**" in view.hidden_lines[0] and "**4**" in view.hidden_lines[1]


async def _fight(table: Table, system_id: str, lang: str, seed: int) -> list[Response]:
    """A whole fight as the session test plays it, in `lang`, returning everything the bot said."""
    table.app.service.dice = RandomDice(seed)
    session = Session(table, system_id)
    session.lang = lang
    await session.play()
    return session.said


@pytest.mark.parametrize(("lang", "seed"), [("en", 1), ("cs", 2), ("pl", 3), ("it", 4)])
@pytest.mark.parametrize("system_id", sorted(SESSIONS))
async def test_every_rendered_check_line_adds_up(table: Table, system_id: str, lang: str, seed: int) -> None:
    errors: list[str] = []
    checked = 0
    said = await _fight(table, system_id, lang, seed)
    for line in _lines(said):
        if line.startswith("**") and " = " in line:
            checked += 1
        errors += check_line_errors(line)
    assert checked >= 5, f"only {checked} check lines were rendered"
    assert not errors, "\n".join(errors[:10])


async def _more(table: Table, system_id: str, lang: str) -> list[Response]:
    """Besides a fight: a new fight's GM hands, refusals a player meets on day one, settings, a sheet."""
    system = all_systems()[system_id]
    condition = system.conditions()[0]
    lines = [
        f"@gm:{lang} #druhy /encounter start system:{system_id} name:Druhý",
        f'@gm:{lang} #druhy /encounter add name:Vlk stats:"{SESSIONS[system_id][1]}"',
        f"@gm:{lang} #druhy /encounter effect add combatant:Vlk name:{condition} rounds:2",
        f"@gm:{lang} #druhy /encounter status",
        f"@gm:{lang} #druhy /encounter effect remove combatant:Vlk name:{condition}",
        f"@gm:{lang} #druhy /settings show",
        f"@ana:{lang} #druhy /character show name:Jana",
        f'@ana:{lang} #druhy /character create system:{system_id} name:Chyba stats:"nesmysl:3"',
        f"@ana:{lang} #druhy /attack target:Nikdo",
        f"@ana:{lang} #druhy /roll expression:1d6/0",
        f"@gm:{lang} #druhy /encounter end",
    ]
    said: list[Response] = []
    for line in lines:
        said += await table(line)
    return said


def _ids() -> set[str]:
    """Ids a system uses internally that must never reach a Czech, Polish or Italian reader."""
    ids: set[str] = set()
    for system in all_systems().values():
        ids |= set(system.Options.model_fields) | set(system.Sheet.model_fields) | set(system.Settings.model_fields)
        ids |= set(system.conditions()) | set(system.extra_actions)
    return {i for i in ids if len(i) > 3}


SYNTAX = re.compile(r"(?:/\S+|\w+:\S*|`[^`]*`|https?://\S+)")  # command syntax the reader types, links


@pytest.mark.parametrize("system_id", sorted(SESSIONS))
@pytest.mark.parametrize("lang", ["cs", "pl", "it"])
async def test_no_code_words_or_english_fallbacks(table: Table, system_id: str, lang: str) -> None:
    table.app.catalog.strict = True  # a key missing in this language fails the answer instead of showing English
    try:
        said = await _fight(table, system_id, lang, 3)
        said += await _more(table, system_id, lang)
    finally:
        table.app.catalog.strict = False
    native = " ".join(table.app.catalog.messages[lang].values()).casefold()
    ids = {i for i in _ids() if i.casefold() not in native}
    found: list[str] = []
    for r in said:
        assert r.error != "error.internal", r.content
        text = SYNTAX.sub(" ", "\n".join([r.content or "", *_lines([r])]))
        text += " " + " ".join(e.get("title", "") + " " + e.get("footer", {}).get("text", "") for e in r.embeds)
        for word in re.findall(r"[A-Za-z_]+", text):
            if "_" in word.strip("_") or word in ids:
                found.append(f"{r.command}: {word}")
    assert not found, found[:20]
