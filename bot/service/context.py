"""Who asks, where: the part of an interaction the service needs, free of discord types."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ctx:
    guild_id: int
    channel_id: int
    user_id: int
    user_name: str
    manager: bool  # holds Manage Channels here
    lang: str = "en"
