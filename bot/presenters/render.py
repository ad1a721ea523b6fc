"""Embeds for every answer. Public embeds never show a hidden NPC's numbers."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

import discord

from bot.presenters.checks import View, check_line
from bot.presenters.limits import ROW, Field, clamp, cut, escape, make_embed, pack_rows, short_name
from bot.presenters.odds import percent
from bot.presenters.texts import Texts
from bot.service.bot_settings import BotSettings
from bot.service.game import (
    ActionOutcome,
    CharacterUpdate,
    EditOutcome,
    InitiativeOutcome,
    SettingSaved,
    SettingsView,
    TurnOutcome,
    UndoOutcome,
)
from bot.service.state import Combatant, Effect, Encounter
from bot.storage.repository import Character
from rules import ActionResult, CombatSystem, Damage, Modifier, Note, Status
from rules.model import Side
from rules.system import describe_fields

COLOURS = {
    "hit": 0x2ECC71,
    "crit": 0xF1C40F,
    "miss": 0x95A5A6,
    "fumble": 0xE74C3C,
    "pending_defence": 0x3498DB,
    "defended": 0x95A5A6,
}
NEUTRAL = 0x5865F2
HIDDEN = "?"


def _signed(value: int | float) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"+{value}" if value >= 0 else f"−{abs(value)}"


def _colour(outcome: str) -> int:
    for key, colour in COLOURS.items():
        if outcome == key or outcome.startswith(key):
            return colour
    return NEUTRAL


def _mods(tx: Texts, mods: list[Modifier]) -> str:
    return " ".join(f"{_signed(m.value)} {tx.term('term', m.key)}" for m in mods if m.value != 0)


def roll_line(tx: Texts, r: ActionResult, hide_actor: bool, hide_target: bool, public_total: bool = False) -> str:
    dice = " ".join(
        f"{tx.term('die', d.purpose)} d{d.sides} {'~~' if d.dropped else ''}**{d.face}**{'~~' if d.dropped else ''}"
        for d in r.rolls
    )
    parts = [f"🎲 {dice}" if dice else ""]
    if r.modifiers and not hide_actor:
        parts.append(_mods(tx, r.modifiers))
    if r.total is not None:
        parts.append(f"= **{HIDDEN if hide_actor and not public_total else r.total}**")
    if r.against is not None:
        against = tx.term("term", r.against_key or "against")
        parts.append(tx("result.versus", what=against, value=HIDDEN if hide_target else r.against))
        if r.defence_modifiers and not hide_target:
            parts.append(f"({_mods(tx, r.defence_modifiers)})")
    return " ".join(p for p in parts if p)


def damage_line(tx: Texts, d: Damage, hide_target: bool) -> str:
    text = ""
    if d.dice:
        text = "[" + ", ".join(str(f) for f in d.dice) + "]"
    mods = _mods(tx, d.modifiers)
    if mods:
        text = f"{text} {mods}".strip()
    if d.multiplier != 1:
        text += f" ×{d.multiplier}"
    text += f" = **{d.rolled}**"
    if d.reduced_by and not hide_target:
        text += " " + tx("result.reduced", by=d.reduced_by, applied=d.applied)
    elif d.reduced_by:
        text += " " + tx("result.reduced_hidden", applied=d.applied)
    kind = tx.term("damage", d.kind)
    return f"{text} ({kind})"


def outcome_text(tx: Texts, r: ActionResult, hidden: bool = False, gender: str | None = None) -> str:
    """The outcome (agreeing with the target where it describes the target: "Odzbrojena"), and the
    margin unless a hidden side would let it give a number away."""
    text = tx.term("outcome", r.outcome, gender)
    if r.margin is not None and not hidden:  # a margin next to one known total would reveal the other
        text += " " + tx("result.margin", margin=_signed(r.margin))
    return text


def _result_fields(
    tx: Texts,
    r: ActionResult,
    view: View,
    o: ActionOutcome,
    target_status: Status | None,
    bystander_hidden: bool,
    apart: bool,
) -> list[tuple[str, str]]:
    gender = o.target.gender if o.target is not None else None
    fields: list[tuple[str, str]] = [(tx("field.outcome"), outcome_text(tx, r, bool(view.hide), gender))]
    if r.attacks and r.damage is not None and any(s.checks for s in r.attacks) and not apart:
        # The total holds every one's damage: one hidden bystander's share would show through it.
        shown = HIDDEN if "target" in view.hide or bystander_hidden else str(r.damage.applied)
        fields.append((tx("field.damage_total"), f"**{shown}**"))
    elif r.damage is not None and not has_damage_check(r) and (r.damage.rolled or r.damage.applied):
        fields.append((tx("field.damage"), damage_line(tx, r.damage, "target" in view.hide)))
    if r.location and not any(c.location for c in r.checks):
        fields.append((tx("field.location"), tx.term("location", r.location)))
    shown_level = target_status.level if target_status is not None else None
    # The target's state line names the level already; a hidden target's level is not for players.
    if r.wound and r.wound != shown_level and "target" not in view.hide:
        name = tx("field.wound")
        if r.location and o.system.wound_of_the_part:  # "Stav (levá ruka)": not a second overall state
            name = f"{name} ({tx.term('location', r.location)})"
        fields.append((name, tx.term("wound", r.wound, gender)))
    return fields


def note_lines(tx: Texts, r: ActionResult, view: View | None = None) -> list[str]:
    """The result's notes in the reader's words. While a side is hidden, a note carrying numbers is shown
    only when it names a side the reader may see (numbers of unknown origin could be the hidden ones)."""
    if view is None or not view.hide:  # nothing hidden from this reader: every note as it is
        return ["• " + _note_text(tx, n) for n in r.notes]
    lines = []
    for n in r.notes:
        # A hidden side's own note, or numbers of unknown origin while a side is hidden, is the GM's.
        if n.side in view.hide or (n.side is None and _numeric(n.params)):
            view.hid = True
            view.hidden_lines.append("• " + _note_text(tx, n))
            continue
        lines.append("• " + _note_text(tx, n))
    return lines


def _numeric(params: dict[str, Any]) -> bool:
    return any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in params.values())


def _note_text(tx: Texts, n: Note) -> str:
    return tx(_note_key(tx, n.key), **n.params)


@lru_cache(maxsize=1024)
def _note_key(tx: Texts, key: str) -> str:
    """The game's own wording of a note where it has one (asked once per reader and note: the catalog is fixed)."""
    own = f"note.{tx.system}.{key}"
    return own if tx.system and tx.catalog.has(tx.lang, own) else f"note.{key}"


def state_line(tx: Texts, system: CombatSystem, c: Combatant, hide: bool, status: Status | None = None) -> str:
    status = c.status(system) if status is None else status
    conditions = [k for k in status.conditions if k != status.level]  # the level is already named
    parts = [level_word(tx, system, c, status, hide)]
    if hide:
        # One that is down shows no conditions (unconscious gone would tell dying from dead), and no
        # condition may name a wound level (a limb's, in the polygonal system).
        down = system.descriptor(status) == "down"
        conditions = [] if down else [k for k in conditions if not system.tells_wounds(k)]
    if status.hp is not None and not hide:
        parts.append(tx("status.hp", hp=status.hp, max=status.hp_max if status.hp_max is not None else "?"))
    left = {e.name: e.rounds for e in c.effects if e.rounds is not None}
    shown = [_with_rounds(tx.term("condition", k, c.gender), left.get(k)) for k in conditions]
    shown += [_with_rounds(e.name, e.rounds) for e in c.effects if not e.condition]
    if shown:
        parts.append(", ".join(shown))
    return " · ".join(parts)


def level_word(tx: Texts, system: CombatSystem, c: Combatant, status: Status, hide: bool) -> str:
    """How one stands, in a word: a hidden combatant shows players one of five steps, never its own level."""
    if hide:
        return tx(f"descriptor.{system.descriptor(status)}", gender=c.gender)
    return tx.term("wound", status.level, c.gender)


def _with_rounds(label: str, rounds: int | None) -> str:
    return label if rounds is None else f"{label} ({rounds}⏳)"


def action_embed(tx: Texts, o: ActionOutcome, full: bool = False) -> discord.Embed:
    """The public (or, with `full`, the GM's) embed of an attack, shot or other action."""
    return action_embeds(tx, o, full)[0]


def action_embeds(tx: Texts, o: ActionOutcome, full: bool = False) -> tuple[discord.Embed, discord.Embed | None]:
    """The embed everyone sees and, when a hidden side's numbers were left out of it, the GM's private
    copy holding only those numbers (None when nothing was hidden)."""
    tx = tx.for_system(o.system.id)
    r = o.result
    hide: set[Side] = set()
    if o.actor.hidden and not full:
        hide.add("actor")
    if o.target is not None and o.target.hidden and not full:
        hide.add("target")
    view = View(frozenset(hide))
    icon = {"shot": "🏹", "attack": "⚔️"}.get(r.action, "✴️")
    actor_name = escape(o.actor.name)
    target_name = escape(o.target.name) if o.target is not None else ""
    target_status = o.target.status(o.system) if o.target is not None else None  # asked once, shown twice
    title = f"{icon} {actor_name}"
    if o.target is not None:
        title += f" → {target_name}"
    if r.weapon:
        title += f" ({tx.term('weapon', r.weapon)})"
    lines = []
    if r.action not in ("attack", "shot"):
        lines.append(tx.term("action", r.action))
    lines += result_lines(tx, r, view)
    fields: list[Field] = []
    bystander_hidden = False
    apart = _apart(o, r)
    for i, sub in enumerate(r.attacks, 1):
        other = _other_target(o, sub)
        victim = o.encounter.find(sub.target) if other and sub.target else None
        # A sub-result on someone else (a cleave, an area attack) hides by that one's own flag.
        sub_view = View(frozenset(_sub_hide(victim, hide, full) if other else hide))
        bystander_hidden = bystander_hidden or (other and "target" in sub_view.hide)
        value = [*result_lines(tx, sub, sub_view), outcome_text(tx, sub, bool(sub_view.hide))]
        if sub.damage is not None and not has_damage_check(sub) and (sub.damage.rolled or sub.damage.applied):
            value.append(tx("field.damage") + ": " + damage_line(tx, sub.damage, "target" in sub_view.hide))
        if sub.location and not any(c.location for c in sub.checks):
            value.append(tx("field.location") + ": " + tx.term("location", sub.location))
        value += note_lines(tx, sub, sub_view)
        if victim is not None:  # what the blow left of that one, as the main target's state line shows
            state = state_line(tx, o.system, victim, "target" in sub_view.hide)
            value.append(f"{tx('field.target_state', name=cut(escape(victim.name), 80))}: {state}")
        view.hid = view.hid or sub_view.hid
        view.hidden_lines += sub_view.hidden_lines
        name = None
        if other and apart:  # a blow of its own on someone else (a cleave): named by it
            name = f"{tx.term('action', sub.action)} → {cut(escape(sub.target), 60)}"
        elif other:
            name = tx("field.attack_on", n=i, name=cut(escape(sub.target), 60))
        fields.append((name or tx("field.attack_n", n=i), "\n".join(value), False))
    shown = _result_fields(tx, r, view, o, target_status, bystander_hidden, apart)
    fields += [(name, text, True) for name, text in shown]
    if o.target is not None:
        name = tx("field.target_state", name=cut(target_name, 80))
        fields.append((name, state_line(tx, o.system, o.target, "target" in hide, target_status), False))
    notes = note_lines(tx, r, view)
    if o.out_of_turn:
        notes.insert(0, "• " + tx("note.out_of_turn_gm"))
    if o.forced:
        notes.insert(0, "• " + tx("note.forced_on_dead"))
    if o.hit_chance is not None and not hide:
        notes.append("• " + tx("odds.hit_line", chance=percent(tx, o.hit_chance)))
    if notes:
        fields.append((tx("field.notes"), "\n".join(notes), False))
    left = None if "actor" in hide else o.actor.status(o.system).actions_left
    if left is not None:
        fields.append((tx("field.actions_left", name=cut(actor_name, 80)), str(left), True))
    if o.turn_passed_to is not None:
        fields.append((tx("field.turn"), _now_line(tx, o.turn_passed_to), False))
    embed = make_embed(title, "\n".join(lines) or None, _colour(r.outcome), fields, _footer(tx, o.system, o.encounter))
    private = None
    if view.hid:
        gm_lines = view.hidden_lines + ([outcome_text(tx, r, False)] if r.margin is not None else [])
        private = make_embed(title, "\n".join(gm_lines), NEUTRAL, [], tx("result.gm_copy"))
    return embed, private


def result_lines(tx: Texts, r: ActionResult, view: View) -> list[str]:
    """One line per check; a result from before checks existed keeps its old roll line. A summary
    (a full attack) shows its sub-results' lines in their own fields instead."""
    if r.checks:
        # The result's own outcome is its field: a check that says the same is not repeated.
        return [check_line(tx, c, view, outcome=c.outcome != r.outcome) for c in r.checks]
    if r.attacks:
        return []
    if r.rolls or r.total is not None:
        if view.hide:
            view.hid = True
            view.hidden_lines.append(roll_line(tx, r, False, False))
        return [roll_line(tx, r, "actor" in view.hide, "target" in view.hide)]
    return []


def has_damage_check(r: ActionResult) -> bool:
    return r.damage is not None and any(c.total == r.damage.applied and c.raw is not None for c in r.checks)


def _sub_hide(victim: Combatant | None, hide: set[Side], full: bool) -> set[Side]:
    """The sides a sub-result on another combatant (`victim`) hides: the actor's as the whole result does,
    the target's by that combatant's own flag."""
    if full:
        return set()
    sides: set[Side] = {"actor"} if "actor" in hide else set()
    if victim is not None and victim.hidden:
        sides.add("target")
    return sides


def _apart(o: ActionOutcome, r: ActionResult) -> bool:
    """A blow that also struck others with damage of their own (a cleave): the result's damage is the main
    target's alone, so a total would read as everyone's ("Danni in tutto: 1" for 1 on the orc and 8 on
    the goblin); each line shows its own instead. An area attack's damage holds its bystanders' shares."""
    if not r.attacks or r.damage is None or not all(_other_target(o, s) for s in r.attacks):
        return False
    own = next((c.total for c in r.checks if c.label.startswith("damage") and c.total is not None), None)
    return own is not None and r.damage.applied == own and any(s.damage and s.damage.applied for s in r.attacks)


def _other_target(o: ActionOutcome, sub: ActionResult) -> bool:
    return bool(sub.target) and (o.target is None or sub.target != o.target.name)


def _now_line(tx: Texts, c: Combatant) -> str:
    who = c.name if c.is_npc else f"{c.name} (<@{c.owner_user_id}>)"
    return tx("turn.now", name=who)


def _footer(tx: Texts, system: CombatSystem, enc: Encounter) -> str:
    """A short tag of the game (its full name is in /encounter start's answer), the fight and the round."""
    return tx("footer.encounter", system=_system_tag(tx, system.id), name=cut(enc.name, 80), round=enc.round)


@lru_cache(maxsize=64)
def _system_tag(tx: Texts, system_id: str) -> str:
    """A game's tag in the reader's language: asked once, not twice per answer (the catalog is fixed)."""
    return tx(f"system.{system_id}.tag")


def _system_name(tx: Texts, system: CombatSystem) -> str:
    key = f"system.{system.id}.name"
    return tx(key) if tx.catalog.has(tx.lang, key) else system.name


# --- encounter -----------------------------------------------------------------------------------------
def started_embed(tx: Texts, enc: Encounter, system: CombatSystem) -> discord.Embed:
    embed = discord.Embed(
        title=tx("encounter.started_title", name=enc.name),
        description=tx("encounter.started", system=_system_name(tx, system), gm=f"<@{enc.gm_user_id}>"),
        colour=NEUTRAL,
    )
    return clamp(embed)


def row(prefix: str, c: Combatant, rest: str) -> str:
    """One list row of at most ROW visible characters: the name shortened keeping both ends."""
    name = escape(short_name(c.name))
    owner = "" if c.is_npc else f" (<@{c.owner_user_id}>)"
    seen = len(prefix) + len(name) + (16 if owner else 0) + 3
    return f"{prefix}**{name}**{owner} — {cut(rest, max(10, ROW - seen))}"


def status_embed(tx: Texts, enc: Encounter, system: CombatSystem, full: bool) -> discord.Embed:
    """Every combatant, one compact row each (a GM's view adds the numbers while the table is small)."""
    tx = tx.for_system(system.id)
    order = enc.order(system.initiative_descending)
    current = enc.current(system.initiative_descending)
    title = tx("status.title", name=enc.name, round=enc.round) if enc.round else tx("status.title_setup", name=enc.name)
    detailed = len(order) <= 12  # numbers rows only while the whole table still fits one embed
    rows = []
    for c in order:
        hide = c.hidden and not full
        marker = "▶" if current is not None and c.id == current.id else "•"
        init = "—" if c.initiative is None else str(c.initiative)
        rows.append(row(f"{marker} `{init:>3}` ", c, state_line(tx, system, c, hide)))
        if (full or not hide) and detailed:
            numbers = c.status(system).numbers
            if numbers:
                rows += ["    " + line for line in _wrapped([f"{tx.term('term', k)} {v}" for k, v in numbers.items()])]
    embed = discord.Embed(title=title, description=tx("status.empty") if not rows else None, colour=NEUTRAL)
    embed.set_footer(text=_footer(tx, system, enc))
    pack_rows(embed, rows, tx("status.more"))
    waiting = [short_name(c.name) for c in order if c.initiative is None]
    if waiting and enc.round < 1 and len(embed.fields) < 25:
        embed.add_field(name=tx("status.waiting"), value=cut(", ".join(waiting), 1000), inline=False)
    return clamp(embed)


def _wrapped(items: list[str], width: int = ROW - 4, most: int = 3) -> list[str]:
    """Items joined by commas in lines of `width`, at most `most` lines (the last one cut): a number at
    the end of a long list (ArM5's wound and Fatigue penalty) is not lost to the cut."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += ", " + item
        else:
            lines.append(item)
    if len(lines) > most:
        lines[most - 1 :] = [", ".join(lines[most - 1 :])]
    return [cut(line, width) for line in lines]


def initiative_embed(tx: Texts, o: InitiativeOutcome) -> discord.Embed:
    tx = tx.for_system(o.system.id)
    if o.declared is not None:
        c, r = o.declared
        text = "\n".join([tx.term("outcome", r.outcome), *note_lines(tx, r)])
        embed = discord.Embed(title=tx("initiative.declared_title", name=cut(c.name, 100)), description=text)
        embed.set_footer(text=_footer(tx, o.system, o.encounter))
        return clamp(embed)
    # The initiative total is public (the order shows it); a hidden NPC's die and modifiers are not, since
    # die + total would give the modifier away: its line shows the total alone.
    # Each roll's own line while they are few; a big table gets the order alone (its totals are the rolls).
    lines = [initiative_line(tx, c, r) for c, r in o.rolled] if len(o.rolled) <= 10 else []
    order = [c for c in o.encounter.order(o.system.initiative_descending) if c.initiative is not None]
    rows = [f"{i}. {escape(short_name(c.name))} ({c.initiative})" for i, c in enumerate(order, 1)]
    embed = discord.Embed(title=tx("initiative.title"), colour=NEUTRAL)
    embed.set_footer(text=_footer(tx, o.system, o.encounter))
    if lines:
        embed.description = "\n".join(lines)
        pack_rows(embed, rows, tx("status.more"), first_field=tx("initiative.order"))
    else:
        pack_rows(embed, [f"**{tx('initiative.order')}**", *rows], tx("status.more"))
    return clamp(embed)


def initiative_line(tx: Texts, c: Combatant, r: ActionResult) -> str:
    name = escape(short_name(c.name))
    if c.hidden:
        return f"**{name}**: **{c.initiative}**"
    if r.checks:
        return f"**{name}**: " + " · ".join(check_line(tx, k, View()) for k in r.checks)
    return f"**{name}**: {roll_line(tx, r, False, False, public_total=True)}"


def turn_embed(tx: Texts, o: TurnOutcome) -> discord.Embed:
    """▶ whose turn and who is next; a new round's upkeep (every roll shown), the fallen skipped, effects
    that ran out. A hidden NPC's upkeep (still dying, bleeding …) and exact state are the GM's
    (`turn_gm_lines`); the table sees its state as the five steps only."""
    tx = tx.for_system(o.system.id)
    enc = o.encounter
    lines = []
    if o.nobody:
        lines.append(tx("turn.nobody_can_act", round=enc.round))
    elif o.current is None:
        lines.append(tx("turn.nobody"))
    else:
        lines.append(_now_line(tx, o.current))
        if o.next_up is not None:
            lines.append(tx("turn.next_up", name=o.next_up.name))
    title = tx("turn.round", round=enc.round) if o.new_round else tx("turn.title", round=enc.round)
    fields: list[Field] = []
    if o.rolled:
        value = "\n".join(
            " · ".join([f"{cut(c.name, 60)}: {c.initiative}", *(n.removeprefix("• ") for n in note_lines(tx, r))])
            for c, r in o.rolled
        )
        fields.append((tx("turn.rolled"), value, False))
    hidden = _hidden_names(enc) if o.upkeep else set()
    upkeep = [line for r in o.upkeep if r.actor not in hidden for line in upkeep_lines(tx, r, False)]
    if upkeep:
        fields.append((tx("turn.upkeep"), "\n".join(upkeep), False))
    if o.skipped:
        skipped = ", ".join(
            f"{escape(short_name(c.name))} ({level_word(tx, o.system, c, c.status(o.system), c.hidden)})"
            for c in _skipped(o)
        )
        fields.append((tx("turn.skipped"), skipped, False))
    if o.expired:
        value = "\n".join(
            tx("turn.effect_expired", name=cut(name, 60), effect=effect_name(tx, o.system, e)) for name, e in o.expired
        )
        fields.append((tx("turn.expired"), value, False))
    return make_embed(title, "\n".join(lines), NEUTRAL, fields, _footer(tx, o.system, enc))


def _hidden_names(enc: Encounter) -> set[str]:
    return {c.name for c in enc.combatants if c.hidden}


def _skipped(o: TurnOutcome) -> list[Combatant]:
    """Those passed over, once each, as they stand now: the round's upkeep after the skip may have changed
    them (a dying character stabilized)."""
    return [o.encounter.by_id(c.id) or c for c in {c.id: c for c in o.skipped}.values()]


def turn_gm_lines(tx: Texts, o: TurnOutcome) -> list[str]:
    """What the turn message left out for hidden NPCs, for the GM alone: their round upkeep with every
    number and the exact state of those passed over. Empty when nothing was hidden."""
    tx = tx.for_system(o.system.id)
    hidden = _hidden_names(o.encounter)
    lines = [line for r in o.upkeep if r.actor in hidden for line in upkeep_lines(tx, r, False)]
    lines += [
        f"{escape(short_name(c.name))}: {level_word(tx, o.system, c, c.status(o.system), False)}"
        for c in _skipped(o)
        if c.hidden
    ]
    return lines


def upkeep_lines(tx: Texts, r: ActionResult, hidden: bool) -> list[str]:
    """One combatant's round upkeep when there is something to see: each roll as its own check line,
    then the outcome and notes, every line led by the combatant's name."""
    view = View(frozenset({"actor"}) if hidden else frozenset())
    notes = [n.removeprefix("• ") for n in note_lines(tx, r, view)]
    if not r.rolls and not notes:
        return []  # plain bookkeeping (fresh actions): nothing the table needs to read
    name = f"**{escape(short_name(r.actor))}**: "
    lines = [name + line for line in result_lines(tx, r, view)]
    tail = [tx.term("outcome", r.outcome)] if r.outcome not in ("none", "", "upkeep") else []
    if tail or notes:
        lines.append(name + " · ".join([*tail, *notes]))
    return lines


def effect_name(tx: Texts, system: CombatSystem, e: Effect, gender: str | None = None) -> str:
    return tx.term("condition", e.name, gender) if e.condition else e.name


# --- characters and settings ----------------------------------------------------------------------------
def character_embed(tx: Texts, ch: Character, system: CombatSystem, fight_channel: int | None = None) -> discord.Embed:
    """A character's sheet; in a running fight (`fight_channel`), as it stands there now."""
    tx = tx.for_system(system.id)
    sheet = ch.sheet
    model = system.stored_sheet(sheet)
    # In the model's order, nested parts too (a stored sheet's keys are sorted: ArM5's wounds read
    # Ciężkie, Eliminujące, Lekkie, Średnie); a value the model dropped is read as stored.
    ordered = model.model_dump()
    fields = system.Sheet.model_fields
    shown = set(system.fields_of("build", "lasting"))
    lines = [
        f"{tx.term('term', k)}: {_listed_name(system.id, k, value) or _sheet_value(tx, value)}"
        for k, f in fields.items()
        if k in shown
        and (value := ordered.get(k, sheet.get(f.alias or k, sheet.get(k)))) not in (None, [], {}, "")
        and value != f.default
    ]
    embed = discord.Embed(title=cut(escape(ch.name), 200), description="\n".join(lines) or None, colour=NEUTRAL)
    status = system.status(model)
    embed.add_field(name=tx("field.wound"), value=tx.term("wound", status.level, ch.gender), inline=True)
    if status.hp is not None:
        embed.add_field(name=tx("field.hp"), value=f"{status.hp}/{status.hp_max}", inline=True)
    for k, v in status.numbers.items():
        embed.add_field(name=tx.term("term", k), value=str(v), inline=True)
    pool = getattr(system, "pool", None)  # systems with a points pool explain where it comes from
    if pool is not None:
        breakdown = pool(model)
        lines = [
            " ".join([_signed(value), tx.term("term", key), *(_known_word(tx, word) for word in detail)])
            for key, value, detail in breakdown.parts
        ]
        lines.append(f"= **{breakdown.total}**")
        embed.add_field(name=tx.term("term", "pool_breakdown"), value="\n".join(lines), inline=False)
    line = system.sheet_line(model)
    if line:  # the whole character in one line: pasted into /character create it makes an equal one
        embed.add_field(name=tx("field.sheet_line"), value=f"```{cut(line, 1000)}```", inline=False)
    if fight_channel is not None:
        embed.add_field(
            name=tx("character.in_fight_title"), value=tx("character.in_fight", channel=f"<#{fight_channel}>")
        )
    embed.set_footer(text=_system_name(tx, system))
    return clamp(embed)


def add_warnings(tx: Texts, embed: discord.Embed, warnings: list[Note]) -> None:
    """What the rules assumed or will ignore, as a field of the answer that created the sheet."""
    if warnings:
        lines = ["• " + _note_text(tx, n) for n in warnings]
        embed.add_field(name=tx("field.assumed"), value=cut("\n".join(lines), 1024), inline=False)


def _sheet_value(tx: Texts, value: Any, gender: str | None = None) -> str:
    """A sheet value in the reader's words: a weapon, skill or condition by its name (a condition in the
    form agreeing with the combatant's `gender`), yes/no, numbers."""
    if isinstance(value, bool):
        return tx("settings.yes") if value else tx("settings.no")
    if isinstance(value, str):
        return _known_word(tx, value, gender)
    if isinstance(value, dict):
        named = value.get("name") or value.get("id") or value.get("key")  # a weapon, a condition (`key`) …
        if named:
            return _known_word(tx, str(named), gender)
        return cut(", ".join(_sheet_item(tx, str(k), v) for k, v in value.items()), 300)
    if isinstance(value, list):
        return cut(", ".join(_sheet_value(tx, v, gender) for v in value), 300)
    return cut(str(value), 300)


def _sheet_item(tx: Texts, key: str, value: Any) -> str:
    """One entry of a sheet's mapping in the reader's words: a part's own mapping after its name and a
    colon (`Tělo: Kovová plátová DR 7`), a name alone (a material needs no label), a number after its
    label."""
    if isinstance(value, dict) and not ("name" in value or "id" in value or "key" in value):
        names = [_known_word(tx, v) for v in value.values() if isinstance(v, str)]  # the name first
        labelled = [_sheet_item(tx, str(k), v) for k, v in value.items() if not isinstance(v, str)]
        inner = " ".join(names + labelled)
        return f"{_known_word(tx, key)}: {inner}"
    return f"{_known_word(tx, key)} {_sheet_value(tx, value)}"


def _listed_name(system_id: str, key: str, value: Any) -> str | None:
    """A number the game names (ArM5's Fatigue 2 is `znużony`) by its first name in the stat list."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    from rules import get_system

    entry = get_system(system_id).stat_vocabulary().keys.get(key)
    names = entry.values.get(str(value)) if entry is not None else None
    return names[0] if names else None


def _known_word(tx: Texts, word: str, gender: str | None = None) -> str:
    """An id the game's catalog names (a weapon, a skill, a condition …; with `gender`, a condition's or
    wound's agreeing form); anything else as the player typed it."""
    own = tx.catalog.messages.get(tx.lang, {})
    for kind in ("weapon", "skill", "material", "shield", "term", "condition", "location", "wound"):
        for key in (f"{kind}.{tx.system}.{word}", f"{kind}.{word}"):
            text = own.get(key)
            if text is not None:
                return own.get(f"{key}#{gender}", text) if gender else text
    named = _value_names(tx.system).get(word) if tx.system else None
    return escape(named or word)


@cache
def _value_names(system_id: str) -> dict[str, str]:
    """Listed values (a feat, a skill, a material …) by the game's own first name for them."""
    from rules import get_system

    out: dict[str, str] = {}
    for key in get_system(system_id).stat_vocabulary().keys.values():
        for value, names in key.values.items():
            if names:
                out.setdefault(value, " ".join(names[0].split("_")))
    return out


def change_text(tx: Texts, key: str, before: Any, after: Any, gender: str | None = None) -> str:
    """One changed field in the reader's words: `Síla 9 → 10`; a mapping by the entries that changed
    (`Rany: Lekkie rany 0 → 1`), each named as the sheet names it; nothing yet as a dash; conditions
    agreeing with the combatant's `gender` (`Condizioni — → Morta`)."""
    label = tx.term("term", key)
    if isinstance(before, dict) and isinstance(after, dict):
        entries = [
            f"{_known_word(tx, str(k))} {_change_value(tx, before.get(k))} → {_change_value(tx, after.get(k))}"
            for k in dict.fromkeys([*before, *after])
            if before.get(k) != after.get(k)
        ]
        if entries:
            return f"{label}: " + cut(", ".join(entries), 300)
    return f"{label} {_change_value(tx, before, gender)} → {_change_value(tx, after, gender)}"


def _change_value(tx: Texts, value: Any, gender: str | None = None) -> str:
    return "—" if value in (None, [], {}, "") else _sheet_value(tx, value, gender)


def character_list_embed(tx: Texts, chars: list[Character]) -> discord.Embed:
    # The game by its tag in the reader's language (D&D 3.5, ArM5 …), not its id.
    lines = [f"• **{cut(c.name, 100)}** — {_system_tag(tx, c.system)}" for c in chars] or [tx("character.none")]
    return clamp(discord.Embed(title=tx("character.list_title"), description="\n".join(lines), colour=NEUTRAL))


# Settings shown in at most six titled groups; a name's words decide its group (bot settings have their own).
SETTING_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("initiative", ("initiative", "init_", "flat_footed_at_start", "rolloff", "reflex", "stance_expiry")),
    ("dice", ("botch", "rounding", "test_die", "fumble", "tie_rule", "nat20", "nat1", "natural_20", "confirm")),
    (
        "damage",
        ("damage", "stabiliz", "death", "dying", "disabled", "soak", "wound", "fatigue", "hp", "armour", "size",
         "spell", "penalt", "coverage", "unarmed", "helpless", "incapacitated", "empty_space", "extreme_band",
         "weak", "stop_full_attack", "heavy_blows", "parry_impact"),
    ),
)  # fmt: skip
BOT_SETTINGS = frozenset(BotSettings.model_fields)
SETTING_LINE = 72  # short enough for a phone, long enough for a setting's whole name


def _setting_group(name: str) -> str:
    if name in BOT_SETTINGS:
        return "bot"
    for group, words in SETTING_GROUPS:
        if any(w in name for w in words):
            return group
    return "attack"


def settings_embed(tx: Texts, view: SettingsView) -> discord.Embed:
    """At most six titled groups, one short line per setting, the ones changed here first."""
    tx = tx.for_system(view.system.id)
    groups: dict[str, list[tuple[bool, str]]] = {}
    choices = {i.name: i.choices or [] for i in [*view.system.setting_infos(), *describe_fields(BotSettings)]}
    for name, value, source, _help in view.rows:
        label = cut(tx.term("settingname", name), 48)
        where = "" if source == "default" else f" ✎ {tx('settings.source_' + source)}"
        shown = _setting_value(tx, name, value, choices.get(name, []))
        line = f"{label}: **{cut(shown, max(6, SETTING_LINE - len(label) - len(where) - 2))}**{where}"
        groups.setdefault(_setting_group(name), []).append((source == "default", line))
    embed = discord.Embed(title=tx("settings.title", system=_system_name(tx, view.system)), colour=NEUTRAL)
    embed.description = tx("settings.legend")
    for group in ("bot", "initiative", "attack", "dice", "damage"):
        rows = sorted(groups.get(group, []), key=lambda r: r[0])  # changed first, then by declaration
        if rows:
            embed.add_field(name=tx(f"settings.group.{group}"), value="\n".join(line for _, line in rows), inline=False)
    return clamp(embed)


def setting_saved(tx: Texts, saved: SettingSaved, scope: str) -> str:
    """`/settings set`'s answer: the setting and its value in the reader's words, never the raw id, and
    whether the fight running in the channel took it."""
    system, name = saved.system, saved.name
    tx = tx.for_system(system.id) if system else tx
    infos = [*(system.setting_infos() if system else []), *describe_fields(BotSettings)]
    choices = next((i.choices or [] for i in infos if i.name == name), [])
    shown = _setting_value(tx, name, saved.value, choices)
    key = "settings.saved_fight" if saved.fight else "settings.saved"
    return tx(key, name=tx.term("settingname", name), value=shown, scope=tx("settings.scope_" + scope))


def _setting_value(tx: Texts, name: str, value: Any, choices: list[Any]) -> str:
    """A setting's value in the reader's words: yes/no, a choice's own name, or the value as set."""
    if isinstance(value, bool):
        return tx("settings.yes") if value else tx("settings.no")
    if value is None:
        return "—"
    if isinstance(value, str) and value in choices:
        return tx.term("settingvalue", f"{name}.{value}")
    if isinstance(value, str):  # a table (`1-2:head,3-10:torso`, `light:5,serious:10`): its words named
        return _WORD.sub(lambda m: _known_word(tx, m.group()), value)
    return str(value)


_WORD = re.compile(r"[^\W\d]\w*")  # a word in a setting's table: an id the game's catalog may name


def message_embed(title: str, text: str, colour: int = NEUTRAL) -> discord.Embed:
    return clamp(discord.Embed(title=title, description=text, colour=colour))


# --- the GM's hands: edits and effects ----------------------------------------------------------------
def edit_reply_embeds(tx: Texts, o: EditOutcome) -> tuple[discord.Embed, discord.Embed | None]:
    """The public one-line change (a hidden combatant's numbers left out) and, when something was
    hidden, the GM's private copy with the numbers."""
    tx = tx.for_system(o.system.id)
    c = o.combatant
    public = edit_line(tx, o, hide=c.hidden)
    if o.effect is not None and not o.removed and not o.effect.condition and o.system.conditions():
        # A name the game does not know is the GM's own label: say so, with the game's conditions.
        known = ", ".join(tx.term("condition", k) for k in o.system.conditions())
        public += "\n" + tx("edit.label_only", conditions=cut(known, 1500))
    embed = discord.Embed(description=public, colour=NEUTRAL)
    embed.set_footer(text=_footer(tx, o.system, o.encounter))
    private = None
    if c.hidden and o.changes:
        private = discord.Embed(description=edit_line(tx, o, hide=False), colour=NEUTRAL)
    return clamp(embed), clamp(private) if private is not None else None


def edit_line(tx: Texts, o: EditOutcome, hide: bool) -> str:
    return change_line(tx, o.system, o.combatant.name, o.changes, o.effect, o.removed, hide, o.combatant.gender)


def change_line(
    tx: Texts,
    system: CombatSystem,
    name: str,
    changes: list[tuple[str, Any, Any]] | list[list[Any]],
    effect: Effect | None = None,
    removed: bool = False,
    hide: bool = False,
    gender: str | None = None,
) -> str:
    """One GM edit or effect in a sentence (a hidden combatant's edit names the fields, not the numbers;
    conditions agree with the combatant's `gender`)."""
    name = cut(name, 80)
    if effect is not None:
        label = effect_name(tx, system, effect, gender)
        if removed:
            return tx("edit.effect_removed", name=name, effect=label)
        if effect.rounds is None:
            return tx("edit.effect_added", name=name, effect=label)
        edge = tx("edit.edge_" + effect.ends)
        return tx("edit.effect_added_for", name=name, effect=label, count=effect.rounds, edge=edge)
    if hide:
        fields = ", ".join(dict.fromkeys(tx.term("term", k) for k, _, _ in changes))
        return tx("edit.changed_hidden", name=name, fields=fields)
    parts = [change_text(tx, k, b, a, gender) for k, b, a in changes]
    return tx("edit.changed", name=name, changes="; ".join(parts))


def character_update_embed(tx: Texts, u: CharacterUpdate) -> discord.Embed:
    """Posted in the fight's channel when a player changed a character who is fighting there."""
    tx = tx.for_system(u.system.id)
    parts = [change_text(tx, k, b, a, u.character.gender) for k, b, a in u.changes]
    text = tx("character.changed_in_fight", name=cut(u.character.name, 80), changes="; ".join(parts) or "—")
    return clamp(discord.Embed(description=text, colour=NEUTRAL))


def undo_embed(tx: Texts, o: UndoOutcome) -> discord.Embed:
    """↩ undone: what, and where the fight stands now (round and whose turn)."""
    tx = tx.for_system(o.system.id)
    what = ", ".join(command_kind(tx, k) for k in o.kinds)
    lines = [tx("undo.done", what=what)]
    current = o.encounter.current(o.system.initiative_descending)
    if current is not None:
        lines.append(_now_line(tx, current))
    embed = discord.Embed(description="\n".join(lines), colour=NEUTRAL)
    embed.set_footer(text=_footer(tx, o.system, o.encounter))
    return clamp(embed)


def command_kind(tx: Texts, kind: str) -> str:
    """A command by what it did ("útok", "další tah"); a game's own action by its name."""
    if tx.catalog.has(tx.lang, f"undo.kind.{kind}"):
        return tx(f"undo.kind.{kind}")
    return tx.term("action", kind)
