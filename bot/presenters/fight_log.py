"""The fight's log as files: Markdown to read (round by round, every roll with its arithmetic, every
change, undos marked) and JSON for tools, in the channel's language. The players' copy leaves out what
hidden NPCs' numbers would give away, exactly as the public embeds do; the GM's copy holds everything.
Files over Discord's upload limit are split into parts on line boundaries."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord

from bot.presenters import render
from bot.presenters.checks import View
from bot.presenters.limits import ROW, clamp, cut, escape, pack_rows
from bot.presenters.texts import Texts
from bot.service.fight_log import FightLog, Moment
from bot.service.state import Combatant, Effect
from rules import ActionResult
from rules.model import Side

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's limit for one message's attachments
PART_LIMIT = 9 * 1024 * 1024  # each part leaves room for the others' headers and the message itself
INDENT = "\u2003"  # an em space: Discord keeps it at a row's start, where it strips plain spaces
ICONS = {"shot": "🏹", "attack": "⚔️", "defend": "🛡️", "initiative": "🎲", "upkeep": "⏳"}


@dataclass(frozen=True)
class LogFile:
    name: str
    data: bytes


def log_files(tx: Texts, log: FightLog, full: bool, limit: int = PART_LIMIT) -> list[LogFile]:
    """The Markdown and the JSON file (each split into parts when over `limit` bytes)."""
    stem = _stem(log, full)
    return [
        *split(f"{stem}.md", markdown(tx, log, full), limit),
        *split(f"{stem}.json", json_text(tx, log, full), limit),
    ]


def _stem(log: FightLog, full: bool) -> str:
    safe = "".join(ch if ch.isalnum() else "-" for ch in str(log.encounter["name"]))[:40].strip("-") or "fight"
    return f"{safe}-{log.encounter['id']}" + ("-gm" if full else "")


def split(name: str, text: str, limit: int) -> list[LogFile]:
    """One file, or numbered parts each under `limit` bytes, cut between lines (a line longer than the
    limit, which no log writes, would be cut between characters)."""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return [LogFile(name, data)]
    parts: list[bytes] = []
    current = b""
    for line in text.splitlines(keepends=True):
        chunk = line.encode("utf-8")
        while len(chunk) > limit:  # safety: never one part over the limit
            head = chunk[:limit].decode("utf-8", "ignore").encode("utf-8")
            parts.append(current) if current else None
            current = b""
            parts.append(head)
            chunk = chunk[len(head) :]
        if len(current) + len(chunk) > limit:
            parts.append(current)
            current = b""
        current += chunk
    if current:
        parts.append(current)
    base, _, ext = name.rpartition(".")
    return [LogFile(f"{base}.part{i}.{ext}", part) for i, part in enumerate(parts, 1)]


def batches(files: list[LogFile], limit: int = UPLOAD_LIMIT, most: int = 10) -> list[list[LogFile]]:
    """Files grouped per message: at most `most` files and `limit` bytes together."""
    out: list[list[LogFile]] = []
    for f in files:
        if out and len(out[-1]) < most and sum(len(g.data) for g in out[-1]) + len(f.data) <= limit:
            out[-1].append(f)
        else:
            out.append([f])
    return out


# --- Markdown ----------------------------------------------------------------------------------------
def markdown(tx: Texts, log: FightLog, full: bool) -> str:
    tx = tx.for_system(log.system.id)
    enc = log.encounter
    lines = [
        f"# {escape(str(enc['name']))}",
        "",
        tx("log.header", system=tx(f"system.{log.system.id}.name"), started=_when(enc.get("created_at"))),
        tx("log.gm_copy") if full else tx("log.player_copy"),
    ]
    owners = _owners(log)
    shown: dict[int, str] = {}  # each combatant's state as last written: only changes are written again
    shown_round: int | None = None
    for m in log.moments:
        if m.command.kind == "start":
            continue
        if m.round != shown_round:
            shown_round = m.round
            lines += ["", f"## {tx('log.round', round=m.round) if m.round else tx('log.setup')}", ""]
        lines += _moment(tx, log, m, full, owners, shown)
    lines += ["", f"## {tx('log.summary')}", "", *summary_lines(tx, log, full)]
    return "\n".join(lines).rstrip() + "\n"


def _when(stamp: Any) -> str:
    if not isinstance(stamp, (int, float)):
        return "—"
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _owners(log: FightLog) -> dict[int, list[str]]:
    """Each player's characters (the log names a player by the characters they play)."""
    out: dict[int, list[str]] = {}
    seen = [c for m in log.moments for c in m.changed] + log.final
    for c in seen:
        if c.owner_user_id is not None and c.name not in out.setdefault(c.owner_user_id, []):
            out[c.owner_user_id].append(c.name)
    return out


def _moment(
    tx: Texts, log: FightLog, m: Moment, full: bool, owners: dict[int, list[str]], shown: dict[int, str]
) -> list[str]:
    c = m.command
    who = tx("log.by_gm") if c.user_id == log.encounter["gm_user_id"] else ", ".join(owners.get(c.user_id, [])) or "—"
    what = render.command_kind(tx, c.kind)
    if c.kind == "undo":
        what = tx("undo.done", what=", ".join(render.command_kind(tx, k) for k in m.undid) or "—")
    head = f"- `{datetime.fromtimestamp(c.at, UTC).strftime('%H:%M:%S')}` **{what}** · {escape(who)}"
    if m.undone:
        head += f" · *{tx('log.undone')}*"
    lines = [head]
    body: list[str] = []
    hidden = log.hidden
    by_name = {x.name: x for x in m.changed}
    for action, r in m.results:
        body += result_lines(tx, log, action, r, _hide(r, hidden, full), by_name)
    for action, payload in m.events:
        line = _event_line(tx, log, action, payload, full or payload.get("name") not in hidden)
        if line:
            body.append(line)
    for x in m.changed:
        state = render.state_line(tx, log.system, x, x.hidden and not full)
        if shown.get(x.id) != state:
            shown[x.id] = state
            body.append(f"→ **{escape(x.name)}**: {state}")
    for line in body:  # a line indented by 2n spaces is a bullet n levels further in
        text = line.lstrip(" ")
        lines.append("  " * (1 + (len(line) - len(text)) // 2) + f"- {text}")
    return lines


def _hide(r: ActionResult, hidden: set[str], full: bool) -> frozenset[Side]:
    if full:
        return frozenset()
    sides: set[Side] = set()
    if r.actor in hidden:
        sides.add("actor")
    if r.target in hidden or any(s.target in hidden for s in r.attacks):
        sides.add("target")
    return frozenset(sides)


def result_lines(
    tx: Texts, log: FightLog, action: str, r: ActionResult, hide: frozenset[Side], by_name: dict[str, Combatant]
) -> list[str]:
    """A result as the channel saw it: who did what to whom, each check's arithmetic, the outcome,
    damage and notes; a hidden side's numbers left out as in the public embed."""
    view = View(hide)
    if action == "initiative":
        c = by_name.get(r.actor)
        if c is not None:
            return [render.initiative_line(tx, _as_hidden(c, "actor" in hide), r)]
    if action == "upkeep":
        return render.upkeep_lines(tx, r, "actor" in hide)
    title = f"{ICONS.get(action, '✴️')} **{escape(r.actor)}**"
    if r.target:
        title += f" → **{escape(r.target)}**"
    if r.weapon:
        title += f" ({tx.term('weapon', r.weapon)})"
    if r.action not in ("attack", "shot"):
        title += f" · {tx.term('action', r.action)}"
    out = [title]
    out += [f"  {line}" for line in render.result_lines(tx, r, view)]
    for i, sub in enumerate(r.attacks, 1):
        out.append(f"  {tx('field.attack_n', n=i)}: {escape(sub.target or '')}".rstrip(": "))
        out += [f"    {line}" for line in render.result_lines(tx, sub, view)]
        out.append(f"    {render.outcome_text(tx, sub, bool(hide))}")
        out += [f"    {line}" for line in _damage(tx, sub, hide)]
        out += [f"    {line.removeprefix('• ')}" for line in render.note_lines(tx, sub, view)]
    gender = by_name[r.target].gender if r.target in by_name else None
    tail = [render.outcome_text(tx, r, bool(hide), gender)] if r.outcome not in ("none", "") else []
    # No wound level here: the target's state line after the command names it (a descriptor when hidden).
    if tail:
        out.append("  " + " · ".join(tail))
    out += [f"  {line}" for line in _damage(tx, r, hide)]
    out += [f"  {line.removeprefix('• ')}" for line in render.note_lines(tx, r, view)]
    return out


def _as_hidden(c: Combatant, hidden: bool) -> Combatant:
    from dataclasses import replace

    return replace(c, hidden=hidden)


def _damage(tx: Texts, r: ActionResult, hide: frozenset[Side]) -> list[str]:
    out = []
    if r.attacks and r.damage is not None:
        shown = render.HIDDEN if "target" in hide else str(r.damage.applied)
        out.append(f"{tx('field.damage_total')}: **{shown}**")
    elif r.damage is not None and not render.has_damage_check(r) and (r.damage.rolled or r.damage.applied):
        out.append(f"{tx('field.damage')}: {render.damage_line(tx, r.damage, 'target' in hide)}")
    if r.location and not any(c.location for c in r.checks):
        out.append(f"{tx('field.location')}: {tx.term('location', r.location)}")
    return out


def _gender(log: FightLog, name: str) -> str | None:
    """The gender of one still in the fight (its conditions agree with it in the log)."""
    return next((c.gender for c in log.final if escape(c.name) == name), None)


def _event_line(tx: Texts, log: FightLog, action: str, payload: dict[str, Any], numbers: bool) -> str | None:
    name = escape(str(payload.get("name", "")))
    if action == "add":
        return tx("log.added", names=", ".join(escape(n) for n in payload.get("names", [])))
    if action == "join":
        return tx("log.joined", name=name)
    if action == "remove":
        return tx("log.removed", name=name)
    if action == "next":
        current = payload.get("current")
        return tx("turn.now", name=escape(current)) if current else tx("turn.nobody")
    if action == "end":
        return tx("log.ended", rounds=payload.get("round", 0))
    if action == "edit":
        changes = payload.get("changes", [])
        return render.change_line(tx, log.system, name, changes, hide=not numbers, gender=_gender(log, name))
    if action == "effect" and isinstance(payload.get("effect"), dict):
        effect = Effect.from_json(payload["effect"])
        removed = bool(payload.get("removed"))
        return render.change_line(tx, log.system, name, [], effect, removed, gender=_gender(log, name))
    if action == "character_set":
        fields = ", ".join(tx.term("term", f) for f in payload.get("fields", []))
        return tx("log.character_set", name=name, fields=fields)
    return None


# --- the summary ------------------------------------------------------------------------------------
def summary_lines(tx: Texts, log: FightLog, full: bool) -> list[str]:
    """Who still stands, who fell and how, and each combatant's damage dealt and taken."""
    tx = tx.for_system(log.system.id)
    standing = [c for c in log.final if c.name not in log.falls]
    fallen = [c for c in log.final if c.name in log.falls]
    lines = []
    if standing:
        lines += [f"### {tx('log.standing')}", ""]
        lines += [f"- {_summary_row(tx, log, c, full)}" for c in standing]
    if fallen:
        lines += ["", f"### {tx('log.fallen')}", ""]
        lines += [f"- {_summary_row(tx, log, c, full)} · {fall_text(tx, log, c)}" for c in fallen]
    return lines


def _summary_row(tx: Texts, log: FightLog, c: Combatant, full: bool) -> str:
    hide = c.hidden and not full
    state = render.state_line(tx, log.system, c, hide)
    return f"**{escape(c.name)}** — {state} · {damage_text(tx, log, c.name, hide, full)}"


def damage_text(tx: Texts, log: FightLog, name: str, hide: bool, full: bool) -> str:
    """Damage dealt and taken; a hidden NPC's totals, and the part a player dealt to hidden NPCs, only
    in the GM's copy (a player's copy marks that part `+ ?`)."""
    if hide:
        return tx("log.damage", dealt=render.HIDDEN, taken=render.HIDDEN)
    dealt = log.dealt.get(name, 0)
    unseen = 0 if full else log.dealt_to_hidden.get(name, 0)
    shown = str(dealt - unseen) + (f" + {render.HIDDEN}" if unseen else "")
    return tx("log.damage", dealt=shown, taken=log.taken.get(name, 0))


def fall_text(tx: Texts, log: FightLog, c: Combatant) -> str:
    fall = log.falls[c.name]
    if fall.by:
        how = escape(fall.by) + (f" ({tx.term('weapon', fall.weapon)})" if fall.weapon else "")
        return tx("log.fell_by", round=fall.round, by=how, gender=c.gender)
    return tx("log.fell", round=fall.round, gender=c.gender)


def summary_embed(tx: Texts, log: FightLog, full: bool) -> discord.Embed:
    """`/encounter end`: rounds, who still stands and who fell and how, each one's damage dealt and taken
    (a hidden NPC's totals only in the GM's copy), one or two compact rows each."""
    tx = tx.for_system(log.system.id)
    applied = sum(1 for m in log.moments if not m.undone and m.command.kind not in ("start", "undo", "end"))
    rows = [tx("summary.body", rounds=log.encounter["round"], actions=applied), ""]
    standing = [c for c in log.final if c.name not in log.falls]
    fallen = [c for c in log.final if c.name in log.falls]
    detailed = len(log.final) <= 12  # two rows each while the whole table fits one embed
    for title, group in ((tx("summary.standing"), standing), (tx("summary.fallen"), fallen)):
        if not group:
            continue
        rows.append(f"**{title}**")
        for c in group:
            hide = c.hidden and not full
            tail = [damage_text(tx, log, c.name, hide, full)]
            if c.name in log.falls:
                tail.append(fall_text(tx, log, c))
            if detailed:
                rows.append(render.row("• ", c, render.state_line(tx, log.system, c, hide)))
                rows.append(cut(INDENT + " · ".join(tail), ROW))
            else:  # a big table: one row each (the attached log has the rest)
                rows.append(render.row("• ", c, " · ".join([render.state_line(tx, log.system, c, hide), tail[0]])))
    embed = discord.Embed(title=tx("summary.title", name=log.encounter["name"]), colour=render.NEUTRAL)
    pack_rows(embed, rows, tx("status.more"))
    embed.set_footer(text=tx("result.gm_copy") if full else tx("summary.log"))
    return clamp(embed)


# --- JSON ---------------------------------------------------------------------------------------------
def json_text(tx: Texts, log: FightLog, full: bool) -> str:
    """The same fight for tools: every command with its results (a hidden side's numbers only in the GM's
    copy: the players' copy carries those results as the lines they saw) and the summary."""
    hidden = log.hidden
    commands = []
    for m in log.moments:
        entry: dict[str, Any] = {
            "id": m.command.id,
            "kind": m.command.kind,
            "at": _iso(m.command.at),
            "round": m.round,
            "by_gm": m.command.user_id == log.encounter["gm_user_id"],
        }
        if m.undone:
            entry["undone_by"] = m.command.undone_by
        if m.command.kind == "undo":
            entry["undoes"] = m.undid
        entry["results"] = [_json_result(tx, log, a, r, hidden, full, m) for a, r in m.results]
        entry["events"] = [{"action": a, **p} for a, p in m.events if full or not _hides_numbers(a, p, hidden)]
        entry["after"] = [_json_state(tx, log, c, full) for c in m.changed]
        if full:
            entry["changes"] = m.command.changes
        commands.append(entry)
    doc = {
        "encounter": {
            **{k: log.encounter.get(k) for k in ("id", "name", "system", "round", "status")},
            "started": _iso(log.encounter.get("created_at")),
        },
        "copy": "gm" if full else "players",
        "language": tx.lang,
        "commands": commands,
        "summary": [_json_summary(log, c, full) for c in log.final],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1)


def _json_summary(log: FightLog, c: Combatant, full: bool) -> dict[str, Any]:
    fall = log.falls.get(c.name)
    out: dict[str, Any] = {
        "name": c.name,
        "fell": fall is not None,
        "fell_in_round": fall.round if fall else None,
        "fell_by": fall.by if fall else None,
    }
    if full or not c.hidden:
        unseen = 0 if full else log.dealt_to_hidden.get(c.name, 0)
        out["dealt"] = log.dealt.get(c.name, 0) - unseen
        out["taken"] = log.taken.get(c.name, 0)
        if unseen:
            out["dealt_to_hidden"] = "?"
    return out


def _iso(stamp: Any) -> str | None:
    if not isinstance(stamp, (int, float)):
        return None
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _hides_numbers(action: str, payload: dict[str, Any], hidden: set[str]) -> bool:
    return action == "edit" and payload.get("name") in hidden


def _json_result(
    tx: Texts, log: FightLog, action: str, r: ActionResult, hidden: set[str], full: bool, m: Moment
) -> dict[str, Any]:
    hide = _hide(r, hidden, full)
    if not hide:
        return {"action": action, "result": r.model_dump(mode="json", exclude_defaults=True)}
    lines = result_lines(tx.for_system(log.system.id), log, action, r, hide, {c.name: c for c in m.changed})
    return {"action": action, "actor": r.actor, "target": r.target, "lines": [line.strip() for line in lines]}


def _json_state(tx: Texts, log: FightLog, c: Combatant, full: bool) -> dict[str, Any]:
    state = render.state_line(tx.for_system(log.system.id), log.system, c, c.hidden and not full)
    out: dict[str, Any] = {"name": c.name, "state": state}
    if full or not c.hidden:
        out["sheet"] = c.sheet
        if c.initiative is not None:
            out["initiative"] = c.initiative
    return out
