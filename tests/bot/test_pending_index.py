"""The attacks waiting for a defence are found through one partial index (migration 0008): a fight's load
and start-up's timers both search it, neither scans the exchanges ever made."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage import repository as repo
from bot.storage.sqlite import SqliteTx, scratch_tx


class PlannedTx(SqliteTx):
    """Runs the repository's queries and keeps SQLite's plan of each."""

    __slots__ = ("plans",)

    def __init__(self, tx: SqliteTx) -> None:
        super().__init__(tx.conn)
        self.plans: list[str] = []

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        if "exchanges" in sql:
            steps = self.conn.execute(f"EXPLAIN QUERY PLAN {sql}", params).fetchall()
            self.plans.append(" / ".join(str(r[3]) for r in steps))
        return await super().fetchall(sql, params)


async def test_waiting_attacks_are_searched_not_scanned() -> None:
    tx = PlannedTx(scratch_tx())
    tx.conn.execute(
        "INSERT INTO encounters (id, guild_id, channel_id, system, name, gm_user_id, settings, created_at)"
        " VALUES (1, 10, 20, 'dnd35', 'Fight', 30, '{}', 0)"
    )
    for status in ("resolved", "pending"):
        tx.conn.execute(
            "INSERT INTO exchanges (encounter_id, attacker_id, defender_id, kind, result, status, created_at,"
            " deadline) VALUES (1, 1, 2, 'attack', '{}', ?, 0, 60)",
            (status,),
        )
    enc = await repo.load_active_encounter(tx, 20)
    assert enc is not None and [x.status for x in enc.pending] == ["pending"]
    assert await repo.waiting_deadlines(tx) == [(20, 10, 60.0)]
    assert len(tx.plans) == 2
    for plan in tx.plans:
        assert "USING INDEX exchanges_open" in plan, plan
        assert "SCAN x" not in plan and "SCAN exchanges" not in plan, plan
