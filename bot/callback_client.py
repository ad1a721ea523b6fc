"""Interaction callbacks over kept-alive HTTP/1.1 connections.

Every command ends in one POST of its answer to Discord. Through discord.py's webhook adapter and
aiohttp's client that POST costs about 200 µs of CPU (request and response objects, URL parsing, headers
as multidicts, timers, traces, cookie filtering), a fifth of a whole command in the bot process (issue 17);
the same request written and read here costs about 55 µs. Only that request comes here, and only what
it needs: a JSON body, a status and, for an error, Discord's JSON reason. Anything unusual is left to
discord.py: a 429 or 5xx (its adapter waits out rate limits and retries) and a request that could not be
sent (`Unsent`). A connection Discord closed while idle is noticed before anything was read and the
request goes once more on a new one.
"""

from __future__ import annotations

import asyncio
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

MAX_HEAD = 64 * 1024  # status line and headers
TIMEOUT = 15.0  # seconds for one request and its response (Discord answers in milliseconds)
KEEP = 32  # idle connections kept (a burst of answers opens more; TLS makes each new one dear)


class Unsent(Exception):
    """The request could not be sent (connection refused, reset before any answer): nothing reached
    Discord, so it may be sent again another way."""


@dataclass(frozen=True)
class Answer:
    status: int
    reason: str
    body: bytes


_Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class CallbackClient:
    def __init__(self, base_url: str, user_agent: str) -> None:
        url = urlsplit(base_url)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError(f"not an http(s) URL: {base_url}")
        self._host = url.hostname
        self._port = url.port or (443 if url.scheme == "https" else 80)
        self._ssl = ssl.create_default_context() if url.scheme == "https" else None
        self._prefix = url.path.rstrip("/")
        default_port = self._port == (443 if self._ssl else 80)
        host = self._host if default_port else f"{self._host}:{self._port}"
        self._head = f"\r\nHost: {host}\r\nUser-Agent: {user_agent}\r\nContent-Type: application/json\r\n"
        self._idle: list[_Connection] = []

    async def post(self, path: str, body: bytes) -> Answer:
        """POST `body` (JSON) to the API path; the answer whatever its status. Raises `Unsent` when no
        request reached the server."""
        request = f"POST {self._prefix}{path} HTTP/1.1{self._head}Content-Length: {len(body)}\r\n\r\n".encode() + body
        idle = self._take()
        if idle is not None:
            try:
                return await self._send(idle, request)
            except _Stale:
                pass  # an idle connection the server had closed: once more on a new one
        try:
            return await self._send(await self._open(), request)
        except _Stale:
            raise Unsent("the connection closed before an answer") from None

    def close(self) -> None:
        for _, writer in self._idle:
            writer.close()
        self._idle.clear()

    def _take(self) -> _Connection | None:
        while self._idle:
            conn = self._idle.pop()
            if not conn[0].at_eof() and not conn[1].is_closing():
                return conn
            conn[1].close()
        return None

    async def _send(self, conn: _Connection, request: bytes) -> Answer:
        """One request and its answer on `conn`, kept for the next one when it may carry it."""
        try:
            async with asyncio.timeout(TIMEOUT):
                answer, keep = await _exchange(conn, request)
        except BaseException:
            conn[1].close()
            raise
        if keep and len(self._idle) < KEEP:
            self._idle.append(conn)
        else:
            conn[1].close()
        return answer

    async def _open(self) -> _Connection:
        try:
            async with asyncio.timeout(TIMEOUT):
                return await asyncio.open_connection(
                    self._host,
                    self._port,
                    ssl=self._ssl,
                    limit=MAX_HEAD,
                    server_hostname=self._host if self._ssl else None,
                )
        except (OSError, TimeoutError) as exc:
            raise Unsent(f"cannot connect to {self._host}:{self._port}: {exc}") from exc


class _Stale(Exception):
    """The connection ended before the first byte of an answer."""


async def _exchange(conn: _Connection, request: bytes) -> tuple[Answer, bool]:
    """Send the request and read its answer; whether the connection may carry another."""
    reader, writer = conn
    try:
        writer.write(request)
        head = await reader.readuntil(b"\r\n\r\n")
    except (ConnectionError, asyncio.IncompleteReadError) as exc:
        if isinstance(exc, asyncio.IncompleteReadError) and exc.partial:
            raise
        raise _Stale from exc
    lines = head[:-4].decode("latin-1").split("\r\n")
    version, _, rest = lines[0].partition(" ")
    code, _, reason = rest.partition(" ")
    status = int(code)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    keep = version == "HTTP/1.1" and headers.get("connection", "").lower() != "close"
    if status in (204, 304) or 100 <= status < 200:
        body = b""
    elif "chunked" in headers.get("transfer-encoding", "").lower():
        body = await _chunks(reader)
    elif "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    else:  # the body runs to the end of the connection
        body, keep = await reader.read(), False
    return Answer(status, reason, body), keep


async def _chunks(reader: asyncio.StreamReader) -> bytes:
    parts: list[bytes] = []
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
        if size == 0:
            while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers, then the blank line
                pass
            return b"".join(parts)
        parts.append((await reader.readexactly(size + 2))[:-2])
