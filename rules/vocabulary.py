"""The words players type: stat and option keys and their listed values, in a game's own language and in
English, with or without diacritics, in any case.

One `Vocabulary` per game and kind (stats, options) maps every name a player may type to the key the
rules' model accepts, and a value's names to the value itself. The bot's one key parser serves
`/character create|set` and `/encounter add|edit` (stats) and every `options:` line through it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from rules.errors import RulesError
from rules.model import Message

KeyKind = Literal["number", "text", "choice", "flag", "list", "notation"]


def fold(text: str) -> str:
    """Case and diacritics away, spaces and dashes as underscores: `Síla`, `sila` and `SILA` are one."""
    if type(text) is str and len(text) <= _FOLD_KEPT_LENGTH:
        return _fold_kept(text)
    return _fold(text)


# Names are folded again and again (a stored sheet's weapon and class ids on every read, each typed
# option): the short ones are remembered. Bounded in count and length, so typed text cannot grow it.
_FOLD_KEPT_LENGTH = 64


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", str(text).casefold().strip())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return plain.replace("ł", "l").replace("ø", "o").replace("đ", "d").replace("-", "_").replace(" ", "_")


_fold_kept = lru_cache(maxsize=4096)(_fold)


def typed(name: str) -> str:
    """A name as a player types it in a stats line (words joined by underscores; `fold` reads it back)."""
    return "_".join(str(name).split())


@dataclass(frozen=True)
class Key:
    """One key a player types. `names` come first in the players' language(s), then English; the key
    itself is always accepted too. `values` maps each listed value to the names players type for it."""

    key: str
    names: tuple[str, ...] = ()
    kind: KeyKind = "text"
    minimum: float | None = None
    maximum: float | None = None
    values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    example: str = ""

    @property
    def shown(self) -> str:
        """The name shown first (native), falling back to the key."""
        return self.names[0] if self.names else self.key


class Vocabulary:
    """Names to keys and value names to values, folded; refusals that say what is accepted."""

    def __init__(self, keys: Iterable[Key], what: str = "stat", open_ended: bool = False) -> None:
        self.what = what
        # An open vocabulary passes keys it does not list on to the model (which refuses or maps them);
        # a closed one refuses them itself, saying what is accepted.
        self.open_ended = open_ended
        self.keys: dict[str, Key] = {}
        self._names: dict[str, str] = {}
        for k in keys:
            self.keys[k.key] = k
        for k in self.keys.values():
            for name in (k.key, *k.names):
                self._names.setdefault(fold(name), k.key)

    def __contains__(self, key: str) -> bool:
        return key in self.keys

    def key_of(self, typed: str) -> str | None:
        return self._names.get(fold(typed))

    def value_of(self, key: str, typed: Any) -> Any:
        """A listed value by any of its names (or as typed when the key lists none or it is not one)."""
        spec = self.keys.get(key)
        if spec is None or not spec.values or not isinstance(typed, str):
            return typed
        folded = fold(typed)
        for value, names in spec.values.items():
            if folded in {fold(value), *(fold(n) for n in names)}:
                return value
        return typed

    def resolve(self, pairs: Mapping[str, Any]) -> dict[str, Any]:
        """Typed names → the keys and values the model accepts. An unknown key is refused with what is
        accepted (native names first); a value of a listed key that is none of its values is refused with
        its values."""
        out: dict[str, Any] = {}
        for typed, value in pairs.items():
            key = self.key_of(typed)
            if key is None and self.open_ended:
                out[typed] = value
                continue
            if key is None:
                raise RulesError(f"error.{self.what}_unknown", key=typed, allowed=self.accepted())
            spec = self.keys[key]
            resolved = self.value_of(key, value)
            if spec.kind == "choice" and spec.values and resolved not in spec.values and isinstance(value, str):
                raise RulesError(
                    f"error.{self.what}_invalid",
                    key=typed,
                    problem=Message("problem.one_of", {"values": self.values_accepted(key)}),
                )
            out[key] = resolved
        return out

    def accepted(self) -> list[str]:
        """What a player may type: each key by its first (native) name, as typed, in backticks."""
        return [f"`{typed(k.shown)}`" for k in self.keys.values()]

    def values_accepted(self, key: str) -> list[str]:
        spec = self.keys[key]
        return [f"`{typed(names[0] if names else value)}`" for value, names in spec.values.items()]

    def clashes(self) -> list[tuple[str, str, str]]:
        """Names that fold to one text but mean different keys (or, within a key, different values)."""
        seen: dict[str, str] = {}
        found = []
        for k in self.keys.values():
            for name in {fold(n) for n in (k.key, *k.names)}:
                other = seen.setdefault(name, k.key)
                if other != k.key:
                    found.append((name, other, k.key))
            values: dict[str, str] = {}
            for value, names in k.values.items():
                for name in {fold(n) for n in (value, *names)}:
                    other = values.setdefault(name, value)
                    if other != value:
                        found.append((f"{k.key}:{name}", other, value))
        return found
