"""Errors a user caused: a catalog key and parameters, shown ephemerally with a hint."""

from __future__ import annotations

from typing import Any

from rules.model import Message, Term


class UserError(Exception):
    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
        self.system: str | None = None  # the game whose terms the parameters name, when one does
        # The game may word this refusal itself (`error.<system>.<name>`, same parameters): how to heal
        # where a game has no rest.
        self.by_game = False


def option_named(key: str) -> Message:
    """An option by its name and as the player types it in the game's words, for a refusal that points
    to it: "Protiútok (`volby:protiútok`)"."""
    return Message("syntax.named", {"name": Term("term", key), "key": option_typed(key)})


def option_typed(key: str) -> Message:
    """An option as the player types it in an options line, in the reader's typing (`volby:zteč`)."""
    return Message("syntax.option", {"key": Term("typed_option", key)})
