"""About 3,000 generated command inputs across the five systems and three users (seeded): every answer
is a result or a clear refusal. `bench/fuzz.py` runs 100,000 and reports the slowest answer too."""

from __future__ import annotations

from tests.bot.conftest import Table
from tests.bot.fuzz import run
from tests.bot.test_sessions import SESSIONS

STATS = {system_id: (npc, pcs[0]) for system_id, (_, npc, pcs) in SESSIONS.items()}


async def test_fuzzed_commands_get_a_result_or_a_clear_refusal(table: Table) -> None:
    table.app.catalog.strict = True  # a message or term missing in the reader's language is a failure too
    try:
        findings = await run(table.console, seed=20261124, count=3000, stats=STATS)
    finally:
        table.app.catalog.strict = False
    assert findings.commands >= 2500
    assert findings.ok(), (
        findings.summary() + "\n" + "\n".join((findings.internal + findings.too_big + findings.pings)[:15])
    )
