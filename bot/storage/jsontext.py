"""JSON text as stored: canonical (keys sorted, compact, UTF-8 as is), so the same data is always the same
text — a change set patched backwards restores a row exactly. orjson writes it about ten times faster
than the standard library (a command stores several sheets); anything it cannot write (an integer past
64 bits) falls back to `json`, which writes the same text for what both can."""

from __future__ import annotations

import json
from typing import Any

import orjson

_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def canonical(value: Any) -> str:
    try:
        return orjson.dumps(value, option=_SORTED).decode()
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def compact(value: Any) -> str:
    """Compact, keys in their own order (a result's lists and fields as the rules made them)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def parse(text: str | bytes) -> Any:
    return orjson.loads(text)
