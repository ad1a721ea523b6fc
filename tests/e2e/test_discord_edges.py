"""The paths the five fights do not reach, played through the real bot process against the Discord
look-alike: a defence left to the timer, wound pictures as attachments, the tracker deleted or refused,
missing channel permissions, Discord's 429s, a fight in a thread. Whatever differs from what a group on
Discord would expect is a bug in the bot, fixed where it lives."""

from __future__ import annotations

import asyncio
import re
import struct
import time
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.config import Config
from bot.console.runner import build
from bot.i18n.catalog import default_catalog
from tests.e2e.discord_process import bot_process, buttons, console_lines, is_tracker, send_line
from tests.e2e.fake_discord import (
    APP_PERMISSIONS,
    HISTORY,
    MANAGE_MESSAGES,
    PIN,
    VIEW,
    FakeDiscord,
    Interaction,
    Message,
)

HIDDEN = re.compile(r"\b444\b")  # the hidden NPC's HP, made distinctive
NPC = "hp:444 útok:5 obrana:3 zranění:8"
CATALOG = default_catalog()


async def quiet(fake: FakeDiscord, calm: float = 0.08, most: float = 5) -> None:
    """Until the bot made no request for `calm` seconds (at most `most`)."""
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        fake.activity.clear()
        try:
            await asyncio.wait_for(fake.activity.wait(), calm)
        except TimeoutError:
            return


async def do(fake: FakeDiscord, user: str, channel: str, path: str, locale: str = "cs", **options: Any) -> Interaction:
    """A slash command, answered (within Discord's 3 seconds) and everything after it done."""
    sent = await fake.command(user, channel, path, options, locale)
    await fake.answer(sent.id, 3)
    await quiet(fake)
    return sent


def answer_of(fake: FakeDiscord, sent: Interaction) -> Message:
    assert sent.original is not None
    return fake.messages[sent.original]


def said(message: Message) -> str:
    return str([message.data["content"], message.data["embeds"]])


def public(fake: FakeDiscord, channel: str) -> list[Message]:
    return [m for m in fake.visible(channel) if m.ephemeral_for is None]


def prompt(fake: FakeDiscord, channel: str) -> Message:
    """The latest defence prompt in the channel (the message that carried def: buttons)."""
    cid = fake.channel(channel)
    return next(
        m
        for e in reversed(fake.events)
        if e.kind == "create"
        for m in [fake.messages[e.message_id]]
        if m.channel_id == cid and any(c.startswith("def:") for c, _ in buttons(e.snapshot))
    )


async def attack_until_prompt(fake: FakeDiscord, channel: str, target: str, attacker: str = "Zbój") -> Message:
    """The GM attacks until the defender is asked (cz2d10 asks only for a strong enough blow)."""
    for _ in range(12):
        start = len(fake.events)
        await do(fake, "gm", channel, "attack", attacker=attacker, target=target)
        for e in fake.events[start:]:
            if e.kind == "create" and any(c.startswith("def:") for c, _ in buttons(e.snapshot)):
                return fake.messages[e.message_id]
    raise AssertionError(f"no prompt in #{channel}")


def tracker(fake: FakeDiscord, channel: str) -> list[Message]:
    cid = fake.channel(channel)
    return [m for m in fake.messages.values() if m.channel_id == cid and is_tracker(m)]


async def cz_fight(fake: FakeDiscord, channel: str, player: str, hero: str, locale: str = "en-US") -> None:
    """A cz2d10 fight (duel system vzor 2: the defender chooses) started by a Czech GM; a player (in
    `locale`) and a hidden bandit, round 1 begun."""
    await do(fake, "gm", channel, "settings set", name="duel_system", value="vzor2", system="cz2d10")
    await do(fake, "gm", channel, "encounter start", system="cz2d10", name="Boj")
    await do(fake, player, channel, "character create", locale, system="cz2d10", name=hero, template="bojovnik")
    await do(fake, "gm", channel, "encounter add", name="Zbój", stats=NPC, count=1, hidden=True)
    await do(fake, player, channel, "encounter join", locale, character=hero)
    await do(fake, "gm", channel, "encounter next")


def check_png(data: bytes) -> None:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        crc = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])[0]
        assert zlib.crc32(kind + data[pos + 8 : pos + 8 + length]) == crc, kind
        chunks.append(kind)
        pos += 12 + length
    assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND" and b"IDAT" in chunks, chunks


def clean(fake: FakeDiscord, output: str) -> None:
    assert not fake.unknown, fake.unknown
    assert not fake.violations, fake.violations
    assert "Traceback" not in output, output
    slow = [i.id for i in fake.interactions.values() if i.answered is None or i.answered - i.created >= 3]
    assert not slow, slow


# ---- 1. a defence left to the timer -------------------------------------------------------------------
async def test_an_unanswered_prompt_gets_the_default_defence_from_the_timer(tmp_path: Path) -> None:
    async with bot_process(tmp_path, DEFENCE_SWEEP="0.2", DICE_SEED="7") as bot:
        fake = bot.fake
        await do(fake, "gm", "a", "settings set", name="defence_timeout", value="10", scope="server")
        await cz_fight(fake, "a", "p1", "Eva")
        await cz_fight(fake, "b", "p2", "Jonas")
        kept = await attack_until_prompt(fake, "a", "Eva")
        gone = await attack_until_prompt(fake, "b", "Jonas")
        fake.delete(gone.id)  # a moderator deletes the prompt in #b
        before_b = {m.id for m in public(fake, "b")}
        asked = time.monotonic()
        deadline = asked + 14
        while time.monotonic() < deadline and (kept.data["components"] or len(public(fake, "b")) == len(before_b)):
            await asyncio.sleep(0.1)
        await quiet(fake)
    clean(fake, bot.output)
    automatic = CATALOG.messages["cs"]["defence.automatic"]

    # #a: the prompt became its result, in place, buttons gone, in the table's (the GM's) language.
    assert kept.data["components"] == [], kept.data
    assert kept.data["content"] == automatic, kept.data["content"]  # says the default was rolled, as a post does
    edits = [e for e in fake.events if e.message_id == kept.id and e.kind == "edit"]
    assert len(edits) == 1 and edits[0].route == "channel" and edits[0].at - asked >= 9.5
    assert not HIDDEN.search(said(kept)), said(kept)
    assert kept.data["embeds"] and "Eva" in said(kept)
    cs, en = CATALOG.messages["cs"]["field.outcome"], CATALOG.messages["en"]["field.outcome"]
    assert cs in said(kept) and en not in said(kept), said(kept)  # the player's English does not matter

    # #b: the prompt was gone, so the result was posted once as a new message.
    new = [m for m in public(fake, "b") if m.id not in before_b and not is_tracker(m)]
    assert len(new) == 1, [said(m) for m in new]
    assert new[0].data["content"] == automatic and "Jonas" in said(new[0]) and cs in said(new[0])
    assert not HIDDEN.search(said(new[0])), said(new[0])
    assert not [m for m in fake.messages.values() if m.deleted and m.id != gone.id], "nothing else deleted"


async def test_only_a_defence_prompt_asks_discord_for_its_message_back(tmp_path: Path) -> None:
    """An answer normally goes out without `with_response` (reading the message back cost a tenth of an
    answer); a prompt asks for it, because a typed /parry edits the prompt by its id."""
    async with bot_process(tmp_path, DICE_SEED="7") as bot:
        fake = bot.fake
        await cz_fight(fake, "a", "p1", "Eva")
        asked = await attack_until_prompt(fake, "a", "Eva")
        parry = await do(fake, "p1", "a", "parry", "en-US", option="none")
        await do(fake, "gm", "a", "encounter add", name="Lupič", stats="hp:30 útok:14 obrana:3 zranění:8")
        second = await attack_until_prompt(fake, "a", "Eva", attacker="Lupič")
        pressed = await fake.press("p1", buttons(second.data)[0][0], "en-US")
        await fake.answer(pressed.id, 3)
        await quiet(fake)
    clean(fake, bot.output)
    # the button's answer replaced the prompt (type 7) without asking for the message either
    assert pressed.callback_type == 7 and not pressed.asked_back and second.data["components"] == []
    assert second.data["embeds"] and "Eva" in said(second)
    attacks = [i for i in fake.interactions.values() if i.callback_type == 4 and i.original]
    prompts = {i.id for i in attacks if i.original in (asked.id, second.id)}
    assert len(prompts) == 2
    assert {i.id for i in attacks if i.asked_back} == prompts  # every other answer left the message unread
    assert fake.answers[parry.id]["type"] == 4 and not parry.asked_back
    edits = [e for e in fake.events if e.message_id == asked.id and e.kind == "edit"]
    assert edits and edits[-1].route == "channel" and not asked.data["components"], edits  # found by its id


# ---- 2. wound pictures through the multipart callback ---------------------------------------------------
WOUNDS = {
    "c": [
        "@gm:cs #c /settings set name:wound_picture value:true",
        "@gm:cs #c /encounter start system:cz2d10 name:Boj",
        "@p1:en #c /character create system:cz2d10 name:Eva template:bojovnik",
        '@gm:cs #c /encounter add name:Vlk stats:"hp:40 útok:5 obrana:3 zranění:8"',
        "@p1:en #c /encounter join character:Eva",
        "@gm:cs #c /encounter next",
    ]
    + ["@gm:cs #c /attack attacker:Eva target:Vlk"] * 5,
    "w": [
        "@gm:pl #w /settings set name:wound_picture value:true",
        "@gm:pl #w /encounter start system:pl_wladanie name:Boj",
        "@p2:pl #w /character create system:pl_wladanie name:Ola template:wojownik",
        '@gm:pl #w /encounter add name:Wilk stats:"obrona_fizyczna:10"',
        "@p2:pl #w /encounter join character:Ola",
        "@gm:pl #w /encounter next",
    ]
    + ["@gm:pl #w /attack attacker:Ola target:Wilk"] * 5,
    # vzor 2: the defender is asked; a typed /parry that lets the blow through (the picture follows the result)
    "p": [
        "@gm:cs #p /settings set name:wound_picture value:true",
        "@gm:cs #p /settings set name:duel_system value:vzor2 system:cz2d10",
        "@gm:cs #p /encounter start system:cz2d10 name:Boj",
        "@p3:en #p /character create system:cz2d10 name:Ema template:bojovnik",
        '@gm:cs #p /encounter add name:Rys stats:"hp:40 útok:9 obrana:3 zranění:8"',
        "@p3:en #p /encounter join character:Ema",
        "@gm:cs #p /encounter next",
    ]
    + ["@gm:cs #p /attack attacker:Rys target:Ema", "@p3:en #p /parry option:none"] * 3,
}


async def test_wound_pictures_travel_as_attachments_named_as_in_the_console(tmp_path: Path) -> None:
    lines = WOUNDS["c"] + WOUNDS["w"] + WOUNDS["p"]
    want = await console_lines(tmp_path, lines, seed=11)
    config = replace(Config.from_env(dotenv=False), database_path=str(tmp_path / "parse.db"), token=None)
    app, local = await build(config, seed=11, locale="en")
    got: list[list[tuple[str, bytes]]] = []
    try:
        async with bot_process(tmp_path, DICE_SEED="11") as bot:
            fake = bot.fake
            for text in lines:
                start = len(fake.events)
                sent = await send_line(fake, text, local)
                await fake.answer(sent.id, 3)
                await quiet(fake)
                got.append([f for e in fake.events[start:] if e.kind in ("create", "edit") for f in e.files])
    finally:
        await app.close()
    clean(fake, bot.output)
    console = [[(f["filename"], f["size"]) for r in rs for f in r.files] for rs in want]
    assert [[(n, len(d)) for n, d in files] for files in got] == console
    pictures = [(n, d) for files in got for n, d in files]
    assert {n for n, _ in pictures} >= {"wounds-vlk.png", "wounds-wilk.png"}, pictures
    for _, data in pictures:
        check_png(data)
        assert len(data) < 50 << 10  # far below Discord's 10 MiB upload limit
    assert "wounds-ema.png" in {n for n, _ in pictures}, pictures
    # An attack's came with its answer itself (the callback, multipart); after a typed /parry the picture
    # followed the prompt's edit into the result (a followup, multipart).
    routes = {fake.messages[e.message_id].channel_id: e.route for e in fake.events if e.files}
    assert routes == {fake.channel("c"): "callback", fake.channel("w"): "callback", fake.channel("p"): "followup"}
    parried = [e for e in fake.events if e.message_id in {m.id for m in public(fake, "p")} and e.kind != "pin"]
    for i, e in enumerate(parried):
        if e.files:
            assert parried[i - 1].kind == "edit" and parried[i - 1].route == "channel", parried[i - 1]


# ---- 3. the tracker when things go wrong --------------------------------------------------------------
async def until(check: Any, most: float = 6) -> None:
    deadline = time.monotonic() + most
    while time.monotonic() < deadline and not check():
        await asyncio.sleep(0.05)
    assert check(), "not within the time"


async def test_a_deleted_tracker_is_posted_again_and_a_refused_edit_stops_it_quietly(tmp_path: Path) -> None:
    async with bot_process(tmp_path, DICE_SEED="7", TRACKER_INTERVAL="0.3") as bot:
        fake = bot.fake
        await cz_fight(fake, "t", "p1", "Eva")
        await until(lambda: any(m.pinned for m in tracker(fake, "t")))
        (first,) = tracker(fake, "t")
        fake.delete(first.id)  # a moderator deletes it
        await do(fake, "gm", "t", "encounter add", name="Vlk", stats=NPC.replace("444", "30"))
        await until(lambda: any(not m.deleted and m.pinned for m in tracker(fake, "t")))
        second = next(m for m in tracker(fake, "t") if not m.deleted)
        assert "Vlk" in said(second)

        refused = fake.fail("channel_edit", 403, channel=fake.channel("t"))
        before = {m.id for m in fake.messages.values()}
        seen = len(fake.events)
        await do(fake, "gm", "t", "encounter add", name="Rys", stats=NPC.replace("444", "30"))
        await until(lambda: bool(refused.hits))
        await asyncio.sleep(0.8)  # past the next spacing: nothing is retried or re-posted after a refusal
        sent = await do(fake, "gm", "t", "encounter status")  # play goes on
        assert "Rys" in said(answer_of(fake, sent))
        await asyncio.sleep(0.8)
    clean(fake, bot.output)
    assert len(refused.hits) == 1
    new = [fake.messages[i] for i in {m.id for m in fake.messages.values()} - before]
    assert not [m for m in new if is_tracker(m)], "no tracker posted again after the refusal"
    internal = [t for lang in CATALOG.messages.values() for k, t in lang.items() if k.startswith("error.")]
    for m in new:
        assert not any(t in said(m) for t in internal), said(m)  # nothing about it told to the table
    assert not [e for e in fake.events[seen:] if e.message_id == second.id and e.kind == "edit"]


# ---- 5. Discord's 429s ----------------------------------------------------------------------------------
async def test_429s_are_waited_out_and_never_hold_the_answer(tmp_path: Path) -> None:
    async with bot_process(tmp_path, DICE_SEED="7") as bot:
        fake = bot.fake
        await cz_fight(fake, "r", "p1", "Eva")
        kept = await attack_until_prompt(fake, "r", "Eva")
        # The prompt's edit after a typed /parry meets a 429: the acknowledgement goes at once, the edit lands.
        edit = fake.fail("channel_edit", 429, channel=fake.channel("r"), retry_after=0.6)
        sent = await fake.command("p1", "r", "parry", {}, "en-US")
        await fake.answer(sent.id, 3)
        assert sent.answered is not None and sent.answered - sent.created < 0.5
        await until(lambda: kept.data["components"] == [])
        landed = next(e for e in fake.events if e.message_id == kept.id and e.kind == "edit")
        assert len(edit.hits) == 1 and landed.at - edit.hits[0] >= 0.55

        # A follow-up (the GM's full copy at the end of the fight) meets a 429 and is sent after it.
        follow = fake.fail("followup", 429, channel=fake.channel("r"), retry_after=0.6)
        start = len(fake.events)
        sent = await fake.command("gm", "r", "encounter end", {}, "cs")
        await fake.answer(sent.id, 3)
        assert sent.answered is not None and sent.answered - sent.created < 0.5
        await until(lambda: any(e.route == "followup" for e in fake.events[start:]))
        later = next(e for e in fake.events[start:] if e.route == "followup")
        assert len(follow.hits) == 1 and later.at - follow.hits[0] >= 0.55
        await quiet(fake)
        gm = fake.member("gm").id  # and the GM's own copy came too
        assert [e for e in fake.events[start:] if fake.messages[e.message_id].ephemeral_for == gm]
    clean(fake, bot.output)
    assert bot.output.count("responded with 429") == 1 and "Webhook ID" in bot.output  # discord.py waited both


async def test_an_answer_refused_with_429_or_500_goes_again_through_discord_py(tmp_path: Path) -> None:
    """The bot's own callback client leaves a 429 or 5xx to discord.py's adapter, which waits and resends."""
    async with bot_process(tmp_path, DICE_SEED="7") as bot:
        fake = bot.fake
        limited = fake.fail("callback", 429, retry_after=0.3)
        first = await fake.command("p1", "q", "roll", {"expression": "1d20"}, "cs")
        await fake.answer(first.id, 3)
        broken = fake.fail("callback", 502)
        second = await fake.command("p1", "q", "roll", {"expression": "2d6"}, "cs")
        await fake.answer(second.id, 3)
        await quiet(fake)
    clean(fake, bot.output)
    assert len(limited.hits) == 1 and len(broken.hits) == 1
    for sent, hit in ((first, limited.hits[0]), (second, broken.hits[0])):
        assert sent.answered is not None and sent.answered > hit  # answered once, after the refusal
        assert len(answer_of(fake, sent).data["embeds"]) == 1  # the roll itself
    assert [fake.answers[s.id]["type"] for s in (first, second)] == [4, 4]


# ---- 6. a fight in a thread ------------------------------------------------------------------------------
async def test_a_fight_in_a_thread_plays_like_one_in_a_channel(tmp_path: Path) -> None:
    fake = FakeDiscord()
    thread = fake.thread("quest")  # listed in GUILD_CREATE's threads; interactions carry type 11 and parent_id
    async with bot_process(tmp_path, fake, DICE_SEED="7", TRACKER_INTERVAL="0.3") as bot:
        await cz_fight(fake, "quest", "p1", "Eva")
        kept = await attack_until_prompt(fake, "quest", "Eva")
        sent = await do(fake, "p1", "quest", "parry", "en-US")
        assert str(kept.id) in said(answer_of(fake, sent))  # the acknowledgement links the prompt
        await until(lambda: kept.data["components"] == [])
        await do(fake, "gm", "quest", "encounter add", name="Lupič", stats="hp:30 útok:14 obrana:3 zranění:8")
        second = await attack_until_prompt(fake, "quest", "Eva", attacker="Lupič")
        first_button = buttons(second.data)[0][0]
        pressed = await fake.press("p1", first_button, "en-US")
        await fake.answer(pressed.id, 3)
        await do(fake, "gm", "quest", "encounter end")
        await until(lambda: not any(m.pinned for m in tracker(fake, "quest")))
    clean(fake, bot.output)
    assert {m.channel_id for m in fake.messages.values()} == {thread}
    assert second.data["components"] == [] and pressed.callback_type == 7
    routes = {e.route for e in fake.events if e.message_id == kept.id and e.kind == "edit"}
    assert routes == {"channel"}
    (board,) = tracker(fake, "quest")
    kinds = [e.kind for e in fake.events if e.message_id == board.id]
    assert kinds[0] == "create" and "pin" in kinds and kinds[-1] == "unpin" and "edit" in kinds, kinds


# ---- 4. missing channel permissions ---------------------------------------------------------------------
async def test_without_channel_permissions_every_command_still_answers(tmp_path: Path) -> None:
    fake = FakeDiscord()
    mute = fake.channel("mute")
    fake.bot_permissions[mute] = VIEW | HISTORY  # no Send Messages, Embed Links, Attach Files, Pin Messages
    fake.bot_permissions[fake.channel("nopin")] = APP_PERMISSIONS & ~PIN & ~MANAGE_MESSAGES
    async with bot_process(tmp_path, fake, DICE_SEED="7", TRACKER_INTERVAL="0.3") as bot:
        await do(fake, "gm", "nopin", "encounter start", system="dnd35", name="Noc")
        await until(lambda: bool(tracker(fake, "nopin")))
        await do(fake, "gm", "nopin", "encounter end")
        await do(fake, "gm", "mute", "settings set", name="duel_system", value="vzor2", system="cz2d10")
        start = await do(fake, "gm", "mute", "encounter start", system="cz2d10", name="Boj")
        await do(fake, "p1", "mute", "character create", "en-US", system="cz2d10", name="Eva", template="bojovnik")
        await do(fake, "gm", "mute", "encounter add", name="Zbój", stats=NPC, count=1, hidden=True)
        await do(fake, "p1", "mute", "encounter join", "en-US", character="Eva")
        await do(fake, "gm", "mute", "encounter next")
        kept = await attack_until_prompt(fake, "mute", "Eva")
        parry = await do(fake, "p1", "mute", "parry", "en-US")
        await do(fake, "gm", "mute", "encounter end")
        await asyncio.sleep(0.6)
    clean(fake, bot.output)
    # Told once, privately, in the GM's language: no tracker here; nothing of it posted.
    gm, cannot = fake.member("gm").id, CATALOG.messages["cs"]["tracker.cannot_post"]
    told = [m for m in fake.messages.values() if m.data["content"] == cannot]
    assert [m.ephemeral_for for m in told] == [gm], told
    assert start.answered is not None and not tracker(fake, "mute")
    # The bot may not edit the prompt nor post: the typed /parry's own answer is the result, public, once.
    answer = answer_of(fake, parry)
    assert answer.ephemeral_for is None and "Eva" in said(answer) and answer.data["embeds"], said(answer)
    assert not HIDDEN.search(said(answer))
    made = [e for e in fake.events if e.route == "channel" and fake.messages[e.message_id].channel_id == mute]
    assert not made, "no channel message was made or changed"
    assert kept.data["components"], "the prompt could not be changed (its buttons are refused as stale)"
    # Without Pin Messages: the tracker is posted and kept up to date unpinned, the GM told once.
    (board,) = tracker(fake, "nopin")
    assert not [e for e in fake.events if e.message_id == board.id and e.kind in ("pin", "unpin")]
    unpinned = [m for m in fake.messages.values() if m.data["content"] == CATALOG.messages["cs"]["tracker.cannot_pin"]]
    assert [m.ephemeral_for for m in unpinned] == [gm]
