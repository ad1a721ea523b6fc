"""The bot's event loop: uvloop's where it is installed (issue 17), asyncio's otherwise."""

from __future__ import annotations

import asyncio
import sys

import pytest

from bot.__main__ import run_loop


async def _loop_module() -> str:
    await asyncio.sleep(0)
    return type(asyncio.get_running_loop()).__module__


@pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not installed on Windows")
def test_the_bot_runs_on_uvloop() -> None:
    assert run_loop(_loop_module()).startswith("uvloop")


def test_without_uvloop_the_bot_runs_on_asyncio(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # `import uvloop` raises ImportError
    assert run_loop(_loop_module()).startswith("asyncio")
