"""A virtual clock for the console and the tests: time moves only when told, so what the tracker does
with its 2-second spacing is the same on every run (a script line counts as one second)."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Callable


class VirtualClock:
    def __init__(self) -> None:
        self.time = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._seq = itertools.count()
        # What to wait for after waking a sleeper (its task's real work: database, Discord).
        self.idle: Callable[[], Awaitable[None]] | None = None

    def now(self) -> float:
        return self.time

    async def sleep(self, delay: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.time + max(0.0, delay), next(self._seq), future))
        await future

    @property
    def sleeping(self) -> int:
        return sum(1 for _, _, f in self._sleepers if not f.done())

    async def advance(self, seconds: float) -> None:
        """Move time on, waking each sleeper at its own moment (earliest first)."""
        target = self.time + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, future = heapq.heappop(self._sleepers)
            self.time = max(self.time, when)
            if not future.done():
                future.set_result(None)
            await asyncio.sleep(0)  # the woken task takes its next step
            if self.idle is not None:
                await self.idle()
        self.time = target
