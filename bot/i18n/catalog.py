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
        if template is None and "count" in params:
            template = self._plural(lang, key, params["count"])
        if template is None:
            log.debug("missing catalog key %s", key)
            return key
        if not params:
            return template
        return template.format_map(_Params({k: _display(v) for k, v in params.items()}))

    def _plural(self, lang: str, key: str, count: Any) -> str | None:
        """`key#one|few|many|other`, chosen by the language's plural rule (Czech and Polish have several)."""
        form = plural_form(lang, int(count)) if isinstance(count, int) else "other"
        found = self.messages.get(lang, {}).get(f"{key}#{form}") or self.messages.get(lang, {}).get(f"{key}#other")
        if found is None and lang != FALLBACK:
            return self._plural(FALLBACK, key, count)
        return found

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


def plural_form(lang: str, n: int) -> str:
    """CLDR cardinal categories for whole numbers in the bot's languages."""
    n = abs(n)
    if lang == "cs":
        return "one" if n == 1 else "few" if 2 <= n <= 4 else "other"
    if lang == "pl":
        if n == 1:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"  # en, it


PLURAL_FORMS = {
    "en": ("one", "other"),
    "it": ("one", "other"),
    "cs": ("one", "few", "other"),
    "pl": ("one", "few", "many", "other"),
}


def _display(value: Any) -> str:
    if isinstance(value, (list, tuple, set)):
        return ", ".join(str(v) for v in value)
    return str(value)


@cache
def default_catalog() -> Catalog:
    return Catalog()
