"""Slash commands are synced only when their (translated) payload changed, to the dev guild when set."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.app import App, CombatBot
from tests.bot.conftest import config_for


async def _bot(path: Path, guild: int | None) -> tuple[App, CombatBot, list[Any]]:
    config = replace(config_for(path), dev_guild_id=guild)
    app = await App.open(config)
    bot = CombatBot(app, connect=False)
    await bot.install()
    calls: list[Any] = []

    async def fake_sync(*, guild: Any = None) -> list[Any]:
        calls.append(guild.id if guild is not None else None)
        return []

    bot.tree.sync = fake_sync  # type: ignore[method-assign]
    return app, bot, calls


@pytest.mark.parametrize("guild", [None, 4242])
async def test_sync_only_when_the_payload_changed(tmp_path: Path, guild: int | None) -> None:
    path = tmp_path / "sync.db"
    app, bot, calls = await _bot(path, guild)
    await bot.sync_if_changed()
    await bot.sync_if_changed()
    assert calls == [guild]
    await app.close()
    # A restart with the same commands does not sync again.
    app, bot, calls = await _bot(path, guild)
    await bot.sync_if_changed()
    assert calls == []
    # A changed payload (a new command) syncs.
    from discord import app_commands

    @app_commands.command(name="ping", description="Reply with pong")
    async def ping(interaction: Any) -> None:  # pragma: no cover - never invoked
        return None

    bot.tree.add_command(ping)
    await bot.sync_if_changed()
    assert calls == [guild]
    await app.close()


def test_endpoints_can_point_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import discord

    from bot.app import point_at_endpoints

    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    )
    config = replace(
        config_for(tmp_path / "x.db"), api_base="http://127.0.0.1:9/api/v10/", gateway_url="ws://127.0.0.1:9/gateway"
    )
    point_at_endpoints(config)
    assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/gateway"
