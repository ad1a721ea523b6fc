"""Exact odds are CPU work (up to the rules' 2-second budget): they run in a worker process, so no
channel's commands wait on them, and a question too big comes back as "too complex", never as a stall."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from rules import ActionRequest, OddsResult, RulesError, get_system

WORKERS = 2
WAIT = 6.0  # seconds of wall time an answer may take in all (the rules stop at 2 s of CPU)
PARENT_CHECK = 1.0  # seconds between a worker's looks at whether the bot is still there

_pool: ProcessPoolExecutor | None = None


def compute(system_id: str, action: str, req: ActionRequest) -> OddsResult:
    """In the worker: the odds as the rules compute them (a RulesError travels back whole)."""
    return get_system(system_id).odds(req, action)


def _leave_with(parent: int) -> None:
    """In each worker: exit once the bot that started it is gone, however it went (killed outright, a
    crash). A worker waiting for work does not notice on its own and would run on forever, orphaned."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:  # spawned, not forked: the bot's threads (the database's) are not copied
        _pool = ProcessPoolExecutor(
            WORKERS,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_leave_with,
            initargs=(os.getpid(),),
        )
    return _pool


async def odds(system_id: str, action: str, req: ActionRequest, wait: float = WAIT) -> OddsResult:
    loop = asyncio.get_running_loop()
    future = loop.run_in_executor(_executor(), compute, system_id, action, req)
    try:
        return await asyncio.wait_for(future, wait)
    except TimeoutError:
        raise RulesError("error.odds_too_complex", seconds=2) from None


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
