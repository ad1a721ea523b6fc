"""The live tracker's embed: the fight at a glance — round, the order with ▶ on whose turn it is, each
combatant's state (its level, or a hidden NPC's descriptor), conditions and effects with rounds left, and
a compact bar for those whose numbers are public. One row of at most 90 characters per combatant."""

from __future__ import annotations

import math

import discord

from bot.presenters import render
from bot.presenters.limits import clamp, pack_rows
from bot.presenters.texts import Texts
from bot.service.state import Combatant, Encounter
from rules import CombatSystem

WIDTH = 5
# Wound-level systems have no HP: the bar follows the five public steps of the combatant's state.
STEPS = {"unhurt": 5, "wounded": 4, "badly_wounded": 2, "near_death": 1, "down": 0}


def bar(filled: int, width: int = WIDTH) -> str:
    filled = max(0, min(width, filled))
    return "▰" * filled + "▱" * (width - filled)


def health_bar(system: CombatSystem, c: Combatant) -> str:
    """HP left as a share of the maximum (any HP left shows at least one segment), never more than the
    state's step (a cz2d10 fighter killed by a head wound keeps a whole body's HP), else the step alone."""
    status = c.status(system)
    step = STEPS.get(system.descriptor(status), WIDTH)
    if status.hp is not None and status.hp_max:
        share = max(0.0, min(1.0, status.hp / status.hp_max))
        return bar(min(step, math.ceil(share * WIDTH) if status.hp > 0 else 0))
    return bar(step)


def tracker_embed(tx: Texts, enc: Encounter, system: CombatSystem) -> discord.Embed:
    tx = tx.for_system(system.id)
    active = enc.status == "active"
    if not active:
        title = tx("tracker.ended_title", name=enc.name)
    elif enc.round:
        title = tx("status.title", name=enc.name, round=enc.round)
    else:
        title = tx("status.title_setup", name=enc.name)
    current = enc.current(system.initiative_descending) if active else None
    rows = []
    for c in enc.order(system.initiative_descending):
        marker = "▶" if current is not None and c.id == current.id else "•"
        init = "—" if c.initiative is None else str(c.initiative)
        state = render.state_line(tx, system, c, c.hidden)
        shown = state if c.hidden else f"{health_bar(system, c)} {state}"
        rows.append(render.row(f"{marker} `{init:>3}` ", c, shown))
    embed = discord.Embed(title="📋 " + title, description=None if rows else tx("status.empty"), colour=render.NEUTRAL)
    pack_rows(embed, rows, tx("status.more"))
    embed.set_footer(text=tx("tracker.footer") if active else tx("tracker.ended_footer"))
    return clamp(embed)
