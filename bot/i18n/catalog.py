"""Flat JSON catalogs per language: `bot/i18n/<lang>/*.json`, `{"key": "text with {param}"}`."""

from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parent
FALLBACK = "en"


class _Params(dict[str, Any]):
    """Leaves an unknown placeholder visible instead of failing the whole answer."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    def __init__(self, root: Path = ROOT) -> None:
        self.messages: dict[str, dict[str, str]] = {}
        for lang_dir in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("_")):
            merged: dict[str, str] = {}
            for file in sorted(lang_dir.glob("*.json")):
                data = json.loads(file.read_text("utf-8"))
                merged.update({str(k): str(v) for k, v in data.items()})
            self.messages[lang_dir.name] = merged

    @property
    def languages(self) -> list[str]:
        return sorted(self.messages)

    def lookup(self, lang: str, key: str) -> str | None:
        found = self.messages.get(lang, {}).get(key)
        if found is None and lang != FALLBACK:
            found = self.messages[FALLBACK].get(key)
        return found

    def text(self, lang: str, key: str, /, **params: Any) -> str:
        template = self.lookup(lang, key)
        if template is None:
            log.debug("missing catalog key %s", key)
            return key
        if not params:
            return template
        return template.format_map(_Params({k: _display(v) for k, v in params.items()}))

    def has(self, lang: str, key: str) -> bool:
        return self.lookup(lang, key) is not None

    def term(self, lang: str, kind: str, system: str | None, key: str) -> str:
        """A game term: the system's own wording first, then the generic one, then the raw key."""
        if system:
            found = self.lookup(lang, f"{kind}.{system}.{key}")
            if found is not None:
                return found
        found = self.lookup(lang, f"{kind}.{key}")
        return found if found is not None else key.replace("_", " ")


def _display(value: Any) -> str:
    if isinstance(value, (list, tuple, set)):
        return ", ".join(str(v) for v in value)
    return str(value)


@cache
def default_catalog() -> Catalog:
    return Catalog()
