"""The encounters in memory are bounded: least recently used out first, never one whose attack waits for
a defence, and its per-channel maps go with it; an evicted channel is read again when it speaks."""

from __future__ import annotations

from bot.service.cache import EncounterCache
from bot.service.state import Encounter, Exchange
from tests.bot.conftest import Table


def _encounter(channel_id: int, pending: bool = False) -> Encounter:
    enc = Encounter(
        id=channel_id, guild_id=1, channel_id=channel_id, system="dnd35", name="x", gm_user_id=1,
        status="active", round=0, turn=0, settings={}, version=0, combatants=[],
    )  # fmt: skip
    if pending:
        enc.pending.append(Exchange(channel_id, 1, 2, "attack", "", {}, 0.0, 60.0))
    return enc


def test_least_recently_used_out_first_never_a_waiting_defence() -> None:
    evicted: list[int] = []
    cache = EncounterCache(capacity=3, on_evict=lambda ch, _enc: evicted.append(ch))
    cache[1] = _encounter(1, pending=True)
    cache[2] = _encounter(2)
    cache[3] = _encounter(3)
    assert cache.get(2) is not None  # 2 is now the most recent
    cache[4] = _encounter(4)
    cache[5] = None
    assert evicted == [3, 2] and set(cache) == {1, 4, 5}


async def test_an_evicted_channel_is_read_again(table: Table) -> None:
    table.app.service._cache.capacity = 2
    for ch in ("a", "b", "c"):
        await table.play([f"@gm #{ch} /encounter start system:dnd35 name:F{ch}"])
    assert len(table.app.service._cache) <= 2
    r = await table.one("@gm #a /encounter status")
    assert r.error is None and "Fa" in str(r.embeds)
