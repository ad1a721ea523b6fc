"""BOT_PROFILE: the bot process under cProfile, written out when it stops, SIGTERM included."""

from __future__ import annotations

import os
import pstats
import signal
from pathlib import Path

from bot.__main__ import profiled


def _work() -> int:
    return sum(range(1000))


def test_profile_written_on_sigterm_and_handler_restored(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGTERM)
    path = tmp_path / "bot.prof"
    with profiled(str(path)):
        _work()
        os.kill(os.getpid(), signal.SIGTERM)  # how bench/bot_process.py stops the bot
        raise AssertionError("SIGTERM ends the profiled run")
    names = {name for (_, _, name) in pstats.Stats(str(path)).stats}  # type: ignore[attr-defined]
    assert "_work" in names
    assert signal.getsignal(signal.SIGTERM) == before


def test_nothing_profiled_without_the_switch(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGTERM)
    with profiled(None):
        _work()
    with profiled(""):
        _work()
    assert signal.getsignal(signal.SIGTERM) == before
    assert not list(tmp_path.iterdir())
