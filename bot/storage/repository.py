"""All SQL lives here. Functions run on the database thread: `fn(conn, ...)` inside one transaction."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Any

from bot.service.state import Combatant, Encounter, Exchange, dump_effects, load_effects


class StaleEncounter(Exception):
    """The encounter changed since it was read (another process or a lost race)."""


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# --- encounters -------------------------------------------------------------------------------------
def load_active_encounter(conn: sqlite3.Connection, channel_id: int) -> Encounter | None:
    row = conn.execute("SELECT * FROM encounters WHERE channel_id = ? AND status = 'active'", (channel_id,)).fetchone()
    if row is None:
        return None
    rows = conn.execute("SELECT * FROM combatants WHERE encounter_id = ? ORDER BY seq", (row["id"],)).fetchall()
    shared: dict[str, str] = {}  # identical sheets (an NPC group) share one string
    combatants = []
    for r in rows:
        sheet = shared.setdefault(r["sheet"], r["sheet"])
        combatants.append(
            Combatant(
                id=r["id"],
                name=r["name"],
                owner_user_id=r["owner_user_id"],
                character_id=r["character_id"],
                hidden=bool(r["hidden"]),
                sheet_json=sheet,
                initiative=r["initiative"],
                tiebreak=json.loads(r["tiebreak"]),
                seq=r["seq"],
                effects=load_effects(r["effects"]),
                gender=r["gender"],
            )
        )
    pending = [
        Exchange(
            id=r["id"],
            attacker_id=r["attacker_id"],
            defender_id=r["defender_id"],
            kind=r["kind"],
            options=r["options"],
            result=json.loads(r["result"]),
            created_at=r["created_at"],
            deadline=r["deadline"],
            status=r["status"],
            message_id=r["message_id"],
        )
        for r in conn.execute(
            "SELECT * FROM exchanges WHERE encounter_id = ? AND status = 'pending' ORDER BY id", (row["id"],)
        )
    ]
    return Encounter(
        pending=pending,
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        system=row["system"],
        name=row["name"],
        gm_user_id=row["gm_user_id"],
        round=row["round"],
        turn=row["turn"],
        settings=json.loads(row["settings"]),
        version=row["version"],
        combatants=combatants,
        status=row["status"],
        language=row["language"],
    )


def active_channels(conn: sqlite3.Connection) -> list[int]:
    return [int(r[0]) for r in conn.execute("SELECT channel_id FROM encounters WHERE status = 'active'")]


def insert_encounter(conn: sqlite3.Connection, enc: Encounter) -> int:
    try:
        cur = conn.execute(
            "INSERT INTO encounters (guild_id, channel_id, system, name, gm_user_id, settings, created_at, language)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                enc.guild_id,
                enc.channel_id,
                enc.system,
                enc.name,
                enc.gm_user_id,
                _dump(enc.settings),
                time.time(),
                enc.language,
            ),
        )
    except sqlite3.IntegrityError as exc:
        raise StaleEncounter("an encounter is already active in this channel") from exc
    return int(cur.lastrowid or 0)


@dataclass
class Commit:
    """Everything one command writes, applied in one transaction."""

    encounter: Encounter | None = None
    expected_version: int | None = None
    upsert: list[Combatant] = field(default_factory=list)
    delete_ids: list[int] = field(default_factory=list)
    events: list[tuple[str, str]] = field(default_factory=list)  # (action, JSON payload)
    character_sheets: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    character_genders: list[tuple[int, str]] = field(default_factory=list)
    new_exchanges: list[Exchange] = field(default_factory=list)
    closed_exchanges: list[tuple[int, str]] = field(default_factory=list)  # (id, resolved|cancelled)
    user_id: int = 0


def apply_commit(conn: sqlite3.Connection, commit: Commit) -> list[int]:
    """Write a command's changes; returns ids of newly inserted combatants in order."""
    enc = commit.encounter
    assert enc is not None
    cur = conn.execute(
        "UPDATE encounters SET round = ?, turn = ?, status = ?, name = ?, version = version + 1,"
        " ended_at = CASE WHEN ? = 'ended' THEN ? ELSE ended_at END"
        " WHERE id = ? AND version = ?",
        (enc.round, enc.turn, enc.status, enc.name, enc.status, time.time(), enc.id, commit.expected_version),
    )
    if cur.rowcount != 1:
        raise StaleEncounter(f"encounter {enc.id} changed concurrently")
    if commit.delete_ids:
        conn.executemany("DELETE FROM combatants WHERE id = ?", [(i,) for i in commit.delete_ids])
    new_ids: list[int] = []
    for c in commit.upsert:
        if c.id:
            conn.execute(
                "UPDATE combatants SET name = ?, hidden = ?, sheet = ?, initiative = ?, tiebreak = ?, effects = ?,"
                " gender = ? WHERE id = ?",
                (
                    c.name,
                    int(c.hidden),
                    c.sheet_json,
                    c.initiative,
                    _dump(c.tiebreak),
                    dump_effects(c.effects),
                    c.gender,
                    c.id,
                ),
            )
        else:
            cur = conn.execute(
                "INSERT INTO combatants (encounter_id, name, owner_user_id, character_id, hidden, sheet,"
                " initiative, tiebreak, seq, effects, gender) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    enc.id,
                    c.name,
                    c.owner_user_id,
                    c.character_id,
                    int(c.hidden),
                    c.sheet_json,
                    c.initiative,
                    _dump(c.tiebreak),
                    c.seq,
                    dump_effects(c.effects),
                    c.gender,
                ),
            )
            new_ids.append(int(cur.lastrowid or 0))
    now = time.time()
    conn.executemany(
        "INSERT INTO events (encounter_id, guild_id, channel_id, user_id, action, payload, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (enc.id, enc.guild_id, enc.channel_id, commit.user_id, action, payload, now)
            for action, payload in commit.events
        ],
    )
    if commit.character_sheets:
        sync_character_sheets(conn, commit.character_sheets)
    for character_id, gender in commit.character_genders:
        conn.execute("UPDATE characters SET gender = ? WHERE id = ?", (gender, character_id))
    for xid, status in commit.closed_exchanges:
        cur = conn.execute("UPDATE exchanges SET status = ? WHERE id = ? AND status = 'pending'", (status, xid))
        if cur.rowcount != 1:
            raise StaleEncounter(f"exchange {xid} was already closed")
    for x in commit.new_exchanges:
        cur = conn.execute(
            "INSERT INTO exchanges (encounter_id, attacker_id, defender_id, kind, options, result, created_at,"
            " deadline) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (enc.id, x.attacker_id, x.defender_id, x.kind, x.options, _dump(x.result), x.created_at, x.deadline),
        )
        x.id = int(cur.lastrowid or 0)
    return new_ids


def set_exchange_message(conn: sqlite3.Connection, exchange_id: int, message_id: int) -> None:
    conn.execute("UPDATE exchanges SET message_id = ? WHERE id = ?", (message_id, exchange_id))


def sync_character_sheets(conn: sqlite3.Connection, pairs: list[tuple[int, dict[str, Any]]]) -> None:
    """Carry a fight's outcome back to the characters' own sheets."""
    conn.executemany("UPDATE characters SET sheet = ? WHERE id = ?", [(_dump(s), i) for i, s in pairs])


def fight_of_character(conn: sqlite3.Connection, character_id: int) -> int | None:
    """The channel of the running fight a character is in, if any."""
    row = conn.execute(
        "SELECT e.channel_id FROM combatants c JOIN encounters e ON e.id = c.encounter_id"
        " WHERE c.character_id = ? AND e.status = 'active' LIMIT 1",
        (character_id,),
    ).fetchone()
    return int(row[0]) if row else None


def combatants_of_character(conn: sqlite3.Connection, character_id: int) -> list[tuple[int, int]]:
    """(channel id, combatant id) of the character in running fights."""
    rows = conn.execute(
        "SELECT e.channel_id, c.id FROM combatants c JOIN encounters e ON e.id = c.encounter_id"
        " WHERE c.character_id = ? AND e.status = 'active'",
        (character_id,),
    ).fetchall()
    return [(int(r[0]), int(r[1])) for r in rows]


def count_events(conn: sqlite3.Connection, encounter_id: int) -> int:
    return int(conn.execute("SELECT COUNT(*) FROM events WHERE encounter_id = ?", (encounter_id,)).fetchone()[0])


# --- characters -------------------------------------------------------------------------------------
@dataclass(slots=True)
class Character:
    id: int
    guild_id: int
    user_id: int
    system: str
    name: str
    sheet: dict[str, Any]
    gender: str | None = None


def _character(row: sqlite3.Row) -> Character:
    return Character(
        row["id"], row["guild_id"], row["user_id"], row["system"], row["name"], json.loads(row["sheet"]), row["gender"]
    )


def list_characters(conn: sqlite3.Connection, guild_id: int, user_id: int) -> list[Character]:
    rows = conn.execute(
        "SELECT * FROM characters WHERE guild_id = ? AND user_id = ? ORDER BY name COLLATE NOCASE",
        (guild_id, user_id),
    ).fetchall()
    return [_character(r) for r in rows]


def get_character(conn: sqlite3.Connection, guild_id: int, user_id: int, name: str) -> Character | None:
    row = conn.execute(
        "SELECT * FROM characters WHERE guild_id = ? AND user_id = ? AND name = ? COLLATE NOCASE",
        (guild_id, user_id, name.strip()),
    ).fetchone()
    return _character(row) if row else None


def insert_character(conn: sqlite3.Connection, ch: Character) -> int | None:
    try:
        cur = conn.execute(
            "INSERT INTO characters (guild_id, user_id, system, name, sheet, created_at, gender)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (ch.guild_id, ch.user_id, ch.system, ch.name, _dump(ch.sheet), time.time(), ch.gender),
        )
    except sqlite3.IntegrityError:
        return None
    return int(cur.lastrowid or 0)


def update_character(
    conn: sqlite3.Connection, character_id: int, sheet: dict[str, Any], gender: str | None = None
) -> None:
    conn.execute(
        "UPDATE characters SET sheet = ?, gender = COALESCE(?, gender) WHERE id = ?",
        (_dump(sheet), gender, character_id),
    )


def delete_character(conn: sqlite3.Connection, character_id: int) -> None:
    conn.execute("DELETE FROM characters WHERE id = ?", (character_id,))


# --- settings ---------------------------------------------------------------------------------------
def load_settings(
    conn: sqlite3.Connection, guild_id: int, channel_id: int, system: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(guild defaults, channel overrides) stored for a system."""
    rows = conn.execute(
        "SELECT channel_id, name, value FROM settings WHERE guild_id = ? AND channel_id IN (0, ?) AND system = ?",
        (guild_id, channel_id, system),
    ).fetchall()
    guild: dict[str, Any] = {}
    channel: dict[str, Any] = {}
    for r in rows:
        (guild if r["channel_id"] == 0 else channel)[r["name"]] = json.loads(r["value"])
    return guild, channel


def store_setting(conn: sqlite3.Connection, guild_id: int, channel_id: int, system: str, name: str, value: Any) -> None:
    conn.execute(
        "INSERT INTO settings (guild_id, channel_id, system, name, value) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, channel_id, system, name) DO UPDATE SET value = excluded.value",
        (guild_id, channel_id, system, name, _dump(value)),
    )


def clear_settings(conn: sqlite3.Connection, guild_id: int, channel_id: int, system: str, name: str | None) -> int:
    if name is None:
        cur = conn.execute(
            "DELETE FROM settings WHERE guild_id = ? AND channel_id = ? AND system = ?", (guild_id, channel_id, system)
        )
    else:
        cur = conn.execute(
            "DELETE FROM settings WHERE guild_id = ? AND channel_id = ? AND system = ? AND name = ?",
            (guild_id, channel_id, system, name),
        )
    return int(cur.rowcount)


# --- meta ---------------------------------------------------------------------------------------------
def get_meta(conn: sqlite3.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM bot_meta WHERE key = ?", (key,)).fetchone()
    return str(row[0]) if row else None


def set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute(
        "INSERT INTO bot_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )
