"""A tiny Discord look-alike on loopback: enough REST and gateway for the real bot process to log in,
sync its commands and answer slash commands. Used only by the end-to-end tests.

It knows shards the way Discord does: `/gateway/bot` tells the recommended count, each gateway connection
IDENTIFYs as `shard: [id, count]` (none means the one shard of one), gets READY and GUILD_CREATE for the
guilds that shard owns, `(guild_id >> 22) % count`, and a guild's interactions go to that connection only."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import WSMsgType, web

APP_ID = "900000000000000001"
GUILD_ID = "900000000000000002"
CHANNEL_ID = "900000000000000003"
# Guilds and their one channel each. With two shards the first and third are shard 1's, the second shard 0's.
GUILDS = {
    GUILD_ID: CHANNEL_ID,
    "900000000004194306": "900000000004194307",
    "900000000008388610": "900000000008388611",
}
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
        self.ws: web.WebSocketResponse | None = None  # the latest connection
        self.recommended_shards = 1  # what /gateway/bot answers
        self.identifies: list[list[int] | None] = []  # each IDENTIFY's `shard` field, in order
        self.shards: dict[int, tuple[int, web.WebSocketResponse]] = {}  # shard id → (count, live connection)
        self._shard_ready: dict[int, asyncio.Event] = {}
        self.routed: dict[str, int] = {}  # interaction id → the shard it was sent to
        self.answers: dict[str, dict[str, Any]] = {}  # interaction id → the bot's callback body
        self._answer_events: dict[str, asyncio.Event] = {}
        self._next_interaction = 910000000000000001
        self.app = web.Application()
        r = self.app.router
        r.add_get("/api/v10/users/@me", self._me)
        r.add_get("/api/v10/oauth2/applications/@me", self._application)
        r.add_put("/api/v10/applications/{app}/commands", self._sync)
        r.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", self._sync)
        r.add_post("/api/v10/interactions/{iid}/{token}/callback", self._callback)
        r.add_post("/api/v10/webhooks/{app}/{token}", self._followup)
        r.add_get("/api/v10/gateway/bot", self._gateway_bot)
        r.add_get("/gateway", self._gateway)

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        """What AutoShardedClient asks when it is not told a shard count (discord.py's get_bot_gateway)."""
        url = f"ws://{request.host}/gateway"
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return _json({"url": url, "shards": self.recommended_shards, "session_start_limit": limit})

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
        iid = request.match_info["iid"]
        self.answers[iid] = body
        self._answer_event(iid).set()
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
        shard: tuple[int, int] | None = None
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 45000}}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                data = json.loads(msg.data)
                if data["op"] == 1:
                    await ws.send_str(json.dumps({"op": 11}))
                elif data["op"] == 2:
                    field = data["d"].get("shard")
                    self.identifies.append(field)
                    shard = (field[0], field[1]) if field else (0, 1)
                    self.shards[shard[0]] = (shard[1], ws)
                    await self._ready(ws, shard, sharded=field is not None)
                    self.shard_ready(shard[0]).set()
        finally:
            if shard is not None and self.shards.get(shard[0], (0, None))[1] is ws:
                del self.shards[shard[0]]  # the process went away: its shard is offline until it identifies again
                self.shard_ready(shard[0]).clear()
        return ws

    def shard_ready(self, shard_id: int) -> asyncio.Event:
        """Set while the shard has a connection that identified and got its guilds."""
        return self._shard_ready.setdefault(shard_id, asyncio.Event())

    def _answer_event(self, iid: str) -> asyncio.Event:
        return self._answer_events.setdefault(iid, asyncio.Event())

    async def answer(self, iid: str, timeout: float) -> dict[str, Any]:
        """The bot's callback to one interaction, waited for."""
        await asyncio.wait_for(self._answer_event(iid).wait(), timeout)
        return self.answers[iid]

    @staticmethod
    def shard_of(guild_id: str, count: int) -> int:
        return (int(guild_id) >> 22) % count

    async def _ready(self, ws: web.WebSocketResponse, shard: tuple[int, int], *, sharded: bool) -> None:
        owned = [g for g in GUILDS if self.shard_of(g, shard[1]) == shard[0]]
        ready: dict[str, Any] = {
            "v": 10,
            "user": BOT_USER,
            "guilds": [{"id": g, "unavailable": True} for g in owned],
            "session_id": f"s{len(self.identifies)}",
            "resume_gateway_url": "ws://127.0.0.1/unused",
            "application": {"id": APP_ID, "flags": 0},
        }
        if sharded:
            ready["shard"] = list(shard)
        await ws.send_str(json.dumps({"op": 0, "t": "READY", "s": 1, "d": ready}))
        for seq, guild_id in enumerate(owned, start=2):
            await ws.send_str(json.dumps({"op": 0, "t": "GUILD_CREATE", "s": seq, "d": _guild(guild_id)}))
        self.identified.set()

    async def slash(self, name: str, options: list[dict[str, Any]], guild_id: str = GUILD_ID) -> str:
        """Dispatch one slash command as INTERACTION_CREATE on the connection of the shard owning the guild;
        returns the interaction's id (see `answer`)."""
        channel_id = GUILDS[guild_id]
        owner = [(sid, ws) for sid, (count, ws) in self.shards.items() if self.shard_of(guild_id, count) == sid]
        assert owner, f"no live shard owns guild {guild_id} (shards {sorted(self.shards)})"
        shard_id, ws = owner[0]
        iid = str(self._next_interaction)
        self._next_interaction += 1
        self.routed[iid] = shard_id
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
            "id": iid,
            "application_id": APP_ID,
            "type": 2,
            "token": INTERACTION_TOKEN,
            "version": 1,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "channel": {
                "id": channel_id,
                "type": 0,
                "guild_id": guild_id,
                "name": "tavern",
                "position": 0,
                "permission_overwrites": [],
            },
            "member": member,
            "locale": "cs",
            "guild_locale": "en-US",
            "app_permissions": "0",
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild_id},
            "context": 0,
            "attachment_size_limit": 10485760,
            "data": {"id": "1000", "name": name, "type": 1, "options": options},
        }
        await ws.send_str(json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": 100, "d": interaction}))
        return iid


def _guild(guild_id: str) -> dict[str, Any]:
    """A GUILD_CREATE payload: the guild with its one text channel."""
    channel_id = GUILDS[guild_id]
    everyone = {
        "id": guild_id,
        "name": "@everyone",
        "permissions": "0",
        "position": 0,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
    }
    channel = {
        "id": channel_id,
        "type": 0,
        "name": "tavern",
        "position": 0,
        "permission_overwrites": [],
        "guild_id": guild_id,
    }
    return {
        "id": guild_id,
        "name": "Tavern",
        "icon": None,
        "owner_id": USER["id"],
        "unavailable": False,
        "member_count": 2,
        "roles": [everyone],
        "channels": [channel],
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
