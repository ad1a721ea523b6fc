"""Exact odds are CPU work (up to the rules' 2-second budget): they run in a worker process, so no
channel's commands wait on them, and a question too big comes back as "too complex", never as a stall."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from rules import ActionRequest, OddsResult, RulesError, get_system

WORKERS = 2
WAIT = 6.0  # seconds of wall time an answer may take in all (the rules stop at 2 s of CPU)

_pool: ProcessPoolExecutor | None = None


def compute(system_id: str, action: str, req: ActionRequest) -> OddsResult:
    """In the worker: the odds as the rules compute them (a RulesError travels back whole)."""
    return get_system(system_id).odds(req, action)


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:  # spawned, not forked: the bot's threads (the database's) are not copied
        _pool = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"))
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
