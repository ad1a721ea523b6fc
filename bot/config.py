"""Settings from the environment (and `.env`): every knob the README documents."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


class ConfigError(Exception):
    """A setting that cannot work; its message is the one line printed at start-up."""


# Periods in seconds (tests shorten them): the timeout sweep's and a tracker's spacing between edits.
DEFENCE_SWEEP = 5.0
TRACKER_INTERVAL = 2.0


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    database_path: str
    dev_guild_id: int | None
    log_level: str
    default_locale: str
    api_base: str | None
    gateway_url: str | None
    # `sqlite:///path` or `postgresql://…`; wins over database_path when both are set.
    database_url: str | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # DICE_SEED: the dice of a whole process from one seed, for tests and replays only (unset in play).
    dice_seed: int | None = None
    # DEFENCE_SWEEP: seconds between two sweeps for defences whose time ran out (tests shorten it).
    defence_sweep: float = DEFENCE_SWEEP
    # TRACKER_INTERVAL: seconds between two edits of one fight's tracker (tests shorten it).
    tracker_interval: float = TRACKER_INTERVAL

    @classmethod
    def from_env(cls, dotenv: bool = True) -> Config:
        if dotenv:
            load_dotenv(override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        shard_count, shard_ids = parse_shards(
            os.environ.get("SHARD_COUNT", "").strip(), os.environ.get("SHARD_IDS", "").strip()
        )
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or "data/bot.db",
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            default_locale=os.environ.get("DEFAULT_LOCALE", "en").strip() or "en",
            api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
            database_url=os.environ.get("DATABASE_URL", "").strip() or None,
            shard_count=shard_count,
            shard_ids=shard_ids,
            dice_seed=parse_seed(os.environ.get("DICE_SEED", "").strip()),
            defence_sweep=parse_seconds("DEFENCE_SWEEP", os.environ.get("DEFENCE_SWEEP", "").strip(), DEFENCE_SWEEP),
            tracker_interval=parse_seconds(
                "TRACKER_INTERVAL", os.environ.get("TRACKER_INTERVAL", "").strip(), TRACKER_INTERVAL
            ),
        )

    @property
    def database(self) -> str:
        """The database to open, as a URL: DATABASE_URL when set, else DATABASE_PATH as `sqlite:///…`."""
        if self.database_url:
            return self.database_url
        return "sqlite:///" + self.database_path

    @property
    def database_source(self) -> str:
        """Which setting chose the database, for the start-up log."""
        if self.database_url:
            both = " (DATABASE_PATH is ignored)" if os.environ.get("DATABASE_PATH", "").strip() else ""
            return "DATABASE_URL" + both
        return "DATABASE_PATH"

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process's shards receive the guild's events: Discord's `(guild_id >> 22) % count`."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids


def parse_shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS (`0,1`); no count means one unsharded process, no ids means all shards."""
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards over all processes).")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of at least 1, not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, tuple(range(count))
    ids: list[int] = []
    for part in ids_text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) >= count:
            raise ConfigError(f"SHARD_IDS must list shard numbers from 0 to {count - 1} (e.g. 0,1), not {ids_text!r}.")
        if int(part) not in ids:
            ids.append(int(part))
    return count, tuple(sorted(ids))


def parse_seed(text: str) -> int | None:
    """DICE_SEED: unset (real dice) or a whole number."""
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise ConfigError(f"DICE_SEED must be a whole number (or unset), not {text!r}.") from None


def parse_seconds(name: str, text: str, default: float) -> float:
    """A period in seconds (DEFENCE_SWEEP, TRACKER_INTERVAL): unset (the default) or 0.05 to 60."""
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.05 <= value <= 60:
        raise ConfigError(f"{name} must be seconds between 0.05 and 60 (or unset), not {text!r}.")
    return value


def check_deployment(config: Config) -> None:
    """Start-up check for a Discord process: SQLite is one file on one machine, so one process must serve
    every shard; splitting the shards over processes needs a database they can share."""
    if config.shard_count is None or config.shard_ids is None:
        return
    if config.database.startswith("sqlite") and set(config.shard_ids) != set(range(config.shard_count)):
        served = ",".join(map(str, config.shard_ids))
        raise ConfigError(
            f"SHARD_IDS={served} serves only part of SHARD_COUNT={config.shard_count}, but SQLite serves one "
            "process: run every shard in it (SHARD_IDS unset) or use PostgreSQL (DATABASE_URL=postgresql://…)."
        )


def describe_shards(config: Config) -> str:
    """The shards this process serves, for the start-up log."""
    if config.shard_count is None or config.shard_ids is None:
        return "unsharded (one gateway connection)"
    return f"shards {','.join(map(str, config.shard_ids))} of {config.shard_count}"
