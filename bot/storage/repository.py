"""All SQL lives here, in the dialect both drivers share (`?` placeholders, `RETURNING id`, `ON CONFLICT`,
`lower(name)` for case-insensitive names). Functions are coroutines `fn(tx, ...)` run inside one transaction."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any

from bot.service.state import Combatant, Encounter, Exchange, dump_effects, load_effects
from bot.storage.changes import (
    COMBATANT_FIELDS,
    combatant_diff,
    combatant_row,
    encounter_diff,
    exchange_row,
    invert,
    patch_sheet,
    sheet_diff,
)
from bot.storage.jsontext import canonical, parse
from bot.storage.tx import Tx


class StaleEncounter(Exception):
    """The encounter changed since it was read (another process or a lost race)."""


def _dump(value: Any) -> str:
    return canonical(value)


# --- encounters -------------------------------------------------------------------------------------
async def load_active_encounter(tx: Tx, channel_id: int) -> Encounter | None:
    row = await tx.fetchone("SELECT * FROM encounters WHERE channel_id = ? AND status = 'active'", (channel_id,))
    if row is None:
        return None
    rows = await tx.fetchall("SELECT * FROM combatants WHERE encounter_id = ? ORDER BY seq", (row["id"],))
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
        for r in await tx.fetchall(
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


async def set_tracker_message(tx: Tx, encounter_id: int, message_id: int | None) -> None:
    """Where the fight's tracker is (not a game change: no command, no version, nothing to undo)."""
    await tx.execute("UPDATE encounters SET tracker_message_id = ? WHERE id = ?", (message_id, encounter_id))


async def waiting_deadlines(tx: Tx) -> list[tuple[int, int, float]]:
    """Channels of active fights with an attack waiting for its defence: (channel, guild, earliest deadline)."""
    rows = await tx.fetchall(
        "SELECT e.channel_id, e.guild_id, MIN(x.deadline) FROM exchanges x JOIN encounters e"
        " ON e.id = x.encounter_id WHERE x.status = 'pending' AND e.status = 'active'"
        " GROUP BY e.channel_id, e.guild_id"
    )
    return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]


async def insert_encounter(tx: Tx, enc: Encounter) -> int:
    encounter_id = await tx.fetchval(
        "INSERT INTO encounters (guild_id, channel_id, system, name, gm_user_id, settings, created_at, language)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
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
    if encounter_id is None:
        raise StaleEncounter("an encounter is already active in this channel")
    # The fight's first command: its row as created, so a replay of the log starts from it.
    row = await tx.fetchone(
        "SELECT id, guild_id, channel_id, system, name, gm_user_id, settings, created_at, language"
        " FROM encounters WHERE id = ?",
        (encounter_id,),
    )
    await tx.execute(
        "INSERT INTO commands (encounter_id, user_id, kind, changes, created_at) VALUES (?, ?, 'start', ?, ?)",
        (encounter_id, enc.gm_user_id, _dump({"started": dict(row)}), time.time()),
    )
    return int(encounter_id)


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


async def apply_commit(tx: Tx, commit: Commit) -> list[int]:
    """Write a command's changes and its change set; returns ids of newly inserted combatants in order.

    The command's row is written once, with its change set, after the rows it changed: only a command
    that opens a waiting attack writes it first (the exchange row names its command) and fills in the
    change set at the end, when the new exchange's id is known."""
    enc = commit.encounter
    assert enc is not None
    before = commit.before
    if before is not None and (before.status, before.name) == (enc.status, enc.name):
        # Only the turn moved (the usual command). Naming `status` would rewrite the fight's entry in the
        # one-active-fight index even with the same value: a page more for every commit to write.
        changed = await tx.execute(
            "UPDATE encounters SET round = ?, turn = ?, version = version + 1 WHERE id = ? AND version = ?",
            (enc.round, enc.turn, enc.id, commit.expected_version),
        )
    else:
        changed = await tx.execute(
            "UPDATE encounters SET round = ?, turn = ?, status = ?, name = ?, version = version + 1,"
            " ended_at = CASE WHEN ? = 'ended' THEN ? ELSE ended_at END"
            " WHERE id = ? AND version = ?",
            (enc.round, enc.turn, enc.status, enc.name, enc.status, time.time(), enc.id, commit.expected_version),
        )
    if changed != 1:
        raise StaleEncounter(f"encounter {enc.id} changed concurrently")
    now = time.time()
    if commit.new_exchanges:
        commit.command_id = await _insert_command(tx, commit, enc.id, "{}", now)
    if commit.prompt_messages:
        await tx.executemany(
            "UPDATE exchanges SET message_id = ? WHERE id = ?", [(m, x) for x, m in commit.prompt_messages]
        )
    changes, new_ids = await _write_rows(tx, commit, enc)
    if not commit.new_exchanges:
        commit.command_id = await _insert_command(tx, commit, enc.id, _dump(changes), now)
    if commit.new_exchanges:
        for x in commit.new_exchanges:
            x.id = await tx.fetchval(
                "INSERT INTO exchanges (encounter_id, attacker_id, defender_id, kind, options, result, created_at,"
                " deadline, command_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
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
            x.command_id = commit.command_id
            changes.setdefault("opened", []).append(exchange_row(x, enc.id))
        await tx.execute("UPDATE commands SET changes = ? WHERE id = ?", (_dump(changes), commit.command_id))
    return new_ids


async def _update_combatant(tx: Tx, c: Combatant, old: Combatant | None, diff: dict[str, Any]) -> None:
    """The combatant's row. Against the row as stored (`old`), only the columns that changed: nearly always
    just the sheet, so no tiebreak or effects to dump and bind again; the sheet whenever its text differs
    (even if its data does not). The name only when it changed (or the row was not known): naming it
    rewrites the combatant's entry in the (fight, name) index, a page more to write."""
    if old is None:
        columns = _COLUMNS
    else:
        text_changed = old.sheet_json != c.sheet_json
        columns = tuple(n for n in _COLUMNS if n in diff or (n == "sheet" and text_changed))
        columns = columns or _COLUMNS[:-1]  # nothing changed: written as it was
    await tx.execute(_UPDATE_SQL[columns], (*[_column(c, n) for n in columns], c.id))


def _column(c: Combatant, name: str) -> Any:
    """A combatant's value as its column stores it."""
    if name == "sheet":
        return c.sheet_json
    if name == "hidden":
        return int(c.hidden)
    if name == "tiebreak":
        return _dump(c.tiebreak)
    if name == "effects":
        return dump_effects(c.effects)
    return getattr(c, name)


# What combatant_diff compares, the sheet first and the name last (left out when nothing changed); one
# statement per set of changed columns (a bounded table: every subset, built once).
_COLUMNS: tuple[str, ...] = ("sheet", *(f for f in COMBATANT_FIELDS if f != "name"), "name")
_UPDATE_SQL = {
    cols: f"UPDATE combatants SET {', '.join(f'{n} = ?' for n in cols)} WHERE id = ?"
    for cols in (tuple(n for i, n in enumerate(_COLUMNS) if mask >> i & 1) for mask in range(1, 1 << len(_COLUMNS)))
}


async def _insert_command(tx: Tx, commit: Commit, encounter_id: int, changes: str, now: float) -> int:
    """The command's row, its events in it: they are only ever read per command (the log) or counted."""
    kind = commit.kind or (commit.events[0][0] if commit.events else "change")
    command_id: int = await tx.fetchval(
        "INSERT INTO commands (encounter_id, user_id, kind, changes, rolled, unit, created_at, events)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (encounter_id, commit.user_id, kind, changes, int(commit.rolled), commit.unit, now, events_text(commit.events)),
    )
    return command_id


def events_text(events: list[tuple[str, str]]) -> str:
    """A command's events as one JSON list of [action, payload]; each payload is JSON text already, so it
    goes in as it is (no parse and dump again)."""
    return "[" + ",".join(f"[{_quoted(action)},{payload}]" for action, payload in events) + "]"


def _quoted(action: str) -> str:
    """An action's name as a JSON string: an identifier (every action the rules name) has nothing to
    escape, so it is quoted as it is, the text the JSON writer would give."""
    return f'"{action}"' if action.isidentifier() else _dump(action)


async def _write_rows(tx: Tx, commit: Commit, enc: Encounter) -> tuple[dict[str, Any], list[int]]:
    """The combatants, characters and closed exchanges a command changed; its change set so far and the
    ids of the combatants it added."""
    before = commit.before
    changes: dict[str, Any] = {}
    if before is not None:
        changes["encounter"] = encounter_diff(before, enc)
    if commit.delete_ids:
        gone = [before.by_id(i) for i in commit.delete_ids] if before is not None else []
        changes["deleted"] = [combatant_row(c, enc.id) for c in gone if c is not None]
        await tx.executemany("DELETE FROM combatants WHERE id = ?", [(i,) for i in commit.delete_ids])
    new_ids: list[int] = []
    for c in commit.upsert:
        if c.id:
            old = before.by_id(c.id) if before is not None else None
            diff = {} if old is None else combatant_diff(old, c)
            if diff:
                changes.setdefault("combatants", {})[str(c.id)] = diff
            await _update_combatant(tx, c, old, diff)
        else:
            new_id = await tx.fetchval(
                "INSERT INTO combatants (encounter_id, name, owner_user_id, character_id, hidden, sheet,"
                " initiative, tiebreak, seq, effects, gender) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
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
            new_ids.append(new_id)
            changes.setdefault("inserted", []).append(combatant_row(replace(c, id=new_id), enc.id))
    if commit.character_sheets:
        changes["characters"] = await character_diffs(tx, commit.character_sheets)
        await sync_character_sheets(tx, commit.character_sheets)
    for character_id, gender in commit.character_genders:
        await tx.execute("UPDATE characters SET gender = ? WHERE id = ?", (gender, character_id))
    for xid, status in commit.closed_exchanges:
        closed = await tx.execute("UPDATE exchanges SET status = ? WHERE id = ? AND status = 'pending'", (status, xid))
        if closed != 1:
            raise StaleEncounter(f"exchange {xid} was already closed")
        changes.setdefault("closed", {})[str(xid)] = ["pending", status]
    return changes, new_ids


async def character_diffs(tx: Tx, pairs: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    """The characters' changed fields, read from their stored sheets before they are overwritten."""
    out: dict[str, Any] = {}
    for character_id, sheet in pairs:
        row = await tx.fetchone("SELECT sheet FROM characters WHERE id = ?", (character_id,))
        if row is not None:
            diff = sheet_diff(row[0], _dump(sheet))
            if diff:
                out[str(character_id)] = diff
    return out


async def set_exchange_message(tx: Tx, exchange_id: int, message_id: int) -> None:
    await tx.execute("UPDATE exchanges SET message_id = ? WHERE id = ?", (message_id, exchange_id))


async def sync_character_sheets(tx: Tx, pairs: list[tuple[int, dict[str, Any]]]) -> None:
    """Carry a fight's outcome back to the characters' own sheets."""
    await tx.executemany("UPDATE characters SET sheet = ? WHERE id = ?", [(_dump(s), i) for i, s in pairs])


async def fight_of_character(tx: Tx, character_id: int) -> int | None:
    """The channel of the running fight a character is in, if any."""
    row = await tx.fetchone(
        "SELECT e.channel_id FROM combatants c JOIN encounters e ON e.id = c.encounter_id"
        " WHERE c.character_id = ? AND e.status = 'active' LIMIT 1",
        (character_id,),
    )
    return int(row[0]) if row else None


async def combatants_of_character(tx: Tx, character_id: int) -> list[tuple[int, int]]:
    """(channel id, combatant id) of the character in running fights."""
    rows = await tx.fetchall(
        "SELECT e.channel_id, c.id FROM combatants c JOIN encounters e ON e.id = c.encounter_id"
        " WHERE c.character_id = ? AND e.status = 'active'",
        (character_id,),
    )
    return [(int(r[0]), int(r[1])) for r in rows]


async def count_events(tx: Tx, encounter_id: int) -> int:
    """A fight's events: those in its commands' rows, and any written before commands existed (migration
    0005: still in `events`; 0008 moved every event that had a command), so the count is the same for a
    fight played across the upgrade."""
    rows = await tx.fetchall("SELECT events FROM commands WHERE encounter_id = ?", (encounter_id,))
    older = await tx.fetchval("SELECT COUNT(*) FROM events WHERE encounter_id = ?", (encounter_id,))
    return int(older) + sum(len(parse(r[0])) for r in rows)


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


def _character(row: Any) -> Character:
    return Character(
        row["id"], row["guild_id"], row["user_id"], row["system"], row["name"], parse(row["sheet"]), row["gender"]
    )


async def list_characters(tx: Tx, guild_id: int, user_id: int) -> list[Character]:
    rows = await tx.fetchall(
        "SELECT * FROM characters WHERE guild_id = ? AND user_id = ? ORDER BY lower(name), id",
        (guild_id, user_id),
    )
    return [_character(r) for r in rows]


async def get_character(tx: Tx, guild_id: int, user_id: int, name: str) -> Character | None:
    row = await tx.fetchone(
        "SELECT * FROM characters WHERE guild_id = ? AND user_id = ? AND lower(name) = lower(?)",
        (guild_id, user_id, name.strip()),
    )
    return _character(row) if row else None


async def insert_character(tx: Tx, ch: Character) -> int | None:
    new_id = await tx.fetchval(
        "INSERT INTO characters (guild_id, user_id, system, name, sheet, created_at, gender)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
        (ch.guild_id, ch.user_id, ch.system, ch.name, _dump(ch.sheet), time.time(), ch.gender),
    )
    return None if new_id is None else int(new_id)


async def update_character(tx: Tx, character_id: int, sheet: dict[str, Any], gender: str | None = None) -> None:
    await tx.execute(
        "UPDATE characters SET sheet = ?, gender = COALESCE(?, gender) WHERE id = ?",
        (_dump(sheet), gender, character_id),
    )


async def delete_character(tx: Tx, character_id: int) -> None:
    await tx.execute("DELETE FROM characters WHERE id = ?", (character_id,))


# --- settings ---------------------------------------------------------------------------------------
async def load_settings(tx: Tx, guild_id: int, channel_id: int, system: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(guild defaults, channel overrides) stored for a system."""
    rows = await tx.fetchall(
        "SELECT channel_id, name, value FROM settings WHERE guild_id = ? AND channel_id IN (0, ?) AND system = ?",
        (guild_id, channel_id, system),
    )
    guild: dict[str, Any] = {}
    channel: dict[str, Any] = {}
    for r in rows:
        (guild if r["channel_id"] == 0 else channel)[r["name"]] = parse(r["value"])
    return guild, channel


async def store_setting(tx: Tx, guild_id: int, channel_id: int, system: str, name: str, value: Any) -> None:
    await tx.execute(
        "INSERT INTO settings (guild_id, channel_id, system, name, value) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, channel_id, system, name) DO UPDATE SET value = excluded.value",
        (guild_id, channel_id, system, name, _dump(value)),
    )


async def clear_settings(tx: Tx, guild_id: int, channel_id: int, system: str, name: str | None) -> int:
    if name is None:
        return await tx.execute(
            "DELETE FROM settings WHERE guild_id = ? AND channel_id = ? AND system = ?", (guild_id, channel_id, system)
        )
    return await tx.execute(
        "DELETE FROM settings WHERE guild_id = ? AND channel_id = ? AND system = ? AND name = ?",
        (guild_id, channel_id, system, name),
    )


async def set_encounter_settings(tx: Tx, encounter_id: int, settings: dict[str, Any]) -> None:
    """A running fight takes the settings changed in its channel (rules and bot, as in force there now)."""
    await tx.execute("UPDATE encounters SET settings = ? WHERE id = ?", (_dump(settings), encounter_id))


# --- meta ---------------------------------------------------------------------------------------------
async def get_meta(tx: Tx, key: str) -> str | None:
    row = await tx.fetchone("SELECT value FROM bot_meta WHERE key = ?", (key,))
    return str(row[0]) if row else None


async def set_meta(tx: Tx, key: str, value: str) -> None:
    await tx.execute(
        "INSERT INTO bot_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


# --- undo and replay: change sets applied forwards ----------------------------------------------------
async def _insert_row(tx: Tx, table: str, row: dict[str, Any]) -> None:
    """A whole row a change set holds (its columns are the table's own, written by this module)."""
    await tx.execute(
        f"INSERT INTO {table} ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", tuple(row.values())
    )


async def _update_row(tx: Tx, table: str, row_id: int, values: dict[str, Any]) -> None:
    sets = ", ".join(f"{k} = ?" for k in values)
    await tx.execute(f"UPDATE {table} SET {sets} WHERE id = ?", (*values.values(), row_id))


async def apply_changes(tx: Tx, encounter_id: int, changes: dict[str, Any]) -> None:
    """Apply a change set forwards (undo applies an inverted one; replay applies them all in order)."""
    for step in changes.get("steps", []):
        await apply_changes(tx, encounter_id, step)
    if changes.get("started"):
        row = changes["started"]
        await _insert_row(tx, "encounters", row)
    fields = {k: v[1] for k, v in changes.get("encounter", {}).items()}
    if fields:
        await _update_row(tx, "encounters", encounter_id, fields)
    for row in changes.get("deleted", []):
        await tx.execute("DELETE FROM combatants WHERE id = ?", (row["id"],))
    for row in changes.get("inserted", []):
        await _insert_row(tx, "combatants", row)
    for cid, diff in changes.get("combatants", {}).items():
        current = await tx.fetchone("SELECT sheet FROM combatants WHERE id = ?", (int(cid),))
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
            await _update_row(tx, "combatants", int(cid), values)
    for xid, (_, status) in changes.get("closed", {}).items():
        await tx.execute("UPDATE exchanges SET status = ? WHERE id = ?", (status, int(xid)))
    for row in changes.get("removed", []):
        await tx.execute("DELETE FROM exchanges WHERE id = ?", (row["id"],))
    for row in changes.get("opened", []):
        await _insert_row(tx, "exchanges", row)
    for cid, diff in changes.get("characters", {}).items():
        current = await tx.fetchone("SELECT sheet FROM characters WHERE id = ?", (int(cid),))
        if current is not None:
            await tx.execute(
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


async def undoable(tx: Tx, encounter_id: int, limit: int = 2) -> list[CommandRow]:
    """The last commands still applied (neither undone nor an undo themselves), newest first."""
    rows = await tx.fetchall(
        "SELECT id, user_id, kind, rolled, unit, changes FROM commands WHERE encounter_id = ? AND kind != 'undo'"
        " AND undone_by IS NULL AND kind != 'start' ORDER BY id DESC LIMIT ?",
        (encounter_id, limit),
    )
    return [CommandRow(r[0], r[1], r[2], bool(r[3]), r[4], parse(r[5])) for r in rows]


async def undo_commands(
    tx: Tx, encounter_id: int, targets: list[CommandRow], user_id: int, expected_version: int
) -> int:
    """Revert `targets` (newest first) in one transaction; the undo is itself a command (its change set
    restores every row), and the encounter's version still increases (a stale writer loses)."""
    changed = await tx.execute(
        "UPDATE encounters SET version = version + 1 WHERE id = ? AND version = ? AND status = 'active'",
        (encounter_id, expected_version),
    )
    if changed != 1:
        raise StaleEncounter(f"encounter {encounter_id} changed concurrently")
    steps = [invert(t.changes) for t in targets]
    for step in steps:
        await apply_changes(tx, encounter_id, step)
    undo_id = await tx.fetchval(
        "INSERT INTO commands (encounter_id, user_id, kind, changes, undoes, created_at)"
        " VALUES (?, ?, 'undo', ?, ?, ?) RETURNING id",
        (encounter_id, user_id, _dump({"steps": steps}), targets[0].id, time.time()),
    )
    await tx.executemany("UPDATE commands SET undone_by = ? WHERE id = ?", [(undo_id, t.id) for t in targets])
    return int(undo_id)


async def command_changes(tx: Tx, encounter_id: int) -> list[dict[str, Any]]:
    """Every change set of an encounter in order (replay them forwards on an empty database)."""
    rows = await tx.fetchall("SELECT changes FROM commands WHERE encounter_id = ? ORDER BY id", (encounter_id,))
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


async def fight_record(tx: Tx, encounter_id: int) -> FightRecord:
    """Every command of the fight in order with its events: what the log file is written from."""
    row = await tx.fetchone("SELECT * FROM encounters WHERE id = ?", (encounter_id,))
    commands = [
        LoggedCommand(r[0], r[1], r[2], r[3], r[4], r[5], parse(r[6]), [(a, p) for a, p in parse(r[7])])
        for r in await tx.fetchall(
            "SELECT id, user_id, kind, created_at, undone_by, undoes, changes, events FROM commands"
            " WHERE encounter_id = ? ORDER BY id",
            (encounter_id,),
        )
    ]
    return FightRecord(dict(row), commands)
