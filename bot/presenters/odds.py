"""`/odds`: each way an attack can end and its exact chance, per defence the target may choose."""

from __future__ import annotations

import discord

from bot.presenters.checks import number
from bot.presenters.limits import FIELD_VALUE, clamp, cut, escape
from bot.presenters.texts import Texts
from bot.service.odds import OddsOutcome
from rules import Chance, OddsLine

COLOUR = 0x9B59B6


def percent(tx: Texts, p: float) -> str:
    """A probability as the reader writes a percentage: `55 %`, `6,5 %`, `< 0,1 %` (never a false 0)."""
    if p <= 0:
        return f"0{_space(tx)}%"
    if p < 0.001:
        return f"< {number(tx, 0.1)}{_space(tx)}%"
    value = round(p * 100, 1)
    return f"{number(tx, int(value) if value.is_integer() else value)}{_space(tx)}%"


def _space(tx: Texts) -> str:
    return "\u00a0" if tx.lang in ("cs", "pl", "it") else ""  # "55 %" in cs/pl/it, "55%" in English


def chances(tx: Texts, kind: str, items: list[Chance], gender: str | None = None) -> str:
    return " · ".join(f"{tx.term(kind, c.key, gender)} {percent(tx, c.p)}" for c in items)


def odds_embed(tx: Texts, o: OddsOutcome) -> discord.Embed:
    tx = tx.for_system(o.system.id)
    r = o.odds
    title = f"🎯 {escape(o.actor.name)} → {escape(o.target.name)}"
    if r.weapon:
        title += f" ({tx.term('weapon', r.weapon)})"
    embed = discord.Embed(title=cut(title, 256), description=tx("odds.intro"), colour=COLOUR)
    for line in r.lines[:20]:
        embed.add_field(name=_line_name(tx, line), value=cut(_line_text(tx, line, o.target.gender), FIELD_VALUE))
    notes = []
    if r.subattacks:
        notes.append(tx("odds.independent", count=r.subattacks))
    if r.truncated > 0:
        notes.append(tx("odds.truncated", share=percent(tx, r.truncated)))
    if notes:
        embed.add_field(name=tx("field.notes"), value="\n".join("• " + n for n in notes), inline=False)
    embed.set_footer(text=tx("odds.footer"))
    return clamp(embed)


def _line_name(tx: Texts, line: OddsLine) -> str:
    if line.defence is None:
        return tx("odds.attack")
    return tx("odds.with_defence", defence=tx.term("defence", line.defence))


def _line_text(tx: Texts, line: OddsLine, gender: str | None) -> str:
    rows = [chances(tx, "outcome", line.outcomes)]
    if line.threat:
        rows.append(tx("odds.critical", threat=percent(tx, line.threat), confirm=percent(tx, line.confirm or 0)))
    if line.expected_damage is not None:
        rows.append(tx("odds.expected_damage", damage=number(tx, round(line.expected_damage, 2))))
    if line.locations:
        rows.append(f"{tx('field.location')}: {chances(tx, 'location', line.locations)}")
    if line.wounds:
        rows.append(f"{tx('odds.wound')}: {chances(tx, 'wound', line.wounds, gender)}")
    return "\n".join(rows)


def hit_chance(o: OddsLine) -> float:
    """The chance the attack lands at all (any hit or critical), for the one-line note on attacks."""
    return sum(c.p for c in o.outcomes if c.key.startswith(("hit", "crit")))
