"""The kept-alive HTTP/1.1 client for interaction callbacks (bot/callback_client.py), against a real
HTTP server: statuses and bodies however framed, connections kept, closed, gone stale or refused."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import discord
import pytest
from aiohttp import web

from bot.callback_client import CallbackClient, Unsent
from bot.cogs.callback import _refused
from tests.e2e.discord_process import free_port

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@asynccontextmanager
async def server(handler: Handler, **options: float) -> AsyncIterator[tuple[str, list[tuple[str, bytes, int]]]]:
    """An HTTP server on loopback at /api/v10; yields its base URL and what it received (path, body, the
    client's port: one port per connection)."""
    seen: list[tuple[str, bytes, int]] = []

    async def record(request: web.Request) -> web.StreamResponse:
        peer = request.transport.get_extra_info("peername") if request.transport else None
        seen.append((request.path, await request.read(), peer[1] if peer else 0))
        assert request.headers["Content-Type"] == "application/json"
        assert request.headers["User-Agent"] == "DiscordBot (test, 1)"
        return await handler(request)

    app = web.Application()
    app.router.add_post("/api/v10/{tail:.*}", record)
    runner = web.AppRunner(app, **options)  # type: ignore[arg-type]
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield f"http://127.0.0.1:{port}/api/v10", seen
    finally:
        await runner.cleanup()


async def no_content(request: web.Request) -> web.Response:
    return web.Response(status=204)


async def test_posts_json_and_keeps_the_connection() -> None:
    async with server(no_content) as (base, seen):
        client = CallbackClient(base, "DiscordBot (test, 1)")
        for i in range(3):
            got = await client.post(f"/interactions/{i}/tok/callback", b'{"type":4}')
            assert (got.status, got.body) == (204, b"")
        client.close()
    assert [(p, b) for p, b, _ in seen] == [
        (f"/api/v10/interactions/{i}/tok/callback", b'{"type":4}') for i in range(3)
    ]
    assert len({port for _, _, port in seen}) == 1  # one connection carried all three


async def test_reads_bodies_by_length_and_by_chunks() -> None:
    async def by_length(request: web.Request) -> web.Response:
        return web.json_response({"code": 10062, "message": "Unknown interaction"}, status=404)

    async def chunked(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(status=400)
        response.enable_chunked_encoding()
        response.content_type = "application/json"
        await response.prepare(request)
        for part in (b'{"code": 40060, ', b'"message": "Interaction has already been acknowledged."}'):
            await response.write(part)
        await response.write_eof()
        return response

    for handler, status, code in ((by_length, 404, 10062), (chunked, 400, 40060)):
        async with server(handler) as (base, seen):
            client = CallbackClient(base, "DiscordBot (test, 1)")
            first = await client.post("/interactions/1/t/callback", b"{}")
            second = await client.post("/interactions/2/t/callback", b"{}")  # the framing left the stream clean
            client.close()
        assert first == second and first.status == status and json.loads(first.body)["code"] == code
        assert len({port for _, _, port in seen}) == 1


async def test_a_connection_the_server_closes_is_not_reused() -> None:
    async def closing(request: web.Request) -> web.Response:
        return web.Response(status=204, headers={"Connection": "close"})

    async with server(closing) as (base, seen):
        client = CallbackClient(base, "DiscordBot (test, 1)")
        for i in range(2):
            assert (await client.post(f"/interactions/{i}/t/callback", b"{}")).status == 204
        client.close()
    assert len({port for _, _, port in seen}) == 2


async def test_an_idle_connection_the_server_dropped_is_replaced_without_losing_the_request() -> None:
    async with server(no_content, keepalive_timeout=0.05) as (base, seen):
        client = CallbackClient(base, "DiscordBot (test, 1)")
        assert (await client.post("/interactions/1/t/callback", b"{}")).status == 204
        await asyncio.sleep(0.3)  # the server closes the idle connection meanwhile
        assert (await client.post("/interactions/2/t/callback", b"{}")).status == 204
        client.close()
    assert [p for p, _, _ in seen] == ["/api/v10/interactions/1/t/callback", "/api/v10/interactions/2/t/callback"]


async def test_nothing_listening_is_unsent() -> None:
    client = CallbackClient(f"http://127.0.0.1:{free_port()}/api/v10", "DiscordBot (test, 1)")
    with pytest.raises(Unsent):
        await client.post("/interactions/1/t/callback", b"{}")


def test_only_http_urls() -> None:
    with pytest.raises(ValueError):
        CallbackClient("ws://example.com/gateway", "x")


async def test_a_refusal_is_raised_as_discord_py_raises_it() -> None:
    async def refuse(request: web.Request) -> web.Response:
        status = int(request.path.rsplit("/", 2)[-2])
        return web.json_response({"code": 50000 + status, "message": "no"}, status=status)

    async with server(refuse) as (base, _):
        client = CallbackClient(base, "DiscordBot (test, 1)")
        errors = [_refused(await client.post(f"/x/{s}/callback", b"{}")) for s in (400, 403, 404)]
        client.close()
    assert [type(e) for e in errors] == [discord.HTTPException, discord.Forbidden, discord.NotFound]
    assert [(e.status, e.code, e.text) for e in errors] == [(400, 50400, "no"), (403, 50403, "no"), (404, 50404, "no")]


async def test_a_reused_connection_that_ends_before_any_answer_sends_once_more_on_a_new_one() -> None:
    """The race a keep-alive timeout leaves: the request goes out as the server closes the connection."""
    received: list[tuple[int, bytes]] = []
    connections = 0

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal connections
        connections += 1
        mine = connections
        while True:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                break
            length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
            received.append((mine, await reader.readexactly(length)))
            if mine == 1 and len(received) == 2:
                break  # the first connection ends without answering its second request
            writer.write(b"HTTP/1.1 204 No Content\r\n\r\n")
        writer.close()

    srv = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = srv.sockets[0].getsockname()[1]
    client = CallbackClient(f"http://127.0.0.1:{port}/api/v10", "x")
    assert (await client.post("/a", b"1")).status == 204
    assert (await client.post("/b", b"2")).status == 204
    client.close()
    srv.close()
    assert received == [(1, b"1"), (1, b"2"), (2, b"2")]


async def test_a_fresh_connection_that_ends_before_any_answer_is_unsent() -> None:
    async def hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.close()

    srv = await asyncio.start_server(hang_up, "127.0.0.1", 0)
    client = CallbackClient(f"http://127.0.0.1:{srv.sockets[0].getsockname()[1]}/api/v10", "x")
    with pytest.raises(Unsent):
        await client.post("/a", b"1")
    srv.close()
