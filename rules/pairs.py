"""`key:value` lists as users type them in `stats:` and `options:` (`ac:15 hp:11 flanking cover:soft`)."""

from __future__ import annotations

import re
import shlex

from rules.errors import RulesError

_KEY = re.compile(r"^[^\W\d][\w\-]*$")  # letters of any language: útok, síla, władanie
MAX_TEXT = 1000


def parse_pairs(text: str | None) -> dict[str, str | bool]:
    """Split into keys and values; a bare word is a flag (True). Keys are case-folded, `-` → `_`."""
    if not text or not text.strip():
        return {}
    if len(text) > MAX_TEXT:
        raise RulesError("error.pairs_too_long", limit=MAX_TEXT)
    if "," in text and ":" not in text:
        text = text.replace(",", " ")  # `flanking,charge` reads as two flags
    try:
        tokens = shlex.split(text) if ('"' in text or "'" in text) else text.split()
    except ValueError:
        raise RulesError("error.pairs_quotes", text=text) from None
    out: dict[str, str | bool] = {}
    for token in tokens:
        key, sep, value = token.partition(":")
        if not sep:
            key, sep, value = token.partition("=")
        key = key.strip().casefold().replace("-", "_")
        if not _KEY.match(key):
            raise RulesError("error.pairs_key", token=token)
        if sep and not value.strip():
            raise RulesError("error.pairs_value", key=key)
        out[key] = value.strip() if sep else True
    return out
