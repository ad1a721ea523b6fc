"""One line per check, Avrae-style, that a player can add up at a glance:

    **Útok** d20 (14) +3 Síla +2 obestoupení = **19** proti třídě zbroje **17** (10 základ +7 zbroj)
    **Zranění** d8 (5) +3 Síla = 8 − 2 redukce zranění = **6**

Counted dice × the multiplier + the signed parts = the raw total; each step after it shows its own
running total; the bold number is what is compared or applied. A side the reader may not see (a hidden
NPC's) shows its dice but never its parts or totals, nor anything computed from them (`?`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.model import COUNTED, Check, Die, Part, Side, Step

if TYPE_CHECKING:
    from bot.presenters.texts import Texts

HIDDEN = "?"
STEP_SIGNS = {
    "minus": "−",
    "plus": "+",
    "times": "×",
    "divide": "÷",
    "floor": "↓",
    "ceil": "↑",
    "round": "≈",
    "set": "→",
    "min": "≥",
    "max": "≤",
}
ROUNDING = frozenset({"floor", "ceil", "round"})


@dataclass
class View:
    """Whose numbers the reader may not see; `hid` records whether anything was left out."""

    hide: frozenset[Side] = frozenset()
    hid: bool = False
    hidden_lines: list[str] = field(default_factory=list)  # the GM's copy: only lines that hid something

    def hides(self, side: Side) -> bool:
        if side in self.hide or (side == "both" and self.hide & {"actor", "target"}):
            self.hid = True
            return True
        return False


def number(tx: Texts, value: int | float) -> str:
    """A number as the reader writes it (decimal comma in cs, pl and it)."""
    if type(value) is int:  # nearly every number: no decimals, only its sign to write as a minus
        return str(value) if value >= 0 else f"−{-value}"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = f"{value:g}" if isinstance(value, float) else str(value)
    text = text.replace("-", "−")
    return text.replace(".", ",") if tx.lang in ("cs", "pl", "it") else text


def signed(tx: Texts, value: int | float) -> str:
    if type(value) is int:  # as below, without the detour through number()
        return f"+{value}" if value >= 0 else f"−{-value}"
    shown = number(tx, abs(value))
    return f"+{shown}" if value >= 0 else f"−{shown}"


def dice_text(tx: Texts, dice: list[Die], multiplier: int | float = 1) -> str:
    """`2d10 (4+5)`, `d10 (1↺ 7) ×2`, `4d6 (6+5+4+~~1~~)`; botch dice apart: `⚠ d10 (10, 3)`."""
    faces: dict[int, list[str]] = {}  # one pass: each size's faces in order of first appearance
    counted: dict[int, int] = {}
    botch: list[Die] = []
    for d in dice:
        role = d.role
        if role == "botch":
            botch.append(d)
            continue
        same = faces.get(d.sides)
        if same is None:
            same = faces[d.sides] = []
            counted[d.sides] = 0
        same.append(str(d.face) if role == "kept" else _face(d))
        if role in COUNTED:
            counted[d.sides] += 1
    text = " ".join(
        f"{counted[sides] if counted[sides] > 1 else ''}d{sides} ({'+'.join(same).replace('+↺', '↺')})"
        for sides, same in faces.items()
    )
    if multiplier != 1:
        text += f" ×{number(tx, multiplier)}"
    if botch:
        shown = ", ".join(str(d.face) for d in botch)
        text += f" ⚠ {tx('check.botch_dice')} d{botch[0].sides} ({shown})"
    return text


def _face(d: Die) -> str:
    if d.role == "exploded":
        return f"{d.face}!"
    if d.role == "doubled":
        return f"{d.face}↺ "
    if d.role in ("dropped", "rerolled"):
        return f"~~{d.face}~~"
    return str(d.face)


def _step(tx: Texts, s: Step, hidden: bool, last: bool) -> str:
    sign = STEP_SIGNS.get(s.op, s.op)
    name = tx.term("term", s.key)
    total = HIDDEN if hidden else number(tx, s.total)
    total = f"**{total}**" if last else total
    if s.op in ROUNDING:
        return f"{sign} {name} = {total}"
    value = HIDDEN if hidden else number(tx, s.value)
    detail = ""
    if s.detail and not hidden:
        detail = " (" + " ".join(f"{tx.term('term', d.key)} {number(tx, d.value)}" for d in s.detail) + ")"
    return f"{sign} {value} {name}{detail} = {total}"


def check_line(tx: Texts, c: Check, view: View, outcome: bool = True) -> str:
    """The whole line of one check (its versus included; its outcome unless `outcome` is False); a line
    that hid something goes to the GM's copy in full (every such line, not only the first: a hidden NPC's
    attack and its damage both)."""
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
        pieces.append(_dice_steps(tx, c))
    if c.dice:
        pieces.append(dice_text(tx, c.dice, c.multiplier))
    secret = own_hidden
    name = tx.namer("term")  # one check names many parts
    if c.parts and not own_hidden:
        shown, secret = _parts(tx, name, c.parts, view)
        if not c.dice:  # a number with no dice starts unsigned: "10 základ +4 zbroj"
            shown[0] = shown[0].lstrip("+")
        pieces += shown
    if c.location is not None:
        if c.raw is not None and (c.dice or c.parts):
            pieces.append(f"= {HIDDEN if secret else number(tx, c.raw)}")
        pieces.append(f"→ {tx.term('location', c.location)}")
    elif not c.dice and len(c.parts) == 1 and not c.steps and not own_hidden and not secret:
        pieces[-1] = pieces[-1].lstrip("+")  # a number restated (the attack total a parry answers): no sum
        pieces[-1] = f"**{number(tx, c.total if c.total is not None else 0)}**"
    elif c.raw is not None or c.total is not None:
        raw = c.raw if c.raw is not None else c.total
        if c.steps:
            pieces.append(f"= {HIDDEN if secret else number(tx, raw or 0)}")
            for i, s in enumerate(c.steps):
                secret = secret or view.hides(s.side)
                pieces.append(_step(tx, s, secret, i == len(c.steps) - 1))
        else:
            pieces.append(f"= **{HIDDEN if secret else number(tx, raw or 0)}**")
    if c.versus is not None:
        pieces.append(_versus(tx, c.versus, view, name))
    # An outcome telling a hidden side's state (a wound level) is left to the GM's copy.
    if c.outcome and outcome and (c.outcome_side is None or not view.hides(c.outcome_side)):
        pieces.append(f"· {tx.term('outcome', c.outcome)}")
    return " ".join(p for p in pieces if p)


def _parts(tx: Texts, name: Callable[[str], str], parts: list[Part], view: View) -> tuple[list[str], bool]:
    """Each part signed with its name (a hidden side's as `± ?`), and whether any was hidden."""
    if not view.hide:  # nothing hidden from this reader: no side to ask about
        return [f"{signed(tx, p.value)} {name(p.key)}" for p in parts], False
    shown = []
    hid = False
    for p in parts:
        if view.hides(p.side):
            hid = True
            shown.append(f"± {HIDDEN} {name(p.key)}")
        else:
            shown.append(f"{signed(tx, p.value)} {name(p.key)}")
    return shown, hid


def _dice_steps(tx: Texts, c: Check) -> str:
    """A die moved along its size ladder before rolling: `k8 (+1 stopień za siłę)`."""
    steps = " ".join(f"{signed(tx, p.value)} {tx.term('term', p.key)}" for p in c.dice_steps)
    expr = c.dice_expr or ""
    return f"{expr} ({steps}) →" if steps else expr


def _versus(tx: Texts, v: Check, view: View, name: Callable[[str], str]) -> str:
    phrase = tx.term("versus", v.label)
    if view.hide and (view.hides(v.side) or any(view.hides(p.side) for p in v.parts)):
        view.hid = True
        return f"{phrase} **{HIDDEN}**" + (f" ({dice_text(tx, v.dice, v.multiplier)})" if v.dice else "")
    total = number(tx, v.total if v.total is not None else 0)
    inner: list[str] = []
    if v.dice:
        inner.append(dice_text(tx, v.dice, v.multiplier))
    shown_parts = [p for p in v.parts]
    if v.dice or len(shown_parts) > 1 or (shown_parts and shown_parts[0].key != "base") or v.steps:
        parts = [f"{signed(tx, p.value)} {name(p.key)}" for p in shown_parts]
        if parts and not v.dice:
            parts[0] = parts[0].lstrip("+")
        inner += parts
        if v.steps:
            inner.append(f"= {number(tx, v.raw or 0)}")
            inner += [_step(tx, s, False, False) for s in v.steps]
    return f"{phrase} **{total}**" + (f" ({' '.join(inner)})" if inner else "")
