"""The encounters kept in memory: a bounded LRU by channel, so memory stays flat however many channels
have ever fought. An encounter with an attack waiting for its defence is never evicted (its timer needs
it); anything evicted is simply read again from the database when its channel speaks next."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from bot.service.state import Encounter

CAPACITY = 1000


class EncounterCache(OrderedDict[int, Encounter | None]):
    """Channel → its active encounter (None: known to have none), least recently used evicted first."""

    def __init__(self, capacity: int = CAPACITY, on_evict: Callable[[int, Encounter | None], None] | None = None):
        super().__init__()
        self.capacity = capacity
        self.on_evict = on_evict

    def __getitem__(self, channel_id: int) -> Encounter | None:
        self.move_to_end(channel_id)
        return super().__getitem__(channel_id)

    def get(self, channel_id: int, default: Encounter | None = None) -> Encounter | None:  # type: ignore[override]
        if channel_id in self:
            return self[channel_id]
        return default

    def __setitem__(self, channel_id: int, enc: Encounter | None) -> None:
        super().__setitem__(channel_id, enc)
        self.move_to_end(channel_id)
        if len(self) > self.capacity:
            self._evict()

    def _evict(self) -> None:
        """Drop the least recently used entries without a waiting defence, down to the capacity."""
        excess = len(self) - self.capacity
        for channel_id in list(self.keys()):
            if excess <= 0:
                return
            enc = super().__getitem__(channel_id)
            if enc is not None and enc.pending:
                continue
            super().__delitem__(channel_id)
            excess -= 1
            if self.on_evict is not None:
                self.on_evict(channel_id, enc)
