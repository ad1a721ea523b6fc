"""The fight's log: `/encounter log` and the files `/encounter end` attaches — Markdown round by round
with every roll's arithmetic and every change, undos marked, JSON for tools, the players' copy without
hidden numbers, parts under Discord's upload limit, and the end summary's standing, fallen and damage."""

from __future__ import annotations

import json
import re

import pytest

from bot.console.adapter import Response
from bot.console.runner import render_text
from bot.i18n.catalog import default_catalog
from bot.presenters.fight_log import LogFile, batches, split
from bot.presenters.texts import Texts
from rules import RandomDice, all_systems
from tests.bot.conftest import Table, text_of
from tests.bot.stored_events import stored_events
from tests.bot.test_sessions import SESSIONS, Session


def _file(responses: list[Response], ending: str) -> str:
    texts = [f["text"] for r in responses for f in r.files if f["filename"].endswith(ending)]
    assert texts, f"no {ending} attached"
    return texts[0]


@pytest.mark.parametrize("system_id", sorted(SESSIONS))
async def test_the_final_log_tells_the_whole_fight(table: Table, system_id: str) -> None:
    table.app.service.dice = RandomDice(5)
    session = Session(table, system_id)
    await session.play()
    tx = Texts(default_catalog(), session.lang, system_id)
    end = [r for r in session.said if r.command == "encounter end" and not r.ephemeral]
    md, doc = _file(end, ".md"), json.loads(_file(end, ".json"))
    # Round by round: every round the fight reached has its heading, in order.
    (last_round,) = (await table.query("SELECT round FROM encounters"))[0]
    headings = [int(n) for n in re.findall(r"^## [^\d\n]*(\d+)", md, re.M)]
    assert headings == list(range(1, last_round + 1)), headings
    assert md.index(tx("log.setup")) < md.index(tx("log.round", round=1))
    # Every command is there, in both files: one bullet each (the start is the header).
    (commands,) = (await table.query("SELECT COUNT(*) FROM commands"))[0]
    assert len(doc["commands"]) == commands
    assert len(re.findall(r"^- `\d\d:\d\d:\d\d` ", md, re.M)) == commands - 1
    # Every attack the table saw is written with its checks' arithmetic (the line reader adds it up in
    # test_readable_answers), and every blow that landed with the state it left.
    attacks = [r for r in session.said if r.command == "attack" and not r.ephemeral and r.embeds]
    assert md.count("⚔️") >= len(attacks) > 0
    # Damage: each combatant's dealt and taken add up to the blows in the event log, both ways.
    summary = doc["summary"]
    assert sum(s["dealt"] for s in summary) == sum(s["taken"] for s in summary) > 0
    applied = 0
    for _, r in await stored_events(table, "attack", "defend", "shot"):
        applied += sum(
            s["damage"]["applied"] for s in r.get("attacks", []) if "damage" in s and "applied" in s["damage"]
        )
        if not r.get("attacks") and r.get("damage", {}).get("applied") and r.get("target") != r["actor"]:
            applied += r["damage"]["applied"]
    assert sum(s["taken"] for s in summary) == applied
    # The summary: who still stands, who fell (and in which round), in the players' language.
    fell = [s for s in summary if s["fell"]]
    names = {s["name"] for s in summary}
    assert all(s["fell_in_round"] >= 1 and s["fell_by"] in names | {None} for s in fell)
    out = {
        n
        for (n, sheet) in await table.query("SELECT name, sheet FROM combatants")
        if session.system.status(session.system.Sheet.model_validate_json(sheet)).out_of_fight
    }
    assert {s["name"] for s in fell} == out
    public = text_of(end[0])
    assert tx("summary.standing") in public and (tx("summary.fallen") in public) == bool(fell)
    for s in summary:
        assert s["name"] in public
        assert tx("log.damage", dealt=s["dealt"], taken=s["taken"]) in public


async def _hidden_fight(table: Table) -> None:
    table.dice(5, 6, 18, 20, 15, 2, 11, 3, 9, 4)
    await table.play(
        [
            "@gm #l /encounter start system:dnd35 name:Mlha",
            '@gm #l /encounter add name:Stín stats:"ac:12 hp:347 attack:+7 damage:1d8+2" hidden:true',
            '@ana #l /character create system:dnd35 name:Ana stats:"hp:20 bab:3 str:14 ac:15"',
            "@ana #l /encounter join character:Ana",
            "@gm #l /initiative combatant:all",
            "@gm #l /encounter next",
        ]
    )


async def test_players_get_a_copy_without_hidden_numbers_the_gm_a_full_one(table: Table) -> None:
    await _hidden_fight(table)
    await table.play(["@ana #l /attack target:Stín"])
    player = await table.one("@ana #l /encounter log")
    gm = await table.one("@gm #l /encounter log")
    assert player.ephemeral and gm.ephemeral and player.error is None
    assert [f["filename"] for f in player.files] == ["Mlha-1.md", "Mlha-1.json"]
    assert [f["filename"] for f in gm.files] == ["Mlha-1-gm.md", "Mlha-1-gm.json"]
    for f in player.files:
        assert "347" not in f["text"] and "+7" not in f["text"], f["filename"]  # the NPC's HP and attack
    assert "347" in gm.file_text(".md") and "347" in gm.file_text(".json")
    sheets = json.loads(player.file_text(".json"))
    for command in sheets["commands"]:
        for state in command["after"]:
            assert state["name"] != "Stín" or "sheet" not in state
    # The end: the public summary keeps the NPC's totals back; the GM gets them with the full log.
    said = await table("@gm #l /encounter end")
    public, private = said[0], said[-1]
    assert not public.ephemeral and private.ephemeral and private.user == "gm"
    stin = next(line for line in text_of(public).splitlines() if "Stín" in line)
    assert "?" not in stin  # the state is a descriptor; the totals follow on the next row
    assert "?" in text_of(public).split("Stín", 1)[1].splitlines()[1]
    assert private.files and all(f["filename"].split(".")[0].endswith("-gm") for f in private.files)


async def test_an_undone_command_is_marked_and_the_undo_written(table: Table) -> None:
    await _hidden_fight(table)
    await table.play(["@ana #l /attack target:Stín", "@gm #l /encounter undo"])
    md = (await table.one("@gm #l /encounter log")).file_text(".md")
    tx = Texts(default_catalog(), "en", "dnd35")
    attack = next(line for line in md.splitlines() if tx("undo.kind.attack") in line)
    assert tx("log.undone") in attack
    assert tx("undo.done", what=tx("undo.kind.attack")) in md


async def test_without_a_fight_the_log_is_refused(table: Table) -> None:
    r = await table.one("@ana #nic /encounter log")
    assert r.ephemeral and r.error == "error.no_encounter" and not r.files


def test_a_big_log_is_split_into_parts_under_the_limit() -> None:
    text = "".join(f"- line {i} {'ž' * (i % 50)}\n" for i in range(5000))
    parts = split("fight.md", text, 10_000)
    assert len(parts) > 1 and all(len(p.data) <= 10_000 for p in parts)
    assert [p.name for p in parts[:2]] == ["fight.part1.md", "fight.part2.md"]
    assert b"".join(p.data for p in parts).decode("utf-8") == text  # cut between lines, nothing lost
    assert all(p.data.endswith(b"\n") for p in parts)
    assert split("small.md", "ok\n", 10_000) == [LogFile("small.md", b"ok\n")]
    groups = batches([LogFile(str(i), b"x" * 4) for i in range(23)], limit=20, most=10)
    assert all(len(g) <= 10 and sum(len(f.data) for f in g) <= 20 for g in groups)
    assert sum(len(g) for g in groups) == 23


async def test_the_console_shows_attached_files(table: Table) -> None:
    await _hidden_fight(table)
    r = await table.one("@ana #l /encounter log")
    shown = render_text(r, table.local)
    assert "📎 Mlha-1.md" in shown and "│ # Mlha" in shown and "📎 Mlha-1.json" in shown


@pytest.mark.parametrize("lang", ["cs", "pl", "it", "en"])
def test_every_game_names_an_initiative_roll_written_as_an_action(lang: str) -> None:
    """The log writes an initiative roll whose combatant's row did not change (the same count rolled again)
    as an action, by its term: every game has one in every language (pl_wladanie has none of its own and
    showed the id `initiative`)."""
    catalog = default_catalog()
    catalog.strict = True  # a missing term raises instead of showing the id
    try:
        for system_id in all_systems():
            name = Texts(catalog, lang, system_id).term("action", "initiative")
            assert name != "initiative" and name[0].isupper(), (system_id, name)
    finally:
        catalog.strict = False
