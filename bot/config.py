"""Settings from the environment (and `.env`): every knob the README documents."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    database_path: str
    dev_guild_id: int | None
    log_level: str
    default_locale: str
    api_base: str | None
    gateway_url: str | None

    @classmethod
    def from_env(cls, dotenv: bool = True) -> Config:
        if dotenv:
            load_dotenv(override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or "data/bot.db",
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            default_locale=os.environ.get("DEFAULT_LOCALE", "en").strip() or "en",
            api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
        )
