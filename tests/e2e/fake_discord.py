"""A Discord look-alike on loopback, faithful enough to play whole fights through the real bot process:
log in, sync commands, slash, button and autocomplete interactions from several users in their own
languages, the interaction callback (`?with_response=1`), followup webhooks, the original response and
followup messages, channel messages and pins. Every message the bot makes gets a snowflake and is kept
per channel, edits applied, so a test reads a channel as a player sees it and each user's ephemeral
answers. A route it does not know is recorded (`unknown`) and answered 404: tests assert none was hit.
Payloads are checked against Discord's limits (`violations`). Used only by the end-to-end tests and bench.

It knows shards the way Discord does: `/gateway/bot` tells the recommended count, each gateway connection
IDENTIFYs as `shard: [id, count]` (none means the one shard of one), gets READY and GUILD_CREATE for the
guilds that shard owns, `(guild_id >> 22) % count`, and a guild's interactions go to that connection only."""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import time
from dataclasses import dataclass, field
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
# Permissions, as Discord computes them for a member in a channel.
VIEW, SEND, MANAGE_CHANNELS, MANAGE_MESSAGES = 1 << 10, 1 << 11, 1 << 4, 1 << 13
EMBED, ATTACH, HISTORY, APP_COMMANDS, PIN = 1 << 14, 1 << 15, 1 << 16, 1 << 31, 1 << 51
PLAYER_PERMISSIONS = VIEW | SEND | EMBED | ATTACH | HISTORY | APP_COMMANDS
GM_PERMISSIONS = PLAYER_PERMISSIONS | MANAGE_CHANNELS
# What the bot's role may do in the channels: enough to post, embed, attach and pin its tracker.
APP_PERMISSIONS = VIEW | SEND | EMBED | ATTACH | HISTORY | MANAGE_MESSAGES | PIN
EPHEMERAL, LOADING = 1 << 6, 1 << 7
# Discord's limits on what a bot sends (bot/presenters/limits.py has the embed ones).
LIMITS = {"content": 2000, "embeds": 10, "title": 256, "description": 4096, "fields": 25, "field_name": 256}
LIMITS |= {"field_value": 1024, "footer": 2048, "author": 256, "total": 6000, "files": 10, "file_bytes": 10 << 20}
LIMITS |= {"rows": 5, "buttons": 5, "label": 80, "custom_id": 100, "choices": 25, "choice": 100}
BOT_USER = {"id": APP_ID, "username": "combat-bot", "discriminator": "0", "avatar": None, "bot": True}

# A distinctive interaction token, so a test can search the bot's logs for it.
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246c2VjcmV0LXRva2VuLTEyMzQ1Njc4OTA"


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py compares the content type exactly: no charset suffix.
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status)


def _stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.000000+00:00", time.gmtime())


@dataclass
class Member:
    """A user of the guild: the GM holds Manage Channels, players nothing special."""

    name: str
    id: str
    permissions: int

    def user(self) -> dict[str, Any]:
        return {"id": self.id, "username": self.name, "discriminator": "0", "avatar": None, "global_name": self.name}

    def member(self) -> dict[str, Any]:
        return {
            "user": self.user(),
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "permissions": str(self.permissions),
        }


@dataclass
class Interaction:
    """One interaction sent to the bot and what the bot did with it."""

    id: str
    token: str
    type: int
    user: Member
    channel_id: str
    created: float
    answered: float | None = None
    callback_type: int | None = None
    original: str | None = None  # the message of the callback (or of the first followup after a defer)
    deferred: bool = False  # a type-5 defer whose first followup becomes the original
    choices: list[dict[str, Any]] | None = None  # an autocomplete's answer
    message_id: str | None = None  # a component's message
    asked_back: bool = False  # the callback asked for the message it made (`?with_response=1`)


@dataclass
class Event:
    """Something the bot did to a message: created, edited, deleted, pinned or unpinned."""

    kind: str
    message_id: str
    interaction: str | None  # the interaction whose token did it (None: the bot's own REST call)
    at: float
    route: str
    snapshot: dict[str, Any] = field(default_factory=dict)  # the message as it was right after
    files: list[tuple[str, bytes]] = field(default_factory=list)  # its files then


@dataclass
class Message:
    id: str
    channel_id: str
    data: dict[str, Any]
    ephemeral_for: str | None  # the user who alone sees it
    files: list[tuple[str, bytes]] = field(default_factory=list)
    deleted: bool = False
    pinned: bool = False


@dataclass
class Fault:
    """A failure Discord will answer to the next `times` requests of one kind (`channel_post`,
    `channel_edit`, `pin`, `followup`, `webhook_edit`, `callback`), optionally only in one channel: a 403
    (Missing Permissions), a 429 with `retry_after` and the headers Discord sends, or a 5xx."""

    kind: str
    status: int
    times: int = 1
    channel: str | None = None
    retry_after: float = 0.3
    hits: list[float] = field(default_factory=list)  # when each was answered


class FakeDiscord:
    def __init__(self) -> None:
        self.synced: list[Any] = []
        self.commands: list[dict[str, Any]] = []  # the last synced payload
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
        self._snowflakes = itertools.count(930000000000000001)
        self.members: dict[str, Member] = {}
        self.channels: dict[str, str] = {}  # channel name → id (CHANNEL_ID is "tavern")
        self.interactions: dict[str, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.messages: dict[str, Message] = {}  # every message the bot made, by id, in order
        self.events: list[Event] = []
        self.unknown: list[str] = []  # routes the bot called that this look-alike does not know
        self.violations: list[str] = []  # payloads past Discord's limits
        self.activity = asyncio.Event()  # set on every request the bot makes
        self.faults: list[Fault] = []
        # What the bot's role may do, per channel id (APP_PERMISSIONS where not named): sent to the bot as
        # the interaction's `app_permissions` and enforced on its REST calls as Discord does.
        self.bot_permissions: dict[str, int] = {}
        self.threads: dict[str, str] = {}  # thread id → its parent channel's id
        self.app = web.Application(client_max_size=64 << 20)
        r = self.app.router
        r.add_get("/api/v10/users/@me", self._me)
        r.add_get("/api/v10/oauth2/applications/@me", self._application)
        r.add_put("/api/v10/applications/{app}/commands", self._sync)
        r.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", self._sync)
        r.add_post("/api/v10/interactions/{iid}/{token}/callback", self._callback)
        r.add_post("/api/v10/webhooks/{app}/{token}", self._followup)
        r.add_route("*", "/api/v10/webhooks/{app}/{token}/messages/{mid}", self._webhook_message)
        r.add_post("/api/v10/channels/{cid}/messages", self._channel_post)
        r.add_route("*", "/api/v10/channels/{cid}/messages/{mid:[0-9]+}", self._channel_message)
        r.add_route("*", "/api/v10/channels/{cid}/messages/pins/{mid}", self._pin)
        r.add_route("*", "/api/v10/channels/{cid}/pins/{mid}", self._pin)
        r.add_get("/api/v10/gateway/bot", self._gateway_bot)
        r.add_get("/gateway", self._gateway)
        r.add_route("*", "/{tail:.*}", self._unknown)

    # ---- users and channels -------------------------------------------------------------------------
    def member(self, name: str) -> Member:
        """A guild member by name: `gm` holds Manage Channels, anyone else is a plain player."""
        found = self.members.get(name)
        if found is None:
            perms = GM_PERMISSIONS if name == "gm" else PLAYER_PERMISSIONS
            found = self.members[name] = Member(name, str(900000000000100000 + len(self.members)), perms)
        return found

    def channel(self, name: str) -> str:
        if name == "tavern":
            return CHANNEL_ID
        return self.channels.setdefault(name, str(900000000000200000 + len(self.channels)))

    def thread(self, name: str, parent: str = "tavern") -> str:
        """A public thread (channel type 11) under `parent`; GUILD_CREATE lists it in `threads`, so make it
        before the bot connects."""
        cid = self.channel(name)
        self.threads[cid] = self.channel(parent)
        return cid

    def fail(self, kind: str, status: int, **how: Any) -> Fault:
        fault = Fault(kind, status, **how)
        self.faults.append(fault)
        return fault

    def delete(self, message_id: str) -> None:
        """Someone (a moderator) deletes a message in the channel."""
        message = self.messages[message_id]
        message.deleted = True
        self._event("delete", message, None, "user")

    def permissions(self, channel_id: str) -> int:
        return self.bot_permissions.get(channel_id, APP_PERMISSIONS)

    def _fault(self, kind: str, channel_id: str, need: int = 0) -> web.Response | None:
        """A refusal for the bot's REST call: a missing permission, or an injected 403 or 429."""
        if need and self.permissions(channel_id) & need != need:
            self.activity.set()
            return _error(403, 50013, "Missing Permissions")
        for f in self.faults:
            if f.kind == kind and f.times > 0 and f.channel in (None, channel_id):
                f.times -= 1
                f.hits.append(time.monotonic())
                self.activity.set()
                if f.status == 403:
                    return _error(403, 50013, "Missing Permissions")
                if f.status >= 500:
                    return _error(f.status, 0, "Internal Server Error")
                body = {"message": "You are being rate limited.", "retry_after": f.retry_after, "global": False}
                headers = {
                    "Content-Type": "application/json",
                    "Retry-After": str(max(1, round(f.retry_after))),
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{time.time() + f.retry_after:.3f}",
                    "X-RateLimit-Reset-After": f"{f.retry_after:.3f}",
                    "X-RateLimit-Bucket": f"fake-{kind}",
                    "X-RateLimit-Scope": "user",
                    "Via": "1.1 google",
                }
                return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)
        return None

    def visible(self, channel: str, user: str | None = None) -> list[Message]:
        """A channel as `user` sees it (the public messages and that user's ephemeral ones), oldest first."""
        cid = self.channel(channel)
        uid = self.member(user).id if user is not None else None
        return [
            m
            for m in self.messages.values()
            if m.channel_id == cid and not m.deleted and (m.ephemeral_for is None or m.ephemeral_for == uid)
        ]

    # ---- REST -----------------------------------------------------------------------------------------
    async def _unknown(self, request: web.Request) -> web.Response:
        self.unknown.append(f"{request.method} {request.path}")
        self.activity.set()
        return _error(404, 0, f"404: Not Found (the look-alike has no route {request.method} {request.path})")

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
        answer = [{**c, "id": str(1000 + i), "application_id": APP_ID, "version": "1"} for i, c in enumerate(payload)]
        self.commands = answer
        return _json(answer)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        """A JSON body, or a multipart one (`payload_json` and `files[n]`) with its files."""
        if request.content_type == "application/json":
            return await request.json(), []
        if not request.content_type.startswith("multipart/"):
            text = await request.text()
            return (json.loads(text) if text else {}), []
        body: dict[str, Any] = {}
        files: list[tuple[str, bytes]] = []
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                body = json.loads(await part.text())  # type: ignore[union-attr]
            else:
                files.append((part.filename or "", bytes(await part.read())))  # type: ignore[union-attr]
        return body, files

    def _check(self, where: str, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        """Discord refuses what is past its limits; record each such payload."""
        bad = self.violations.append
        if len(body.get("content") or "") > LIMITS["content"]:
            bad(f"{where}: content of {len(body['content'])} characters")
        embeds = body.get("embeds") or []
        if len(embeds) > LIMITS["embeds"]:
            bad(f"{where}: {len(embeds)} embeds")
        total = 0
        for e in embeds:
            parts = {
                "title": e.get("title") or "",
                "description": e.get("description") or "",
                "footer": (e.get("footer") or {}).get("text") or "",
                "author": (e.get("author") or {}).get("name") or "",
            }
            for key, text in parts.items():
                if len(text) > LIMITS[key]:
                    bad(f"{where}: embed {key} of {len(text)} characters")
            fields = e.get("fields") or []
            if len(fields) > LIMITS["fields"]:
                bad(f"{where}: {len(fields)} fields")
            for f in fields:
                if not f.get("name") or not f.get("value"):
                    bad(f"{where}: an empty field name or value")
                if len(f.get("name") or "") > LIMITS["field_name"] or len(f.get("value") or "") > LIMITS["field_value"]:
                    bad(f"{where}: a field past its limit")
            total += sum(map(len, parts.values())) + sum(
                len(f.get("name", "")) + len(f.get("value", "")) for f in fields
            )
        if total > LIMITS["total"]:
            bad(f"{where}: embeds of {total} characters")
        rows = body.get("components") or []
        if len(rows) > LIMITS["rows"]:
            bad(f"{where}: {len(rows)} rows")
        for row in rows:
            buttons = row.get("components") or []
            if len(buttons) > LIMITS["buttons"]:
                bad(f"{where}: {len(buttons)} buttons in a row")
            for b in buttons:
                if len(b.get("label") or "") > LIMITS["label"] or len(b.get("custom_id") or "") > LIMITS["custom_id"]:
                    bad(f"{where}: a button past its limit")
        if len(files) > LIMITS["files"] or sum(len(d) for _, d in files) > LIMITS["file_bytes"]:
            bad(f"{where}: {len(files)} files of {sum(len(d) for _, d in files)} bytes")

    def _new_message(
        self,
        channel_id: str,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        ephemeral_for: str | None,
        interaction: Interaction | None,
        flags: int = 0,
    ) -> Message:
        mid = str(next(self._snowflakes))
        data: dict[str, Any] = {
            "id": mid,
            "channel_id": channel_id,
            "guild_id": GUILD_ID,
            "type": 0 if interaction is None else (20 if interaction.type == 2 else 19),
            "content": body.get("content") or "",
            "author": BOT_USER,
            "attachments": [],
            "embeds": [{**e, "type": e.get("type", "rich")} for e in body.get("embeds") or []],
            "components": body.get("components") or [],
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
            "timestamp": _stamp(),
            "edited_timestamp": None,
            "flags": flags | (body.get("flags") or 0),
            "application_id": APP_ID if interaction is not None else None,
        }
        if interaction is not None:
            data["webhook_id"] = APP_ID
            data["interaction_metadata"] = {
                "id": interaction.id,
                "type": interaction.type,
                "user": interaction.user.user(),
                "authorizing_integration_owners": {"0": GUILD_ID},
            }
        message = Message(mid, channel_id, data, ephemeral_for)
        self._attach(message, body, files)
        self.messages[mid] = message
        return message

    def _attach(self, message: Message, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        """New files on a message; on an edit `attachments` lists which of the old ones stay."""
        if "attachments" in body:
            keep = {str(a.get("id")) for a in body["attachments"]}
            old = message.data["attachments"]
            message.files = [f for a, f in zip(old, message.files, strict=True) if str(a["id"]) in keep]
            message.data["attachments"] = [a for a in old if str(a["id"]) in keep]
        for name, data in files:
            aid = str(next(self._snowflakes))
            url = f"https://cdn.example/attachments/{message.channel_id}/{aid}/{name}"
            meta = {"id": aid, "filename": name, "size": len(data), "url": url, "proxy_url": url}
            message.data["attachments"].append(meta)
            message.files.append((name, data))

    def _edit(self, message: Message, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                value = body[key]
                if key == "embeds":
                    value = [{**e, "type": e.get("type", "rich")} for e in value or []]
                message.data[key] = value if value is not None else ([] if key != "content" else "")
        if "flags" in body:
            message.data["flags"] = (body["flags"] or 0) | (message.data["flags"] & EPHEMERAL)
        message.data["edited_timestamp"] = _stamp()
        self._attach(message, body, files)

    def _event(self, kind: str, message: Message, interaction: Interaction | None, route: str) -> None:
        iid = interaction.id if interaction else None
        snapshot = copy.deepcopy(message.data)
        self.events.append(Event(kind, message.id, iid, time.monotonic(), route, snapshot, list(message.files)))
        self.activity.set()

    async def _callback(self, request: web.Request) -> web.Response:
        body, files = await self._body(request)
        iid = request.match_info["iid"]
        interaction = self.interactions.get(iid)
        if interaction is None or request.match_info["token"] != interaction.token:
            # an interaction this look-alike did not send (the old single-token tests send through `slash`)
            return _error(404, 10062, "Unknown interaction")
        if interaction.callback_type is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        if (refused := self._fault("callback", interaction.channel_id)) is not None:
            return refused
        self.callbacks.append(body)
        self.answers[iid] = body
        interaction.answered = time.monotonic()
        interaction.asked_back = request.query.get("with_response") in ("1", "true")
        kind = interaction.callback_type = int(body["type"])
        data = body.get("data") or {}
        self._check(f"callback {kind} of {iid}", data, files)
        resource: dict[str, Any] = {"type": kind}
        reply: dict[str, Any] = {"id": iid, "type": interaction.type}
        if kind in (4, 5):
            flags = data.get("flags") or 0
            ephemeral = bool(flags & EPHEMERAL)
            message = self._new_message(
                interaction.channel_id,
                data if kind == 4 else {},
                files,
                ephemeral_for=interaction.user.id if ephemeral else None,
                interaction=interaction,
                flags=(flags & EPHEMERAL) | (LOADING if kind == 5 else 0),
            )
            interaction.original = message.id
            interaction.deferred = kind == 5
            self._event("create", message, interaction, "callback")
            resource["message"] = message.data
            reply |= {
                "response_message_id": message.id,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": ephemeral,
            }
        elif kind in (6, 7):
            message = self.messages.get(interaction.message_id or "")
            if message is None:
                return _error(404, 10008, "Unknown Message")
            if kind == 7:
                self._edit(message, data, files)
                self._event("edit", message, interaction, "callback")
            resource["message"] = message.data
            reply["response_message_id"] = message.id
        elif kind == 8:
            interaction.choices = data.get("choices") or []
            if len(interaction.choices) > LIMITS["choices"] or any(
                len(c["name"]) > LIMITS["choice"] for c in interaction.choices
            ):
                self.violations.append(f"autocomplete {iid}: too many or too long choices")
            self.activity.set()
        else:
            self.unknown.append(f"callback type {kind}")
        self._answer_event(iid).set()
        self.answered.set()
        if interaction.asked_back:
            return _json({"interaction": reply, "resource": resource})
        return web.Response(status=204)

    def _interaction(self, token: str) -> Interaction | None:
        return self._by_token.get(token)

    async def _followup(self, request: web.Request) -> web.Response:
        """A follow-up message to an interaction; the first after a defer becomes the deferred answer."""
        body, files = await self._body(request)
        self.followups.append(body)
        interaction = self._interaction(request.match_info["token"])
        if interaction is None:
            return await self._unknown(request)
        if interaction.callback_type is None:
            return _error(404, 10015, "Unknown Webhook")  # no followup before the interaction's answer
        if (refused := self._fault("followup", interaction.channel_id)) is not None:
            return refused
        self._check(f"followup of {interaction.id}", body, files)
        original = self.messages.get(interaction.original or "")
        if interaction.deferred and original is not None:
            interaction.deferred = False
            self._edit(original, {k: v for k, v in body.items() if k != "flags"}, files)
            original.data["flags"] &= ~LOADING
            self._event("edit", original, interaction, "followup")
            message = original
        else:
            ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(
                interaction.channel_id,
                body,
                files,
                ephemeral_for=interaction.user.id if ephemeral else None,
                interaction=interaction,
            )
            self._event("create", message, interaction, "followup")
        if request.query.get("wait") in ("true", "1"):
            return _json(message.data)
        return web.Response(status=204)

    async def _webhook_message(self, request: web.Request) -> web.Response:
        """GET, PATCH or DELETE the original response (`@original`) or a followup by id."""
        interaction = self._interaction(request.match_info["token"])
        if interaction is None or request.method not in ("GET", "PATCH", "DELETE"):
            return await self._unknown(request)
        mid = request.match_info["mid"]
        mid = interaction.original or "" if mid == "@original" else mid
        message = self.messages.get(mid)
        if message is None or message.deleted:
            return _error(404, 10008, "Unknown Message")
        if (read := self._read_or_delete(request, message, interaction, "webhook")) is not None:
            return read
        body, files = await self._body(request)
        if (refused := self._fault("webhook_edit", interaction.channel_id)) is not None:
            return refused
        self._check(f"webhook edit of {mid}", body, files)
        self._edit(message, body, files)
        if interaction.deferred and mid == interaction.original:
            interaction.deferred = False
            message.data["flags"] &= ~LOADING
        self._event("edit", message, interaction, "webhook")
        return _json(message.data)

    def _read_or_delete(
        self, request: web.Request, message: Message, interaction: Interaction | None, route: str
    ) -> web.Response | None:
        """A GET answers the message, a DELETE deletes it; None for a PATCH (the caller edits)."""
        if request.method == "GET":
            return _json(message.data)
        if request.method == "DELETE":
            message.deleted = True
            self._event("delete", message, interaction, route)
            return web.Response(status=204)
        return None

    async def _channel_post(self, request: web.Request) -> web.Response:
        body, files = await self._body(request)
        cid = request.match_info["cid"]
        if (refused := self._fault("channel_post", cid, _needs(body, files))) is not None:
            return refused
        self._check(f"post in {cid}", body, files)
        message = self._new_message(cid, body, files, ephemeral_for=None, interaction=None)
        self._event("create", message, None, "channel")
        return _json(message.data)

    async def _channel_message(self, request: web.Request) -> web.Response:
        message = self.messages.get(request.match_info["mid"])
        if request.method not in ("GET", "PATCH", "DELETE"):
            return await self._unknown(request)
        if message is None or message.deleted or message.channel_id != request.match_info["cid"]:
            return _error(404, 10008, "Unknown Message")
        if message.ephemeral_for is not None:
            return _error(404, 10008, "Unknown Message")  # ephemeral messages are not channel messages
        if (read := self._read_or_delete(request, message, None, "channel")) is not None:
            return read
        body, files = await self._body(request)
        if (refused := self._fault("channel_edit", message.channel_id, _needs(body, files))) is not None:
            return refused
        self._check(f"edit of {message.id}", body, files)
        self._edit(message, body, files)
        self._event("edit", message, None, "channel")
        return _json(message.data)

    async def _pin(self, request: web.Request) -> web.Response:
        if request.method not in ("PUT", "DELETE"):
            return await self._unknown(request)
        message = self.messages.get(request.match_info["mid"])
        if message is None or message.deleted or message.channel_id != request.match_info["cid"]:
            return _error(404, 10008, "Unknown Message")
        can_pin = self.permissions(message.channel_id) & (PIN | MANAGE_MESSAGES)
        if (refused := self._fault("pin", message.channel_id, 0 if can_pin else PIN)) is not None:
            return refused
        message.pinned = message.data["pinned"] = request.method == "PUT"
        self._event("pin" if message.pinned else "unpin", message, None, request.path)
        return web.Response(status=204)

    # ---- gateway --------------------------------------------------------------------------------------
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
            guild = _guild(guild_id)
            guild["threads"] = [
                self._channel_payload(t, next(n for n, c in self.channels.items() if c == t), guild_id)
                for t, parent in self.threads.items()
                if parent == GUILDS[guild_id]
            ]
            await ws.send_str(json.dumps({"op": 0, "t": "GUILD_CREATE", "s": seq, "d": guild}))
        self.identified.set()

    # ---- interactions ---------------------------------------------------------------------------------
    async def _dispatch(self, payload: dict[str, Any], guild_id: str) -> None:
        owner = [(sid, ws) for sid, (count, ws) in self.shards.items() if self.shard_of(guild_id, count) == sid]
        assert owner, f"no live shard owns guild {guild_id} (shards {sorted(self.shards)})"
        shard_id, ws = owner[0]
        self.routed[payload["id"]] = shard_id
        await ws.send_str(json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": 100, "d": payload}))

    def _base(
        self, kind: int, user: str, channel: str, locale: str, guild_id: str, token: str | None = None
    ) -> tuple[dict[str, Any], Interaction]:
        iid = str(self._next_interaction)
        self._next_interaction += 1
        member = self.member(user)
        channel_id = GUILDS[guild_id] if channel == "tavern" and guild_id != GUILD_ID else self.channel(channel)
        # Each interaction has its own token; all contain INTERACTION_TOKEN, which a test looks for in logs.
        token = token or f"{INTERACTION_TOKEN}-{iid}"
        interaction = Interaction(iid, token, kind, member, channel_id, time.monotonic())
        self.interactions[iid] = interaction
        self._by_token[token] = interaction
        payload = {
            "id": iid,
            "application_id": APP_ID,
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "channel": self._channel_payload(channel_id, channel, guild_id),
            "member": member.member(),
            "locale": locale,
            "guild_locale": "en-US",
            "app_permissions": str(self.permissions(channel_id)),
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild_id},
            "context": 0,
            "attachment_size_limit": 10485760,
        }
        return payload, interaction

    def _channel_payload(self, channel_id: str, name: str, guild_id: str) -> dict[str, Any]:
        """A channel as Discord describes it: a text channel, or a public thread with its parent."""
        parent = self.threads.get(channel_id)
        if parent is None:
            return {
                "id": channel_id,
                "type": 0,
                "guild_id": guild_id,
                "name": name,
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "rate_limit_per_user": 0,
                "topic": None,
                "flags": 0,
            }
        return {
            "id": channel_id,
            "type": 11,
            "guild_id": guild_id,
            "name": name,
            "parent_id": parent,
            "owner_id": self.member("gm").id,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False,
                "create_timestamp": "2026-01-01T00:00:00+00:00",
            },
        }

    def _command_data(self, path: str, options: dict[str, Any], focused: str | None = None) -> dict[str, Any]:
        """`data` of a slash command from the synced payload: the command, its subcommand group and
        subcommand by name, each option with its declared type (a user option with `resolved`)."""
        words = path.strip().lstrip("/").split()
        command = next((c for c in self.commands if c["name"] == words[0]), None)
        assert command is not None, f"/{words[0]} was not synced"
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
        node, holder = command, data
        for word in words[1:]:
            sub = next((o for o in node.get("options", []) if o["name"] == word and o["type"] in (1, 2)), None)
            assert sub is not None, f"/{path}: no subcommand {word}"
            child: dict[str, Any] = {"name": word, "type": sub["type"], "options": []}
            holder.setdefault("options", []).append(child)
            node, holder = sub, child
        declared = {o["name"]: o for o in node.get("options", []) if o["type"] not in (1, 2)}
        out = holder.setdefault("options", [])
        resolved: dict[str, Any] = {}
        for name, value in options.items():
            option = declared.get(name)
            assert option is not None, f"/{path} has no option {name} (declared: {sorted(declared)})"
            kind = option["type"]
            entry: dict[str, Any] = {"name": name, "type": kind}
            if name == focused:
                entry |= {"value": str(value), "focused": True}  # what the user has typed so far
            elif kind == 4:
                entry["value"] = int(value)
            elif kind == 10:
                entry["value"] = float(value)
            elif kind == 5:
                entry["value"] = value if isinstance(value, bool) else str(value).lower() in ("true", "yes", "1")
            elif kind == 6:
                who = self.member(str(value).lstrip("@"))
                entry["value"] = who.id
                resolved.setdefault("users", {})[who.id] = who.user()
                resolved.setdefault("members", {})[who.id] = {k: v for k, v in who.member().items() if k != "user"}
            else:
                entry["value"] = str(value)
            out.append(entry)
        if resolved:
            data["resolved"] = resolved
        return data

    async def command(
        self, user: str, channel: str, path: str, options: dict[str, Any], locale: str = "en-US"
    ) -> Interaction:
        """A slash command typed by `user` in `channel` (type 2), options as typed (text is converted to
        each option's declared type)."""
        payload, interaction = self._base(2, user, channel, locale, GUILD_ID)
        payload["data"] = self._command_data(path, options)
        await self._dispatch(payload, GUILD_ID)
        return interaction

    async def autocomplete(
        self, user: str, channel: str, path: str, options: dict[str, Any], focused: str, locale: str = "en-US"
    ) -> Interaction:
        """Typing in an autocompleted option (type 4); the bot answers with callback type 8 and choices."""
        payload, interaction = self._base(4, user, channel, locale, GUILD_ID)
        payload["data"] = self._command_data(path, options, focused)
        await self._dispatch(payload, GUILD_ID)
        return interaction

    async def press(self, user: str, custom_id: str, locale: str = "en-US") -> Interaction:
        """A button press (type 3) on the latest live message carrying that custom_id, sent as Discord
        sends it: the message it sits on, the button's custom_id and component type."""
        message = next(
            (
                m
                for m in reversed(self.messages.values())
                if not m.deleted
                for row in m.data["components"]
                for b in row.get("components", [])
                if b.get("custom_id") == custom_id
            ),
            None,
        )
        assert message is not None, f"no message carries a button {custom_id}"
        channel = next((n for n, c in self.channels.items() if c == message.channel_id), "tavern")
        payload, interaction = self._base(3, user, channel, locale, GUILD_ID)
        interaction.message_id = message.id
        payload["message"] = message.data
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        await self._dispatch(payload, GUILD_ID)
        return interaction

    async def slash(self, name: str, options: list[dict[str, Any]], guild_id: str = GUILD_ID) -> str:
        """Dispatch one slash command, as raw options, from the GM in the guild's channel (the process and
        shard tests); returns the interaction's id (see `answer`)."""
        payload, _ = self._base(2, "gm", "tavern", "cs", guild_id, token=None)
        command = next((c for c in self.commands if c["name"] == name), None)
        payload["data"] = {"id": command["id"] if command else "1000", "name": name, "type": 1, "options": options}
        await self._dispatch(payload, guild_id)
        return str(payload["id"])


def _needs(body: dict[str, Any], files: list[tuple[str, bytes]]) -> int:
    """The channel permissions a bot's message needs: view and send, embed links and attach files for what
    it carries."""
    return VIEW | SEND | (EMBED if body.get("embeds") else 0) | (ATTACH if files else 0)


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
