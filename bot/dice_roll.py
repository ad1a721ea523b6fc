"""`/roll`: generic dice expressions through d20 (avrae's parser), with hard limits."""

from __future__ import annotations

import random
from dataclasses import dataclass

import d20  # type: ignore[import-untyped]

from bot.service.errors import UserError

MAX_EXPRESSION = 200
MAX_ROLLS = 1000


@dataclass(frozen=True, slots=True)
class RollOutcome:
    expression: str
    total: int
    detail: str


_ROLLER = d20.Roller(context=d20.RollContext(max_rolls=MAX_ROLLS))


def roll_expression(expression: str, rng: random.Random | None = None) -> RollOutcome:
    """Roll `expression`; bad input becomes a UserError with a hint, never a traceback."""
    expression = expression.strip()
    if not expression:
        raise UserError("error.roll_empty")
    if len(expression) > MAX_EXPRESSION:
        raise UserError("error.roll_too_long", limit=MAX_EXPRESSION)
    # Czech and Polish players write dice as `2k6`; d20 reads `k` as keep, so only a leading count+k+digits maps.
    expression = _czech_dice(expression)
    saved = d20.expression.random if rng is not None else None
    try:
        if rng is not None:
            d20.expression.random = rng
        result = _ROLLER.roll(expression)
    except d20.TooManyRolls:
        raise UserError("error.roll_too_many", limit=MAX_ROLLS) from None
    except (d20.RollError, RecursionError, ValueError, ZeroDivisionError):
        raise UserError("error.roll_syntax", expression=expression) from None
    finally:
        if saved is not None:
            d20.expression.random = saved
    return RollOutcome(expression, int(result.total), str(result))


def _czech_dice(expression: str) -> str:
    import re

    return re.sub(r"(?<![a-z])(\d+)k(\d+)(?![0-9]*[hl])", r"\1d\2", expression)
