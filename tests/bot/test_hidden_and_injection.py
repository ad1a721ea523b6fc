"""Hidden numbers stay hidden structurally, and names cannot ping or inject markdown."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.console.adapter import Response
from rules import RandomDice
from tests.bot.conftest import Table, open_table

EVIL = "<@123456789012345678> **loud** [click](https://evil.example) # Heading"


async def test_a_name_cannot_ping_or_inject_markdown(table: Table) -> None:
    await table("@gm #hall /settings set system:arm5 name:enforce_turns value:false scope:server")
    await table.play(
        [
            '@gm #hall /encounter start system:arm5 name:"Bandits"',
            f'@gm #hall /encounter add name:"{EVIL}" stats:"attack:+9 defense:+6 damage:+5 soak:+7"',
            '@ana #hall /character create system:arm5 name:Wulf stats:"attack:+8 defense:+7 damage:+6 soak:+5"',
            "@ana #hall /encounter join character:Wulf",
        ]
    )
    table.dice(5)
    responses = await table(f'@gm #hall /attack attacker:"{EVIL}" target:Wulf')
    ana = table.local.user("ana")
    said = [*responses, *(await table("@ana #hall /encounter status"))]
    for r in said:
        assert set(r.pinged) <= {ana.id}, r.pinged  # only the defender, never an id typed in a name
        for e in r.embeds:
            texts = [e.get("title", ""), e.get("description", "") or ""] + [f["value"] for f in e.get("fields", [])]
            for text in texts:
                assert "<@123456789012345678>" not in text
                assert not re.search(r"(?<!\\)\[click\]\(", text) and not re.search(r"(?<!\\)\*\*loud", text)
                assert not re.search(r"(^|\n)# ", text)


def _player_view(responses: list[Response]) -> list[str]:
    """What the players see: public messages and answers to them, never the GM's private copies."""
    out = []
    for r in responses:
        if r.ephemeral and r.user == "gm":
            continue
        files = [_timeless(f["text"]) for f in r.files]  # the log: its player copy, times aside
        out.append("\n".join([r.content or "", *(str(e) for e in r.embeds), *files]))
    return out


def _timeless(text: str) -> str:
    text = re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC|`\d\d:\d\d:\d\d`", "<time>", text)
    return re.sub(r'"(at|started)": "[^"]*"', r'"\1": 0', text)


# system: (player stats, two hidden NPC lines that differ only in hidden numbers giving the same outcomes)
# Each pair differs only in numbers the players must not learn, by margins that keep every outcome
# the same with these dice (what the NPC's numbers do to a player's character is visible by design).
HIDDEN = {
    "dnd35": (
        "str:14 bab:4 hp:30 ac:14 weapons:longsword",
        ("ac:5 hp:200 attack:+20 damage:1d6", "ac:6 hp:210 attack:+21 damage:1d6"),
    ),
    "arm5": (
        "attack:+8 defense:+7 damage:+6 soak:+5",
        ("attack:+9 defense:+0 damage:+5 soak:+25", "attack:+9 defense:+1 damage:+5 soak:+25"),
    ),
    "adnd2cp": (
        "class:fighter level:5 str:16 hp:40 ac:4 weapon:long_sword",
        ("thac0:2 ac:-10 hp:90 damage:1d6 hd:2", "thac0:1 ac:-9 hp:95 damage:1d6 hd:2"),
    ),
    "cz2d10": (
        "síla:7 obratnost:8 kon:6 reakce:5 zbraň:meč ovládání:6",
        ("útok:30 obrana:5 zranění:d10 životy:200 iniciativa:2",
         "útok:31 obrana:6 zranění:d10 životy:210 iniciativa:2"),
    ),
    "pl_wladanie": (
        "of:13 wladanie:+6 damage:1k8 sila:6 udzwig:45 parowanie:5 unik:3",
        ("of:1 wladanie:+30 damage:1k8 sila:6 udzwig:40 parowanie:4 unik:3",
         "of:2 wladanie:+31 damage:1k8 sila:6 udzwig:40 parowanie:5 unik:4"),
    ),
}  # fmt: skip


async def _play_hidden(target: Path | str, system_id: str, npc: str, seed: int) -> tuple[list[str], list[str]]:
    table = await open_table(target, seed)
    try:
        table.app.service.dice = RandomDice(seed)
        await table(f"@gm #h /settings set system:{system_id} name:enforce_turns value:false scope:server")
        pc = HIDDEN[system_id][0]
        said: list[Response] = []
        for line in [
            f"@gm #h /encounter start system:{system_id} name:Mgła",
            f'@gm #h /encounter add name:Cień stats:"{npc}" hidden:true',
            f'@ana #h /character create system:{system_id} name:Wulf stats:"{pc}"',
            "@ana #h /encounter join character:Wulf",
            "@gm #h /initiative combatant:all",
            "@gm #h /encounter next",
        ]:
            responses = await table(line)
            assert all(r.error is None for r in responses), (line, responses[0].content)
            said += responses
        outcomes: list[str] = []
        for _ in range(4):
            for line in ["@ana #h /attack target:Cień", "@gm #h /attack attacker:Cień target:Wulf"]:
                responses = await table(line)
                said += responses
                if any(r.components for r in responses):  # Wulf's defence prompt
                    prompt = next(r for r in responses if r.components)
                    said += await table(f"@ana #h click {prompt.components[0]['custom_id']}")
            said += await table("@ana #h /encounter status")
        said += await table("@ana #h /encounter log")  # the players' copy of the log
        said += await table("@gm #h /encounter end")  # the public summary and its attached log
        assert any(r.files for r in said if r.user == "ana") and any(r.files for r in said if not r.ephemeral)
        outcomes += [str(r) for r in await table.query("SELECT sheet FROM combatants WHERE name = 'Cień'")]
        return _player_view(said), outcomes
    finally:
        await table.app.close()


@pytest.mark.parametrize("system_id", sorted(HIDDEN))
async def test_two_sets_of_hidden_numbers_look_the_same_to_players(
    new_database: Callable[[], Awaitable[Path | str]], system_id: str
) -> None:
    first_npc, second_npc = HIDDEN[system_id][1]
    first, gm_first = await _play_hidden(await new_database(), system_id, first_npc, 11)
    second, gm_second = await _play_hidden(await new_database(), system_id, second_npc, 11)
    assert gm_first != gm_second  # the hidden numbers did differ
    assert len(first) == len(second)
    for a, b in zip(first, second, strict=True):
        assert a == b, f"players could tell the hidden numbers apart:\n{a}\n---\n{b}"
