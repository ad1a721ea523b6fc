"""Check lines written in one pass answer exactly as they were first written (seeded random checks)."""

from __future__ import annotations

import random
from typing import Any

from bot.i18n.catalog import Catalog
from bot.presenters import checks
from bot.presenters.checks import HIDDEN, STEP_SIGNS, View, number, signed
from bot.presenters.texts import Texts
from rules.model import COUNTED, Check, Die, Part, Step


# --- the presenter as first written: the reference the fast one must equal (what did not change, a die's
# face, a step, a die's size ladder, it calls as it is) -------------------------------------------------
def dice_text_slowly(tx: Texts, dice: list[Die], multiplier: int | float = 1) -> str:
    counted = [d for d in dice if d.role != "botch"]
    botch = [d for d in dice if d.role == "botch"]
    groups: list[str] = []
    for sides in dict.fromkeys(d.sides for d in counted):
        same = [d for d in counted if d.sides == sides]
        faces = "+".join(checks._face(d) for d in same).replace("+↺", "↺")
        count = len([d for d in same if d.role in COUNTED])
        groups.append(f"{count if count > 1 else ''}d{sides} ({faces})")
    text = " ".join(groups)
    if multiplier != 1:
        text += f" ×{number(tx, multiplier)}"
    if botch:
        faces = ", ".join(str(d.face) for d in botch)
        text += f" ⚠ {tx('check.botch_dice')} d{botch[0].sides} ({faces})"
    return text


def _part(tx: Texts, p: Part, view: View) -> str:
    name = tx.term("term", p.key)
    if view.hides(p.side):
        return f"± {HIDDEN} {name}"
    return f"{signed(tx, p.value)} {name}"


def check_line_slowly(tx: Texts, c: Check, view: View, outcome: bool = True) -> str:
    hid_before, view.hid = view.hid, False
    line = _check_body(tx, c, view, outcome)
    if view.hid:
        view.hidden_lines.append(_check_body(tx, c, View(), outcome))
    view.hid = view.hid or hid_before
    return line


def _check_body(tx: Texts, c: Check, view: View, outcome: bool) -> str:
    pieces = [f"**{tx.term('check', c.label)}**"]
    own_hidden = view.hides(c.side)
    if c.dice_expr or c.dice_steps:
        pieces.append(checks._dice_steps(tx, c))
    if c.dice:
        pieces.append(dice_text_slowly(tx, c.dice, c.multiplier))
    secret = own_hidden
    if c.parts and not own_hidden:
        shown = [_part(tx, p, view) for p in c.parts]
        secret = secret or any(view.hides(p.side) for p in c.parts)
        if not c.dice:
            shown[0] = shown[0].lstrip("+")
        pieces += shown
    if c.location is not None:
        if c.raw is not None and (c.dice or c.parts):
            pieces.append(f"= {HIDDEN if secret else number(tx, c.raw)}")
        pieces.append(f"→ {tx.term('location', c.location)}")
    elif not c.dice and len(c.parts) == 1 and not c.steps and not own_hidden and not secret:
        pieces[-1] = pieces[-1].lstrip("+")
        pieces[-1] = f"**{number(tx, c.total if c.total is not None else 0)}**"
    elif c.raw is not None or c.total is not None:
        raw = c.raw if c.raw is not None else c.total
        if c.steps:
            pieces.append(f"= {HIDDEN if secret else number(tx, raw or 0)}")
            for i, s in enumerate(c.steps):
                secret = secret or view.hides(s.side)
                pieces.append(checks._step(tx, s, secret, i == len(c.steps) - 1))
        else:
            pieces.append(f"= **{HIDDEN if secret else number(tx, raw or 0)}**")
    if c.versus is not None:
        pieces.append(_versus(tx, c.versus, view))
    if c.outcome and outcome:
        pieces.append(f"· {tx.term('outcome', c.outcome)}")
    return " ".join(p for p in pieces if p)


def _versus(tx: Texts, v: Check, view: View) -> str:
    phrase = tx.term("versus", v.label)
    if view.hides(v.side) or any(view.hides(p.side) for p in v.parts):
        view.hid = True
        return f"{phrase} **{HIDDEN}**" + (f" ({dice_text_slowly(tx, v.dice, v.multiplier)})" if v.dice else "")
    total = number(tx, v.total if v.total is not None else 0)
    inner: list[str] = []
    if v.dice:
        inner.append(dice_text_slowly(tx, v.dice, v.multiplier))
    shown_parts = [p for p in v.parts]
    if v.dice or len(shown_parts) > 1 or (shown_parts and shown_parts[0].key != "base") or v.steps:
        parts = [f"{signed(tx, p.value)} {tx.term('term', p.key)}" for p in shown_parts]
        if parts and not v.dice:
            parts[0] = parts[0].lstrip("+")
        inner += parts
        if v.steps:
            inner.append(f"= {number(tx, v.raw or 0)}")
            inner += [checks._step(tx, s, False, False) for s in v.steps]
    return f"{phrase} **{total}**" + (f" ({' '.join(inner)})" if inner else "")


# --- seeded random checks ----------------------------------------------------------------------------
SIDES: list[Any] = ["actor", "target", "other", "both"]
ROLES: list[Any] = ["kept", "kept", "kept", "exploded", "doubled", "dropped", "rerolled", "botch"]
KEYS = ["base", "str", "dex", "armour", "shield", "weapon_skill", "no_such_term", "ab", "size"]


def _value(rnd: random.Random) -> int | float:
    return rnd.choice([rnd.randint(-30, 30), rnd.randint(-30, 30), 2.5, -0.5, 3.0, 0])


def _parts(rnd: random.Random, most: int) -> list[Part]:
    return [Part(rnd.choice(KEYS), _value(rnd), rnd.choice(SIDES)) for _ in range(rnd.randint(0, most))]


def _dice(rnd: random.Random) -> list[Die]:
    sides = rnd.choice([[20], [10], [6, 6], [10, 8], [8]])
    return [Die(rnd.choice(sides), rnd.randint(1, 20), rnd.choice(ROLES)) for _ in range(rnd.randint(0, 4))]


def _steps(rnd: random.Random) -> list[Step]:
    ops: list[Any] = [*STEP_SIGNS, "unknown_op"]
    return [
        Step(rnd.choice(ops), rnd.choice(KEYS), _value(rnd), _value(rnd), rnd.choice(SIDES), _parts(rnd, 2))
        for _ in range(rnd.choice([0, 0, 1, 2]))
    ]


def _check(rnd: random.Random, depth: int = 0) -> Check:
    c = Check(
        label=rnd.choice(["attack", "damage", "defence", "parry", "soak", "unknown"]),
        side=rnd.choice(SIDES),
        dice=_dice(rnd),
        multiplier=rnd.choice([1, 1, 1, 2, 0.5]),
        parts=_parts(rnd, 4),
        raw=rnd.choice([None, _value(rnd)]),
        steps=_steps(rnd),
        total=rnd.choice([None, _value(rnd)]),
        outcome=rnd.choice([None, "", "hit", "miss", "crit"]),
        location=rnd.choice([None, None, None, "head", "torso"]),
    )
    if depth == 0 and rnd.random() < 0.6:
        c.versus = _check(rnd, 1)
    if rnd.random() < 0.1:
        c.dice_expr = rnd.choice(["d8", "k10", None])
        c.dice_steps = _parts(rnd, 2)
    return c


def test_check_lines_equal_the_first_written_ones() -> None:
    rnd = random.Random(31)
    catalog = Catalog()
    views = [frozenset(), frozenset({"actor"}), frozenset({"target"}), frozenset({"actor", "target"})]
    for _ in range(6000):
        tx = Texts(catalog, rnd.choice(catalog.languages), rnd.choice([None, "dnd35", "arm5", "cz2d10"]))
        c = _check(rnd)
        hide = rnd.choice(views)
        outcome = rnd.random() < 0.7
        fast_view, slow_view = View(hide, hid=rnd.random() < 0.2), View(hide)
        slow_view.hid = fast_view.hid
        fast = checks.check_line(tx, c, fast_view, outcome)
        assert fast == check_line_slowly(tx, c, slow_view, outcome), c
        assert (fast_view.hid, fast_view.hidden_lines) == (slow_view.hid, slow_view.hidden_lines), c
        assert checks.dice_text(tx, c.dice, c.multiplier) == dice_text_slowly(tx, c.dice, c.multiplier)
