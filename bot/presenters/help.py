"""`/help` pages: how a fight runs, every command, and per game the keys a player types (native name,
meaning, range, example), the NPC line, the one-line notation, options, actions, blows and templates."""

from __future__ import annotations

import discord

from bot.presenters.limits import DESCRIPTION, clamp, cut
from bot.presenters.texts import Texts
from rules import CombatSystem, all_systems, get_system
from rules.vocabulary import Key

TOPICS = ("fight", "commands", "stats", "npc", "notation", "options", "actions", "blows", "templates")
GAME_TOPICS = frozenset(TOPICS) - {"fight", "commands"}
PAGE = 3600  # characters of rows a page holds (well inside an embed's 4096 and a message's 6000)
NEUTRAL = 0x5865F2
# The fight guide's NPC line in each game's own keys (the seed's words), so the line it shows is one the
# channel's game takes as it stands; tests add each one.
NPC_LINES = {
    "dnd35": "TZ:15 životy:7 útok:+1 zranění:1k6",
    "arm5": "atak:9 obrona:6 obrażenia:5 wyparowania:7",
    "adnd2cp": "thac0:17 ca:6 pf:9 danni:1d8",
    "cz2d10": "útok:10 obrana:17 zranění:d5+1 životy:12",
    "pl_wladanie": "obrona_fizyczna:12 władanie:6 kostki_obrażeń:1k8 parowanie:4 unik:3",
}


def help_pages(tx: Texts, commands: list[str], system_id: str | None, topic: str) -> list[discord.Embed]:
    """The pages of one topic (one embed each)."""
    if topic == "fight":
        return _pages(tx, tx("help.title.fight"), [_fight(tx, system_id)])
    if topic == "commands":
        return _pages(tx, tx("help.title.commands"), [_command_row(tx, c) for c in commands])
    if system_id is None:
        rows = [f"`{s.id}` — {tx(f'system.{s.id}.name')}" for s in all_systems().values()]
        return _pages(tx, tx("help.title.pick_system"), [tx("help.pick_system"), *rows])
    system = get_system(system_id)
    gx = tx.for_system(system.id)
    title = tx(f"help.title.{topic}", system=gx(f"system.{system.id}.tag"))
    return _pages(gx, title, _game_rows(gx, system, topic))


def _fight(tx: Texts, system_id: str | None) -> str:
    """How a fight runs, its examples in the channel's game (or the reader's language's usual one)."""
    game = system_id or tx("help.fight.game")
    return tx("help.fight", system=game, npc=tx("help.fight.npc"), stats=NPC_LINES[game])


def _game_rows(tx: Texts, system: CombatSystem, topic: str) -> list[str]:
    if topic == "stats":
        keys = [_key_row(tx, k) for k in system.stat_vocabulary().keys.values()]
        return [tx(f"help.{system.id}.intro"), "", *keys, tx("help.gender")]
    if topic == "npc":
        return [tx(f"help.{system.id}.npc")]
    if topic == "notation":
        return [tx(f"help.{system.id}.notation")]
    if topic == "options":
        reactions = system.reaction_options
        return [
            ("⟲ " if k.key in reactions else "") + _key_row(tx, k) for k in system.option_vocabulary().keys.values()
        ] + [tx("help.reaction_legend")]
    if topic == "actions":
        return _action_rows(tx, system) or [tx("help.none")]
    if topic == "blows":
        prefix = f"meaning.{system.id}.blow."
        blows = [k.removeprefix(prefix) for k in tx.catalog.messages[tx.lang] if k.startswith(prefix)]
        return [f"**{tx.term('blow', b)}** (`{b}`) — {tx(prefix + b)}" for b in blows] or [tx("help.none")]
    if topic == "templates":
        return [f"**{tx.term('template', t)}** (`{t}`): `{line}`" for t, line in system.templates().items()] or [
            tx("help.none")
        ]
    return [tx("help.none")]


def _key_row(tx: Texts, k: Key) -> str:
    """`**síla** (str) — Síla postavy · 1–60 · např. síla:7`: the native name, the key, what it means,
    its range or values, an example."""
    meaning_key = f"meaning.{tx.system}.{k.key}"
    meaning = tx(meaning_key) if tx.catalog.has(tx.lang, meaning_key) else ""
    parts = [f"**{k.shown}**" + (f" (`{k.key}`)" if k.shown != k.key else "")]
    if meaning:
        parts.append(f"— {meaning}")
    if k.minimum is not None or k.maximum is not None:
        low = "…" if k.minimum is None else _number(k.minimum)
        high = "…" if k.maximum is None else _number(k.maximum)
        parts.append(f"· {low}–{high}")
    if k.values:
        names = [n[0] if n else v for v, n in k.values.items()]
        parts.append("· " + cut(", ".join(names), 160))
    if k.example:
        parts.append(f"· `{k.example}`")
    return " ".join(parts)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _action_rows(tx: Texts, system: CombatSystem) -> list[str]:
    """One row per action; another id for the same action (arm5's `withdraw` for `disengage`) is listed in
    its row, not as an action of its own."""
    grouped: dict[tuple[str, str, bool], list[str]] = {}
    for action in system.extra_actions:
        meaning_key = f"meaning.{system.id}.action.{action}"
        meaning = tx(meaning_key) if tx.catalog.has(tx.lang, meaning_key) else ""
        grouped.setdefault((tx.term("action", action), meaning, action in system.reaction_actions), []).append(action)
    return [
        f"{'⟲ ' if reaction else ''}**{name}** ({', '.join(f'`{a}`' for a in ids)})"
        + (f" — {meaning}" if meaning else "")
        for (name, meaning, reaction), ids in grouped.items()
    ]


def _command_row(tx: Texts, qualified: str) -> str:
    """`/střetnutí další` — PJ: další tah …: the command as the user sees it in Discord, and what it does."""
    parts = qualified.split()
    shown = " ".join(tx(f"name.cmd.{'.'.join(parts[: i + 1])}") for i in range(len(parts)))
    return f"`/{shown}` — {tx('cmd.' + '.'.join(parts))}"


def _pages(tx: Texts, title: str, rows: list[str]) -> list[discord.Embed]:
    """Rows packed into pages; each page one embed, numbered when there are several."""
    chunks: list[list[str]] = [[]]
    size = 0
    for row in rows:
        row = cut(row, DESCRIPTION - 100)
        if size + len(row) + 1 > PAGE and chunks[-1]:
            chunks.append([])
            size = 0
        chunks[-1].append(row)
        size += len(row) + 1
    pages = []
    for i, chunk in enumerate(chunks, 1):
        embed = discord.Embed(title=cut(title, 256), description="\n".join(chunk), colour=NEUTRAL)
        if len(chunks) > 1:
            embed.set_footer(text=tx("help.page", page=i, pages=len(chunks)))
        pages.append(clamp(embed))
    return pages
