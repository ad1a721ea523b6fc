"""Flat JSON catalogs per language: `bot/i18n/<lang>/*.json`, `{"key": "text with {param}"}`.

A key missing in the reader's language is a bug, not a word: in strict mode (the tests) it raises
`MissingText`; in production it is logged and the English text is shown rather than an id.
Plural forms are `key#one|few|many|other`, chosen by CLDR's rules (Babel); a gendered form is `key#m|f|n`.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parent
FALLBACK = "en"


class MissingText(LookupError):
    """A catalog key the reader's language does not have (strict mode)."""


class _Params(dict[str, Any]):
    """Leaves an unknown placeholder visible instead of failing the whole answer (strict mode raises)."""

    strict = False

    def __missing__(self, key: str) -> str:
        if self.strict:
            raise MissingText(f"placeholder {{{key}}} not given")
        return "{" + key + "}"


class _StrictParams(_Params):
    """A missing placeholder raises (the tests' catalog); a class of its own, so no answer sets a flag."""

    strict = True


# Parameter types a template takes as they are: an empty format spec writes each exactly as `_display` (str()).
_READY = frozenset({str, int, float, bool})
_NOTHING: dict[str, str] = {}

# Kinds of terms players also name themselves (`broń:halabarda_dziadka:1k10`): no catalog entry is needed.
PLAYER_NAMED = frozenset({"weapon", "armour", "shield"})


class Catalog:
    def __init__(self, root: Path = ROOT, strict: bool = False) -> None:
        self.strict = strict
        self.messages: dict[str, dict[str, str]] = {}
        for lang_dir in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("_")):
            merged: dict[str, str] = {}
            for file in sorted(lang_dir.glob("*.json")):
                data = json.loads(file.read_text("utf-8"))
                merged.update({str(k): str(v) for k, v in data.items()})
            self.messages[lang_dir.name] = merged
        # terms found in a language's own catalog, remembered per (language, kind, system): bounded by the catalog
        self._terms: dict[tuple[str, str, str | None], dict[str, str]] = {}
        self._variants: dict[tuple[str, str, str | None, str], dict[str, str | None]] = {}
        # Per language, the keys written in plural forms (`key#one`, …): most messages have none, and
        # asking four names of each one with a number in it cost more than the rest of the lookup.
        self._plural_keys: dict[str, frozenset[str]] = {
            lang: frozenset(k.rpartition("#")[0] for k in table if k.rpartition("#")[2] in _FORMS)
            for lang, table in self.messages.items()
        }
        # ... and those a message in the language may take its plural forms from (its own or English's)
        self._plural_english = self._plural_keys.get(FALLBACK, frozenset())
        self._plural_any = {lang: keys | self._plural_english for lang, keys in self._plural_keys.items()}
        # ... so per language, the messages that are simply its own text (nearly every one asked): one lookup
        self._ready: dict[str, dict[str, str]] = {
            lang: {k: v for k, v in table.items() if k not in self._plural_any[lang]}
            for lang, table in self.messages.items()
        }

    @property
    def languages(self) -> list[str]:
        return sorted(self.messages)

    def has_own(self, lang: str, key: str) -> bool:
        return key in self.messages.get(lang, {})

    def lookup(self, lang: str, key: str) -> str | None:
        found = self.messages.get(lang, {}).get(key)
        if found is None and lang != FALLBACK:
            found = self.messages[FALLBACK].get(key)
            if found is not None:
                self._missing(lang, key)
        return found

    def _missing(self, lang: str, key: str) -> None:
        if self.strict:
            raise MissingText(f"{lang}: {key}")
        log.warning("catalog %s has no %s; showing the English text", lang, key)

    def text(self, lang: str, key: str, /, **params: Any) -> str:
        return self.format(lang, key, params)

    def format(self, lang: str, key: str, params: dict[str, Any]) -> str:
        """`text` with its parameters as one dict (callers that already hold one skip a copy)."""
        template = self._ready.get(lang, _NOTHING).get(key)
        if template is None:
            template = self._template(lang, key, params)
            if template is None:
                return key
        if not params:
            return template
        if _READY.issuperset(map(type, params.values())):  # nearly every call: format() writes these as str() does
            try:
                return template.format_map(params)
            except KeyError:
                pass  # a placeholder not given: shown or raised below, as the catalog is set
        values = (_StrictParams if self.strict else _Params)(
            {k: v if type(v) is str else _display(v) for k, v in params.items()}
        )
        return template.format_map(values)

    def _template(self, lang: str, key: str, params: dict[str, Any]) -> str | None:
        """A message in plural forms, one only English has, or a missing one (None; strict mode raises)."""
        template = None
        if key in self._plural_any.get(lang, self._plural_english):
            number = _counting(params)  # only a message written in plural forms asks which number counts
            if number is not None:
                template = self._plural(lang, key, number)
        if template is None:
            template = self.lookup(lang, key)
        if template is None:
            if self.strict:
                raise MissingText(f"{lang}: {key}")
            log.error("missing catalog key %s", key)
        return template

    def _plural(self, lang: str, key: str, count: Any) -> str | None:
        """`key#one|few|many|other`, chosen by the language's CLDR plural rule."""
        own = self.messages.get(lang, {})
        if key not in self._plural_keys.get(lang, ()):
            if lang != FALLBACK and key in self._plural_keys.get(FALLBACK, ()):
                self._missing(lang, key)
                return self._plural(FALLBACK, key, count)
            return None
        form = plural_form(lang, count) if isinstance(count, (int, float)) else "other"
        return own.get(f"{key}#{form}") or own.get(f"{key}#other")

    def has(self, lang: str, key: str) -> bool:
        """Whether a message exists (in the language or the English fallback), plain or in plural forms."""
        tables = (self.messages.get(lang, {}), self.messages[FALLBACK])
        return any(k in table for table in tables for k in (key, f"{key}#other"))

    def term(self, lang: str, kind: str, system: str | None, key: str) -> str:
        """A game term: the system's own wording first, then the generic one. A term missing everywhere
        is a bug (strict mode raises); production shows the key rather than fail the whole answer."""
        known = self.known_terms(lang, kind, system)
        found = known.get(key)
        if found is not None:
            return found
        for candidate in ((f"{kind}.{system}.{key}",) if system else ()) + (f"{kind}.{key}",):
            if candidate in self.messages.get(lang, {}):
                # remembered: an answer asks a dozen terms; only catalog entries, so the memo stays bounded
                known[key] = found = self.messages[lang][candidate]
                return found
        for candidate in ((f"{kind}.{system}.{key}",) if system else ()) + (f"{kind}.{key}",):
            if candidate in self.messages[FALLBACK]:
                self._missing(lang, candidate)
                return self.messages[FALLBACK][candidate]
        if kind in PLAYER_NAMED:  # a weapon or armour the player named: shown as they wrote it
            return key
        if self.strict:
            raise MissingText(f"{lang}: {kind}.{system}.{key}")
        log.error("no catalog term %s.%s.%s", kind, system, key)
        return key

    def known_terms(self, lang: str, kind: str, system: str | None) -> dict[str, str]:
        """The terms of one kind `term` has found in the language's own catalog so far, by key: what it
        answers for them (callers read it, only `term` writes it)."""
        table = self._terms.get((lang, kind, system))
        if table is None:
            table = self._terms[(lang, kind, system)] = {}
        return table

    def term_variant(self, lang: str, kind: str, system: str | None, key: str, variant: str) -> str | None:
        """A term's gendered form (`wound.arm5.dead#f`) when the language has one, else None."""
        known = self._variants.get((lang, kind, system, variant))
        if known is None:
            known = self._variants[(lang, kind, system, variant)] = {}
        if key in known:  # remembered, found or not (most terms have no such form): the catalog is fixed
            return known[key]
        own = self.messages.get(lang, {})
        found = None
        for candidate in ((f"{kind}.{system}.{key}#{variant}",) if system else ()) + (f"{kind}.{key}#{variant}",):
            if candidate in own:
                found = own[candidate]
                break
        if len(known) < VARIANTS_KEPT:  # bounded: keys come from the rules, but a caller could pass any text
            known[key] = found
        return found


_FORMS = frozenset(("one", "few", "many", "other"))
VARIANTS_KEPT = 4096  # gendered-form answers remembered per (language, kind, system, form)


@cache
def _plural_rule(lang: str) -> Any:
    from babel import Locale  # imported on first use: most answers need no plural

    return Locale.parse(lang).plural_form


def plural_form(lang: str, n: int | float) -> str:
    """CLDR cardinal category (one, few, many, other) of a number in a language, by Babel."""
    if type(n) is int and -1000 <= n <= 1000:  # the numbers answers count: remembered (Babel's rule is slow)
        return _small_plural_form(lang, n)
    form: str = _plural_rule(lang)(abs(n))
    return form


@cache
def _small_plural_form(lang: str, n: int) -> str:
    form: str = _plural_rule(lang)(abs(n))
    return form


# The forms a catalog writes for each language: those CLDR gives whole numbers (Czech "many" and
# Italian "many" only cover fractions and millions, which fall back to "other").
PLURAL_FORMS = {
    "en": ("one", "other"),
    "it": ("one", "other"),
    "cs": ("one", "few", "other"),
    "pl": ("one", "few", "many", "other"),
}


def _counting(params: dict[str, Any]) -> int | float | None:
    """The number a plural form agrees with: `count`, else the only number among the parameters."""
    if "count" in params:
        value = params["count"]
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    numbers = [v for v in params.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return numbers[0] if len(numbers) == 1 else None


def _display(value: Any) -> str:
    if isinstance(value, (list, tuple, set)):  # aliases render alike: each name once
        return ", ".join(dict.fromkeys(str(v) for v in value))
    return str(value)


@cache
def default_catalog() -> Catalog:
    return Catalog()
