"""The garbage collector kept from pausing the bot: long-lived objects (modules, catalogs, cached
encounters) are frozen out of its scans after start-up and then every `EVERY` commands, so a full
(generation-2) collection only walks what was made since — milliseconds instead of ~100 ms with a
thousand cached fights. Frozen objects are still freed by reference counting as usual; only a reference
cycle that was alive at a freeze waits for `gc.unfreeze()` (never needed in practice: fights are trees)."""

from __future__ import annotations

import gc

EVERY = 2000  # commands between freezes


class Collector:
    """Off until `started()` (the bot and the console call it; tests, which build many apps in one
    process, leave the collector alone)."""

    def __init__(self, every: int = EVERY) -> None:
        self.every = every
        self.count = 0
        self.enabled = False

    def started(self) -> None:
        """After start-up: everything loaded so far lives as long as the process."""
        self.enabled = True
        gc.collect()
        gc.freeze()

    def command_done(self) -> None:
        self.count += 1
        if self.enabled and self.count % self.every == 0:
            gc.freeze()
