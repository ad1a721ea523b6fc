"""A tiny Discord look-alike on loopback: enough REST and gateway for the real bot process to log in,
sync its commands and answer one slash command. Used only by the end-to-end test."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import WSMsgType, web

APP_ID = "900000000000000001"
GUILD_ID = "900000000000000002"
CHANNEL_ID = "900000000000000003"
USER = {"id": "900000000000000004", "username": "ana", "discriminator": "0", "avatar": None, "global_name": "Ana"}
BOT_USER = {"id": APP_ID, "username": "combat-bot", "discriminator": "0", "avatar": None, "bot": True}

# A distinctive interaction token, so a test can search the bot's logs for it.
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246c2VjcmV0LXRva2VuLTEyMzQ1Njc4OTA"


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py compares the content type exactly: no charset suffix.
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


class FakeDiscord:
    def __init__(self) -> None:
        self.synced: list[Any] = []
        self.callbacks: list[dict[str, Any]] = []
        self.followups: list[dict[str, Any]] = []
        self.identified = asyncio.Event()
        self.answered = asyncio.Event()
        self.ws: web.WebSocketResponse | None = None
        self.app = web.Application()
        r = self.app.router
        r.add_get("/api/v10/users/@me", self._me)
        r.add_get("/api/v10/oauth2/applications/@me", self._application)
        r.add_put("/api/v10/applications/{app}/commands", self._sync)
        r.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", self._sync)
        r.add_post("/api/v10/interactions/{iid}/{token}/callback", self._callback)
        r.add_post("/api/v10/webhooks/{app}/{token}", self._followup)
        r.add_get("/gateway", self._gateway)

    async def _me(self, _: web.Request) -> web.Response:
        return _json(BOT_USER)

    async def _application(self, _: web.Request) -> web.Response:
        return _json(
            {
                "id": APP_ID,
                "name": "combat-bot",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "owner": {**USER},
                "team": None,
            }
        )

    async def _sync(self, request: web.Request) -> web.Response:
        payload = await request.json()
        self.synced.append(payload)
        return _json(
            [{**c, "id": str(1000 + i), "application_id": APP_ID, "version": "1"} for i, c in enumerate(payload)]
        )

    async def _callback(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.callbacks.append(body)
        self.answered.set()
        return _json(
            {
                "interaction": {"id": request.match_info["iid"], "type": 2, "response_message_id": "77"},
                "resource": {"type": body.get("type", 4), "message": None},
            }
        )

    async def _followup(self, request: web.Request) -> web.Response:
        """A follow-up message to an interaction (an ephemeral note after the answer)."""
        body = await request.json() if request.content_type == "application/json" else {}
        self.followups.append(body)
        return _json(
            {
                "id": str(880000000000000000 + len(self.followups)),
                "channel_id": CHANNEL_ID,
                "type": 0,
                "content": body.get("content") or "",
                "author": BOT_USER,
                "attachments": [],
                "embeds": body.get("embeds") or [],
                "mentions": [],
                "mention_roles": [],
                "pinned": False,
                "mention_everyone": False,
                "tts": False,
                "timestamp": "2026-01-01T00:00:00+00:00",
                "edited_timestamp": None,
                "flags": body.get("flags") or 0,
                "components": [],
            }
        )

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 45000}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            if data["op"] == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif data["op"] == 2:
                await self._ready(ws)
        return ws

    async def _ready(self, ws: web.WebSocketResponse) -> None:
        ready = {
            "v": 10,
            "user": BOT_USER,
            "guilds": [{"id": GUILD_ID, "unavailable": True}],
            "session_id": "s1",
            "resume_gateway_url": "ws://127.0.0.1/unused",
            "application": {"id": APP_ID, "flags": 0},
        }
        await ws.send_str(json.dumps({"op": 0, "t": "READY", "s": 1, "d": ready}))
        guild = {
            "id": GUILD_ID,
            "name": "Tavern",
            "icon": None,
            "owner_id": USER["id"],
            "unavailable": False,
            "member_count": 2,
            "roles": [
                {
                    "id": GUILD_ID,
                    "name": "@everyone",
                    "permissions": "0",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "channels": [
                {
                    "id": CHANNEL_ID,
                    "type": 0,
                    "name": "tavern",
                    "position": 0,
                    "permission_overwrites": [],
                    "guild_id": GUILD_ID,
                }
            ],
            "members": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "threads": [],
            "preferred_locale": "en-US",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "nsfw_level": 0,
            "system_channel_flags": 0,
        }
        await ws.send_str(json.dumps({"op": 0, "t": "GUILD_CREATE", "s": 2, "d": guild}))
        self.identified.set()

    async def slash(self, name: str, options: list[dict[str, Any]]) -> None:
        """Dispatch one slash command as INTERACTION_CREATE."""
        assert self.ws is not None
        member = {
            "user": USER,
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(1 << 4),
        }  # Manage Channels
        interaction = {
            "id": "910000000000000001",
            "application_id": APP_ID,
            "type": 2,
            "token": INTERACTION_TOKEN,
            "version": 1,
            "guild_id": GUILD_ID,
            "channel_id": CHANNEL_ID,
            "channel": {
                "id": CHANNEL_ID,
                "type": 0,
                "guild_id": GUILD_ID,
                "name": "tavern",
                "position": 0,
                "permission_overwrites": [],
            },
            "member": member,
            "locale": "cs",
            "guild_locale": "en-US",
            "app_permissions": "0",
            "entitlements": [],
            "authorizing_integration_owners": {"0": GUILD_ID},
            "context": 0,
            "attachment_size_limit": 10485760,
            "data": {"id": "1000", "name": name, "type": 1, "options": options},
        }
        await self.ws.send_str(json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": 3, "d": interaction}))
