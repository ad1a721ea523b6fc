"""A Czech, Polish or Italian answer never asks the reader to type an internal id: an option is named by
the key the game's vocabulary shows first (`munizioni`, not `ammo`), a setting by its name in the
reader's words (what `/settings` autocompletes), never by its id (`player_undo`, `fatigue_table`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.console.adapter import snowflake
from bot.service.bot_settings import BotSettings
from rules import all_systems, get_system
from rules.system import describe_fields
from rules.vocabulary import fold, typed
from tests.bot.conftest import Table, text_of

CATALOGS = Path(__file__).resolve().parents[2] / "bot" / "i18n"
QUOTED = re.compile(r"[`'„\"«]([A-Za-z0-9_]+)[`'”“\"»]")


def internal_ids(system_id: str) -> dict[str, str]:
    """Ids a player never types in this game, with what they should read instead."""
    system = get_system(system_id)
    ids: dict[str, str] = {}
    for vocabulary in (system.option_vocabulary(), system.stat_vocabulary()):
        for key in vocabulary.keys.values():
            shown = typed(key.shown)
            if fold(shown) != fold(key.key):
                ids[key.key] = f"the key `{shown}`"
    for info in [*system.setting_infos(), *describe_fields(BotSettings)]:
        ids.setdefault(info.name, "the setting's name")
        for choice in info.choices or []:
            if isinstance(choice, str) and "_" in choice:
                ids.setdefault(choice, "the value's name")
    return ids


def catalog_files(lang: str) -> list[tuple[Path, list[str]]]:
    files = []
    for path in sorted((CATALOGS / lang).glob("*.json")):
        game = path.stem.removeprefix("settings_")
        files.append((path, sorted(all_systems()) if game == "core" else [game]))
    return files


@pytest.mark.parametrize("lang", ["cs", "pl", "it"])
def test_native_texts_quote_no_internal_id(lang: str) -> None:
    found = []
    for path, games in catalog_files(lang):
        ids: dict[str, str] = {}
        for game in games:
            ids.update(internal_ids(game))
        for key, text in json.loads(path.read_text("utf-8")).items():
            found += [f"{path.name} {key}: {word} (say {ids[word]})" for word in QUOTED.findall(text) if word in ids]
    assert not found, "\n".join(found)


def test_the_check_knows_the_ids_it_guards() -> None:
    ids = internal_ids("adnd2cp")
    assert ids["ammo"] == "the key `munizioni`" and "player_undo" in ids
    assert "fatigue_table" in internal_ids("arm5") and "nonlethal" in internal_ids("arm5")


async def test_a_refused_nonlethal_blow_names_the_setting_and_its_value_in_polish(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #n /settings set name:enforce_turns value:false",
            "@gm:pl #n /encounter start system:arm5 name:Las",
            '@gm:pl #n /encounter add name:Zbój stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 budowa:0"',
            '@gm:pl #n /encounter add name:Wilk stats:"atak:4 obrona:3 obrażenia:2 wyparowania:2 budowa:0"',
        ]
    )
    r = await table.one('@gm:pl #n /attack attacker:Zbój target:Wilk options:"nieśmiercionośne"')
    assert r.error == "error.arm5.nonlethal_off", r.content
    assert "Tabela Wyczerpania" in (r.content or "") and "dla obrażeń nieśmiercionośnych" in (r.content or "")
    assert "fatigue_table" not in (r.content or "") and "nonlethal" not in (r.content or "")


async def test_reactions_and_defence_alternatives_are_named_as_a_czech_player_types_them(table: Table) -> None:
    """Out of turn, a player is told which reactions still work and how to type them; in dnd35 `/parry`
    lists the options that stand in for a defence roll. Both in the game's words, never its ids."""
    await table.play(
        [
            "@gm:cs #r /encounter start system:dnd35 name:Most",
            "@ana:cs #r /character create system:dnd35 name:Ana template:fighter",
            "@bob:cs #r /character create system:dnd35 name:Bob template:rogue",
            "@ana:cs #r /encounter join character:Ana",
            "@bob:cs #r /encounter join character:Bob",
            "@gm:cs #r /initiative combatant:all",
            "@gm:cs #r /encounter next",
        ]
    )
    enc = await table.app.service.encounter(snowflake("#r"))
    assert enc is not None
    current = enc.current(True)
    assert current is not None
    waiting = "bob" if current.name == "Ana" else "ana"
    r = await table.one(f"@{waiting}:cs #r /attack target:{current.name}")
    assert r.error == "error.not_your_turn", r.content
    said = r.content or ""
    assert "volby:příležitostný_útok" in said and "/akce jméno:Vyčkávání" in said, said
    assert not {"attack_of_opportunity", "readied", "jméno:delay", "jméno:ready"} & set(said.replace("`", " ").split())
    r = await table.one(f"@{waiting}:cs #r /parry")
    assert r.error == "error.no_active_defence", r.content
    assert "volby:úplná_obrana" in (r.content or "") and "total_defense" not in (r.content or ""), r.content


async def test_armour_without_coverage_says_what_to_write(table: Table) -> None:
    """A Władanie NPC given `pancerz:3` alone: its armour never applies, and the note says the line that
    makes it work."""
    await table.play(["@gm:pl #p /encounter start system:pl_wladanie name:Gościniec"])
    said = await table('@gm:pl #p /encounter add name:Zbój stats:"obrona_fizyczna:11 broń:topór:1k8 pancerz:3"')
    shown = " ".join(text_of(r) for r in said)  # the GM's own answer carries the notes
    assert all(r.error is None for r in said) and "pokrycie:14 pancerz:3" in shown, shown
