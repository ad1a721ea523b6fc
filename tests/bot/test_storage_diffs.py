"""The storage's fast paths give what the plain way gives: a sheet diff through the parse memo and the
paired-values compare equals a diff of freshly parsed sheets compared key by key, and leaves the memo as
parsed; a combatant's update that names only its changed columns leaves the row a whole update leaves."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from typing import Any

import orjson

from bot.service.state import Combatant, Effect, dump_effects
from bot.storage.changes import ABSENT, _parsed, combatant_diff, sheet_diff
from bot.storage.database import MIGRATIONS_DIR
from bot.storage.jsontext import canonical
from bot.storage.repository import _update_combatant
from bot.storage.sqlite import SqliteTx, apply_migrations
from bot.storage.tx import run_sync


def plain_sheet_diff(before: str, after: str) -> dict[str, list[Any]]:
    """The diff as it was made before the memo: both texts parsed anew, compared key by key."""
    if before == after:
        return {}
    old, new = orjson.loads(before), orjson.loads(after)
    keys = dict.fromkeys([*old, *new])
    return {
        k: [old.get(k, ABSENT), new.get(k, ABSENT)] for k in keys if k not in old or k not in new or old[k] != new[k]
    }


def random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(6 if depth < 2 else 4)
    if kind == 0:
        return rng.randrange(-3, 30)
    if kind == 1:
        return rng.choice([None, True, False])
    if kind == 2:
        return rng.choice(["a", "b", "stunned", ""])
    if kind == 3:
        return rng.random()
    if kind == 4:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice("xyz"): random_value(rng, depth + 1) for _ in range(rng.randrange(3))}


def random_sheet(rng: random.Random) -> dict[str, Any]:
    return {f"f{i}": random_value(rng) for i in rng.sample(range(12), rng.randrange(1, 10))}


def mutated(rng: random.Random, sheet: dict[str, Any]) -> dict[str, Any]:
    out = dict(sheet)
    for _ in range(rng.randrange(4)):
        action = rng.randrange(4)
        key = f"f{rng.randrange(12)}"
        if action == 0:
            out.pop(key, None)
        else:
            out[key] = random_value(rng)
    return out


def test_the_memoised_diff_equals_the_plain_diff_and_keeps_the_memo_as_parsed() -> None:
    rng = random.Random(17)
    texts: list[str] = []
    for _ in range(3000):
        sheet = orjson.loads(rng.choice(texts)) if texts and rng.random() < 0.7 else random_sheet(rng)
        before = canonical(sheet)
        # Mostly canonical text; now and then the same data in another key order or spacing.
        after_data = mutated(rng, sheet)
        after = (
            canonical(after_data) if rng.random() < 0.9 else orjson.dumps(dict(reversed(after_data.items()))).decode()
        )
        texts += [before, after]
        assert sheet_diff(before, after) == plain_sheet_diff(before, after)
    for text in set(texts[-200:]):  # whatever is still memoised reads as its text
        assert _parsed(text) == orjson.loads(text)


def test_a_diff_keeps_the_order_of_changed_fields() -> None:
    assert list(sheet_diff('{"a":1,"b":2,"c":3}', '{"a":0,"b":2,"c":4}')) == ["a", "c"]
    assert list(sheet_diff('{"b":2,"a":1}', '{"a":1,"b":3}')) == ["b"]  # not canonical: still right


BASE = Combatant(
    id=0, name="Ana", owner_user_id=7, character_id=None, hidden=False, sheet_json='{"hp":5,"w":[1,2]}', seq=1
)
VARIANTS = [
    {},
    {"sheet_json": '{"hp":4,"w":[1,2]}'},
    {"sheet_json": '{"w":[1,2],"hp":5}'},  # the same data as another text: the text is written
    {"initiative": 12, "tiebreak": [1, 5]},
    {"effects": [Effect("stunned", True, 2)]},
    {"hidden": True, "gender": "f"},
    {"name": "Ana the Bold"},
    {
        "sheet_json": '{"hp":1}',
        "name": "Bo",
        "initiative": 3,
        "effects": [Effect("blessed", rounds=None, ends="start")],
    },
]


def stored_row(conn: sqlite3.Connection, cid: int) -> tuple[Any, ...]:
    return tuple(conn.execute("SELECT * FROM combatants WHERE id = ?", (cid,)).fetchone())


def test_updating_only_the_changed_columns_leaves_the_row_a_whole_update_leaves() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    apply_migrations(conn, MIGRATIONS_DIR)
    conn.execute(
        "INSERT INTO encounters (id, guild_id, channel_id, system, name, gm_user_id, settings, created_at)"
        " VALUES (1, 1, 1, 'dnd35', 'f', 1, '{}', 0), (2, 1, 2, 'dnd35', 'g', 1, '{}', 0)"
    )
    tx = SqliteTx(conn)
    for i, change in enumerate(VARIANTS):
        for j, other in enumerate(VARIANTS):
            old = replace(BASE, **change)
            new = replace(BASE, **other)
            a, b = 100 * i + j, 10_000 + 100 * i + j
            for cid in (a, b):
                conn.execute(
                    "INSERT INTO combatants (id, encounter_id, name, owner_user_id, hidden, sheet, initiative,"
                    " tiebreak, seq, effects, gender) VALUES (?, ?, ?, 7, ?, ?, ?, ?, 1, ?, ?)",
                    (
                        cid,
                        1 if cid == a else 2,
                        f"{old.name}{a}",
                        int(old.hidden),
                        old.sheet_json,
                        old.initiative,
                        canonical(old.tiebreak),
                        dump_effects(old.effects),
                        old.gender,
                    ),
                )
            run_sync(_update_combatant(tx, replace(new, id=a, name=new.name + str(a)), old, combatant_diff(old, new)))
            run_sync(_update_combatant(tx, replace(new, id=b, name=new.name + str(a)), None, {}))
            assert stored_row(conn, a)[2:] == stored_row(conn, b)[2:]  # all but id and fight


def test_the_encounter_diff_reads_each_field_once_and_gives_what_getattr_gives() -> None:
    from bot.service.state import Encounter
    from bot.storage.changes import ENCOUNTER_FIELDS, encounter_diff

    rng = random.Random(3)
    for _ in range(500):
        values = [
            {
                "round": rng.randrange(2),
                "turn": rng.randrange(2),
                "status": rng.choice(["active", "ended"]),
                "name": rng.choice(["a", "b"]),
            }
            for _ in range(2)
        ]
        before, after = (
            Encounter(
                id=1, guild_id=1, channel_id=1, system="dnd35", gm_user_id=1, settings={}, version=0, combatants=[], **v
            )
            for v in values
        )
        assert encounter_diff(before, after) == {
            n: [getattr(before, n), getattr(after, n)]
            for n in ENCOUNTER_FIELDS
            if getattr(before, n) != getattr(after, n)
        }


def test_an_action_name_is_quoted_as_the_json_writer_quotes_it() -> None:
    from bot.storage.repository import _quoted

    for name in ["attack", "next", "initiative_tiebreak", "Žluť", "x1", 'q"uote', "a b", "back\\slash", "\n", ""]:
        assert _quoted(name) == canonical(name)
