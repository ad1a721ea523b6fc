"""`/roll`: generic dice expressions through d20 (avrae's parser), with hard limits."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from bot.service.errors import UserError

MAX_EXPRESSION = 200
MAX_ROLLS = 1000  # dice rolled in all, explosions and rerolls included
MAX_DICE = 100  # dice in one term (so keep/drop never sorts more than this)
MAX_SIZE = 1000  # faces of one die
MAX_DEPTH = 20  # nesting of parentheses and operations
MAX_TERMS = 50


@dataclass(frozen=True, slots=True)
class RollOutcome:
    expression: str
    total: int
    detail: str


@cache
def _d20() -> tuple[ModuleType, Any]:
    """d20 and its roller, imported on first use: building its grammar takes a quarter of a second, which
    the bot's start-up need not wait for (`warm` does it in the background once the bot is up)."""
    import d20  # type: ignore[import-untyped]

    return d20, d20.Roller(context=d20.RollContext(max_rolls=MAX_ROLLS))


def warm() -> None:
    _d20()


def roll_expression(expression: str, rng: random.Random | None = None) -> RollOutcome:
    """Roll `expression`; bad input becomes a UserError with a hint, never a traceback."""
    expression = expression.strip()
    if not expression:
        raise UserError("error.roll_empty")
    if len(expression) > MAX_EXPRESSION:
        raise UserError("error.roll_too_long", limit=MAX_EXPRESSION)
    # Czech and Polish players write dice as `2k6`; d20 reads `k` as keep, so only a count and k and a size
    # map. The answer writes the dice as the player did.
    typed_k = _TYPED_K.search(expression) is not None
    expression = _czech_dice(expression)
    d20, roller = _d20()
    try:
        tree = d20.parse(expression)
    except (d20.RollError, RecursionError, ValueError):
        raise UserError("error.roll_syntax", expression=expression) from None
    _bounded(tree)
    saved = d20.expression.random if rng is not None else None
    try:
        if rng is not None:
            d20.expression.random = rng
        result = roller.roll(tree)
        total, detail = int(result.total), str(result)  # d20 works the arithmetic out lazily, here
    except d20.TooManyRolls:
        raise UserError("error.roll_too_many", limit=MAX_ROLLS) from None
    except (d20.RollValueError, ZeroDivisionError):
        raise UserError("error.roll_value", expression=expression) from None
    except (d20.RollError, RecursionError, ValueError):
        raise UserError("error.roll_syntax", expression=expression) from None
    finally:
        if saved is not None:
            d20.expression.random = saved
    return RollOutcome(expression, total, _K_SHOWN.sub(r"\1k\2", detail) if typed_k else detail)


def _bounded(tree: object) -> None:
    """Refuse work the bot must not do on the event loop, before rolling anything."""
    d20, _ = _d20()
    terms = 0
    stack: list[tuple[object, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise UserError("error.roll_too_deep", limit=MAX_DEPTH)
        if isinstance(node, d20.diceast.Dice):
            terms += 1
            if node.num > MAX_DICE:
                raise UserError("error.roll_too_many_dice", limit=MAX_DICE)
            if not 1 <= node.size <= MAX_SIZE:
                raise UserError("error.roll_die_size", limit=MAX_SIZE)
        if terms > MAX_TERMS:
            raise UserError("error.roll_too_many_terms", limit=MAX_TERMS)
        stack += [(child, depth + 1) for child in getattr(node, "children", [])]


def _czech_dice(expression: str) -> str:
    """`2k6`, `k20` → `2d6`, `d20` (a `k` right after a die, `4d6kh3`, stays d20's keep)."""
    return _TYPED_K.sub(r"\1d\2", expression)


_TYPED_K = re.compile(r"(?<![a-z\d])(\d*)k(\d+)(?![0-9]*[hl])")
_K_SHOWN = re.compile(r"(?<![A-Za-z])(\d*)d(\d+)")  # a die in d20's answer, written back as typed: 2k6
