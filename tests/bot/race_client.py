"""One process of the cross-process race: opens the bot's handlers on DATABASE_URL and sends N attacks at
once in the fight's channel; prints how many were applied and how many were refused as stale."""

from __future__ import annotations

import asyncio
import json
import sys

from tests.bot.conftest import open_table


async def main(url: str, count: int, seed: int) -> None:
    table = await open_table(url, seed)
    try:
        results = await asyncio.gather(
            *(table("@gm #hall /attack attacker:Orc target:Wall weapon:greataxe") for _ in range(count))
        )
        errors = [r[0].error for r in results]
        print(json.dumps({"applied": errors.count(None), "errors": [e for e in errors if e is not None]}))
    finally:
        await table.app.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
