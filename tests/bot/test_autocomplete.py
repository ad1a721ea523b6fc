"""Autocomplete answers from memory, within Discord's 25 choices of at most 100 characters."""

from __future__ import annotations

from tests.bot.conftest import Table
from tests.bot.test_lifecycle import setup


async def test_autocomplete_sources(table: Table) -> None:
    await setup(table)
    await table('@gm #tavern /encounter add name:"' + "X" * 100 + '" stats:hp:3 count:30')
    cases = [
        ("attack", "target", "gob", lambda vals: vals == ["Goblin 1", "Goblin 2"]),
        ("attack", "target", "", lambda vals: len(vals) == 25),
        ("attack", "weapon", "long", lambda vals: any("long" in v.lower() for v in vals)),
        # The game's own words (dnd35: Czech), found by their English names too.
        ("attack", "options", "flank", lambda vals: "obestoupení" in vals),
        ("attack", "options", "obestoupení kry", lambda vals: any(v.startswith("obestoupení kryt") for v in vals)),
        ("attack", "options", "obestoupení kryt:m", lambda vals: "obestoupení kryt:měkký" in vals),
        ("encounter join", "character", "a", lambda vals: vals == ["Ana"]),
        ("encounter start", "system", "ars", lambda vals: vals == ["arm5"]),
        ("settings set", "name", "enforce", lambda vals: vals == ["enforce_turns"]),
    ]
    for path, option, current, check in cases:
        user = "ana" if path != "settings set" else "gm"
        choices = await table.local.autocomplete(user, "tavern", path, option, current)
        values = [str(c.value) for c in choices]
        assert len(choices) <= 25 and all(1 <= len(c.name) <= 100 for c in choices), (path, option)
        assert check(values), (path, option, current, values)
    values = await table.local.autocomplete("gm", "tavern", "settings set", "value", "", {"name": "npc_defence"})
    assert [c.value for c in values] == ["auto", "prompt"]


async def test_stats_autocomplete_offers_the_systems_tables(table: Table) -> None:
    await table("@gm #hrad /encounter start system:cz2d10")
    keys = await table.local.autocomplete("gm", "hrad", "encounter add", "stats", "hp:20 št", {"name": "X"})
    assert any(c.value == "hp:20 štít:" for c in keys)
    shields = await table.local.autocomplete("gm", "hrad", "encounter add", "stats", "hp:20 štít:", {"name": "X"})
    assert shields and all(str(c.value).startswith("hp:20 štít:") for c in shields)
    armour = await table.local.autocomplete(
        "ana", "hrad", "character create", "stats", "zbroj:", {"system": "cz2d10", "name": "Eliška"}
    )
    assert armour and len(armour) <= 25
    chosen = str(armour[0].value)
    r = await table.one(f'@ana #hrad /character create system:cz2d10 name:Eliška stats:"{chosen} síla:12"')
    assert r.error is None, r.content
