"""What a command stores of a result: its event and a waiting exchange carry no whole sheets (issue 17:
every event stored both sheets, several kilobytes; the change set records what changed)."""

from __future__ import annotations

import json

from tests.bot.conftest import Table


def _sheets_in(data: object) -> list[str]:
    """Every key naming a whole sheet, at any depth."""
    if isinstance(data, dict):
        own = [k for k in data if k in ("actor_sheet", "target_sheet")]
        return own + [k for v in data.values() for k in _sheets_in(v)]
    if isinstance(data, list):
        return [k for v in data for k in _sheets_in(v)]
    return []


async def test_events_and_exchanges_store_no_sheets(table: Table) -> None:
    await table.play(
        [
            "@gm #x /settings set name:enforce_turns value:false scope:server",
            "@gm #x /settings set system:arm5 name:npc_defence value:prompt scope:server",
            "@gm:pl #arena /encounter start system:arm5",
            '@gm #arena /encounter add name:A stats:"attack:+9 defense:+6 damage:+5 soak:+7"',
            '@gm #arena /encounter add name:B stats:"attack:+9 defense:+6 damage:+5 soak:+7"',
        ]
    )
    r = await table.one("@gm #arena /attack attacker:A target:B")
    assert r.error is None, r.content
    (stored,) = (await table.query("SELECT result FROM exchanges"))[0]
    assert "exchange" in json.loads(stored) and not _sheets_in(json.loads(stored))
    answered = await table.one("@gm #arena /parry")
    assert answered.error is None, answered.content
    events = await table.query("SELECT action, payload FROM events")
    assert "defend" in [a for a, _ in events]
    payloads = [json.loads(p) for _, p in events]
    assert not [k for p in payloads for k in _sheets_in(p)]
    # The blow still changed the defender: the change set has it, and the table's answer showed it.
    (b_sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name = 'B'"))[0]
    assert json.loads(b_sheet)
