"""The live tracker: one public message per fight, posted at the start, pinned where the bot may pin,
edited in place after changes (at most once every 2 s per channel, the final state within 5 s, never
delaying an answer), re-posted if deleted, unpinned at the end; 60 long names all listed and told apart.
Time is virtual (the console's clock), so every count here is exact."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.presenters.limits import TOTAL
from tests.bot.conftest import Table, open_table, text_of


def _tracker(table: Table) -> None:
    table.console.enable_tracker()


def _rows(embed: dict) -> list[str]:  # type: ignore[type-arg]
    text = "\n".join([embed.get("description") or "", *(f["value"] for f in embed.get("fields", []))])
    return [line for line in text.splitlines() if line.startswith(("•", "▶"))]


async def _fight(table: Table) -> list:  # type: ignore[type-arg]
    said = []
    for line in [
        "@gm #t /encounter start system:dnd35 name:Most",
        '@gm #t /encounter add name:Skřet stats:"ac:12 hp:9 attack:+2 damage:1d6" count:2',
        '@ana #t /character create system:dnd35 name:Ana stats:"hp:12 bab:2 str:14"',
        "@ana #t /encounter join character:Ana",
    ]:
        said += await table(line)
        assert all(r.error is None for r in said), said[-1].content
    return said


async def test_posted_at_the_start_pinned_and_edited_in_place(table: Table) -> None:
    _tracker(table)
    said = await _fight(table)
    posts = [r for r in said if r.command == "tracker" and r.edits is None]
    assert len(posts) == 1 and posts[0].message_id is not None and not posts[0].ephemeral
    tracker_id = posts[0].message_id
    assert tracker_id in table.console.gateway.pinned
    assert (await table.query("SELECT tracker_message_id FROM encounters"))[0][0] == tracker_id
    edits = [r for r in said if r.command == "tracker" and r.edits is not None]
    assert edits and all(r.edits == tracker_id for r in edits)
    said = await table("@gm #t /initiative combatant:all") + await table("@gm #t /encounter next")
    said += await table.console.tick(5)
    last = [r for r in said if r.command == "tracker"][-1]
    rows = _rows(last.embeds[0])
    assert len(rows) == 3 and sum(row.startswith("▶") for row in rows) == 1
    ana = next(row for row in rows if "Ana" in row)
    assert "▰▰▰▰▰" in ana and "12/12" in ana  # a public combatant: a bar and the numbers
    skret = next(row for row in rows if "Skřet" in row)
    assert "▰" in skret and "9/9" in skret  # an NPC added without hidden:true is public too


async def test_fifty_commands_in_one_second_give_at_most_two_edits(table: Table) -> None:
    _tracker(table)
    await _fight(table)
    await table.console.tick(5)  # the set-up's edits are done
    gateway = table.console.gateway
    before = gateway.edits
    table.console.line_seconds = 0.02  # 50 commands in one second
    for i in range(50):
        r = await table.one(f'@gm #t /encounter edit combatant:"Skřet 1" stats:"hp:{-1 if i % 2 else 1}"')
        assert r.error is None, r.content
        assert r.command == "encounter edit"  # the answer came first, whatever the tracker does
    during = gateway.edits - before
    assert during <= 2, during
    said = await table.console.tick(5)  # the final state shows within 5 s
    assert gateway.edits - before <= 3
    final = [r for r in said if r.command == "tracker"] or [None]
    status = await table.one("@gm #t /encounter status")
    skret = next(line for line in text_of(status).splitlines() if "Skřet 1" in line)
    hp = re.search(r"\d+/9", skret)
    assert hp is not None
    shown = _rows(final[-1].embeds[0]) if final[-1] is not None else []
    assert any("Skřet 1" in row and hp.group(0) in row for row in shown), shown


async def test_a_deleted_tracker_is_posted_again_and_pinned(table: Table) -> None:
    _tracker(table)
    said = await _fight(table)
    first = next(r.message_id for r in said if r.command == "tracker" and r.edits is None)
    table.console.deleted.add(first)
    said = await table("@gm #t /initiative combatant:all") + await table.console.tick(5)
    reposted = [r for r in said if r.command == "tracker" and r.edits is None]
    assert len(reposted) == 1 and reposted[0].message_id != first
    assert reposted[0].message_id in table.console.gateway.pinned
    assert (await table.query("SELECT tracker_message_id FROM encounters"))[0][0] == reposted[0].message_id


async def test_at_the_end_the_final_state_shows_and_the_pin_goes(table: Table) -> None:
    _tracker(table)
    said = await _fight(table)
    tracker_id = next(r.message_id for r in said if r.command == "tracker" and r.edits is None)
    said = await table("@gm #t /encounter end") + await table.console.tick(5)
    last = [r for r in said if r.command == "tracker"][-1]
    assert last.edits == tracker_id and "ended" in last.embeds[0]["title"]
    assert tracker_id not in table.console.gateway.pinned
    assert table.console.tracker is not None and not table.console.tracker._slots  # nothing left running


async def test_without_permission_to_post_the_gm_is_told_once_and_play_goes_on(table: Table) -> None:
    _tracker(table)
    table.local.bot_permissions = discord.Permissions(send_messages=True)  # no Embed Links
    said = await table("@gm #t /encounter start system:dnd35 name:Tma")
    notice = [r for r in said if r.ephemeral]
    assert len(notice) == 1 and notice[0].user == "gm" and "Embed Links" in (notice[0].content or "")
    said = await table('@gm #t /encounter add name:Vlk stats:"hp:5"') + await table.console.tick(5)
    assert not [r for r in said if r.command == "tracker"] and all(r.error is None for r in said)
    assert not [r for r in said if r.ephemeral]  # told once, at the start


async def test_without_pin_permission_it_is_posted_unpinned(table: Table) -> None:
    _tracker(table)
    table.local.bot_permissions = discord.Permissions(send_messages=True, embed_links=True)
    said = await _fight(table)
    post = next(r for r in said if r.command == "tracker" and r.edits is None)
    assert post.message_id not in table.console.gateway.pinned
    # The GM is told so, once, privately (nobody was: the tracker just sat unpinned).
    notice = [r for r in said if r.ephemeral and "Pin Messages" in (r.content or "")]
    assert [r.user for r in notice] == ["gm"], said


async def test_a_failing_edit_never_fails_a_command(table: Table) -> None:
    _tracker(table)
    await _fight(table)
    await table.console.tick(5)
    calls = 0

    async def broken(channel_id: int, message_id: int, embed: discord.Embed) -> None:
        nonlocal calls
        calls += 1
        raise RuntimeError("Discord is down")

    table.console.gateway.edit = broken  # type: ignore[method-assign]
    for line in ["@gm #t /initiative combatant:all", "@gm #t /encounter next", "@gm #t /encounter status"]:
        r = await table.one(line)
        assert r.error is None and r.command != "tracker", r.content
    await table.console.tick(10)
    assert 1 <= calls <= 3  # retried, then given up until the next change


async def test_after_a_restart_the_same_message_is_edited(tmp_path: Path) -> None:
    table = await open_table(tmp_path / "t.db")
    try:
        _tracker(table)
        said = await _fight(table)
        tracker_id = next(r.message_id for r in said if r.command == "tracker" and r.edits is None)
        await table.console.tick(5)
    finally:
        await table.app.close()
    table = await open_table(tmp_path / "t.db")
    try:
        _tracker(table)
        said = await table("@gm #t /initiative combatant:all") + await table.console.tick(5)
        tracked = [r for r in said if r.command == "tracker"]
        assert tracked and all(r.edits == tracker_id for r in tracked)
    finally:
        await table.app.close()


async def test_sixty_long_names_are_all_listed_and_told_apart(table: Table) -> None:
    _tracker(table)
    await table.play(["@gm #big /encounter start system:dnd35 name:Horda"])
    long = "Goblin łucznik z Temného lesa za horami a řekami " + "x" * 40
    await table.play([f'@gm #big /encounter add name:"{long}" stats:"ac:12 hp:5" count:30'])
    await table.play([f'@gm #big /encounter add name:"{long} B" stats:"ac:12 hp:5" count:30 hidden:true'])
    await table.play(["@gm #big /initiative combatant:all", "@gm #big /encounter next"])
    said = await table.console.tick(5)
    embed = [r for r in said if r.command == "tracker"][-1].embeds[0]
    rows = _rows(embed)
    assert len(rows) == 60
    assert all(len(row.replace("**", "").replace("`", "")) <= 90 for row in rows)
    assert len({row.split("**")[1] for row in rows}) == 60
    size = len(embed["title"]) + len(embed.get("description") or "") + len(embed["footer"]["text"])
    size += sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))
    assert size <= TOTAL and len(embed.get("fields", [])) <= 25


async def test_closing_the_bot_drops_the_edits_still_waiting_before_the_storage_closes(database: Path | str) -> None:
    """A tracker edit waiting out its spacing at shutdown used to wake after the database had closed (a
    traceback in the bot's log at every SIGTERM during a fight)."""
    table = await open_table(database)
    _tracker(table)
    await _fight(table)
    await table.console.tick(5)
    table.console.line_seconds = 0.0  # two commands at once: the second's edit waits out the spacing
    await table("@gm #t /initiative combatant:all")
    await table("@gm #t /encounter next")
    tracker = table.console.tracker
    assert tracker is not None
    waiting = [s.task for s in tracker._slots.values() if s.task is not None and not s.task.done()]
    assert waiting
    await table.app.close()
    assert all(task.done() for task in waiting)  # cancelled, not left to wake on a closed database
