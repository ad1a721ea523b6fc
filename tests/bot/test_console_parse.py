"""The console reads a line's command by walking the command tree word by word: it must find what
`LocalDiscord.find_command` finds for the whole path, in every language, and refuse what it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console.adapter import AdapterError, convert_options, parameters
from bot.console.runner import _localized_names, parse_line
from bot.i18n.catalog import default_catalog
from tests.bot.conftest import open_table


async def test_tree_walk_finds_what_find_command_finds(tmp_path: Path) -> None:
    table = await open_table(tmp_path / "t.db")
    try:
        local = table.local
        paths = local.command_paths()
        assert paths
        for path in paths:
            line = parse_line(f"@gm #x /{path}", local)
            assert line.found is local.find_command(path), path
            assert line.command == path
        # The same commands typed by their names in each language (`/střetnutí další`).
        localized = _localized_names()[0]
        for messages in default_catalog().messages.values():
            for path in paths:
                words, prefix = [], []
                for part in path.split():
                    key = "name.cmd." + ".".join([*prefix, part])
                    text = messages.get(key, part)
                    words.append(text if localized.get((tuple(prefix), text)) == part else part)
                    prefix.append(part)
                assert parse_line("/" + " ".join(words), local).found is local.find_command(path), words
        # One quoted word holding the whole path: only find_command reads it, and still does.
        assert parse_line('/"encounter next"', local).found is local.find_command("encounter next")
        for bad in ("/encounter", "/nonsense", "/encounter nonsense", "/", "/attack/x"):
            with pytest.raises(AdapterError) as walked:
                parse_line(bad, local)
            with pytest.raises(AdapterError) as whole:
                local.find_command(bad)
            assert str(walked.value) == str(whole.value), bad
    finally:
        await table.app.close()


async def test_options_read_once_match_discord_parameters(tmp_path: Path) -> None:
    """The adapter's per-command option specs say what discord.py's parameters say, for every command."""
    table = await open_table(tmp_path / "t.db")
    try:
        for path in table.local.command_paths():
            cmd = table.local.find_command(path)
            specs = parameters(cmd)
            assert list(specs) == [p.name for p in cmd.parameters]
            for p in cmd.parameters:
                o = specs[p.name]
                assert (o.kind, o.required, o.min_value, o.max_value) == (p.type, p.required, p.min_value, p.max_value)
                assert list(o.choices) == [c.value for c in p.choices], (path, p.name)
        # Refusals read the same as before: a choice outside the list, a number out of range, a missing option.
        attack = table.local.find_command("attack")
        with pytest.raises(AdapterError, match="needs target:"):
            convert_options(attack, {})
        help_ = table.local.find_command("help")
        with pytest.raises(AdapterError, match="topic: one of fight, commands, stats"):
            convert_options(help_, {"topic": "nothing"})
        with pytest.raises(AdapterError, match="page: between 1 and 20"):
            convert_options(help_, {"page": "21"})
        with pytest.raises(AdapterError, match="page: expects integer"):
            convert_options(help_, {"page": "x"})
        assert convert_options(help_, {"topic": "stats", "page": "2"}) == {"topic": "stats", "page": 2}
        with pytest.raises(AdapterError, match="expression: 1–200 characters"):
            convert_options(table.local.find_command("roll"), {"expression": ""})
    finally:
        await table.app.close()


async def test_remembered_reading_equals_a_fresh_one(tmp_path: Path) -> None:
    """A command text read again comes from the console's memo: the same command and options as a fresh
    reading, a copy the caller may change, refusals every time, and the memo bounded."""
    from bot.console import runner

    table = await open_table(tmp_path / "t.db")
    try:
        local = table.local
        texts = (
            '/attack attacker:"Orc 1" target:"Orc 2" options:flanking power attack',
            "/encounter next",
            "/střetnutí další",
            "/parry",
        )
        for text in texts:
            fresh = runner._read_words(local, text)
            first = parse_line(f"@gm #a {text}", local)
            again = parse_line(f"@ana #b {text}", local)
            assert (first.found, tuple(first.options.items())) == fresh, text
            assert (again.found, again.options) == (first.found, first.options)
            assert again.options is not first.options and (again.user, again.channel) == ("ana", "b")
            again.options["x"] = "changed"
            assert parse_line(f"@gm #a {text}", local).options == first.options
        for _ in range(2):
            with pytest.raises(AdapterError):
                parse_line("/attack nonsense", local)
        assert "/attack nonsense" not in local.read_memo
        for i in range(runner.READ_MEMO + 5):
            parse_line(f"/roll expression:1d{i + 1}", local)
        assert len(local.read_memo) <= runner.READ_MEMO
    finally:
        await table.app.close()
