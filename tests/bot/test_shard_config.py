"""SHARD_COUNT / SHARD_IDS parsing, which guilds a process owns, and the start-up check for SQLite."""

from __future__ import annotations

import pytest

from bot.config import Config, ConfigError, check_deployment, describe_shards, parse_shards


def config(count: int | None, ids: tuple[int, ...] | None, url: str | None = None) -> Config:
    return Config(
        token="t",
        database_path="data/bot.db",
        dev_guild_id=None,
        log_level="INFO",
        default_locale="en",
        api_base=None,
        gateway_url=None,
        database_url=url,
        shard_count=count,
        shard_ids=ids,
    )


def guild_on(shard: int, count: int) -> int:
    """A guild snowflake whose events Discord sends to the given shard."""
    return ((1234 * count + shard) << 22) | 99


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("", "", (None, None)),
        ("1", "", (1, (0,))),
        ("2", "", (2, (0, 1))),
        ("4", "3, 1,1", (4, (1, 3))),
        (" 2", "0", (2, (0,))),
    ],
)
def test_parse_shards(count: str, ids: str, expected: tuple[int | None, tuple[int, ...] | None]) -> None:
    assert parse_shards(count.strip(), ids.strip()) == expected


@pytest.mark.parametrize(
    ("count", "ids"), [("", "0"), ("0", ""), ("two", ""), ("-1", ""), ("2", "2"), ("2", "0,x"), ("2", "0,,1")]
)
def test_parse_shards_refuses_with_one_line(count: str, ids: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_shards(count, ids)
    assert "\n" not in str(err.value) and str(err.value)


def test_owns_guild_follows_discords_formula() -> None:
    assert config(None, None).owns_guild(guild_on(1, 2))  # unsharded: every guild
    first, second = config(2, (0,)), config(2, (1,))
    for shard in (0, 1):
        guild = guild_on(shard, 2)
        assert (guild >> 22) % 2 == shard
        assert first.owns_guild(guild) == (shard == 0)
        assert second.owns_guild(guild) == (shard == 1)
    assert config(2, (0, 1)).owns_guild(guild_on(0, 2)) and config(2, (0, 1)).owns_guild(guild_on(1, 2))
    assert [config(3, (2,)).owns_guild(guild_on(s, 3)) for s in range(3)] == [False, False, True]


@pytest.mark.parametrize(
    ("count", "ids", "url"),
    [
        (None, None, None),
        (2, (0, 1), None),
        (1, (0,), "sqlite:///x.db"),
        (2, (0,), "postgresql://bot@db/bot"),
        (2, (1,), "postgresql://bot@db/bot"),
    ],
)
def test_deployments_that_start(count: int | None, ids: tuple[int, ...] | None, url: str | None) -> None:
    check_deployment(config(count, ids, url))


@pytest.mark.parametrize(("ids", "url"), [((0,), None), ((1,), "sqlite:///data/x.db"), ((0, 2), None)])
def test_sqlite_refuses_part_of_the_shards(ids: tuple[int, ...], url: str | None) -> None:
    with pytest.raises(ConfigError) as err:
        check_deployment(config(3 if 2 in ids else 2, ids, url))
    message = str(err.value)
    assert "\n" not in message
    assert "SQLite" in message and "PostgreSQL" in message and "DATABASE_URL" in message


def test_describe_shards() -> None:
    assert describe_shards(config(2, (0, 1))) == "shards 0,1 of 2"
    assert describe_shards(config(4, (3,))) == "shards 3 of 4"
    assert "unsharded" in describe_shards(config(None, None))


def test_dice_seed_is_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """DICE_SEED seeds the process's dice for tests and replays; unset means real dice; junk is refused."""
    monkeypatch.setenv("DICE_SEED", "7")
    assert Config.from_env(dotenv=False).dice_seed == 7
    monkeypatch.setenv("DICE_SEED", "")
    assert Config.from_env(dotenv=False).dice_seed is None
    monkeypatch.setenv("DICE_SEED", "seven")
    with pytest.raises(ConfigError, match="DICE_SEED"):
        Config.from_env(dotenv=False)


@pytest.mark.parametrize(
    ("name", "field", "default", "good", "junk"),
    [
        ("DEFENCE_SWEEP", "defence_sweep", 5.0, 0.2, ("0", "61", "fast")),  # the timer's period
        ("TRACKER_INTERVAL", "tracker_interval", 2.0, 0.3, ("0.01",)),  # the tracker's spacing
    ],
)
def test_a_period_is_read_and_checked(
    monkeypatch: pytest.MonkeyPatch, name: str, field: str, default: float, good: float, junk: tuple[str, ...]
) -> None:
    """Test-only periods in seconds: the default unset; out of bounds or junk is refused."""
    monkeypatch.setenv(name, "")
    assert getattr(Config.from_env(dotenv=False), field) == default
    monkeypatch.setenv(name, str(good))
    assert getattr(Config.from_env(dotenv=False), field) == good
    for text in junk:
        monkeypatch.setenv(name, text)
        with pytest.raises(ConfigError, match=name):
            Config.from_env(dotenv=False)
