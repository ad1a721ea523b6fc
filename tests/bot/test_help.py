"""`/help` in four languages for five games: every topic within Discord's limits, every registered
command listed, GM-only commands marked as such."""

from __future__ import annotations

import pytest

from bot.presenters.help import GAME_TOPICS, TOPICS
from bot.presenters.limits import fits
from rules import all_systems
from tests.bot.conftest import Table

LANGS = ("en", "cs", "pl", "it")
GM_MARK = {"en": "GM", "cs": "PJ", "pl": "MG", "it": "GM"}
GM_ONLY = ("encounter add", "encounter remove", "encounter next", "encounter end", "encounter resolve",
           "encounter edit", "encounter effect add", "encounter effect remove")  # fmt: skip


def _embed(data: dict[str, object]) -> object:
    import discord

    return discord.Embed.from_dict(data)  # type: ignore[arg-type]


async def _pages(table: Table, lang: str, args: str) -> list[dict[str, object]]:
    first = await table.one(f"@ana:{lang} /help {args}")
    assert first.error is None and first.ephemeral, first.content
    pages = [first.embeds[0]]
    total = 1
    footer = str(first.embeds[0].get("footer", {}).get("text", ""))  # type: ignore[union-attr]
    if footer:
        total = int("".join(ch for ch in footer.split()[3] if ch.isdigit()) or 1)
    for page in range(2, total + 1):
        r = await table.one(f"@ana:{lang} /help {args} page:{page}")
        assert r.error is None
        pages.append(r.embeds[0])
    return pages


@pytest.mark.parametrize("lang", LANGS)
async def test_every_command_is_in_help_and_gm_ones_say_so(table: Table, lang: str) -> None:
    pages = await _pages(table, lang, "topic:commands")
    text = "\n".join(str(p.get("description", "")) for p in pages)
    catalog = table.app.catalog
    for qualified in table.app.command_names:
        parts = qualified.split()
        shown = " ".join(catalog.text(lang, f"name.cmd.{'.'.join(parts[: i + 1])}") for i in range(len(parts)))
        assert f"/{shown}`" in text, f"/{shown} is missing from /help in {lang}"
        description = catalog.text(lang, "cmd." + ".".join(parts))
        if qualified in GM_ONLY:
            assert description.startswith(GM_MARK[lang]), (lang, qualified, description)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system_id", sorted(all_systems()))
async def test_every_topic_of_every_game_fits_discord(table: Table, lang: str, system_id: str) -> None:
    table.app.catalog.strict = True  # no English fallback and no missing text in any language
    try:
        for topic in TOPICS:
            args = f"system:{system_id} topic:{topic}" if topic in GAME_TOPICS else f"topic:{topic}"
            for page in await _pages(table, lang, args):
                assert fits([_embed(page)])  # type: ignore[list-item]
                assert page.get("description")
    finally:
        table.app.catalog.strict = False


@pytest.mark.parametrize("lang", ["cs", "pl", "it"])
async def test_the_fight_help_names_games_in_words_and_keeps_ids_to_what_is_typed(table: Table, lang: str) -> None:
    """A game is named in words in the prose; its id appears only inside the typed syntax (`system:…`)."""
    import re

    text = " ".join(str(p.get("description", "")) for p in await _pages(table, lang, "topic:fight"))
    prose = re.sub(r"`[^`]*`", " ", text)
    assert "Władanie" in prose and "2d10" in prose
    assert not re.search(r"\b(?:cz2d10|pl_wladanie|dnd35|adnd2cp|arm5)\b", prose), prose
