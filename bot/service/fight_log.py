"""The fight's story, read from its log: the state after every command (the change sets replayed in a
scratch database by the very code undo and replay use), who fell and how, and the damage each combatant
dealt and took. Plain data; the presenter writes it as Markdown and JSON."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

from bot.service.core import get_system
from bot.service.state import Combatant
from bot.storage import repository as repo
from bot.storage.sqlite import SqliteTx, scratch_tx
from bot.storage.tx import run_sync
from rules import ActionResult, CombatSystem


@dataclass
class Moment:
    """One command as it happened: the round it happened in, its results and other events, and every
    combatant it changed as they stood after it."""

    command: repo.LoggedCommand
    round: int
    results: list[tuple[str, ActionResult]] = field(default_factory=list)
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    changed: list[Combatant] = field(default_factory=list)
    undone: bool = False
    undid: list[str] = field(default_factory=list)  # for an undo: the kinds of command it took back


@dataclass
class Fall:
    """How a combatant left the fight: the round, and the blow (or the round's upkeep) that did it."""

    round: int
    by: str | None = None
    weapon: str | None = None
    action: str | None = None


@dataclass
class FightLog:
    encounter: dict[str, Any]
    system: CombatSystem
    moments: list[Moment]
    final: list[Combatant]  # everyone still in the fight at its end (or now)
    falls: dict[str, Fall] = field(default_factory=dict)
    dealt: dict[str, int] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)
    dealt_to_hidden: dict[str, int] = field(default_factory=dict)  # the part of `dealt` a player may not see
    hidden: set[str] = field(default_factory=set)  # names of everyone who was ever a hidden NPC
    lifted: dict[str, Fall] = field(default_factory=dict)  # falls taken back, should an undo restore them


def build_fight_log(record: repo.FightRecord) -> FightLog:
    """Replay the fight command by command (runs off the event loop: it is plain CPU and SQLite work)."""
    system = get_system(record.encounter["system"])
    tx = scratch_tx()
    scratch = tx.conn
    try:
        log = FightLog(record.encounter, system, [], [])
        kinds = {c.id: c.kind for c in record.commands}
        encounter_id = int(record.encounter["id"])
        for command in record.commands:
            _replay(tx, encounter_id, command, log, kinds)
        rows = scratch.execute("SELECT * FROM combatants WHERE encounter_id = ? ORDER BY seq", (encounter_id,))
        log.final = [repo.combatant_from_row(r) for r in rows]
        _tally(log)
        return log
    finally:
        scratch.close()


def _replay(tx: SqliteTx, encounter_id: int, command: repo.LoggedCommand, log: FightLog, kinds: dict[int, str]) -> None:
    scratch = tx.conn
    changed_ids = _changed_ids(command.changes)
    was_out = _out_now(scratch, log.system, changed_ids)
    moment = Moment(command, _round(scratch, encounter_id), undone=command.undone_by is not None)
    run_sync(repo.apply_changes(tx, encounter_id, command.changes))
    if command.kind == "next":  # the turn moving on belongs to the round it opens
        moment.round = _round(scratch, encounter_id)
    if command.kind == "undo":
        moment.undid = [kinds.get(i, "change") for i in _undone_ids(log, command)]
    for action, payload in command.events:
        result = _result(payload)
        if result is not None:
            moment.results.append((action, result))
        elif isinstance(payload, dict):
            moment.events.append((action, payload))
    moment.changed = _rows(scratch, changed_ids)
    for c in moment.changed:
        if c.hidden:
            log.hidden.add(c.name)
        out = _out(log.system, c)
        if out and not was_out.get(c.id, False):
            # An undo that takes back a healing puts back the fall it had cancelled.
            earlier = log.lifted.get(c.name) if command.kind == "undo" else None
            log.falls[c.name] = earlier or _cause(moment, c.name)
        elif not out and c.name in log.falls:
            log.lifted[c.name] = log.falls.pop(c.name)  # back on their feet (healed, or the blow undone)
    log.moments.append(moment)


def _round(scratch: sqlite3.Connection, encounter_id: int) -> int:
    row = scratch.execute("SELECT round FROM encounters WHERE id = ?", (encounter_id,)).fetchone()
    return int(row[0]) if row is not None else 0


def _rows(scratch: sqlite3.Connection, ids: list[int]) -> list[Combatant]:
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    rows = scratch.execute(f"SELECT * FROM combatants WHERE id IN ({marks}) ORDER BY seq", tuple(ids))
    return [repo.combatant_from_row(r) for r in rows]


def _out_now(scratch: sqlite3.Connection, system: CombatSystem, ids: list[int]) -> dict[int, bool]:
    """Which of these combatants are out of the fight right now."""
    return {c.id: _out(system, c) for c in _rows(scratch, ids)}


def _out(system: CombatSystem, c: Combatant) -> bool:
    status = c.status(system)
    return bool(status.out_of_fight or status.dead)


def _undone_ids(log: FightLog, undo: repo.LoggedCommand) -> list[int]:
    return [m.command.id for m in log.moments if m.command.undone_by == undo.id]


def _changed_ids(changes: dict[str, Any]) -> list[int]:
    ids: dict[int, None] = {}
    for step in changes.get("steps", []):
        ids.update(dict.fromkeys(_changed_ids(step)))
    ids.update(dict.fromkeys(int(k) for k in changes.get("combatants", {})))
    ids.update(dict.fromkeys(int(r["id"]) for r in changes.get("inserted", [])))
    return list(ids)


def _result(payload: Any) -> ActionResult | None:
    if not isinstance(payload, dict) or "actor" not in payload or "action" not in payload:
        return None
    try:
        return ActionResult.model_validate(payload)
    except ValueError:
        return None


def _cause(moment: Moment, name: str) -> Fall:
    """The last blow of this command that struck `name`; else what `name` did itself (a disabled
    character's strenuous action, bleeding out in the round's upkeep)."""
    for _action, r in reversed(moment.results):
        for sub in [*reversed(r.attacks), r]:
            # A blow that did harm; one that did none (the attack on a character leaving the fight) is not it.
            harmed = sub.damage is not None and bool(sub.damage.applied)
            if sub.target == name and sub.actor != name and harmed:
                return Fall(moment.round, sub.actor, sub.weapon, sub.action)
    own = next((r.action for _a, r in reversed(moment.results) if r.actor == name), None)
    return Fall(moment.round, action=own or moment.command.kind)


def _tally(log: FightLog) -> None:
    """Damage dealt and taken per combatant, from every blow still standing (undone ones left out)."""
    hidden = log.hidden
    for m in log.moments:
        if m.undone or m.command.kind == "undo":
            continue
        for _action, r in m.results:
            for blow in _blows(r):
                assert blow.damage is not None and blow.target is not None
                amount = blow.damage.applied
                log.dealt[blow.actor] = log.dealt.get(blow.actor, 0) + amount
                log.taken[blow.target] = log.taken.get(blow.target, 0) + amount
                if blow.target in hidden:
                    log.dealt_to_hidden[blow.actor] = log.dealt_to_hidden.get(blow.actor, 0) + amount


def _blows(r: ActionResult) -> list[ActionResult]:
    """The results that carried damage to someone: a full attack's own strikes, else the result itself."""
    subs = [s for s in r.attacks if s.damage is not None and s.target]
    if subs:
        return [s for s in subs if s.damage is not None and s.damage.applied > 0]
    if r.damage is not None and r.target and r.damage.applied > 0 and r.target != r.actor:
        return [r]
    return []
