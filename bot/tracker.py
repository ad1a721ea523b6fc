"""The live tracker: one public message per fight, edited in place after every change.

A command never waits for it: the service calls `touch` (synchronous, it only schedules), and one task
per channel edits the message at most once every `interval` seconds with the fight's latest state, so a
burst of commands costs one or two edits and the final state shows within `interval` plus one edit.
It is a normal channel message (interaction tokens expire after 15 minutes), pinned where the bot may
pin, re-posted if someone deleted it, unpinned when the fight ends. Discord's own 429s are waited out by
discord.py; anything else that fails is logged and retried on the next change, never raised.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

import discord

from bot.config import TRACKER_INTERVAL
from bot.service.state import Encounter

log = logging.getLogger(__name__)
INTERVAL = TRACKER_INTERVAL  # seconds between two edits of one channel's tracker
ATTEMPTS = 3  # a failing edit is tried this many times (a re-post counts as one)


class TrackerGone(Exception):
    """The tracker message no longer exists (deleted by someone): post a new one."""


class TrackerRefused(Exception):
    """The bot may not post, edit or pin here (a missing permission)."""


class Gateway(Protocol):
    """What the tracker needs from Discord (the console and the tests bring their own)."""

    async def post(self, channel_id: int, embed: discord.Embed) -> int: ...

    async def edit(self, channel_id: int, message_id: int, embed: discord.Embed) -> None: ...

    async def pin(self, channel_id: int, message_id: int) -> None: ...

    async def unpin(self, channel_id: int, message_id: int) -> None: ...


Render = Callable[[Encounter], Awaitable[discord.Embed]]
Store = Callable[[int, int | None], Awaitable[None]]  # (encounter id, message id) persisted


@dataclass
class _Slot:
    encounter: Encounter
    message_id: int | None
    can_pin: bool = True
    pinned: bool = False
    last_edit: float = float("-inf")
    dirty: bool = False
    task: asyncio.Task[None] | None = None
    refused: bool = False
    sleeping: bool = False  # waiting out the spacing between two edits


class Tracker:
    def __init__(
        self,
        gateway: Gateway,
        render: Render,
        store: Store,
        *,
        interval: float = INTERVAL,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.gateway = gateway
        self.render = render
        self.store = store
        self.interval = interval
        self.now = now
        self.sleep = sleep
        self._slots: dict[int, _Slot] = {}

    def open(self, enc: Encounter, can_pin: bool) -> None:
        """A new fight: its tracker is posted (and pinned when the bot may pin) in the background."""
        self._slots[enc.channel_id] = _Slot(enc, None, can_pin=can_pin)
        self.touch(enc)

    def touch(self, enc: Encounter) -> None:
        """The fight changed: show its latest state soon. Called after every command's commit."""
        slot = self._slots.get(enc.channel_id)
        if slot is None:
            if enc.tracker_message_id is None:
                return  # a fight from before trackers, or one whose tracker could not be posted
            slot = self._slots[enc.channel_id] = _Slot(enc, enc.tracker_message_id, pinned=True)
        if slot.refused:
            return
        slot.encounter, slot.dirty = enc, True
        if slot.task is None or slot.task.done():
            slot.task = asyncio.get_running_loop().create_task(self._flush(enc.channel_id, slot))

    async def drain(self) -> None:
        """Wait until every scheduled edit is done (the console before it exits, tests)."""
        while tasks := [s.task for s in self._slots.values() if s.task is not None and not s.task.done()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def stop(self) -> None:
        """The bot is closing: edits still waiting are dropped (Discord's session is gone, and the storage
        they read from closes next)."""
        tasks = [s.task for s in self._slots.values() if s.task is not None and not s.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def settle(self) -> None:
        """Wait until every task has finished or is waiting out its spacing (the console, tests)."""
        while busy := [s.task for s in list(self._slots.values()) if s.task and not s.task.done() and not s.sleeping]:
            await asyncio.wait(busy, timeout=0.005)

    async def _flush(self, channel_id: int, slot: _Slot) -> None:
        failures = 0
        while slot.dirty and not slot.refused:
            wait = slot.last_edit + self.interval - self.now()
            if wait > 0:
                slot.sleeping = True
                try:
                    await self.sleep(wait)
                finally:
                    slot.sleeping = False
            slot.dirty = False
            enc = slot.encounter
            try:
                await self._show(slot, enc)
                failures = 0
            except TrackerRefused:
                log.info("tracker in channel %s: not permitted; play goes on without it", channel_id)
                slot.refused = True
            except Exception:
                failures += 1
                log.warning("tracker edit in channel %s failed (%d)", channel_id, failures, exc_info=True)
                slot.dirty = failures < ATTEMPTS
            slot.last_edit = self.now()
            if enc.status != "active" and not slot.dirty:
                await self._close(slot)
                if self._slots.get(channel_id) is slot:
                    del self._slots[channel_id]
                return

    async def _show(self, slot: _Slot, enc: Encounter) -> None:
        embed = await self.render(enc)
        if slot.message_id is not None:
            try:
                await self.gateway.edit(enc.channel_id, slot.message_id, embed)
                return
            except TrackerGone:
                log.info("tracker %s in channel %s was deleted: posting it again", slot.message_id, enc.channel_id)
                slot.pinned = False
        if enc.status != "active":
            return  # no tracker to finish (it was deleted): nothing new is posted for an ended fight
        slot.message_id = await self.gateway.post(enc.channel_id, embed)
        await self.store(enc.id, slot.message_id)
        if slot.can_pin and not slot.pinned:
            try:
                await self.gateway.pin(enc.channel_id, slot.message_id)
                slot.pinned = True
            except Exception:  # pinning is a courtesy: a full pin list or a missing permission is fine
                log.info("could not pin the tracker in channel %s", enc.channel_id, exc_info=True)
                slot.can_pin = False

    async def _close(self, slot: _Slot) -> None:
        if slot.message_id is not None and slot.pinned:
            try:
                await self.gateway.unpin(slot.encounter.channel_id, slot.message_id)
            except Exception:
                log.info("could not unpin the tracker in channel %s", slot.encounter.channel_id, exc_info=True)
