"""Migrations, races between commands, and GM settings with server defaults and channel overrides."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage.database import Database, migration_files
from bot.storage.sqlite import apply_migrations
from tests.bot.conftest import Table, text_of
from tests.bot.stored_events import stored_events
from tests.bot.test_lifecycle import start_with_ana_first


async def test_migrations_recorded_once(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "m.db")
    await db.close()
    conn = sqlite3.connect(tmp_path / "m.db")
    versions = [v for (v,) in conn.execute("SELECT version FROM schema_version")]
    assert versions == [v for v, _ in migration_files(Path("migrations"))]
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert apply_migrations(conn, Path("migrations")) == versions[-1]  # nothing re-applied
    assert [v for (v,) in conn.execute("SELECT version FROM schema_version")] == versions


def test_a_failing_migration_is_rolled_back_whole(tmp_path: Path) -> None:
    (tmp_path / "0001_ok.sql").write_text("CREATE TABLE a (x INTEGER);")
    (tmp_path / "0002_bad.sql").write_text("ALTER TABLE a ADD COLUMN y INTEGER;\nINSERT INTO nowhere VALUES (1);")
    conn = sqlite3.connect(tmp_path / "x.db", isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        apply_migrations(conn, tmp_path)
    columns = [r[1] for r in conn.execute("PRAGMA table_info(a)")]
    assert columns == ["x"]
    assert [v for (v,) in conn.execute("SELECT version FROM schema_version")] == [1]


async def test_racing_commands_never_lose_an_update(table: Table) -> None:
    await start_with_ana_first(table)
    (before,) = (await table.query("SELECT turn + 3 * round FROM encounters WHERE status='active'"))[0]
    results = await asyncio.gather(*(table("@gm #tavern /encounter next") for _ in range(6)))
    assert all(r[0].error is None for r in results)
    (after,) = (await table.query("SELECT turn + 3 * round FROM encounters WHERE status='active'"))[0]
    assert after - before == 6
    assert len(await stored_events(table, "next")) == 7


async def test_settings_layers_and_copy_at_start(table: Table) -> None:
    r = await table.one("@gm #hall /settings set system:dnd35 name:enforce_turns value:false scope:server")
    assert r.error is None and r.ephemeral
    r = await table.one("@gm #hall /settings set system:dnd35 name:enforce_turns value:true")
    assert r.error is None
    shown = await table.one("@gm #hall /settings show system:dnd35")
    assert "Turns are enforced: yes ✎ this channel" in text_of(shown).replace("**", "")
    other = await table.one("@gm #yard /settings show system:dnd35")
    assert "Turns are enforced: no ✎ server" in text_of(other).replace("**", "")
    await table("@gm #yard /encounter start system:dnd35")
    (settings,) = (await table.query("SELECT settings FROM encounters WHERE channel_id != 0"))[0]
    assert '"enforce_turns":false' in settings
    # A running fight keeps its settings when the server default changes elsewhere …
    await table("@gm #hall /settings set system:dnd35 name:enforce_turns value:true scope:server")
    (settings,) = (await table.query("SELECT settings FROM encounters"))[0]
    assert '"enforce_turns":false' in settings
    # … and takes a change made in its own channel (a GM turning turn order on mid-fight means this fight).
    saved = await table.one("@gm #yard /settings set name:enforce_turns value:true")
    assert "The fight running here uses it from now on" in (saved.content or "")
    (settings,) = (await table.query("SELECT settings FROM encounters"))[0]
    assert '"enforce_turns":true' in settings
    bad = await table.one("@gm #yard /settings set name:enforce_turns value:maybe")
    assert bad.error == "error.setting_choice" and "yes, no" in (bad.content or "")
    unknown = await table.one("@gm #yard /settings set name:gravity value:low")
    assert unknown.error == "error.unknown_setting"
    reset = await table.one("@gm #hall /settings reset system:dnd35")
    assert reset.error is None
    shown = await table.one("@gm #hall /settings show system:dnd35")
    assert "Turns are enforced: yes ✎ server" in text_of(shown).replace("**", "")


async def test_character_commands(table: Table) -> None:
    r = await table.one('@ana /character create system:dnd35 name:Ana stats:"str:14 hp:10"')
    assert r.error is None and r.ephemeral
    assert (await table.one("@ana /character create system:dnd35 name:ana")).error == "error.character_exists"
    r = await table.one('@ana /character set name:Ana stats:"str:18"')
    assert r.error is None and "18" in text_of(r)
    assert "Ana" in text_of(await table.one("@ana /character list"))
    assert (await table.one("@bob /character show name:Ana")).error == "error.unknown_character"
    assert (await table.one("@ana /character delete name:Ana")).error is None
    assert (await table.one("@ana /character show")).error == "error.no_characters"


async def test_character_state_carries_back_after_the_fight(table: Table) -> None:
    await start_with_ana_first(table)
    await table("@gm #tavern /encounter next")
    goblin = (await table.query("SELECT name FROM combatants WHERE initiative IS NOT NULL ORDER BY initiative DESC"))[
        1
    ][0]
    table.dice(15, 6)
    r = await table.one(f'@gm #tavern /attack attacker:"{goblin}" target:Ana')
    assert r.error is None
    await table("@gm #tavern /encounter end")
    (sheet,) = (await table.query("SELECT sheet FROM characters WHERE name='Ana'"))[0]
    assert '"hp_current": 24' not in sheet.replace(":", ": ")


async def test_roll_command(table: Table) -> None:
    r = await table.one("@ana /roll expression:4d6kh3+2")
    assert r.error is None and "4d6kh3" in text_of(r)
    assert (await table.one("@ana /roll expression:1001d6")).error == "error.roll_too_many_dice"
    assert (await table.one("@ana /roll expression:2k6+1")).error is None


@pytest.mark.parametrize("system_id", ["dnd35", "arm5", "adnd2cp", "cz2d10", "pl_wladanie"])
@pytest.mark.parametrize("lang", ["en", "cs", "pl", "it"])
async def test_settings_show_fits_in_six_groups_of_short_lines(table: Table, system_id: str, lang: str) -> None:
    await table(f"@gm:{lang} #hall /settings set system:{system_id} name:defence_timeout value:300")
    shown = await table.one(f"@gm:{lang} #hall /settings show system:{system_id}")
    (embed,) = shown.embeds
    assert len(embed.get("fields", [])) <= 6
    size = len(embed.get("title", "")) + len(embed.get("description", ""))
    size += sum(len(f["name"]) + len(f["value"]) for f in embed["fields"])
    assert size <= 2000
    for field in embed["fields"]:
        for line in field["value"].splitlines():
            assert len(line.replace("**", "")) <= 72, line
    first = embed["fields"][0]["value"].splitlines()[0]
    assert "✎" in first  # what was changed comes first


async def test_fifty_attacks_at_once_lose_no_update(table: Table) -> None:
    """The race of tests/bot/test_postgres.py in one process, on either driver: all fifty apply, in order."""
    from tests.bot.test_postgres import BRAWL, _hp_chain_holds

    await table.play(BRAWL)
    results = await asyncio.gather(
        *(table("@gm #hall /attack attacker:Orc target:Wall weapon:greataxe") for _ in range(50))
    )
    assert [r[0].error for r in results] == [None] * 50
    await _hp_chain_holds(table, 50)
