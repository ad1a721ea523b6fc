"""The presenters' fast paths answer exactly as the plain way they shortcut (seeded random inputs)."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.i18n.catalog import Catalog, _counting, _display, _Params
from bot.presenters import limits
from bot.presenters.limits import AUTHOR, DESCRIPTION, FIELD_NAME, FIELD_VALUE, FIELDS, FOOTER, TITLE, cut
from bot.presenters.texts import Texts
from rules import Term


def _escape_slowly(name: str | None) -> str:
    """escape() without its fast path."""
    if not name:
        return ""
    flat = " ".join(name.split())
    text = discord.utils.escape_markdown(flat, as_needed=False)
    return text.replace("@", "@\u200b").replace("<", "<\u200b").replace("#", "\\#")


def _clamp_slowly(embed: discord.Embed) -> discord.Embed:
    """clamp() as first written: every field rebuilt, the whole length measured after each step."""
    if embed.title:
        embed.title = cut(embed.title, TITLE)
    if embed.description:
        embed.description = cut(embed.description, DESCRIPTION)
    fields = [(f.name or "", f.value or "", bool(f.inline)) for f in embed.fields]
    if len(fields) > FIELDS:
        hidden = len(fields) - (FIELDS - 1)
        fields = [*fields[: FIELDS - 1], (limits.ELLIPSIS, f"+{hidden}", False)]
    embed.clear_fields()
    for name, value, inline in fields:
        embed.add_field(
            name=cut(name, FIELD_NAME) or "\u200b", value=cut(value, FIELD_VALUE) or "\u200b", inline=inline
        )
    if embed.footer and embed.footer.text:
        embed.set_footer(text=cut(embed.footer.text, FOOTER))
    if embed.author and embed.author.name:
        embed.set_author(name=cut(embed.author.name, AUTHOR))
    limits._fit_total(embed)  # unchanged: the first clamp ended with it too
    return embed


NAMES = [
    "Goblin 12", "Zbójca Łucznik", "Ærendil", "Žluťoučký kůň 3", "x²", "  Borin  ", "Borin\nthe\tBold", "a  b",
    "Bob_the_Great", "*star*", "~~gone~~", "`code`", "a|b", "back\\slash", "> quote", "# Heading", "- list",
    "[link](http://x.y)", "https://evil.example/x", "<@123>", "@everyone", "#general", "<t:1:R>", "", "x", "12",
    "Ολυμπία", "大きい 猫", "O'Neil", "Jean-Luc", "Dr. Who", "x\u0301y", "\u00a0nbsp", "tab\t", "é",
]  # fmt: skip


def test_escape_fast_path_equals_the_slow_one() -> None:
    rnd = random.Random(5)
    alphabet = "aZ9 ł_*~`|\\>#-[]()<@:/.\n\t\u00a0\u0301é²"
    names = NAMES + ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 12))) for _ in range(5000)]
    for name in names:
        assert limits.escape(name) == _escape_slowly(name), repr(name)
    assert limits.escape(None) == ""


def _text(rnd: random.Random, longest: int) -> str:
    size = rnd.choice([0, 1, 5, longest // 2, longest - 1, longest, longest + 1, longest * 2])
    start = rnd.randrange(5)
    text = ("ab c\n" * (size // 5 + 2))[start : start + size]
    return rnd.choice(["", " ", "  "]) + text + rnd.choice(["", " ", "\n"])


def _embed(rnd: random.Random) -> discord.Embed:
    embed = discord.Embed(title=_text(rnd, TITLE) or None, description=_text(rnd, DESCRIPTION) or None, colour=1)
    for _ in range(rnd.choice([0, 1, 3, 8, 24, 25, 26, 40])):
        long = rnd.random() < 0.3
        name = _text(rnd, FIELD_NAME) if long else rnd.choice(["", " ", "Notes", " Notes "])
        value = _text(rnd, FIELD_VALUE) if long else rnd.choice(["", "x", " 12 ", "a\nb"])
        embed.add_field(name=name, value=value, inline=rnd.choice([True, False]))
    if rnd.random() < 0.7:
        embed.set_footer(text=_text(rnd, FOOTER))
    if rnd.random() < 0.3:
        embed.set_author(name=_text(rnd, AUTHOR))
    return embed


def test_clamp_equals_the_plain_rebuild() -> None:
    rnd = random.Random(11)
    for _ in range(1500):
        seed = rnd.random()
        fast, slow = limits.clamp(_embed(random.Random(seed))), _clamp_slowly(_embed(random.Random(seed)))
        assert fast.to_dict() == slow.to_dict()
        assert limits.fits([fast])


def test_fit_embeds_keeps_whole_embeds_within_the_total() -> None:
    big = [discord.Embed(description="x" * 2500) for _ in range(4)]
    assert len(limits.fit_embeds(big)) == 2
    assert len(limits.fit_embeds([discord.Embed(title="t") for _ in range(12)])) == 10


def _text_slowly(catalog: Catalog, lang: str, key: str, **params: Any) -> str:
    """Catalog.text as first written: the counting number sought for every message."""
    template = None
    number = _counting(params)
    if number is not None:
        template = catalog._plural(lang, key, number)
    if template is None:
        template = catalog.lookup(lang, key)
    if template is None:
        return key
    if not params:
        return template
    values = _Params({k: _display(v) for k, v in params.items()})
    return template.format_map(values)


def test_catalog_text_equals_the_plain_lookup_for_every_message() -> None:
    catalog = Catalog()
    tx = Texts(catalog, "en")
    params: list[dict[str, Any]] = [
        {},
        {"count": 1},
        {"count": 3, "name": "Borin"},
        {"n": 5},
        {"n": 22, "round": 2},
        {"name": ["a", "a", "b"], "value": 2.5},
        {"what": Term("location", "head"), "value": True},
    ]
    for lang in catalog.languages:
        keys = {k.split("#")[0] for k in catalog.messages[lang]}
        for key in sorted(keys):
            for p in params:
                plain = {k: tx.plain(v) for k, v in p.items()}
                assert catalog.text(lang, key, **plain) == _text_slowly(catalog, lang, key, **plain), (lang, key, p)
                assert Texts(catalog, lang)(key, **p) == _text_slowly(catalog, lang, key, **plain), (lang, key, p)


def test_make_embed_equals_clamp_of_the_same_parts() -> None:
    rnd = random.Random(17)
    for _ in range(1500):
        made = _embed(rnd)
        title, description = made.title, made.description
        fields = [(f.name or "", f.value or "", bool(f.inline)) for f in made.fields]
        footer = made.footer.text if rnd.random() < 0.8 else None
        slow = discord.Embed(title=title, description=description, colour=7)
        for name, value, inline in fields:
            slow.add_field(name=name, value=value, inline=inline)
        if footer is not None:
            slow.set_footer(text=footer)
        fast = limits.make_embed(title, description, 7, fields, footer)
        assert fast.to_dict() == limits.clamp(slow).to_dict()
        assert limits.fits([fast])


def test_whole_numbers_are_written_as_the_general_way_writes_them() -> None:
    from bot.presenters.checks import number

    def number_slowly(tx: Texts, value: int | float) -> str:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        text = (f"{value:g}" if isinstance(value, float) else str(value)).replace("-", "−")
        return text.replace(".", ",") if tx.lang in ("cs", "pl", "it") else text

    catalog = Catalog()
    for lang in catalog.languages:
        tx = Texts(catalog, lang)
        for value in [*range(-1200, 1200, 7), 0, -1, 10**12, -(10**12), 2.5, -0.5, 3.0, True, 1e21]:
            assert number(tx, value) == number_slowly(tx, value), (lang, value)


def test_a_missing_placeholder_shows_or_raises_as_the_catalog_is_set() -> None:
    import pytest

    from bot.i18n.catalog import MissingText

    catalog = Catalog()
    key = next(k for k, v in catalog.messages["en"].items() if "{name}" in v and "#" not in k)
    assert "{name}" in catalog.text("en", key, other=1)
    catalog.strict = True
    with pytest.raises(MissingText):
        catalog.text("en", key, other=1)


def test_plain_parameters_format_as_the_displayed_ones() -> None:
    """Strings, numbers and booleans go to the template as they are: the same text as through `_display`."""
    catalog = Catalog()
    rnd = random.Random(23)
    values: list[Any] = ["Borin", "", "{x}", 0, 1, -7, 1200, 2.5, -0.5, 3.0, 1e21, True, False]
    for lang in catalog.languages:
        keys = sorted({k.split("#")[0] for k in catalog.messages[lang]})
        for key in rnd.sample(keys, 400):
            names = rnd.sample(["name", "count", "n", "value", "round", "by", "what", "other"], rnd.randint(1, 4))
            params = {name: rnd.choice(values) for name in names}
            assert catalog.text(lang, key, **params) == _text_slowly(catalog, lang, key, **params), (lang, key, params)
            assert Texts(catalog, lang)(key, **params) == _text_slowly(catalog, lang, key, **params)


def test_remembered_note_keys_and_tags_equal_the_plain_lookup() -> None:
    from bot.presenters import render
    from rules import all_systems

    catalog = Catalog()
    notes = {k.split("#")[0].rsplit(".", 1)[-1] for k in catalog.messages["en"] if k.startswith("note.")}
    for lang in catalog.languages:
        for system in [None, *sorted(all_systems())]:
            tx = Texts(catalog, lang, system)
            for key in sorted(notes):
                own = f"note.{system}.{key}"
                assert render._note_key(tx, key) == (own if system and catalog.has(lang, own) else f"note.{key}")
            if system:
                assert render._system_tag(tx, system) == tx(f"system.{system}.tag")


def test_a_namer_names_as_term_does() -> None:
    """Texts.namer reads found names from the catalog's table: the same as `term`, found or not, for every kind."""
    import logging

    from rules import all_systems

    catalog = Catalog()
    logging.disable(logging.ERROR)  # unknown keys are asked on purpose
    try:
        kinds = {k.split(".")[0] for k in catalog.messages["en"]} | {"weapon", "armour", "shield"}
        for lang in catalog.languages:
            for system in [None, *sorted(all_systems())]:
                tx = Texts(catalog, lang, system)
                for kind in sorted(kinds):
                    keys = sorted(
                        {k.split("#")[0].rsplit(".", 1)[-1] for k in catalog.messages[lang] if k.startswith(kind + ".")}
                    )
                    keys = [*keys[:40], "no_such_key", "Borin*the_Bold*"]
                    name = tx.namer(kind)
                    for _ in range(2):  # asked first, then found in the table
                        assert [name(k) for k in keys] == [tx.term(kind, k) for k in keys], (lang, system, kind)
    finally:
        logging.disable(logging.NOTSET)


def test_remembered_gendered_forms_equal_the_plain_lookup() -> None:
    catalog = Catalog()
    for lang in catalog.languages:
        own = catalog.messages[lang]
        gendered = sorted({k.split("#")[0] for k in own if k.rpartition("#")[2] in ("m", "f", "n")})
        asked = [*gendered, "outcome.hit", "wound.no_such_level"]
        for _ in range(2):  # first asked, then remembered
            for full in asked:
                kind, _, rest = full.partition(".")
                system, _, key = rest.rpartition(".")
                for variant in ("m", "f", "n"):
                    plain = own.get(f"{full}#{variant}") if system else own.get(f"{kind}.{key}#{variant}")
                    if system:  # the game's own form first, then the generic one
                        plain = plain if plain is not None else own.get(f"{kind}.{key}#{variant}")
                    assert catalog.term_variant(lang, kind, system or None, key, variant) == plain, (lang, full)
