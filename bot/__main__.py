"""`python -m bot` runs the bot (Discord with a token, else the offline console); `console` forces it."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from bot.config import Config, ConfigError
from bot.logs import setup_logging
from bot.storage.database import StorageUnavailable

T = TypeVar("T")


def console_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bot console", description="Offline console on the bot's handlers")
    p.add_argument("--script", help="file of command lines, or - for stdin")
    p.add_argument("--db", help="SQLite file or database URL (default: DATABASE_URL, DATABASE_PATH, data/bot.db)")
    p.add_argument("--seed", type=int, help="make the dice reproducible")
    p.add_argument("--json", action="store_true", help="one JSON object per response")
    p.add_argument("--locale", default=None, help="cs, pl, it or en")
    return p.parse_args(argv)


@contextmanager
def profiled(path: str | None) -> Iterator[None]:
    """BOT_PROFILE=FILE: the bot process under cProfile, its statistics written to FILE when it stops
    (SIGTERM included: it becomes SystemExit, so the bot still closes as on any exit). For measuring what
    a real interaction costs (bench/bot_process.py); nothing is profiled without it."""
    if not path:
        yield
        return
    import cProfile
    import signal

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)

    previous = signal.signal(signal.SIGTERM, stop)
    profile = cProfile.Profile()  # wall time (a CPU clock costs several times more per call)
    profile.enable()
    try:
        yield
    except SystemExit:
        pass
    finally:
        profile.disable()
        signal.signal(signal.SIGTERM, previous)
        profile.dump_stats(path)


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """Run the bot on uvloop's event loop where it is installed (not on Windows): its loop, sockets and
    timers are C, a tenth less CPU per interaction than asyncio's (issue 17); else on asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def main(argv: list[str]) -> int:
    """A setting that cannot work (ConfigError) is one line on stderr and exit code 2, no traceback."""
    try:
        return _main(argv)
    except ConfigError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    except StorageUnavailable as exc:
        print(f"database error: {exc}", file=sys.stderr)
        return 2


def _main(argv: list[str]) -> int:
    config = Config.from_env()
    if argv and argv[0] == "console":
        args = console_args(argv[1:])
    elif argv:
        print(
            "usage: python -m bot [console [--script FILE] [--db PATH] [--seed N] [--json] [--locale L]]",
            file=sys.stderr,
        )
        return 2
    elif config.token:
        setup_logging(config.log_level, console=False, secrets=(config.token,))
        from bot.app import run_discord

        with profiled(os.environ.get("BOT_PROFILE")):
            run_loop(run_discord(config))
        return 0
    else:
        print("No DISCORD_TOKEN set: opening the offline console (type /help, or quit).", file=sys.stderr)
        args = console_args([])
    setup_logging(config.log_level, console=True)
    from bot.console.runner import run_console

    return run_loop(run_console(config, args))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
