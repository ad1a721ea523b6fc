"""Autocomplete sources: in-memory lookups or one indexed query, well inside the 3-second deadline."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.base import choices, labeled_choices
from bot.presenters.limits import cut
from bot.presenters.texts import Texts
from bot.service.state import Encounter
from rules import CombatSystem, all_systems, get_system
from rules.vocabulary import Vocabulary, fold, typed

if TYPE_CHECKING:
    from bot.app import App

Choices = list[app_commands.Choice[str]]


def _app(interaction: discord.Interaction) -> App:
    app: App = interaction.client.app  # type: ignore[attr-defined]
    return app


async def _encounter(interaction: discord.Interaction) -> tuple[App, Encounter, CombatSystem] | None:
    """The channel's encounter and its system, or None outside a fight (then nothing to offer)."""
    app = _app(interaction)
    enc = await app.service.encounter(interaction.channel_id or 0)
    if enc is None:
        return None
    return app, enc, get_system(enc.system)


async def combatant_names(interaction: discord.Interaction, current: str) -> Choices:
    """Combatants by name; the fallen (who cannot act) are marked and listed last."""
    found = await _encounter(interaction)
    if found is None:
        return []
    app, enc, system = found
    tx = _texts(app, interaction, system)
    folded = current.casefold().strip()
    standing: Choices = []
    fallen: Choices = []
    for c in enc.combatants:
        if folded and folded not in c.name.casefold():
            continue
        status = c.status(system)
        if status.out_of_fight:
            label = f"{c.name} ({tx.term('wound', status.level, c.gender)})"
            fallen.append(app_commands.Choice(name=cut(label, 100), value=c.name[:100]))
        else:
            standing.append(app_commands.Choice(name=cut(c.name, 100), value=c.name[:100]))
    return (standing + fallen)[:25]


def _texts(app: App, interaction: discord.Interaction, system: CombatSystem) -> Texts:
    from bot.cogs.base import language

    return Texts(app.catalog, language(interaction, app.config.default_locale), system.id)


def condition_key(tx: Texts, system: CombatSystem, typed: str) -> str:
    """A condition typed by its key or its name in any language, by a name the game's sheets read
    (`leží`, `omráčena`: `stavy:leží` on a sheet), or by a word only its name holds → its key; else as
    typed (a label of the GM's own)."""
    known = system.conditions()
    found = tx.pick("condition", typed, known)
    if found in known:
        return found
    vocabulary = system.stat_vocabulary()
    for key in ("conditions", "condition"):
        if key in vocabulary:
            read = vocabulary.value_of(key, typed.strip())
            if read in known:
                return str(read)
    return tx.pick_by_word("condition", typed, known)


async def conditions(interaction: discord.Interaction, current: str) -> Choices:
    """The system's own conditions, named in the user's language (free text stays a label)."""
    found = await _encounter(interaction)
    if found is None:
        return []
    app, _, system = found
    tx = _texts(app, interaction, system)
    folded = current.casefold().strip()
    out = []
    for key in system.conditions():
        label = tx.term("condition", key)
        if folded in label.casefold() or folded in key:
            out.append(app_commands.Choice(name=cut(label, 100), value=key))
    return out[:25]


async def effects_on(interaction: discord.Interaction, current: str) -> Choices:
    """Effects and conditions on the combatant named in the command."""
    found = await _encounter(interaction)
    if found is None:
        return []
    app, enc, system = found
    tx = _texts(app, interaction, system)
    c = enc.find(str(getattr(interaction.namespace, "combatant", "") or ""))
    if c is None:
        return []
    keys = [e.name for e in c.effects]
    keys += [k for k in c.status(system).conditions if k in system.conditions() and k not in keys]
    folded = current.casefold().strip()
    out = []
    for key in keys:
        label = tx.term("condition", key) if key in system.conditions() else key
        if folded in label.casefold() or folded in key.casefold():
            out.append(app_commands.Choice(name=cut(label, 100), value=key[:100]))
    return out[:25]


async def edit_list(interaction: discord.Interaction, current: str) -> Choices:
    """`/encounter edit` keys: the fields a GM changes mid-fight (lasting and turn state first)."""
    found = await _encounter(interaction)
    if found is None:
        return []
    app, _, system = found
    tx = _texts(app, interaction, system)
    direct = ["initiative", *system.edit_aliases, *system.fields_of("lasting", "turn")]
    return complete_words(tx, system.stat_vocabulary(), current, extra=direct)


async def own_characters(interaction: discord.Interaction, current: str) -> Choices:
    app = _app(interaction)
    from bot.service.context import Ctx

    ctx = Ctx(interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id, "", False)
    return choices([c.name for c in await app.service.characters(ctx)], current)


async def system_ids(interaction: discord.Interaction, current: str) -> Choices:
    systems = all_systems()
    found = [
        app_commands.Choice(name=f"{s.id} — {s.name}"[:100], value=s.id)
        for s in systems.values()
        if current.casefold() in f"{s.id} {s.name}".casefold()
    ]
    return found[:25]


async def weapons(interaction: discord.Interaction, current: str) -> Choices:
    """The user's own weapons, then the game's: native name — the reader's word; typing either finds it
    (`meč`, `miecz`, `spada` all find swords)."""
    found = await _encounter(interaction)
    if found is None:
        return []
    app, enc, system = found
    tx = _texts(app, interaction, system)
    options: list[tuple[str, str]] = []
    for c in enc.combatants:
        if c.owner_user_id == interaction.user.id:
            for w in c.sheet.get("weapons", []) or []:
                if isinstance(w, dict) and w.get("name"):
                    options.append((str(w["name"]), str(w["name"])))
    for key, native in system.weapons().items():
        own = tx.term("weapon", key) if tx.catalog.has(tx.lang, f"weapon.{system.id}.{key}") else key
        options.append((key, native if fold(native) == fold(own) else f"{native} — {own}"))
    unique = list(dict(reversed(options)).items())[::-1]  # the first label of each value
    return labeled_choices(unique, current)


async def option_list(interaction: discord.Interaction, current: str) -> Choices:
    """Complete the last `key:value` of an options line in the game's words, with what each one means."""
    found = await _encounter(interaction)
    if found is None:
        return []
    app, _, system = found
    return complete_words(_texts(app, interaction, system), system.option_vocabulary(), current)


async def blows(interaction: discord.Interaction, current: str) -> Choices:
    """Combat blows (adnd2cp): only those allowed with the chosen weapon and affordable now."""
    found = await _encounter(interaction)
    if found is None:
        return []
    app, enc, system = found
    listing = getattr(system, "available_blows", None)
    if listing is None:
        return []
    name = getattr(interaction.namespace, "attacker", None)
    actor = enc.find(str(name)) if name else None
    if actor is None:
        actor = next((c for c in enc.combatants if c.owner_user_id == interaction.user.id), None)
    if actor is None:
        return []
    if actor.hidden and not (interaction.permissions.manage_channels or interaction.user.id == enc.gm_user_id):
        return []  # what a hidden NPC can afford would give its points away
    settings, _ = app.service.encounter_settings(enc)
    weapon = getattr(interaction.namespace, "weapon", None)
    try:
        allowed = [str(b) for b in listing(actor.model(system), weapon, settings)]
    except Exception:  # an unknown weapon typed so far: nothing to offer yet, never an error
        return []
    tx = _texts(app, interaction, system)
    head, _, last = current.rpartition(",")
    chosen = [b.strip() for b in head.split(",") if b.strip()]
    typed = last.strip().casefold()
    out = []
    for b in allowed:
        label = tx.term("blow", b)
        if b in chosen or not (b.startswith(typed) or typed in label.casefold()):
            continue
        value = ",".join([*chosen, b])
        shown = ", ".join(tx.term("blow", x) for x in [*chosen, b])  # the blows in the user's words
        out.append(app_commands.Choice(name=cut(shown, 100), value=value[:100]))
    return out[:25]


async def stat_list(interaction: discord.Interaction, current: str) -> Choices:
    """Complete the last `key:value` of a stats line in the game's words ("síla — Síla postavy"): the keys a
    player sets (never a fight's state), and a listed key's values."""
    system = await _stats_system(interaction)
    if system is None:
        return []
    tx = _texts(_app(interaction), interaction, system)
    return complete_words(tx, system.stat_vocabulary(), current)


async def _stats_system(interaction: discord.Interaction) -> CombatSystem | None:
    """The game of the stats being typed: the one chosen, the named character's, or the channel's fight."""
    chosen = getattr(interaction.namespace, "system", None)
    if chosen:
        try:
            return get_system(str(chosen))
        except Exception:
            return None
    name = getattr(interaction.namespace, "name", None)
    if name and interaction.command is not None and interaction.command.qualified_name == "character set":
        from bot.service.context import Ctx

        app = _app(interaction)
        ctx = Ctx(interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id, "", False)
        mine = await app.service.characters(ctx)
        found = next((c for c in mine if c.name.casefold() == str(name).casefold()), None)
        if found is not None:
            return get_system(found.system)
    enc = await _encounter(interaction)
    return enc[2] if enc is not None else None


def complete_words(tx: Texts, vocabulary: Vocabulary, current: str, extra: Iterable[str] = ()) -> Choices:
    """The last word of a `key:value` line: keys by any of their names with "native — meaning" labels, or,
    after `key:`, that key's listed values by their names. `extra` keys are offered by their own names."""
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    typed_key, sep, typed_value = last.partition(":")
    out: list[tuple[str, str]] = []
    key = vocabulary.key_of(typed_key) if sep else None
    if key is not None:
        spec = vocabulary.keys[key]
        for value, names in spec.values.items():
            shown = typed(names[0] if names else value)
            if not typed_value or any(fold(n).startswith(fold(typed_value)) for n in (value, *names)):
                out.append((f"{prefix}{typed_key}:{shown}", f"{typed_key}:{shown}"))
    else:
        folded = fold(typed_key)
        for spec in vocabulary.keys.values():
            names = (spec.key, *spec.names)
            meaning = _meaning(tx, spec.key)
            if folded and not any(fold(n).startswith(folded) for n in names) and folded not in fold(meaning):
                continue
            word = typed(spec.shown) if spec.kind == "flag" else f"{typed(spec.shown)}:"
            label = f"{spec.shown} — {meaning}" if meaning else spec.shown
            out.append((f"{prefix}{word}", label))
        out += [(f"{prefix}{k}:", k) for k in extra if fold(k).startswith(folded)]
    return [app_commands.Choice(name=cut(label, 100), value=value[:100]) for value, label in out[:25] if value.strip()]


def _meaning(tx: Texts, key: str) -> str:
    """A key's one-line meaning in the reader's language, when the game's catalog has one."""
    for candidate in (f"meaning.{tx.system}.{key}", f"meaning.{key}"):
        if tx.catalog.has_own(tx.lang, candidate):
            return tx.catalog.messages[tx.lang][candidate]
    return ""


async def templates(interaction: discord.Interaction, current: str) -> Choices:
    """The chosen game's ready characters, named in the user's language."""
    system = await _stats_system(interaction)
    if system is None:
        return []
    tx = _texts(_app(interaction), interaction, system)
    return labeled_choices([(t, tx.term("template", t)) for t in system.templates()], current)
