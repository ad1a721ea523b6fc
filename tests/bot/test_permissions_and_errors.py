"""GM-only actions, hidden NPC numbers, and errors that change nothing."""

from __future__ import annotations

import json

import pytest

from bot.storage.tx import Tx
from tests.bot.conftest import Table, text_of
from tests.bot.stored_events import stored_events
from tests.bot.test_lifecycle import setup, start_with_ana_first


async def state(table: Table) -> tuple[list[tuple[object, ...]], int]:
    combatants = await table.query("SELECT name, sheet, initiative FROM combatants ORDER BY id")
    return combatants, len(await stored_events(table))


async def test_players_cannot_do_gm_things(table: Table) -> None:
    await setup(table)
    before = await state(table)
    for line in [
        "@ana #tavern /encounter add name:Ogre stats:hp:30",
        '@ana #tavern /encounter remove combatant:"Goblin 1"',
        "@ana #tavern /encounter next",
        "@ana #tavern /encounter end",
        "@ana #tavern /initiative combatant:all",
    ]:
        r = await table.one(line)
        assert r.ephemeral and r.error == "error.gm_only", line
    r = await table.one('@ana #tavern /initiative combatant:"Goblin 1"')
    assert r.error == "error.not_your_combatant"
    r = await table.one("@ana #tavern /settings set name:enforce_turns value:false")
    assert r.error == "error.manager_only"
    assert await state(table) == before


async def test_the_player_who_started_is_gm(table: Table) -> None:
    r = await table.one("@bob #den /encounter start system:dnd35")
    assert r.error is None
    r = await table.one("@bob #den /encounter add name:Rat stats:hp:2")
    assert r.error is None
    r = await table.one("@ana #den /encounter add name:Rat stats:hp:2")
    assert r.error == "error.gm_only"


async def test_players_act_only_for_their_own(table: Table) -> None:
    await setup(table)
    r = await table.one('@bob #tavern /attack target:Ana attacker:"Goblin 1"')
    assert r.error == "error.not_your_combatant"
    r = await table.one("@bob #tavern /attack target:Ana")
    assert r.error == "error.no_own_combatant" and "/encounter join" in (r.content or "")
    r = await table.one("@gm #tavern /attack target:Ana")
    assert r.error == "error.name_the_actor"


async def test_hidden_npc_numbers_never_reach_players(table: Table) -> None:
    await table("@gm #crypt /encounter start system:dnd35")
    await table("@gm #crypt /encounter add name:Wight stats:ac:23 hp:77 attack:+9 damage:1d6+4 hidden:true")
    await table('@ana #crypt /character create system:dnd35 name:Ana stats:"str:16 bab:3 hp:24"')
    await table("@ana #crypt /encounter join character:Ana")
    table.dice(12, 3)
    r = await table.one("@ana #crypt /attack target:Wight weapon:longsword")
    body = text_of(r)
    assert "23" not in body and "77" not in body
    assert "margin" not in body  # total + margin would give the AC away
    status = await table.one("@ana #crypt /encounter status")
    assert not status.ephemeral and "77" not in text_of(status)
    gm_status = await table.one("@gm #crypt /encounter status")
    assert gm_status.ephemeral and "77" in text_of(gm_status)
    table.dice(15, 4)
    responses = await table("@gm #crypt /attack target:Ana attacker:Wight")
    public, private = responses[0], responses[1]
    assert not public.ephemeral and "+9" not in text_of(public) and "9 " not in text_of(public).split("=")[0][-3:]
    assert private.ephemeral and "+9" in text_of(private)


async def test_errors_are_ephemeral_with_a_hint_and_change_nothing(table: Table) -> None:
    await start_with_ana_first(table)
    before = await state(table)
    cases = {
        "@ana #tavern /attack target:Nobody": "error.unknown_combatant",
        '@ana #tavern /attack target:"Goblin 1" options:"flying_kick"': "error.option_unknown",
        '@ana #tavern /attack target:"Goblin 1" options:"cover:sideways"': "error.option_invalid",
        "@ana #tavern /attack target:Ana": "error.self_target",
        '@gm #tavern /encounter add name:Imp stats:"banana:4"': "error.stat_unknown",
        "@ana #tavern /encounter start system:gurps": "error.unknown_system",
        "@ana #tavern /roll expression:1d": "error.roll_syntax",
    }
    for line, key in cases.items():
        r = await table.one(line)
        assert r.ephemeral and r.error == key, (line, r.error, r.content)
        assert r.content and "error." not in r.content  # a sentence, not a key
    assert await state(table) == before


async def test_action_out_of_turn_is_refused(table: Table) -> None:
    await start_with_ana_first(table)
    await table("@gm #tavern /encounter next")  # now a goblin's turn
    before = await state(table)
    r = await table.one('@ana #tavern /attack target:"Goblin 1" weapon:longsword')
    assert r.error == "error.not_your_turn" and "Goblin" in (r.content or "")
    assert await state(table) == before


async def test_parry_in_dnd_explains_the_alternatives(table: Table) -> None:
    await setup(table)
    r = await table.one("@ana #tavern /parry")
    assert r.ephemeral and r.error == "error.no_active_defence"
    assert "total_defense" in (r.content or "") or "fighting_defensively" in (r.content or "")


async def test_failed_commit_leaves_cache_and_database_whole(table: Table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    await start_with_ana_first(table)
    before = await state(table)
    from bot.storage import repository

    real = repository.apply_commit

    async def boom(tx, commit):  # type: ignore[no-untyped-def]
        await real(tx, commit)
        raise RuntimeError("disk full")

    monkeypatch.setattr(repository, "apply_commit", boom)
    table.dice(15, 5)
    r = await table.one('@ana #tavern /attack target:"Goblin 1" weapon:longsword')
    assert r.error == "error.internal" and r.ephemeral
    monkeypatch.setattr(repository, "apply_commit", real)
    assert await state(table) == before
    sheet = json.loads((await table.query("SELECT sheet FROM combatants WHERE name='Goblin 1'"))[0][0])
    assert sheet["hp_current"] == 7
    status = await table.one("@gm #tavern /encounter status")
    assert "7/7" in text_of(status)


@pytest.mark.parametrize(
    ("expression", "error"),
    [
        ("1d6/0", "error.roll_value"),
        ("1%0", "error.roll_value"),
        ("1d1e1", "error.roll_too_many"),
        ("1000d20kh3", "error.roll_too_many_dice"),
        ("(" * 30 + "1" + ")" * 30, "error.roll_too_deep"),
        ("1d0", "error.roll_die_size"),
        ("d", "error.roll_syntax"),
    ],
)
async def test_roll_refuses_what_it_cannot_or_must_not_work_out(table: Table, expression: str, error: str) -> None:
    r = await table.one(f'@ana:pl /roll expression:"{expression}"')
    assert r.ephemeral and r.error == error
    assert r.content and "{" not in r.content and "error." not in r.content


async def test_a_sheet_stored_out_of_bounds_loads_clamped(table: Table) -> None:
    """An older version let adnd2cp damage push HP below the sheet's −100: such a character recovers."""
    await table.play(['@ana /character create system:adnd2cp name:Bruna stats:"class:fighter level:3 hp:20"'])

    async def poison(tx: Tx) -> None:
        row = await tx.fetchone("SELECT id, sheet FROM characters WHERE name = 'Bruna'")
        sheet = json.loads(row[1])
        sheet["hp"] = -340
        await tx.execute("UPDATE characters SET sheet = ? WHERE id = ?", (json.dumps(sheet), row[0]))

    await table.app.db.transaction(poison)
    shown = await table.one("@ana /character show name:Bruna")
    assert shown.error is None and "-100" in text_of(shown)


async def test_a_failure_after_the_commit_is_not_reported_as_nothing_changed(table: Table) -> None:
    from unittest import mock

    await table.play(["@gm #x /encounter start system:dnd35 name:Crash"])
    with mock.patch("bot.presenters.render.message_embed", side_effect=RuntimeError("boom")):
        r = await table.one('@gm #x /encounter add name:Orc stats:"ac:10 hp:5"')
    assert r.error == "error.internal_after_commit" and "saved" in (r.content or "")
    (count,) = (await table.query("SELECT COUNT(*) FROM combatants"))[0]
    assert count == 1  # the change stands, as the answer says


async def test_next_with_waiting_defences_is_all_or_nothing(table: Table) -> None:
    """The default defences and the turn are one transaction: a failure in it applies none of them."""
    from unittest import mock

    from bot.storage import repository

    await table("@gm #hall /settings set system:arm5 name:enforce_turns value:false scope:server")
    await table.play(
        [
            '@gm #hall /encounter start system:arm5 name:"Bandits"',
            '@gm #hall /encounter add name:Bandit stats:"attack:+9 defense:+6 damage:+5 soak:+7" count:2',
            '@ana #hall /character create system:arm5 name:Wulf stats:"attack:+8 defense:+7 damage:+6 soak:+5"',
            "@ana #hall /encounter join character:Wulf",
        ]
    )
    table.dice(5)
    await table.play(['@gm #hall /attack attacker:"Bandit 1" target:Wulf'])
    table.dice(5)
    await table.play(['@gm #hall /attack attacker:"Bandit 2" target:Wulf'])
    before = await table.query("SELECT name, sheet FROM combatants ORDER BY id")
    ask = await table.one("@gm #hall /encounter next")
    original = repository.apply_commit

    async def failing(tx: Tx, commit: repository.Commit) -> list[int]:
        await original(tx, commit)
        raise RuntimeError("disk full")

    table.app.service.dice = __import__("rules").RandomDice(3)
    with mock.patch.object(repository, "apply_commit", failing):
        (r, *_) = await table(f"@gm #hall click {ask.components[0]['custom_id']}")
    assert r.error == "error.internal"
    assert await table.query("SELECT name, sheet FROM combatants ORDER BY id") == before
    (pending,) = (await table.query("SELECT COUNT(*) FROM exchanges WHERE status = 'pending'"))[0]
    assert pending == 2
    (rnd,) = (await table.query("SELECT round FROM encounters WHERE status = 'active'"))[0]
    assert rnd == 0
