"""A whole D&D 3.5 encounter through the same callbacks Discord calls."""

from __future__ import annotations

import json
from pathlib import Path

from tests.bot.conftest import Table, open_table, text_of
from tests.bot.stored_events import stored_events

SETUP = [
    '@gm #tavern /encounter start system:dnd35 name:"Goblin ambush"',
    "@gm #tavern /encounter add name:Goblin stats:ac:15 hp:7 attack:+1 damage:1d6 count:2",
    '@ana #tavern /character create system:dnd35 name:Ana stats:"str:16 dex:12 bab:3 hp:24"',
    "@ana #tavern /encounter join character:Ana",
]


async def setup(table: Table) -> None:
    await table.play(SETUP)


async def start_with_ana_first(table: Table) -> None:
    await setup(table)
    table.dice(20, 1)  # Ana: initiative 20 (+1), roll-off 1
    assert (await table.one("@ana #tavern /initiative")).error is None
    table.dice(2, 1, 3, 1)  # goblins low
    assert (await table.one("@gm #tavern /initiative combatant:all")).error is None
    r = await table.one("@gm #tavern /encounter next")
    assert "Ana" in text_of(r) and r.error is None


async def test_full_encounter_attack_changes_target_and_logs(table: Table) -> None:
    await start_with_ana_first(table)
    table.dice(15, 5)  # d20 15 + 3 BAB + 3 Str = 21 vs AC 15; 1d8 5 + 3 = 8 damage
    r = await table.one('@ana #tavern /attack target:"Goblin 1" weapon:longsword')
    assert r.error is None and not r.ephemeral
    embed = r.embeds[0]
    assert "Ana" in embed["title"] and "Goblin 1" in embed["title"]
    body = text_of(r)
    assert "15" in body and "21" in body and "8" in body
    rows = await table.query("SELECT sheet FROM combatants WHERE name = 'Goblin 1'")
    sheet = json.loads(rows[0][0])
    assert sheet["hp_current"] == 7 - 8
    actions = [a for a, _ in await stored_events(table)]
    assert actions.count("attack") == 1 and "initiative" in actions and "next" in actions


async def test_status_next_and_end_summary(table: Table) -> None:
    await start_with_ana_first(table)
    status = await table.one("@ana #tavern /encounter status")
    assert not status.ephemeral and "round 1" in text_of(status)
    r = await table.one("@gm #tavern /encounter next")
    assert "Goblin" in text_of(r)
    end = await table.one("@gm #tavern /encounter end")
    assert end.error is None and "ended" in text_of(end)
    after = await table.one("@ana #tavern /encounter status")
    assert after.error == "error.no_encounter" and after.ephemeral


async def test_encounter_survives_restart(database: Path | str) -> None:  # type: ignore[no-untyped-def]
    path = database
    first = await open_table(path)
    await start_with_ana_first(first)
    await first.app.close()

    second = await open_table(path)
    try:
        status = await second.one("@ana #tavern /encounter status")
        body = text_of(status)
        assert "round 1" in body and "Goblin 1" in body and "Ana" in body
        second.dice(1)  # a natural 1 misses
        r = await second.one('@ana #tavern /attack target:"Goblin 2" weapon:longsword')
        assert r.error is None
        assert (await second.one("@gm #tavern /encounter next")).error is None
    finally:
        await second.app.close()


async def test_channels_are_independent(table: Table) -> None:
    await setup(table)
    other = await table.one("@ana #cellar /encounter status")
    assert other.error == "error.no_encounter"
    again = await table.one("@ana #tavern /encounter start system:dnd35")
    assert again.error == "error.encounter_exists"
    thread = await table.one("@bob #tavern-thread /encounter start system:dnd35")
    assert thread.error is None


async def test_npc_count_names_continue(table: Table) -> None:
    await setup(table)
    r = await table.one("@gm #tavern /encounter add name:Goblin stats:ac:12 hp:4 count:2")
    assert "Goblin 3" in text_of(r) and "Goblin 4" in text_of(r)
    single = await table.one("@gm #tavern /encounter add name:Orc stats:hp:12")
    assert "Orc" in text_of(single)


async def test_next_skips_the_fallen_and_wraps_into_a_new_round(table: Table) -> None:
    await start_with_ana_first(table)  # order: Ana, then the goblins
    table.dice(18, 8)  # 18 + 6 = 24 hits; 8 + 3 = 11 damage: Goblin 1 goes down
    r = await table.one('@ana #tavern /attack target:"Goblin 1" weapon:longsword')
    assert r.error is None
    order = [
        n
        for (n,) in await table.query(
            "SELECT name FROM combatants WHERE initiative IS NOT NULL ORDER BY initiative DESC, id"
        )
    ]
    assert order[0] == "Ana"
    table.app.service.dice = __import__("rules").RandomDice(2)  # the dying goblin rolls to stabilise
    seen = []
    for _ in range(3):
        r = await table.one("@gm #tavern /encounter next")
        seen.append(text_of(r))
    assert not any("Goblin 1's turn" in t for t in seen)
    assert any("Round 2" in t for t in seen)
