"""What only PostgreSQL has: its own schema dialect, several processes on one database, and connections
that can drop in the middle of a command. (Every handler test runs on PostgreSQL too: see `driver`.)"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.storage import repository
from bot.storage.database import Database
from tests.bot.conftest import Table, open_table, text_of

pg = pytest.importorskip("tests.pg")

SQLITE_TYPES = {"INTEGER": {"integer", "bigint"}, "REAL": {"double precision"}, "TEXT": {"text"}}


def _sqlite_schema(path: Path) -> dict[str, dict[str, tuple[str, bool]]]:
    conn = sqlite3.connect(path)
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {
        t: {r[1]: (r[2], bool(r[3]) or bool(r[5])) for r in conn.execute(f"PRAGMA table_info({t})")} for t in tables
    }


async def _pg_schema(url: str) -> dict[str, dict[str, tuple[str, bool]]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
            " WHERE table_schema = 'public'"
        )
    finally:
        await conn.close()
    out: dict[str, dict[str, tuple[str, bool]]] = {}
    for r in rows:
        out.setdefault(r["table_name"], {})[r["column_name"]] = (r["data_type"], r["is_nullable"] == "NO")
    return out


async def test_the_two_schemas_match_table_by_table(tmp_path: Path) -> None:
    sqlite_db = await Database.open(tmp_path / "s.db")
    await sqlite_db.close()
    lite = _sqlite_schema(tmp_path / "s.db")
    url = await pg.postgres_url()
    post = await _pg_schema(url)
    assert sorted(lite) == sorted(post)
    for table, columns in lite.items():
        assert sorted(columns) == sorted(post[table]), table
        for name, (kind, not_null) in columns.items():
            pg_kind, pg_not_null = post[table][name]
            assert pg_kind in SQLITE_TYPES[kind], (table, name, kind, pg_kind)
            assert not_null == pg_not_null or name == "id", (table, name)
            if name == "id" or name.endswith(("_id", "_by", "undoes", "unit")):
                assert pg_kind == "bigint", (table, name)  # Discord ids and keys: INTEGER is 32-bit there
    db = await Database.open(url)
    try:
        versions = [r[0] for r in await db.read(lambda tx: tx.fetchall("SELECT version FROM schema_version"))]
    finally:
        await db.close()
    lite_versions = [r[0] for r in sqlite3.connect(tmp_path / "s.db").execute("SELECT version FROM schema_version")]
    assert versions == lite_versions  # both record the same numbered versions


def _start_bot(env_url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": env_url, "DISCORD_TOKEN": ""}
    return subprocess.run(
        [sys.executable, "-m", "bot", "console", "--script", "-"],
        input="/roll expression:1d6\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_an_unreachable_or_misconfigured_postgresql_fails_start_up_with_one_line(tmp_path: Path) -> None:
    url = await pg.postgres_url()
    for bad in (
        f"postgresql://postgres@/db?host={tmp_path}/nowhere",  # no server there
        url.replace("bot_test_", "no_such_database_"),  # a server, but no such database
    ):
        done = await asyncio.to_thread(_start_bot, bad)
        lines = [line for line in done.stderr.splitlines() if line.strip() and "offline console" not in line]
        assert done.returncode == 2, done.stderr
        assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
        assert lines[0].startswith("database error: cannot use PostgreSQL at postgresql://"), lines[0]


# A fight where an orc batters a wall of 900 HP, turns not enforced: attacks that can race each other.
BRAWL = [
    "@gm #hall /encounter start system:dnd35 name:Brawl",
    "@gm #hall /settings set name:enforce_turns value:false",
    '@gm #hall /encounter add name:Orc stats:"bab:4 str:16 hp:30 ac:12"',
    '@gm #hall /encounter add name:Wall stats:"hp:900 ac:1"',
    "@gm #hall /initiative combatant:all",
    "@gm #hall /encounter next",
]


async def _postgres_table() -> Table:
    table = await open_table(await pg.postgres_url())
    await table.play(BRAWL)
    return table


async def _version(table: Table) -> int:
    return int((await table.query("SELECT version FROM encounters WHERE status = 'active'"))[0][0])


async def test_a_connection_lost_before_the_commit_changes_nothing_and_the_pool_reconnects() -> None:
    table = await _postgres_table()
    try:
        before = await _version(table)
        real = repository.apply_commit

        async def dropped(tx: Any, commit: repository.Commit) -> list[int]:
            await real(tx, commit)
            await tx.execute("SELECT pg_terminate_backend(pg_backend_pid())")  # the server drops us mid-command
            raise AssertionError("unreachable")

        repository.apply_commit = dropped  # type: ignore[assignment]
        try:
            r = await table.one("@gm #hall /attack attacker:Orc target:Wall")
        finally:
            repository.apply_commit = real  # type: ignore[assignment]
        assert r.ephemeral and r.error == "error.storage_lost"
        assert "nothing was changed" in text_of(r)
        assert await _version(table) == before
        again = await table.one("@gm #hall /attack attacker:Orc target:Wall")  # a fresh pooled connection
        assert again.error is None
        assert await _version(table) == before + 1
    finally:
        await table.app.close()


@pytest.mark.parametrize("landed", [True, False])
async def test_a_connection_lost_during_commit_is_checked_before_answering(landed: bool) -> None:
    from asyncpg.transaction import Transaction

    table = await _postgres_table()
    try:
        before = await _version(table)
        real_commit = Transaction.commit

        async def commit_then_drop(self: Transaction) -> None:
            if landed:
                await real_commit(self)  # the server committed; only its answer is lost
            else:
                await self.rollback()  # it never got there
            raise asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed in the middle of operation")

        Transaction.commit = commit_then_drop  # type: ignore[method-assign]
        try:
            r = await table.one("@gm #hall /attack attacker:Orc target:Wall")
        finally:
            Transaction.commit = real_commit  # type: ignore[method-assign]
        after = await _version(table)
        if landed:  # asked the database: the command's commit token is there, so it is answered as done
            assert r.error is None and not r.ephemeral and after == before + 1
        else:  # asked the database: not there, so "nothing was changed" is the truth
            assert r.error == "error.storage_lost" and after == before
        assert (await table.one("@gm #hall /encounter status")).error is None  # the cache reloads
    finally:
        await table.app.close()


async def _hp_chain_holds(check: Table, applied: int) -> None:
    """Every applied attack started from the state the previous one left (none was lost or doubled)."""
    attacks = await check.query("SELECT changes FROM commands WHERE kind = 'attack' AND undone_by IS NULL ORDER BY id")
    assert len(attacks) == applied
    (wall_id,) = (await check.query("SELECT id FROM combatants WHERE name = 'Wall'"))[0]
    hp = 900
    for (changes,) in attacks:
        diff = json.loads(changes).get("combatants", {}).get(str(wall_id), {}).get("sheet", {})
        if "hp_current" in diff:
            old, new = diff["hp_current"]
            assert old == hp, "an update was lost: an attack started from a stale state"
            hp = new
    sheet = json.loads((await check.query("SELECT sheet FROM combatants WHERE id = ?", wall_id))[0][0])
    assert sheet["hp_current"] == hp


async def test_fifty_attacks_at_once_from_two_processes_lose_no_update() -> None:
    table = await _postgres_table()
    url = str(table.path)
    await table.app.close()
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}

    async def client(seed: int) -> dict[str, Any]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot.race_client", url, "25", str(seed),
            env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(proc.communicate(), 120)
        assert proc.returncode == 0, err.decode()
        return dict(json.loads(out.decode().strip().splitlines()[-1]))

    first, second = await asyncio.gather(client(1), client(2))
    applied = first["applied"] + second["applied"]
    assert set(first["errors"] + second["errors"]) <= {"error.stale_retry"}  # the loser is told to retry
    assert applied + len(first["errors"]) + len(second["errors"]) == 50
    assert applied >= 25  # each process serialises its own 25; only cross-process races can lose
    check = await open_table(url)
    try:
        await _hp_chain_holds(check, applied)
    finally:
        await check.app.close()
