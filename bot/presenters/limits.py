"""Discord's embed limits, enforced in one place so no answer is ever rejected for its size."""

from __future__ import annotations

import re

import discord

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
TOTAL = 6000
CONTENT = 2000
ELLIPSIS = "…"
ZWSP = "\u200b"  # what an empty field name or value becomes: Discord refuses empty ones


def cut(text: str, limit: int) -> str:
    text = text.strip()
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + ELLIPSIS


NAME = 32  # a name in a list row
ROW = 90  # one row of a list (what the reader sees; mentions count as the name they show)


def short_name(name: str, limit: int = NAME) -> str:
    """A name shortened keeping both ends, so `Goblin łucznik 12` and `Goblin łucznik 13` stay apart:
    "Goblin łu…ucznik 12". Every list uses this, so one combatant reads the same everywhere."""
    name = " ".join(name.split())
    if len(name) <= limit:
        return name
    tail = max(8, (limit - 1) // 2)
    head = limit - 1 - tail
    return name[:head].rstrip() + ELLIPSIS + name[-tail:].lstrip()


def pack_rows(embed: discord.Embed, rows: list[str], continued: str, first_field: str | None = None) -> discord.Embed:
    """Put every row in: the description first (unless it is taken: then fields, the first named
    `first_field`), then fields named `continued`, within Discord's limits. Rows are kept whole; an embed
    holds about 60 rows of 90 characters."""
    description: list[str] = []
    size = len(embed.title or "") + len(embed.footer.text or "") + len(embed.description or "")
    used = 0
    i = 0
    room = 0 if embed.description else DESCRIPTION
    while i < len(rows) and used + len(rows[i]) + 1 <= room:
        description.append(rows[i])
        used += len(rows[i]) + 1
        i += 1
    embed.description = "\n".join(description) or embed.description
    size += used
    while i < len(rows) and len(embed.fields) < FIELDS:
        chunk: list[str] = []
        length = 0
        while i < len(rows) and length + len(rows[i]) + 1 <= FIELD_VALUE:
            chunk.append(rows[i])
            length += len(rows[i]) + 1
            i += 1
        if not chunk or size + length + len(continued) > TOTAL:
            break
        name = first_field if first_field and not description and not embed.fields else continued
        embed.add_field(name=name, value="\n".join(chunk), inline=False)
        size += length + len(continued)
    return embed


# Words of letters and digits (no `_`) one space apart: neither markdown, a link, a mention nor a heading
# can start from them, so escaping returns them unchanged (tests/bot/test_present_fast.py checks the claim).
_INERT = re.compile(r"[^\W_]+(?: [^\W_]+)*")


def escape(name: str | None) -> str:
    """A user-typed name made inert: no markdown, masked links, headings, mentions or line breaks."""
    if not name:
        return ""
    if _INERT.fullmatch(name):  # letters and digits in single-spaced words: nothing to escape, nothing to flatten
        return name
    flat = " ".join(name.split())
    text = discord.utils.escape_markdown(flat, as_needed=False)
    text = text.replace("@", "@\u200b").replace("<", "<\u200b").replace("#", "\\#")
    return text


Field = tuple[str, str, bool]  # name, value, inline


def make_embed(
    title: str | None, description: str | None, colour: int, fields: list[Field], footer: str | None = None
) -> discord.Embed:
    """`clamp(Embed(...))` of these parts, built from the strings: each part is cut on its way in and the
    whole counted on them, so the embed is never read back (only an answer over 6000 is shortened after)."""
    if title:
        title = cut(title, TITLE)
    if description:
        description = cut(description, DESCRIPTION)
    if len(fields) > FIELDS:
        fields = _folded(fields)
    embed = discord.Embed(title=title, description=description, colour=colour)
    size = len(title or "") + len(description or "")
    add_field = embed.add_field
    for name, value, inline in fields:
        # as _cut_field: within the limits, an empty part a zero-width space
        name = (name and cut(name, FIELD_NAME)) or ZWSP
        value = (value and cut(value, FIELD_VALUE)) or ZWSP
        add_field(name=name, value=value, inline=bool(inline))
        size += len(name) + len(value)
    if not fields:
        embed.clear_fields()  # as clamp leaves it: an empty field list in the payload
    if footer is not None:
        footer = cut(footer, FOOTER) if footer else footer
        embed.set_footer(text=footer)
        size += len(footer)
    if size > TOTAL:
        _fit_total(embed)
    return embed


def clamp(embed: discord.Embed) -> discord.Embed:
    """Cut every part to its limit, then shorten from the end until the whole fits in 6000."""
    if embed.title:
        embed.title = cut(embed.title, TITLE)
    if embed.description:
        embed.description = cut(embed.description, DESCRIPTION)
    fields = embed.fields  # proxies of discord.py's own field dicts: read once, rewrite only a field that changes
    if len(fields) > FIELDS:
        _refill(embed, _folded([(f.name or "", f.value or "", bool(f.inline)) for f in fields]))
    elif not fields:
        embed.clear_fields()  # the payload carries an empty field list, as it always has
    else:
        for i, f in enumerate(fields):
            name, value, inline = _cut_field(f.name, f.value, f.inline)
            if name != f.name or value != f.value or inline is not f.inline:
                embed.set_field_at(i, name=name, value=value, inline=inline)
    footer = embed.footer.text
    if footer:
        embed.set_footer(text=cut(footer, FOOTER))
    author = embed.author.name
    if author:
        embed.set_author(name=cut(author, AUTHOR))
    if len(embed) > TOTAL:  # measured once: nearly every answer fits and needs no shortening
        _fit_total(embed)
    return embed


def _cut_field(name: str | None, value: str | None, inline: bool | None) -> tuple[str, str, bool]:
    """A field within its limits; an empty name or value becomes a zero-width space (Discord refuses empty)."""
    return cut(name or "", FIELD_NAME) or ZWSP, cut(value or "", FIELD_VALUE) or ZWSP, bool(inline)


def _folded(fields: list[Field]) -> list[Field]:
    """At most as many fields as Discord takes: past that, the first 24 and a last one counting the rest."""
    if len(fields) <= FIELDS:
        return fields
    return [*fields[: FIELDS - 1], (ELLIPSIS, f"+{len(fields) - (FIELDS - 1)}", False)]


def _refill(embed: discord.Embed, fields: list[Field]) -> None:
    embed.clear_fields()
    for name, value, inline in fields:
        name, value, inline = _cut_field(name, value, inline)
        embed.add_field(name=name, value=value, inline=inline)


def _fit_total(embed: discord.Embed) -> None:
    while len(embed) > TOTAL and len(embed.fields) > 0:
        embed.remove_field(len(embed.fields) - 1)
    if len(embed) > TOTAL and embed.description:
        excess = len(embed) - TOTAL
        embed.description = cut(embed.description, max(1, len(embed.description) - excess - 1))
    if len(embed) > TOTAL and embed.footer and embed.footer.text:
        embed.set_footer(text=None)


def fits(embeds: list[discord.Embed]) -> bool:
    """True when a message's embeds respect every limit (used by tests and as a last check)."""
    if len(embeds) > 10 or sum(len(e) for e in embeds) > TOTAL:
        return False
    for e in embeds:
        if len(e.title or "") > TITLE or len(e.description or "") > DESCRIPTION or len(e.fields) > FIELDS:
            return False
        for f in e.fields:
            if len(f.name or "") > FIELD_NAME or len(f.value or "") > FIELD_VALUE:
                return False
        if e.footer and len(e.footer.text or "") > FOOTER:
            return False
    return True


def embed_groups(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """Whole embeds in order, in as many messages as they need (10 and 6000 characters each): nothing
    left out, unlike `fit_embeds`."""
    groups: list[list[discord.Embed]] = []
    total = 0
    for e in embeds:
        size = len(e)
        if not groups or len(groups[-1]) == 10 or total + size > TOTAL:
            groups.append([])
            total = 0
        groups[-1].append(e)
        total += size
    return groups


def fit_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """As many whole embeds as one message carries (10, 6000 characters in all), first ones first."""
    groups = embed_groups(embeds)
    return groups[0] if groups else []
