"""Undo takes back exactly one command: the state after it equals the state before that command, row for
row (the encounter's version aside, which rises); replaying the log from the start reproduces the fight."""

from __future__ import annotations

from typing import Any

import pytest

from bot.storage import repository as repo
from rules import RandomDice
from tests.bot.conftest import Table, text_of
from tests.bot.test_sessions import HANDS, SESSIONS

CHANNEL = "u"


async def snapshot(table: Table) -> dict[str, list[tuple[Any, ...]]]:
    """Every row a command can change (the encounter's version aside)."""
    return {
        "encounters": await table.query("SELECT id, round, turn, status, name FROM encounters ORDER BY id"),
        "combatants": await table.query(
            "SELECT id, name, owner_user_id, character_id, hidden, sheet, initiative, tiebreak, seq, effects, gender"
            " FROM combatants ORDER BY id"
        ),
        "exchanges": await table.query("SELECT id, attacker_id, defender_id, status FROM exchanges ORDER BY id"),
        "characters": await table.query("SELECT id, sheet, gender FROM characters ORDER BY id"),
    }


async def _fight(table: Table, system_id: str) -> None:
    _lang, npc, pcs = SESSIONS[system_id]
    await table.play(
        [
            f"@gm #{CHANNEL} /encounter start system:{system_id} name:Zpět",
            f'@gm #{CHANNEL} /encounter add name:Zbój stats:"{npc}" count:2',
            f'@ana #{CHANNEL} /character create system:{system_id} name:Jana stats:"{pcs[0]}"',
            f"@ana #{CHANNEL} /encounter join character:Jana",
        ]
    )


async def _undo_restores(table: Table, line: str, who: str = "gm") -> None:
    before = await snapshot(table)
    (version,) = (await table.query("SELECT version FROM encounters WHERE status = 'active'"))[0]
    (logged,) = (await table.query("SELECT COUNT(*) FROM commands"))[0]
    responses = await table(line)
    assert responses and all(r.error is None for r in responses), (line, responses[0].content)
    assert (await table.query("SELECT COUNT(*) FROM commands"))[0][0] == logged + 1  # one command, logged
    r = await table.one(f"@{who} #{CHANNEL} /encounter undo")
    assert r.error is None and not r.ephemeral and "↩" in text_of(r), r.content
    assert await snapshot(table) == before, f"undoing {line} did not restore every row"
    (after,) = (await table.query("SELECT version FROM encounters WHERE status = 'active'"))[0]
    assert after > version  # a stale writer still loses


@pytest.mark.parametrize("system_id", sorted(SESSIONS))
async def test_undo_of_each_kind_of_command_restores_every_row(table: Table, system_id: str) -> None:
    table.app.service.dice = RandomDice(5)
    await _fight(table, system_id)
    condition = __import__("rules").get_system(system_id).conditions()[0]
    for line in [
        f'@gm #{CHANNEL} /encounter add name:Vlk stats:"{SESSIONS[system_id][1]}"',  # an add
        f"@gm #{CHANNEL} /initiative combatant:all",  # an initiative roll
        f'@gm #{CHANNEL} /encounter remove combatant:"Zbój 2"',  # a remove brings the same combatant back
        f"@gm #{CHANNEL} /encounter effect add combatant:Jana name:{condition} rounds:2",  # an effect
        f'@gm #{CHANNEL} /encounter edit combatant:Jana stats:"{HANDS[system_id][2]}"',  # an edit
    ]:
        await _undo_restores(table, line)
    pcs = SESSIONS[system_id][2]
    await table.play([f'@bob #{CHANNEL} /character create system:{system_id} name:Bořek stats:"{pcs[1]}"'])
    await _undo_restores(table, f"@bob #{CHANNEL} /encounter join character:Bořek")  # a join
    await table.play([f"@gm #{CHANNEL} /initiative combatant:all"])
    await _undo_restores(table, f"@gm #{CHANNEL} /encounter next")  # the turn with its round upkeep
    await table.play([f"@gm #{CHANNEL} /settings set name:enforce_turns value:false"])
    await table.play([f"@gm #{CHANNEL} /encounter next"])
    await _undo_restores(table, f'@gm #{CHANNEL} /attack attacker:"Zbój 1" target:Jana')  # with its defence
    await _undo_restores(table, f'@gm #{CHANNEL} /attack attacker:Jana target:"Zbój 1"')


async def test_an_attack_and_its_defence_are_undone_as_one_and_the_prompt_retires(table: Table) -> None:
    table.app.service.dice = RandomDice(5)
    await table("@gm #u /settings set system:arm5 name:npc_defence value:prompt scope:server")
    await _fight(table, "arm5")
    await table.play(["@gm #u /settings set name:enforce_turns value:false"])
    before = await snapshot(table)
    prompt = next(r for r in await table('@ana #u /attack target:"Zbój 1"') if r.components)
    r = await table.one('@gm #u /parry defender:"Zbój 1"')
    assert r.error is None
    r = await table.one("@gm #u /encounter undo")
    assert r.error is None and "↩" in text_of(r)
    assert await snapshot(table) == before  # the defence and the attack it answered, both gone
    (late,) = await table(f"@gm #u click {prompt.components[0]['custom_id']}")
    assert late.error == "error.exchange_stale"


async def test_a_waiting_attack_undone_retires_its_prompt(table: Table) -> None:
    table.app.service.dice = RandomDice(5)
    await _fight(table, "arm5")
    await table.play(["@gm #u /settings set name:enforce_turns value:false"])
    prompt = next(r for r in await table('@gm #u /attack attacker:"Zbój 1" target:Jana') if r.components)
    responses = await table("@gm #u /encounter undo")
    assert responses[0].error is None
    assert any(r.command == "edit" and r.edits == prompt.message_id for r in responses)  # buttons gone
    (late,) = await table(f"@ana #u click {prompt.components[0]['custom_id']}")
    assert late.error == "error.exchange_stale"


async def test_players_undo_only_their_own_last_command_without_dice(table: Table) -> None:
    table.app.service.dice = RandomDice(5)
    await _fight(table, "dnd35")
    await table.play(['@gm #u /encounter effect add combatant:Jana name:"Blessed"'])
    r = await table.one("@ana #u /encounter undo")
    assert r.ephemeral and r.error == "error.undo_not_yours" and "<@" in (r.content or "")
    await table.play(["@gm #u /encounter undo", "@gm #u /encounter undo"])  # the effect, then Jana's join
    await table.play(["@ana #u /encounter join character:Jana"])
    await _undo_restores(table, "@ana #u /initiative", who="gm")
    await table.play(["@ana #u /initiative"])
    r = await table.one("@ana #u /encounter undo")
    assert r.error == "error.undo_rolled"  # undo is not a free re-roll
    await table.play(["@gm #u /settings set name:player_undo value:all"])
    await table.play(["@gm #u /encounter end", f"@gm #{CHANNEL} /encounter start system:dnd35 name:Znovu"])
    await table.play(["@ana #u /encounter join character:Jana", "@ana #u /initiative"])
    r = await table.one("@ana #u /encounter undo")
    assert r.error is None


async def test_nothing_to_undo_and_walking_back_and_across_a_restart(database: Any) -> None:
    from tests.bot.conftest import open_table

    path = database
    table = await open_table(path)
    try:
        await table.play(["@gm #u /encounter start system:dnd35 name:Zpět"])
        r = await table.one("@gm #u /encounter undo")
        assert r.ephemeral and r.error == "error.undo_nothing"
        start = await snapshot(table)
        await table.play(
            ['@gm #u /encounter add name:Orc stats:"ac:12 hp:9"', '@gm #u /encounter add name:Elf stats:"hp:6"']
        )
    finally:
        await table.app.close()
    table = await open_table(path)
    try:
        await table.play(["@gm #u /encounter undo", "@gm #u /encounter undo"])  # repeated undo walks back
        assert await snapshot(table) == start
        await table.play(["@gm #u /encounter end"])
        r = await table.one("@gm #u /encounter undo")
        assert r.ephemeral and r.error == "error.no_encounter"
    finally:
        await table.app.close()


async def _replayed(table: Table, encounter_id: int) -> dict[str, list[tuple[Any, ...]]]:
    """A fresh database with every change set of the fight applied forwards, in order (read from either
    driver, replayed in a scratch SQLite as the fight's log is)."""
    from bot.storage.sqlite import scratch_tx
    from bot.storage.tx import run_sync

    scratch = scratch_tx()
    fresh = scratch.conn
    for row in await table.query("SELECT * FROM characters"):  # characters live outside fights
        fresh.execute(f"INSERT INTO characters VALUES ({', '.join('?' * len(row))})", row)
    fresh.execute("BEGIN")
    for changes in await table.app.db.read(repo.command_changes, encounter_id):
        run_sync(repo.apply_changes(scratch, encounter_id, changes))
    fresh.execute("COMMIT")
    out = {
        "encounters": fresh.execute("SELECT id, round, turn, status, name FROM encounters ORDER BY id").fetchall(),
        "combatants": fresh.execute(
            "SELECT id, name, owner_user_id, character_id, hidden, sheet, initiative, tiebreak, seq, effects, gender"
            " FROM combatants ORDER BY id"
        ).fetchall(),
        "exchanges": fresh.execute("SELECT id, attacker_id, defender_id, status FROM exchanges ORDER BY id").fetchall(),
    }
    return {k: [tuple(r) for r in v] for k, v in out.items()}


@pytest.mark.parametrize("system_id", sorted(SESSIONS))
async def test_replaying_the_log_reproduces_the_fight(table: Table, system_id: str) -> None:
    from tests.bot.test_sessions import Session

    table.app.service.dice = RandomDice(8)
    session = Session(table, system_id)
    await session.setup()
    await session.next_turn()
    for _ in range(6):
        if not await session.act():
            break
        await session.next_turn()
    await session.run("gm", "/encounter undo")  # an undo is replayed too
    current = await snapshot(table)
    (encounter_id,) = (await table.query("SELECT id FROM encounters"))[0]
    replayed = await _replayed(table, encounter_id)
    for name in ("encounters", "combatants", "exchanges"):
        assert replayed[name] == current[name], name


def test_a_sheet_diff_lists_changed_added_and_removed_fields_in_order() -> None:
    from bot.storage.changes import ABSENT, sheet_diff

    assert sheet_diff('{"a":1,"b":2}', '{"a":1,"b":2}') == {}
    assert list(sheet_diff('{"a":1,"b":[1],"c":3}', '{"a":2,"b":[1],"c":4}').items()) == [("a", [1, 2]), ("c", [3, 4])]
    assert sheet_diff('{"a":1,"b":2}', '{"a":1,"c":3}') == {"b": [2, ABSENT], "c": [ABSENT, 3]}
