"""Every command payload and every embed stays inside Discord's limits."""

from __future__ import annotations

import re
from typing import Any

from bot.app import command_hash, command_payload
from bot.presenters.limits import fits
from tests.bot.conftest import Table

NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")


def _walk(payload: dict[str, Any]) -> list[dict[str, Any]]:
    out = [payload]
    for opt in payload.get("options", []):
        out += _walk(opt)
    return out


async def test_command_payloads_respect_discord_rules(table: Table) -> None:
    tree = table.local.bot.tree
    commands = await command_payload(tree, None)
    assert len(commands) <= 100
    names = {c["name"] for c in commands}
    assert {"encounter", "initiative", "attack", "shot", "parry", "roll", "character", "settings"} <= names
    for command in commands:
        assert len(command.get("options", [])) <= 25
        for node in _walk(command):
            names = [node["name"], *(node.get("name_localizations") or {}).values()]
            for name in names:
                assert NAME.match(name) and name == name.lower(), name
            descriptions = [node["description"], *(node.get("description_localizations") or {}).values()]
            for text in descriptions:
                assert 1 <= len(text) <= 100, (node["name"], text)
            localized = {}
            for opt in node.get("options", []) or []:
                for locale, name in (opt.get("name_localizations") or {}).items():
                    localized.setdefault(locale, []).append(name)
            for locale, seen in localized.items():
                assert len(seen) == len(set(seen)), (node["name"], locale, seen)
            assert len(node.get("options", [])) <= 25
            assert len(node.get("choices", []) or []) <= 25
            for choice in node.get("choices", []) or []:
                assert 1 <= len(choice["name"]) <= 100


async def test_the_contract_commands_and_options_exist(table: Table) -> None:
    expected = {
        "encounter start": {"system", "name"},
        "encounter add": {"name", "stats", "count", "hidden"},
        "encounter join": {"character"},
        "encounter remove": {"combatant"},
        "initiative": {"combatant"},
        "attack": {"target", "weapon", "attacker", "options"},
        "shot": {"target", "weapon", "attacker", "distance", "options"},
        "parry": {"option", "defender"},
        "roll": {"expression"},
        "character create": {"system", "name", "stats"},
        "settings set": {"name", "value"},
    }
    for path, options in expected.items():
        cmd = table.local.find_command(path)
        assert options <= {p.name for p in cmd.parameters}, path
    for path in [
        "encounter status",
        "encounter next",
        "encounter end",
        "character show",
        "character set",
        "character list",
        "character delete",
        "settings show",
        "settings reset",
    ]:
        table.local.find_command(path)


async def test_command_hash_is_stable(table: Table) -> None:
    tree = table.local.bot.tree
    assert await command_hash(tree, None) == await command_hash(tree, None)


LONG = "Ž" * 60 + "ł" * 40  # 100 characters, Czech and Polish letters


async def test_embeds_fit_with_30_combatants_and_long_names(table: Table) -> None:
    await table('@gm #arena /encounter start system:dnd35 name:"' + "Ą" * 100 + '"')
    for i in range(3):
        r = await table.one(f'@gm #arena /encounter add name:"{LONG[:97]}{i}" stats:"ac:12 hp:9" count:10')
        assert r.error is None, r.content
    responses = []
    responses += await table("@gm #arena /initiative combatant:all")
    responses += await table("@gm #arena /encounter next")
    responses += await table("@gm #arena /encounter status")
    responses += await table("@ana #arena /encounter status")
    names = [n for (n,) in await table.query("SELECT name FROM combatants ORDER BY initiative DESC")]
    current = names[0]
    target = names[-1]
    responses += await table(f'@gm #arena /attack attacker:"{current}" target:"{target}" options:"full_attack"')
    responses += await table("@gm #arena /encounter end")
    for r in responses:
        assert r.error is None, r.content
        import discord

        embeds = [discord.Embed.from_dict(e) for e in r.embeds]
        assert fits(embeds), r.command
        assert len(r.content or "") <= 2000


async def test_sixty_long_names_are_all_listed_and_told_apart(table: Table) -> None:
    """Every list shows every combatant in rows of at most 90 characters; names sharing a long prefix
    are shortened keeping both ends, so their numbers still tell them apart."""
    from tests.bot.conftest import text_of

    await table("@gm #big /encounter start system:dnd35 name:Horde")
    long = "Goblin łucznik z Temného lesa za horami a řekami " + "x" * 40
    await table(f'@gm #big /encounter add name:"{long}" stats:"ac:12 hp:5" count:30')
    await table(f'@gm #big /encounter add name:"{long} B" stats:"ac:12 hp:5" count:30')
    r = await table.one("@gm #big /initiative combatant:all")
    assert r.error is None, r.content
    status = await table.one("@gm #big /encounter status")
    body = text_of(status)
    rows = [line for line in body.splitlines() if line.startswith(("•", "▶"))]
    assert len(rows) == 60
    assert all(len(row.replace("**", "").replace("`", "")) <= 90 for row in rows)
    shown = {row.split("**")[1] for row in rows}
    assert len(shown) == 60  # every row names a different combatant
    order = [line for line in text_of(r).splitlines() if line[:1].isdigit()]
    assert len(order) == 60
    end = await table.one("@gm #big /encounter end")
    assert len([line for line in text_of(end).splitlines() if line.startswith("•")]) == 60
