"""All SQL lives here. Functions run on the database thread: `fn(conn, ...)` inside one transaction."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass, field, replace
from typing import Any

from bot.service.state import Combatant, Encounter, Exchange, dump_effects, load_effects
from bot.storage.changes import (
    combatant_diff,
    combatant_row,
    encounter_diff,
    exchange_row,
    invert,
    patch_sheet,
    sheet_diff,
)
from bot.storage.jsontext import canonical, parse


class StaleEncounter(Exception):
    """The encounter changed since it was read (another process or a lost race)."""


def _dump(value: Any) -> str:
    return canonical(value)


# --- encounters -------------------------------------------------------------------------------------
def load_active_encounter(conn: sqlite3.Connection, channel_id: int) -> Encounter | None:
    row = conn.execute("SELECT * FROM encounters WHERE channel_id = ? AND status = 'active'", (channel_id,)).fetchone()
    if row is None:
        return None
    rows = conn.execute("SELECT * FROM combatants WHERE encounter_id = ? ORDER BY seq", (row["id"],)).fetchall()
    shared: dict[str, str] = {}  # identical sheets (an NPC group) share one string
    combatants = [combatant_from_row(r, shared.setdefault(r["sheet"], r["sheet"])) for r in rows]
    pending = [
        Exchange(
            id=r["id"],
            attacker_id=r["attacker_id"],
            defender_id=r["defender_id"],
            kind=r["kind"],
            options=r["options"],
            result=parse(r["result"]),
            created_at=r["created_at"],
            deadline=r["deadline"],
            status=r["status"],
            message_id=r["message_id"],
            command_id=r["command_id"],
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
        settings=parse(row["settings"]),
        version=row["version"],
        combatants=combatants,
        status=row["status"],
        language=row["language"],
        tracker_message_id=row["tracker_message_id"],
    )


def combatant_from_row(r: Any, sheet: str | None = None) -> Combatant:
    """A combatant from its stored row (a database row or a change set's row dict)."""
    tiebreak = r["tiebreak"]
    return Combatant(
        id=r["id"],
        name=r["name"],
        owner_user_id=r["owner_user_id"],
        character_id=r["character_id"],
        hidden=bool(r["hidden"]),
        sheet_json=sheet if sheet is not None else r["sheet"],
        initiative=r["initiative"],
        tiebreak=parse(tiebreak) if isinstance(tiebreak, str) else list(tiebreak or []),
        seq=r["seq"],
        effects=load_effects(r["effects"]),
        gender=r["gender"],
    )


def set_tracker_message(conn: sqlite3.Connection, encounter_id: int, message_id: int | None) -> None:
    """Where the fight's tracker is (not a game change: no command, no version, nothing to undo)."""
    conn.execute("UPDATE encounters SET tracker_message_id = ? WHERE id = ?", (message_id, encounter_id))


def waiting_deadlines(conn: sqlite3.Connection) -> list[tuple[int, int, float]]:
    """Channels of active fights with an attack waiting for its defence: (channel, guild, earliest deadline)."""
    rows = conn.execute(
        "SELECT e.channel_id, e.guild_id, MIN(x.deadline) FROM exchanges x JOIN encounters e"
        " ON e.id = x.encounter_id WHERE x.status = 'pending' AND e.status = 'active'"
        " GROUP BY e.channel_id, e.guild_id"
    )
    return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]


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
    encounter_id = int(cur.lastrowid or 0)
    # The fight's first command: its row as created, so a replay of the log starts from it.
    row = conn.execute(
        "SELECT id, guild_id, channel_id, system, name, gm_user_id, settings, created_at, language"
        " FROM encounters WHERE id = ?",
        (encounter_id,),
    ).fetchone()
    conn.execute(
        "INSERT INTO commands (encounter_id, user_id, kind, changes, created_at) VALUES (?, ?, 'start', ?, ?)",
        (encounter_id, enc.gm_user_id, _dump({"started": dict(row)}), time.time()),
    )
    return encounter_id


@dataclass
class Commit:
    """Everything one command writes, applied in one transaction, and what the change set records."""

    encounter: Encounter | None = None
    expected_version: int | None = None
    upsert: list[Combatant] = field(default_factory=list)
    delete_ids: list[int] = field(default_factory=list)
    events: list[tuple[str, str]] = field(default_factory=list)  # (action, JSON payload)
    character_sheets: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    character_genders: list[tuple[int, str]] = field(default_factory=list)
    new_exchanges: list[Exchange] = field(default_factory=list)
    closed_exchanges: list[tuple[int, str]] = field(default_factory=list)  # (id, resolved|cancelled)
    # Which message holds an earlier prompt (known only after that command's answer was sent): saved
    # with the channel's next transaction instead of a transaction of its own.
    prompt_messages: list[tuple[int, int]] = field(default_factory=list)  # (exchange id, message id)
    user_id: int = 0
    # For the change set: the encounter as it was, what kind of command, whether it rolled dice, and the
    # command it belongs with (a defence → the attack that opened it). Filled in: the command's id.
    before: Encounter | None = None
    kind: str | None = None
    rolled: bool = False
    unit: int | None = None
    command_id: int = 0


def apply_commit(conn: sqlite3.Connection, commit: Commit) -> list[int]:
    """Write a command's changes and its change set; returns ids of newly inserted combatants in order."""
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
    now = time.time()
    kind = commit.kind or (commit.events[0][0] if commit.events else "change")
    cur = conn.execute(
        "INSERT INTO commands (encounter_id, user_id, kind, changes, rolled, unit, created_at)"
        " VALUES (?, ?, ?, '{}', ?, ?, ?)",
        (enc.id, commit.user_id, kind, int(commit.rolled), commit.unit, now),
    )
    commit.command_id = int(cur.lastrowid or 0)
    if commit.prompt_messages:
        conn.executemany(
            "UPDATE exchanges SET message_id = ? WHERE id = ?", [(m, x) for x, m in commit.prompt_messages]
        )
    before = commit.before
    changes: dict[str, Any] = {}
    if before is not None:
        changes["encounter"] = encounter_diff(before, enc)
    if commit.delete_ids:
        gone = [before.by_id(i) for i in commit.delete_ids] if before is not None else []
        changes["deleted"] = [combatant_row(c, enc.id) for c in gone if c is not None]
        conn.executemany("DELETE FROM combatants WHERE id = ?", [(i,) for i in commit.delete_ids])
    new_ids: list[int] = []
    for c in commit.upsert:
        if c.id:
            old = before.by_id(c.id) if before is not None else None
            if old is not None:
                diff = combatant_diff(old, c)
                if diff:
                    changes.setdefault("combatants", {})[str(c.id)] = diff
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
            new_id = int(cur.lastrowid or 0)
            new_ids.append(new_id)
            changes.setdefault("inserted", []).append(combatant_row(replace(c, id=new_id), enc.id))
    conn.executemany(
        "INSERT INTO events (encounter_id, guild_id, channel_id, user_id, action, payload, created_at, command_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (enc.id, enc.guild_id, enc.channel_id, commit.user_id, action, payload, now, commit.command_id)
            for action, payload in commit.events
        ],
    )
    if commit.character_sheets:
        changes["characters"] = character_diffs(conn, commit.character_sheets)
        sync_character_sheets(conn, commit.character_sheets)
    for character_id, gender in commit.character_genders:
        conn.execute("UPDATE characters SET gender = ? WHERE id = ?", (gender, character_id))
    for xid, status in commit.closed_exchanges:
        cur = conn.execute("UPDATE exchanges SET status = ? WHERE id = ? AND status = 'pending'", (status, xid))
        if cur.rowcount != 1:
            raise StaleEncounter(f"exchange {xid} was already closed")
        changes.setdefault("closed", {})[str(xid)] = ["pending", status]
    for x in commit.new_exchanges:
        cur = conn.execute(
            "INSERT INTO exchanges (encounter_id, attacker_id, defender_id, kind, options, result, created_at,"
            " deadline, command_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                enc.id,
                x.attacker_id,
                x.defender_id,
                x.kind,
                x.options,
                _dump(x.result),
                x.created_at,
                x.deadline,
                commit.command_id,
            ),
        )
        x.id = int(cur.lastrowid or 0)
        x.command_id = commit.command_id
        changes.setdefault("opened", []).append(exchange_row(x, enc.id))
    conn.execute("UPDATE commands SET changes = ? WHERE id = ?", (_dump(changes), commit.command_id))
    return new_ids


def character_diffs(conn: sqlite3.Connection, pairs: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    """The characters' changed fields, read from their stored sheets before they are overwritten."""
    out: dict[str, Any] = {}
    for character_id, sheet in pairs:
        row = conn.execute("SELECT sheet FROM characters WHERE id = ?", (character_id,)).fetchone()
        if row is not None:
            diff = sheet_diff(row[0], _dump(sheet))
            if diff:
                out[str(character_id)] = diff
    return out


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
        row["id"], row["guild_id"], row["user_id"], row["system"], row["name"], parse(row["sheet"]), row["gender"]
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
        (guild if r["channel_id"] == 0 else channel)[r["name"]] = parse(r["value"])
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


# --- undo and replay: change sets applied forwards ----------------------------------------------------
def _insert_row(conn: sqlite3.Connection, table: str, row: dict[str, Any]) -> None:
    """A whole row a change set holds (its columns are the table's own, written by this module)."""
    conn.execute(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", tuple(row.values()))


def _update_row(conn: sqlite3.Connection, table: str, row_id: int, values: dict[str, Any]) -> None:
    sets = ", ".join(f"{k} = ?" for k in values)
    conn.execute(f"UPDATE {table} SET {sets} WHERE id = ?", (*values.values(), row_id))


def apply_changes(conn: sqlite3.Connection, encounter_id: int, changes: dict[str, Any]) -> None:
    """Apply a change set forwards (undo applies an inverted one; replay applies them all in order)."""
    for step in changes.get("steps", []):
        apply_changes(conn, encounter_id, step)
    if changes.get("started"):
        row = changes["started"]
        _insert_row(conn, "encounters", row)
    fields = {k: v[1] for k, v in changes.get("encounter", {}).items()}
    if fields:
        _update_row(conn, "encounters", encounter_id, fields)
    for row in changes.get("deleted", []):
        conn.execute("DELETE FROM combatants WHERE id = ?", (row["id"],))
    for row in changes.get("inserted", []):
        _insert_row(conn, "combatants", row)
    for cid, diff in changes.get("combatants", {}).items():
        current = conn.execute("SELECT sheet FROM combatants WHERE id = ?", (int(cid),)).fetchone()
        if current is None:
            continue
        values: dict[str, Any] = {k: v[1] for k, v in diff.items() if k != "sheet"}
        if "tiebreak" in values:
            values["tiebreak"] = _dump(values["tiebreak"])
        if "hidden" in values:
            values["hidden"] = int(values["hidden"])
        if diff.get("sheet"):
            values["sheet"] = patch_sheet(current[0], diff["sheet"], forward=True)
        if values:
            _update_row(conn, "combatants", int(cid), values)
    for xid, (_, status) in changes.get("closed", {}).items():
        conn.execute("UPDATE exchanges SET status = ? WHERE id = ?", (status, int(xid)))
    for row in changes.get("removed", []):
        conn.execute("DELETE FROM exchanges WHERE id = ?", (row["id"],))
    for row in changes.get("opened", []):
        _insert_row(conn, "exchanges", row)
    for cid, diff in changes.get("characters", {}).items():
        current = conn.execute("SELECT sheet FROM characters WHERE id = ?", (int(cid),)).fetchone()
        if current is not None:
            conn.execute(
                "UPDATE characters SET sheet = ? WHERE id = ?", (patch_sheet(current[0], diff, True), int(cid))
            )


@dataclass(slots=True)
class CommandRow:
    id: int
    user_id: int
    kind: str
    rolled: bool
    unit: int | None
    changes: dict[str, Any]


def undoable(conn: sqlite3.Connection, encounter_id: int, limit: int = 2) -> list[CommandRow]:
    """The last commands still applied (neither undone nor an undo themselves), newest first."""
    rows = conn.execute(
        "SELECT id, user_id, kind, rolled, unit, changes FROM commands WHERE encounter_id = ? AND kind != 'undo'"
        " AND undone_by IS NULL AND kind != 'start' ORDER BY id DESC LIMIT ?",
        (encounter_id, limit),
    ).fetchall()
    return [CommandRow(r[0], r[1], r[2], bool(r[3]), r[4], parse(r[5])) for r in rows]


def undo_commands(
    conn: sqlite3.Connection, encounter_id: int, targets: list[CommandRow], user_id: int, expected_version: int
) -> int:
    """Revert `targets` (newest first) in one transaction; the undo is itself a command (its change set
    restores every row), and the encounter's version still increases (a stale writer loses)."""
    cur = conn.execute(
        "UPDATE encounters SET version = version + 1 WHERE id = ? AND version = ? AND status = 'active'",
        (encounter_id, expected_version),
    )
    if cur.rowcount != 1:
        raise StaleEncounter(f"encounter {encounter_id} changed concurrently")
    steps = [invert(t.changes) for t in targets]
    for step in steps:
        apply_changes(conn, encounter_id, step)
    cur = conn.execute(
        "INSERT INTO commands (encounter_id, user_id, kind, changes, undoes, created_at)"
        " VALUES (?, ?, 'undo', ?, ?, ?)",
        (encounter_id, user_id, _dump({"steps": steps}), targets[0].id, time.time()),
    )
    undo_id = int(cur.lastrowid or 0)
    conn.executemany("UPDATE commands SET undone_by = ? WHERE id = ?", [(undo_id, t.id) for t in targets])
    return undo_id


def command_changes(conn: sqlite3.Connection, encounter_id: int) -> list[dict[str, Any]]:
    """Every change set of an encounter in order (replay them forwards on an empty database)."""
    rows = conn.execute("SELECT changes FROM commands WHERE encounter_id = ? ORDER BY id", (encounter_id,))
    return [parse(r[0]) for r in rows]


# --- the fight's log ----------------------------------------------------------------------------------
@dataclass(slots=True)
class LoggedCommand:
    """One command of a fight as the log tells it: who, when, what it posted (events) and changed."""

    id: int
    user_id: int
    kind: str
    at: float
    undone_by: int | None
    undoes: int | None
    changes: dict[str, Any]
    events: list[tuple[str, Any]] = field(default_factory=list)  # (action, parsed payload)


@dataclass(slots=True)
class FightRecord:
    encounter: dict[str, Any]  # the encounter's row (id, name, system, gm_user_id, round, status, ...)
    commands: list[LoggedCommand]


def fight_record(conn: sqlite3.Connection, encounter_id: int) -> FightRecord:
    """Every command of the fight in order with its events: what the log file is written from."""
    row = conn.execute("SELECT * FROM encounters WHERE id = ?", (encounter_id,)).fetchone()
    commands = {
        r[0]: LoggedCommand(r[0], r[1], r[2], r[3], r[4], r[5], parse(r[6]))
        for r in conn.execute(
            "SELECT id, user_id, kind, created_at, undone_by, undoes, changes FROM commands"
            " WHERE encounter_id = ? ORDER BY id",
            (encounter_id,),
        )
    }
    for command_id, action, payload in conn.execute(
        "SELECT command_id, action, payload FROM events WHERE encounter_id = ? ORDER BY id", (encounter_id,)
    ):
        if command_id in commands:
            commands[command_id].events.append((action, parse(payload)))
    return FightRecord(dict(row), list(commands.values()))
