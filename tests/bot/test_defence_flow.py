"""The defender answers: prompt → button or /parry, refusals, timeouts, restarts, queues (arm5)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from bot.console.adapter import snowflake
from tests.bot.conftest import Table, open_table, text_of

SETUP = [
    '@gm #hall /encounter start system:arm5 name:"Bandits"',
    "@gm #hall /settings set name:enforce_turns value:false",
    '@gm #hall /encounter add name:Bandit stats:"attack:+9 defense:+6 damage:+5 soak:+7 size:0" count:2',
    '@ana #hall /character create system:arm5 name:Wulf stats:"attack:+8 defense:+7 damage:+6 soak:+5"',
    "@ana #hall /encounter join character:Wulf",
]


async def setup(table: Table) -> None:
    await table("@gm #hall /settings set system:arm5 name:enforce_turns value:false scope:server")
    await table.play(SETUP)


async def attack_wulf(table: Table, bandit: str = "Bandit 1") -> str:
    table.dice(5)  # attack stress die 5: total 14
    r = await table.one(f'@gm #hall /attack attacker:"{bandit}" target:Wulf')
    assert r.error is None and not r.ephemeral
    assert r.components, "the prompt carries buttons"
    ana = table.local.user("ana")
    assert f"<@{ana.id}>" in (r.content or "")
    (pending,) = (await table.query("SELECT COUNT(*) FROM exchanges WHERE status='pending'"))[0]
    assert pending >= 1
    return str(r.components[0]["custom_id"])


async def wulf_hp(table: Table) -> str:
    (sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name='Wulf'"))[0]
    return str(sheet)


async def test_prompt_button_result(table: Table) -> None:
    await setup(table)
    button = await attack_wulf(table)
    before = await wulf_hp(table)
    table.dice(2)  # defence stress die 2: 7 + 2 = 9 < 14 → hit by 5
    (r,) = await table(f"@ana #hall click {button}")
    assert r.error is None and r.edits is not None and not r.components  # replaces the prompt, buttons gone
    body = text_of(r)
    assert "14" in body and "9" in body
    assert await wulf_hp(table) != before
    (status,) = (await table.query("SELECT status FROM exchanges"))[0]
    assert status == "resolved"


async def test_prompt_then_typed_parry(table: Table) -> None:
    """The prompt becomes the result; the typist gets a one-line acknowledgement with a link to it."""
    await setup(table)
    await attack_wulf(table)
    table.dice(9)  # 7 + 9 = 16 > 14: defended
    answer, edit = await table("@ana #hall /parry")
    assert answer.error is None and answer.ephemeral and not answer.embeds
    assert "https://discord.com/channels/" in (answer.content or "")
    assert edit.command == "edit" and edit.edits is not None and "16" in text_of(edit)
    r = await table.one("@ana #hall /parry")
    assert r.error == "error.nothing_to_parry"


async def test_typed_parry_posts_the_result_once_when_the_prompt_is_gone(table: Table) -> None:
    await setup(table)
    await attack_wulf(table)
    table.console.deleted.update(range(1, 100))  # every earlier message was deleted
    table.dice(9)
    responses = await table("@ana #hall /parry")
    # The typist hears back first; the edit of the vanished prompt fails, so the result is posted, once.
    (ack,) = [r for r in responses if r.command == "parry"]
    assert ack.error is None and ack.ephemeral
    (post,) = [r for r in responses if r.command == "post"]
    assert "16" in text_of(post)


async def test_wrong_user_and_stale_button_change_nothing(table: Table) -> None:
    await setup(table)
    button = await attack_wulf(table)
    before = await wulf_hp(table)
    (r,) = await table(f"@bob #hall click {button}")
    assert r.ephemeral and r.error == "error.not_your_defence"
    assert await wulf_hp(table) == before
    table.dice(9)
    (ok,) = await table(f"@ana #hall click {button}")
    assert ok.error is None
    (again,) = await table(f"@ana #hall click {button}")
    assert again.ephemeral and again.error == "error.exchange_stale"
    (forged,) = await table("@ana #hall click def:999:defend")
    assert forged.ephemeral and forged.error == "error.exchange_stale"


async def test_the_gm_may_answer_and_turn_advance_makes_buttons_stale(table: Table) -> None:
    await setup(table)
    button = await attack_wulf(table)
    table.app.service.dice = __import__("rules").RandomDice(1)
    ask = await table.one("@gm #hall /encounter next")
    # Nothing moves yet: the GM is told who has not answered and asked to confirm.
    assert ask.ephemeral and "Wulf" in (ask.content or "") and ask.components
    (status,) = (await table.query("SELECT status FROM exchanges"))[0]
    assert status == "pending"
    responses = await table(f"@gm #hall click {ask.components[0]['custom_id']}")
    turn, edit = responses
    assert turn.error is None and not turn.ephemeral and edit.command == "edit"
    assert "Wulf" not in "".join(e.get("title", "") for e in turn.embeds[1:])  # the result is not posted twice
    assert len(turn.embeds) == 1
    (status,) = (await table.query("SELECT status FROM exchanges"))[0]
    assert status == "resolved"  # the default defence was rolled before the turn moved on
    (late,) = await table(f"@ana #hall click {button}")
    assert late.error == "error.exchange_stale"
    (stale,) = await table(f"@gm #hall click {ask.components[0]['custom_id']}")
    assert stale.error == "error.confirm_stale"  # a second press does not move the turn twice


async def test_timeout_rolls_the_default_defence(table: Table) -> None:
    await setup(table)
    now = [1000.0]
    table.app.service.clock = lambda: now[0]
    await attack_wulf(table)
    now[0] += 60
    assert await table.app.service.expire_due() == []
    now[0] += 61  # past the 120 s default
    table.dice(4)
    outcomes = await table.app.service.expire_due()
    assert len(outcomes) == 1 and outcomes[0].automatic
    (status,) = (await table.query("SELECT status FROM exchanges"))[0]
    assert status == "resolved"


async def test_gm_forces_resolution(table: Table) -> None:
    await setup(table)
    await attack_wulf(table)
    r = await table.one("@ana #hall /encounter resolve")
    assert r.error == "error.gm_only"
    table.dice(4)
    r, edit = await table("@gm #hall /encounter resolve")
    assert r.error is None and not r.embeds and edit.command == "edit"  # the prompt became the result
    assert (await table.one("@gm #hall /encounter resolve")).error == "error.nothing_pending"


async def test_two_attacks_on_one_defender_are_answered_in_order(table: Table) -> None:
    await setup(table)
    first = await attack_wulf(table, "Bandit 1")
    second = await attack_wulf(table, "Bandit 2")
    (r,) = await table(f"@ana #hall click {second}")
    assert r.error == "error.answer_in_order" and "Bandit 1" in (r.content or "")
    table.dice(9)
    _, edit = await table("@ana #hall /parry")  # /parry takes the oldest
    assert edit.command == "edit" and "Bandit 1" in text_of(edit)
    table.dice(9)
    (r,) = await table(f"@ana #hall click {second}")
    assert r.error is None and "Bandit 2" in text_of(r)
    (stale,) = await table(f"@ana #hall click {first}")
    assert stale.error == "error.exchange_stale"


async def test_pending_exchange_survives_restart(database: Path | str) -> None:
    path = database
    first = await open_table(path)
    await setup(first)
    button = await attack_wulf(first)
    await first.app.close()
    second = await open_table(path)
    try:
        second.dice(2)
        (r,) = await second(f"@ana #hall click {button}")
        assert r.error is None and "14" in text_of(r)
    finally:
        await second.app.close()


async def test_npc_targets_defend_at_once_or_prompt_the_gm(table: Table) -> None:
    await setup(table)
    table.dice(5, 3)  # Wulf attacks: 8 + 5 = 13; Bandit defends at once: 6 + 3 = 9
    r = await table.one('@ana #hall /attack target:"Bandit 1"')
    assert r.error is None and not r.components and "13" in text_of(r)
    await table("@gm #hall /encounter end")
    await table("@gm #hall /settings set name:npc_defence value:prompt")
    await table("@gm #hall /encounter start system:arm5")
    await table('@gm #hall /encounter add name:Bandit stats:"attack:+9 defense:+6 damage:+5 soak:+7"')
    await table("@ana #hall /encounter join character:Wulf")
    table.dice(5)
    r = await table.one("@ana #hall /attack target:Bandit")
    gm = table.local.user("gm")
    assert r.components and f"<@{gm.id}>" in (r.content or "")
    (refused,) = await table(f"@ana #hall click {r.components[0]['custom_id']}")
    assert refused.error == "error.not_your_defence"
    table.dice(3)
    (ok,) = await table(f"@gm #hall click {r.components[0]['custom_id']}")
    assert ok.error is None


async def test_a_prompts_message_is_saved_with_the_channels_next_transaction(database: Path | str) -> None:
    """No transaction of its own for the prompt's message id: kept in memory, written with the next
    command; after a restart before that, the answer is posted as a new message (nothing to edit)."""
    path = database
    first = await open_table(path)
    await setup(first)
    await attack_wulf(first)
    saved = "SELECT message_id FROM exchanges WHERE status='pending' ORDER BY id"
    assert await first.query(saved) == [(None,)]
    await attack_wulf(first, "Bandit 2")  # the channel's next transaction carries the first prompt's id
    rows = await first.query(saved)
    assert rows[0][0] is not None and rows[1][0] is None
    await first.app.close()
    second = await open_table(path)
    try:
        second.dice(2, 2)
        answers = await second("@ana #hall /parry")
        assert all(r.error is None for r in answers)
        assert any(r.command == "edit" for r in answers), "the first prompt, whose id was saved, is replaced"
    finally:
        await second.app.close()


async def test_a_restart_re_arms_the_timers_without_loading_the_fights(database: Path | str) -> None:
    """Start-up reads each waiting channel's earliest deadline in one query; the fight itself is loaded
    only once that deadline passes (or the channel speaks), and its default defence is rolled then."""
    path = database
    first = await open_table(path)
    now = [1000.0]
    first.app.service.clock = lambda: now[0]
    await setup(first)
    await attack_wulf(first)
    await first.app.close()
    second = await open_table(path)
    try:
        second.app.service.clock = lambda: now[0]
        channel = snowflake("#hall")
        assert channel in second.app.service._waiting and channel not in second.app.service._cache
        assert await second.app.service.expire_due() == []  # not due: nothing loaded
        assert channel not in second.app.service._cache
        now[0] += 121
        second.dice(4)
        (outcome,) = await second.app.service.expire_due()
        assert outcome.automatic
    finally:
        await second.app.close()


async def test_a_sharded_restart_times_out_only_its_own_guilds(tmp_path: Path) -> None:
    """A process re-arms the defence timers of the guilds its shards own and no others, so the expire loop
    never settles (or posts in) another process's channel; the console's guild is shard 0's of two."""
    from dataclasses import replace

    from bot.console.adapter import GUILD_ID
    from bot.service.game import GameService
    from rules import ScriptedDice

    assert (GUILD_ID >> 22) % 2 == 0
    path = tmp_path / "bot.db"
    first = await open_table(path)
    now = [1000.0]
    first.app.service.clock = lambda: now[0]
    await setup(first)
    await attack_wulf(first)
    await first.app.close()
    now[0] += 121  # the defender's time has run out while no process was running
    second = await open_table(path)
    try:
        for shard, settled in ((1, 0), (0, 1)):
            config = replace(second.app.config, shard_count=2, shard_ids=(shard,))
            service = GameService(second.app.db, ScriptedDice([4]), clock=lambda: now[0])
            await service.load_active(config.owns_guild)
            assert len(service._waiting) == settled
            assert len(await service.expire_due()) == settled, f"shard {shard}"
    finally:
        await second.app.close()


def _answers_edits_and_posts(table: Table, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The order in which interactions are answered and the bot's own REST edits and posts go out."""
    from bot.console.adapter import FakeInteraction

    order: list[str] = []
    record = FakeInteraction.record

    def answered(self: FakeInteraction, *args: Any, **kwargs: Any) -> Any:
        order.append("answer")
        return record(self, *args, **kwargs)

    monkeypatch.setattr(FakeInteraction, "record", answered)
    editor, poster = table.app.message_editor, table.app.message_poster
    assert editor is not None and poster is not None

    async def edit(channel_id: int, message_id: int, embeds: list[Any], content: str | None) -> None:
        order.append("edit")
        await editor(channel_id, message_id, embeds, content)

    async def post(channel_id: int, content: str | None, embeds: list[Any], users: list[int]) -> None:
        order.append("post")
        await poster(channel_id, content, embeds, users)

    table.app.message_editor, table.app.message_poster = edit, post
    return order


async def test_the_turn_and_a_forced_resolution_answer_before_the_prompts_are_edited(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Answer first: the interaction's answer goes out before the REST edits that turn waiting prompts
    into their results (a dozen rate-limited edits must not hold an answer past Discord's 3 seconds).
    Seen through the Discord look-alike: the turn message came after the prompt's edit."""
    order = _answers_edits_and_posts(table, monkeypatch)
    await setup(table)
    await attack_wulf(table)
    ask = await table.one("@gm #hall /encounter next")
    order.clear()
    table.app.service.dice = __import__("rules").RandomDice(1)
    turn = await table.one(f"@gm #hall click {ask.components[0]['custom_id']}")
    assert turn.error is None and order == ["answer", "edit"]
    await attack_wulf(table)
    order.clear()
    table.dice(4)
    forced = await table.one("@gm #hall /encounter resolve")
    assert forced.error is None and order == ["answer", "edit"]


async def test_undo_and_a_change_from_another_channel_answer_before_their_rest_calls(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Answer first here too: an undone attack's prompt loses its buttons, and a character changed from
    another channel is announced in its fight's channel, only after the interaction was answered."""
    order = _answers_edits_and_posts(table, monkeypatch)
    await setup(table)
    await attack_wulf(table)
    order.clear()
    undo = await table.one("@gm #hall /encounter undo")
    assert undo.error is None and order == ["answer", "edit"]
    order.clear()
    changed = await table.one('@ana #elsewhere /character set name:Wulf stats:"attack:+9"')
    assert changed.error is None and order == ["answer", "post"]


async def test_the_console_prints_the_acknowledgement_before_the_prompts_edit(table: Table) -> None:
    """The console prints what happened in the order Discord shows it: a typed /parry is answered first,
    then its prompt becomes the result (it printed the edit first, as if the prompt changed before)."""
    import json

    await setup(table)
    await attack_wulf(table)
    out = table.console.out
    assert isinstance(out, io.StringIO)
    out.seek(0)
    out.truncate()
    table.dice(9)
    await table("@ana #hall /parry")
    printed = [json.loads(line)["command"] for line in out.getvalue().splitlines()]
    assert printed[:2] == ["parry", "edit"]


async def test_a_button_on_an_ephemeral_message_edits_it_privately_in_the_console(table: Table) -> None:
    """On Discord an ephemeral message edited by its button (`response.edit_message`) stays its user's
    alone; the console recorded the edit as a public message."""
    await setup(table)
    custom_id = await attack_wulf(table)
    table.dice(9)
    (edited,) = await table.local.click("ana", "hall", custom_id, None, ephemeral=True)
    assert edited.error is None and edited.ephemeral and edited.user == "ana" and edited.message_id is None
    custom_id = await attack_wulf(table, "Bandit 2")
    table.dice(9)
    (public,) = await table.local.click("ana", "hall", custom_id, 1234)
    assert not public.ephemeral and public.edits == 1234


async def test_a_typed_parry_answers_with_the_result_where_the_bot_may_not_write(table: Table) -> None:
    """Without Send Messages (or Embed Links) in the channel the prompt can be neither edited nor followed
    by a post: the result went nowhere. The /parry's own answer (which needs no channel permission) is
    the result then."""
    import discord

    await setup(table)
    await attack_wulf(table)
    table.local.bot_permissions = discord.Permissions(view_channel=True, read_message_history=True)
    table.dice(9)
    said = await table("@ana #hall /parry")
    assert [(r.command, r.ephemeral) for r in said] == [("parry", False)], said
    assert said[0].embeds and said[0].edits is None


async def test_a_prompt_edited_into_a_default_defence_says_so(table: Table) -> None:
    """A default rolled for the defender (the timer, /encounter resolve, a confirmed next) replaced the
    prompt with the bare result, while the same result posted instead says no answer came in time; the
    edit now says it too (and a defence the player chose says nothing of the kind)."""
    await setup(table)
    await attack_wulf(table)
    table.dice(4)
    said = await table("@gm #hall /encounter resolve")
    (edit,) = [r for r in said if r.command == "edit"]
    # The GM resolved it: said so, not that the time ran out (the timer's own wording is for the timer).
    assert edit.content == "The GM resolved the attack without waiting for an answer: the default defence was rolled."
    await attack_wulf(table, "Bandit 2")
    table.dice(9)
    (chosen,) = [r for r in await table("@ana #hall /parry") if r.command == "edit"]
    assert chosen.content is None


async def test_results_whose_prompts_are_gone_follow_the_answer_and_none_is_lost(table: Table) -> None:
    """A forced resolution of a dozen waiting attacks whose prompts were deleted: each result still reaches
    the table, as the interaction's own public follow-ups (they need no channel permission, unlike a
    channel post), split over as many messages as Discord's ten embeds each allow, the first one saying
    the default defence was rolled."""
    await setup(table)
    for _ in range(12):
        await attack_wulf(table)
    table.console.deleted.update(range(1, 1000))
    table.dice(*[4] * 12)  # each default defence's die
    said = await table("@gm #hall /encounter resolve")
    answer, *rest = said
    assert answer.error is None and answer.command == "encounter resolve"
    follow = [r for r in rest if r.command == "encounter resolve"]
    assert not [r for r in rest if r.command == "post"]  # nothing through the channel
    assert [len(r.embeds) for r in follow] == [10, 2] and not any(r.ephemeral for r in follow)
    assert all("Bandit 1 → Wulf" in e["title"] for r in follow for e in r.embeds)
    assert follow[0].content and follow[0].content == follow[1].content
