"""A command's change set: every row it changed, with the values before and after — the format undo reads
backwards, replay reads forwards, and the fight's log reads to tell what happened.

Sheets are stored as their changed top-level fields (`{"hp_current": [12, 7]}`), never whole:

    {"encounter": {"round": [1, 2], "turn": [2, 0]},
     "combatants": {"17": {"sheet": {"hp_current": [12, 7]}, "initiative": [14, 9]}},
     "inserted": [{...a whole combatant row...}], "deleted": [{...}],
     "opened": [{...a whole exchange row...}], "closed": {"5": ["pending", "resolved"]},
     "characters": {"3": {"hp_current": [12, 7]}},
     "started": {...the encounter row...}}

Applying it forwards (`after` values) to the state before gives the state after, and backwards (`before`
values) the state before; `tests/bot/test_undo.py` checks both for every kind of command and system.
"""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import compress
from operator import ne
from typing import Any

from bot.service.state import Combatant, Encounter, Exchange, dump_effects
from bot.storage.jsontext import canonical, compact, parse

COMBATANT_FIELDS = ("name", "hidden", "initiative", "tiebreak", "effects", "gender")
ENCOUNTER_FIELDS = ("round", "turn", "status", "name")


def combatant_row(c: Combatant, encounter_id: int) -> dict[str, Any]:
    return {
        "id": c.id,
        "encounter_id": encounter_id,
        "name": c.name,
        "owner_user_id": c.owner_user_id,
        "character_id": c.character_id,
        "hidden": int(c.hidden),
        "sheet": c.sheet_json,
        "initiative": c.initiative,
        "tiebreak": json.dumps(c.tiebreak),
        "seq": c.seq,
        "effects": dump_effects(c.effects),
        "gender": c.gender,
    }


def exchange_row(x: Exchange, encounter_id: int) -> dict[str, Any]:
    return {
        "id": x.id,
        "encounter_id": encounter_id,
        "attacker_id": x.attacker_id,
        "defender_id": x.defender_id,
        "kind": x.kind,
        "options": x.options,
        "result": compact(x.result),
        "status": x.status,
        "created_at": x.created_at,
        "deadline": x.deadline,
    }


ABSENT: dict[str, int] = {"absent": 1}  # a field one side does not have at all (not the same as null)


@lru_cache(maxsize=64)
def _parsed(text: str) -> dict[str, Any]:
    """A stored sheet parsed, for reading only: shared by every diff of the same text. A command's "before"
    text is mostly an "after" text of a command just before it on that fight (an attack, its parry, the
    turn), so a few dozen recent texts save about half of the parses. Keyed by the immutable text, it
    cannot go stale; never hand its dicts (or the values in them) to code that mutates them."""
    data: dict[str, Any] = parse(text)
    return data


def sheet_diff(before: str, after: str) -> dict[str, list[Any]]:
    """The top-level fields that differ, as [before, after] (ABSENT where a side lacks the field). The
    values are shared with the parse memo: the change set only dumps them."""
    if before == after:
        return {}
    old, new = _parsed(before), _parsed(after)
    if list(old) == list(new):
        # The usual case: the same fields in the same order (canonical text sorts them), a few changed: the
        # values pair up without a lookup per key and are compared in C.
        return {k: [old[k], new[k]] for k in compress(old, map(ne, old.values(), new.values()))}
    keys = dict.fromkeys([*old, *new])
    return {
        k: [old.get(k, ABSENT), new.get(k, ABSENT)] for k in keys if k not in old or k not in new or old[k] != new[k]
    }


def combatant_diff(before: Combatant, after: Combatant) -> dict[str, Any]:
    out: dict[str, Any] = {}
    sheet = sheet_diff(before.sheet_json, after.sheet_json)
    if sheet:
        out["sheet"] = sheet
    for name in COMBATANT_FIELDS:
        old, new = getattr(before, name), getattr(after, name)
        if old != new:  # effects compare as dataclasses (their JSON's fields) and are dumped only if they differ
            out[name] = [dump_effects(old), dump_effects(new)] if name == "effects" else [old, new]
    return out


def encounter_diff(before: Encounter, after: Encounter) -> dict[str, Any]:
    old = (before.round, before.turn, before.status, before.name)  # ENCOUNTER_FIELDS, read once each
    new = (after.round, after.turn, after.status, after.name)
    if old == new:  # an action that leaves the turn where it is
        return {}
    return {name: [a, b] for name, a, b in zip(ENCOUNTER_FIELDS, old, new, strict=True) if a != b}


def patch_sheet(sheet_json: str, fields: dict[str, list[Any]], forward: bool) -> str:
    """A stored sheet with the given fields set to their after (or before) values."""
    data = parse(sheet_json)
    for key, (old, new) in fields.items():
        value = new if forward else old
        if value == ABSENT:
            data.pop(key, None)
        else:
            data[key] = value
    return canonical(data)


def invert(changes: dict[str, Any]) -> dict[str, Any]:
    """The change set that undoes `changes`: applied forwards, it restores every row as it was (a waiting
    attack it opened is removed again: its prompt's buttons then find nothing and refuse)."""
    out: dict[str, Any] = {}
    if changes.get("encounter"):
        out["encounter"] = {k: [b, a] for k, (a, b) in changes["encounter"].items()}
    if changes.get("combatants"):
        out["combatants"] = {
            cid: {
                k: ({f: [b, a] for f, (a, b) in v.items()} if k == "sheet" else [v[1], v[0]]) for k, v in fields.items()
            }
            for cid, fields in changes["combatants"].items()
        }
    if changes.get("inserted"):
        out["deleted"] = changes["inserted"]
    if changes.get("deleted"):
        out["inserted"] = changes["deleted"]
    closed = {xid: [b, a] for xid, (a, b) in changes.get("closed", {}).items()}
    if closed:
        out["closed"] = closed
    if changes.get("opened"):
        out["removed"] = changes["opened"]
    if changes.get("characters"):
        out["characters"] = {
            cid: {f: [b, a] for f, (a, b) in fields.items()} for cid, fields in changes["characters"].items()
        }
    return out
