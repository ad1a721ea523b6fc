"""Catalog lookups for one reader: their language, the game's own terms, and the combatant's gender."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bot.i18n.catalog import PLAYER_NAMED, Catalog
from rules import Message, Term, get_system
from rules.vocabulary import fold

_AS_IS = frozenset({str, int, float, bool})  # parameter types `plain` returns unchanged
TYPED_OPTION = "typed_option"  # a Term of this kind is an option as the reader types it (`Texts.typed_option`)


@dataclass(frozen=True, slots=True)
class Texts:
    """Catalog lookups for one language and one game system."""

    catalog: Catalog
    lang: str
    system: str | None = None

    def __call__(self, key: str, /, *, gender: str | None = None, **params: Any) -> str:
        """A message; with `gender` (m, f, n) the form agreeing with that combatant where one exists."""
        if gender and self.catalog.has_own(self.lang, f"{key}#{gender}"):
            key = f"{key}#{gender}"
        if params and not _AS_IS.issuperset(map(type, params.values())):  # strings and numbers go as they are
            params = {k: v if type(v) in _AS_IS else self.plain(v) for k, v in params.items()}
        return self.catalog.format(self.lang, key, params)

    def plain(self, value: Any) -> Any:
        """A parameter as the reader sees it: catalog terms and nested messages in this language."""
        if isinstance(value, Term):
            return self.term(value.kind, value.key)
        if isinstance(value, Message):
            return self(value.key, **value.params)
        if isinstance(value, (list, tuple)):
            return [self.plain(v) for v in value]
        return value

    def term(self, kind: str, key: str, gender: str | None = None) -> str:
        """A game term (the system's own wording first); with `gender`, its agreeing form if it has one."""
        if kind == TYPED_OPTION:
            return self.typed_option(key)
        if gender:
            found = self.catalog.term_variant(self.lang, kind, self.system, key, gender)
            if found is not None:
                return found
        found = self.catalog.term(self.lang, kind, self.system, key)
        if kind in PLAYER_NAMED and found == key:  # a player's own name: no markdown, no pings from it
            from bot.presenters.limits import escape

            return escape(key.replace("_", " "))  # typed as one word (`dlouhý_meč`), read as words
        return found

    def typed_option(self, key: str) -> str:
        """An option as this reader types it in an options line: the game's own word (`úplná_obrana`), or
        for an English reader the option's id (`total_defense`), which every game takes too."""
        if self.lang == "en" or self.system is None:
            return key
        return get_system(self.system).typed_option(key)

    def namer(self, kind: str) -> Callable[[str], str]:
        """`term` of one kind for many keys (a check's parts): a name already found is read from the
        catalog's table at once; anything else asks `term` (a player's own name is escaped there)."""
        if kind in PLAYER_NAMED:
            return lambda key: self.term(kind, key)
        known = self.catalog.known_terms(self.lang, kind, self.system)
        term = self.term

        def name(key: str) -> str:
            found = known.get(key)
            return found if found is not None else term(kind, key)

        return name

    def pick(self, kind: str, typed: str, ids: Iterable[str]) -> str:
        """The id a player meant: typed as the id or as the term's name in any language, any case, with
        or without diacritics (`wojownik`, `Guerriero`, `fighter`); else as typed, for the caller's
        refusal to name it."""
        want = fold(typed)
        for key in ids:
            if want == fold(key) or want in self._names(kind, key):
                return key
        return typed.strip()

    def pick_by_word(self, kind: str, typed: str, ids: Iterable[str]) -> str:
        """`pick`, else the one id whose name holds the typed word in any language: arm5's only defence is
        "Obrona: blok, parowanie lub unik", and a player types `blok`."""
        listed = list(ids)
        found = self.pick(kind, typed, listed)
        if found in listed:
            return found
        want = fold(typed)
        holding = [key for key in listed if want in self._words(kind, key)]
        return holding[0] if len(holding) == 1 else found

    def _words(self, kind: str, key: str) -> set[str]:
        words: set[str] = set()
        for lang in self.catalog.languages:
            if self._has_term(lang, kind, key):
                words.update(re.findall(r"[^\W_]+", fold(self.catalog.term(lang, kind, self.system, key))))
        return words

    def _names(self, kind: str, key: str) -> set[str]:
        """A term's names in every language, folded: the whole term and its name before a gloss."""
        names = set()
        for lang in self.catalog.languages:
            text = self.catalog.term(lang, kind, self.system, key) if self._has_term(lang, kind, key) else ""
            for cut_at in (":", " — ", " (", ", "):  # cz2d10's "Tasit zbraň, 2 akce": its cost after a comma
                text_name = text.split(cut_at)[0]
                names.add(fold(text_name))
            names.add(fold(text))
            names.update(fold(form) for form in self._gendered(lang, kind, key))
        names.discard("")
        return names

    def _gendered(self, lang: str, kind: str, key: str) -> list[str]:
        """A term's gendered forms (`Oslepen`, `Oslepena` for `Oslepen(a)`): what a player types."""
        own = self.catalog.messages.get(lang, {})
        forms = []
        for gender in ("m", "f", "n"):
            for full in (f"{kind}.{self.system}.{key}#{gender}", f"{kind}.{key}#{gender}"):
                if full in own:
                    forms.append(own[full])
                    break
        return forms

    def _has_term(self, lang: str, kind: str, key: str) -> bool:
        own = self.catalog.messages.get(lang, {})
        return f"{kind}.{self.system}.{key}" in own or f"{kind}.{key}" in own

    def for_system(self, system: str) -> Texts:
        return self if system == self.system else Texts(self.catalog, self.lang, system)
