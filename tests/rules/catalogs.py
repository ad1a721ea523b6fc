"""Catalog files as the tests read them: a message counts as present plain or in its plural forms."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class Messages(dict[str, str]):
    """`key in messages` is true for a plain key and for one written as plural forms (`key#other`)."""

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or dict.__contains__(self, f"{key}#other")


def load(lang: str, *names: str) -> Messages:
    merged: dict[str, Any] = {}
    for name in names:
        merged.update(json.loads((ROOT / f"bot/i18n/{lang}/{name}.json").read_text(encoding="utf-8")))
    return Messages(merged)
