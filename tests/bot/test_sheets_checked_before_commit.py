"""Every sheet the rules write is checked strictly before the commit, whatever command writes it: a rules
bug (here: a sheet past its floor) fails the command with nothing written, as for an attack. Covers the
paths that used to store their sheets unchecked: a joining character's fresh round, a declaration for
the next initiative, and an effect's condition ending at a turn's edge."""

from __future__ import annotations

from typing import Any

import pytest

from rules import get_system
from tests.bot.conftest import Table

SYSTEM = get_system("adnd2cp")
STATS = "class:fighter level:9 int:16 str:17 rank:maestro weapon:long_sword hp:60"


def _broken(original: Any) -> Any:
    """The rule as written, but the sheet it returns has HP past the floor (a rules bug)."""

    def rule(*args: Any, **kwargs: Any) -> Any:
        result = original(*args, **kwargs)
        if result is None or result.actor_sheet is None:
            return result
        return result.model_copy(update={"actor_sheet": {**result.actor_sheet, "hp": -340}})

    return rule


async def _rows(table: Table) -> list[tuple[Any, ...]]:
    return await table.query("SELECT id, name, sheet, effects FROM combatants ORDER BY id")


async def _commands(table: Table) -> int:
    (row,) = await table.query("SELECT COUNT(*) FROM commands")
    return int(row[0])


async def _start(table: Table) -> None:
    await table.play(
        [
            "@gm #x /settings set name:enforce_turns value:false scope:server",
            "@gm #pit /encounter start system:adnd2cp",
            f'@ana #pit /character create system:adnd2cp name:Brak stats:"{STATS}"',
            '@gm #pit /encounter add name:Orc stats:"ac:6 hp:15 thac0:19 hd:1 damage:1d8"',
        ]
    )


async def _refused_with_nothing_written(table: Table, line: str) -> None:
    rows, commands = await _rows(table), await _commands(table)
    r = await table.one(line)
    assert r.error is not None and r.ephemeral, (r.error, r.content)
    assert await _rows(table) == rows and await _commands(table) == commands


async def test_a_joining_characters_fresh_round_is_checked(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    await _start(table)
    monkeypatch.setattr(type(SYSTEM), "start_round", _broken(type(SYSTEM).start_round))
    await _refused_with_nothing_written(table, "@ana #pit /encounter join character:Brak")


async def test_a_declaration_for_the_next_initiative_is_checked(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    await _start(table)
    await table.play(["@ana #pit /encounter join character:Brak"])
    monkeypatch.setattr(type(SYSTEM), "declare_for_initiative", _broken(type(SYSTEM).declare_for_initiative))
    await _refused_with_nothing_written(table, "@ana #pit /initiative blows:colpo_rapido")


async def test_a_condition_ending_at_a_turns_edge_is_checked(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    dnd = get_system("dnd35")
    condition = dnd.conditions()[0]
    await table.play(
        [
            "@gm #x /settings set name:enforce_turns value:false scope:server",
            "@gm #d /encounter start system:dnd35",
            '@gm #d /encounter add name:Orc stats:"ac:10 hp:30 attack:+3 damage:1d8 init:5"',
            '@gm #d /encounter add name:Elf stats:"ac:10 hp:30 attack:+3 damage:1d8 init:1"',
            "@gm #d /initiative combatant:all",
            "@gm #d /encounter next",  # round 1: someone's turn; its end ticks that one's effects
            f"@gm #d /encounter effect add combatant:Orc name:{condition} rounds:1 ends:end",
            f"@gm #d /encounter effect add combatant:Elf name:{condition} rounds:1 ends:end",
        ]
    )
    original = type(dnd).set_condition

    def broken(self: Any, model: Any, name: str, on: bool) -> Any:
        return original(self, model, name, on).model_copy(update={"hp_current": -(10**7)})

    monkeypatch.setattr(type(dnd), "set_condition", broken)
    await _refused_with_nothing_written(table, "@gm #d /encounter next")
