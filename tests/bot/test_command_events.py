"""Migration 0008: a command's events are stored in its own row. A database made before it keeps every
event the log shows and the count a fight's end reports; the bot writes no `events` row any more."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.storage import repository as repo
from bot.storage.database import MIGRATIONS_DIR, Database
from bot.storage.jsontext import parse
from bot.storage.sqlite import apply_migrations
from tests.bot.conftest import Table
from tests.bot.stored_events import stored_events
from tests.bot.test_lifecycle import start_with_ana_first

# Events as 0005–0007 stored them, ids interleaved between two commands; the first has no command (made
# before 0005), which the log never showed but the count at a fight's end did.
OLD_EVENTS: list[tuple[int | None, str, str]] = [
    (None, "attack", '{"actor":"Old","damage":{"applied":3}}'),
    (2, "attack", '{"actor":"Žofie","b":1,"a":[1,2.5,"x"]}'),
    (3, "next", '{"round":2}'),
    (2, "defend", '{"actor":"Bob","outcome":"parried"}'),
    (3, "upkeep", '{"name":"Bob","effects":[]}'),
]
OLD_COMMANDS = [(1, "start"), (2, "attack"), (3, "next"), (4, "undo")]


def _old_migrations(tmp_path: Path, source: Path) -> Path:
    old = tmp_path / "old"
    old.mkdir()
    for path in sorted(source.glob("000[1-7]_*.sql")):
        shutil.copy(path, old)
    return old


def _old_rows(insert: Any) -> None:
    insert(
        "INSERT INTO encounters (id, guild_id, channel_id, system, name, gm_user_id, settings, created_at)"
        " VALUES (1, 10, 20, 'dnd35', 'Fight', 30, '{}', 0)"
    )
    for command_id, kind in OLD_COMMANDS:
        insert(
            "INSERT INTO commands (id, encounter_id, user_id, kind, changes, created_at)"
            f" VALUES ({command_id}, 1, 30, '{kind}', '{{}}', {command_id})"
        )
    for i, (command_id, action, payload) in enumerate(OLD_EVENTS, 1):
        insert(
            "INSERT INTO events (id, encounter_id, guild_id, channel_id, user_id, action, payload, created_at,"
            f" command_id) VALUES ({i}, 1, 10, 20, 30, '{action}', '{payload}', {i}, {command_id or 'NULL'})"
        )


async def _make_old(driver: str, tmp_path: Path) -> str | Path:
    """A database of the schema before 0008 holding OLD_EVENTS; its URL or path."""
    if driver == "sqlite":
        path = tmp_path / "old.db"
        conn = sqlite3.connect(path, isolation_level=None)
        apply_migrations(conn, _old_migrations(tmp_path, MIGRATIONS_DIR))
        _old_rows(conn.execute)
        conn.close()
        return path
    import asyncpg

    from bot.storage.postgres import apply_pg_migrations
    from tests import pg

    srv = pg.server()
    name = f"bot_old_{tmp_path.name.lower().replace('-', '_')}"
    admin = await asyncpg.connect(srv.admin_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    url = srv.url(name)
    conn = await asyncpg.connect(url)
    try:
        await apply_pg_migrations(conn, _old_migrations(tmp_path, MIGRATIONS_DIR / "postgresql"))
        statements: list[str] = []
        _old_rows(statements.append)
        for sql in statements:
            await conn.execute(sql)
    finally:
        await conn.close()
    return url


async def test_the_migration_moves_each_commands_events_into_its_row(driver: str, tmp_path: Path) -> None:
    db = await Database.open(await _make_old(driver, tmp_path))  # applies 0008
    try:
        record = await db.read(repo.fight_record, 1)
        logged = {c.id: c.events for c in record.commands}
        assert logged == {
            1: [],
            2: [(a, parse(p)) for c, a, p in OLD_EVENTS if c == 2],
            3: [(a, parse(p)) for c, a, p in OLD_EVENTS if c == 3],
            4: [],
        }
        assert await db.read(repo.count_events, 1) == len(OLD_EVENTS)  # what it counted before the upgrade
        left = await db.read(lambda tx: tx.fetchall("SELECT action, command_id FROM events"))
        assert [tuple(r) for r in left] == [("attack", None)]  # only the one without a command stays
    finally:
        await db.close()


async def test_commands_store_their_events_and_the_events_table_stays_empty(table: Table) -> None:
    await start_with_ana_first(table)
    await table("@gm #tavern /encounter next")
    events = await stored_events(table)
    assert [a for a, _ in events].count("next") == 2 and "initiative" in [a for a, _ in events]
    assert (await table.query("SELECT COUNT(*) FROM events"))[0][0] == 0
    (encounter_id,) = (await table.query("SELECT id FROM encounters"))[0]
    assert await table.app.db.read(repo.count_events, encounter_id) == len(events)


@pytest.mark.parametrize(
    "events",
    [[], [("attack", '{"b":1,"a":"Žluť"}')], [("next", "{}"), ("upkeep", '{"x":[1,2.5,null]}'), ('q"uote', "[]")]],
)
def test_events_text_is_the_json_list_of_the_events(events: list[tuple[str, str]]) -> None:
    assert parse(repo.events_text(events)) == [[a, parse(p)] for a, p in events]
