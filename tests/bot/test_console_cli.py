"""`python -m bot console` as a user runs it: a script on stdin, JSON lines out, reproducible dice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.bot.conftest import Table

SCRIPT = """\
@gm #tavern /settings set name:enforce_turns value:false
@gm #tavern /encounter start system:dnd35 name:"Goblin ambush"
@gm /encounter add name:Goblin stats:"ac:15 hp:7 attack:+1 damage:1d6" count:2
@ana /character create system:dnd35 name:Ana stats:"str:16 dex:12 bab:3 hp:24"
@ana /encounter join character:Ana
@ana /initiative
@gm /initiative combatant:all
@gm /encounter next
@ana /attack target:"Goblin 1" weapon:longsword
@bob /encounter end
@gm /nonsense
"""


def run(tmp: Path, db: str, *extra: str) -> list[dict[str, object]]:
    out = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--script", "-", "--json", "--db", str(tmp / db), *extra],
        input=SCRIPT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def test_json_lines_and_reproducible_seed(tmp_path: Path) -> None:
    first = run(tmp_path, "a.db", "--seed", "7")
    again = run(tmp_path, "b.db", "--seed", "7")
    assert first == again  # same seed, same session
    for record in first:
        assert {"user", "channel", "command", "ephemeral", "content", "embeds", "error"} <= set(record)
    by_command = {r["command"]: r for r in first if r["command"]}
    assert by_command["encounter start"]["channel"] == "tavern"
    assert by_command["attack"]["embeds"] and by_command["attack"]["error"] is None
    end = next(r for r in first if r["command"] == "encounter end")
    assert end["ephemeral"] and end["error"] == "error.gm_only"
    assert first[-1]["error"] == "input"  # an unknown command is refused like Discord's client would


def test_localized_console(tmp_path: Path) -> None:
    czech = run(tmp_path, "c.db", "--seed", "7", "--locale", "cs")
    english = run(tmp_path, "d.db", "--seed", "7")
    assert czech[0]["content"] != english[0]["content"]
    assert czech[1]["embeds"] != english[1]["embeds"]


async def test_the_console_reads_command_and_option_names_as_discord_shows_them(table: Table) -> None:
    """A Czech or Polish user types what Discord shows them; Discord sends the registered names."""
    r = await table.one("@gm:cs #x /střetnutí začít systém:dnd35 jméno:Test")
    assert r.error is None and r.command == "encounter start"
    r = await table.one('@gm:pl #x /starcie dodaj nazwa:Zbój statystyki:"ac:12 hp:5"')
    assert r.error is None and r.command == "encounter add"


def test_plain_text_keeps_a_struck_die_struck() -> None:
    """A die not counted stays visibly struck in the console (`4d6 (6+5+4+1̶)`), so the line adds up."""
    from bot.console.runner import _plain

    assert _plain("**4d6** (6+5+4+~~1~~) = 15 `x`", None) == "4d6 (6+5+4+1\u0336) = 15 x"  # type: ignore[arg-type]
