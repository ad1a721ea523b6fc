"""Errors a user caused: a catalog key and parameters, shown ephemerally with a hint."""

from __future__ import annotations

from typing import Any


class UserError(Exception):
    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
        self.system: str | None = None  # the game whose terms the parameters name, when one does
