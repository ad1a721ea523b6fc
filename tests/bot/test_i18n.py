"""The four languages: a complete catalog, valid localized names, answers in the user's language."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.i18n.catalog import PLURAL_FORMS, Catalog, plural_form
from bot.presenters.limits import fits
from tests.bot.conftest import Table, text_of

ROOT = Path("bot/i18n")
LANGS = ["cs", "pl", "it"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


GENDERED = re.compile(r"#[mfn]$")


def _load(lang: str) -> dict[str, dict[str, str]]:
    import json

    return {f.name: json.loads(f.read_text("utf-8")) for f in sorted((ROOT / lang).glob("*.json"))}


def _expected_keys(english: dict[str, str], lang: str) -> set[str]:
    keys = set()
    for key in english:
        base, sep, _form = key.partition("#")
        if sep:
            keys |= {f"{base}#{f}" for f in PLURAL_FORMS[lang]}
        else:
            keys.add(key)
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete_with_the_same_placeholders(lang: str) -> None:
    english = _load("en")
    other = _load(lang)
    assert set(other) == set(english), f"{lang} lacks files {set(english) - set(other)}"
    for name, en in english.items():
        # Gendered forms (`key#m|f|n`) are the language's own: optional, but only of keys that exist.
        mine = {k: v for k, v in other[name].items() if not GENDERED.search(k)}
        gendered = {k: v for k, v in other[name].items() if GENDERED.search(k)}
        expected = _expected_keys(en, lang)
        assert set(mine) == expected, (
            f"{lang}/{name}: missing {sorted(expected - set(mine))[:10]}, extra {sorted(set(mine) - expected)[:10]}"
        )
        for key, text in {**mine, **gendered}.items():
            base = GENDERED.sub("", key)
            assert base in mine or base in en, (lang, name, key, "a gendered form of no key")
            en_key = base if base in en else base.split("#")[0] + "#other"
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(en[en_key])), (lang, name, key)


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_localized_names_and_descriptions_follow_discord_rules(lang: str) -> None:
    core = _load(lang)["core.json"]
    for key, text in core.items():
        if key.startswith("name."):
            assert re.fullmatch(r"[-_\w]{1,32}", text) and text == text.lower(), (lang, key, text)
        if key.startswith(("cmd.", "opt.")):
            assert 1 <= len(text) <= 100, (lang, key, len(text))


@pytest.mark.parametrize(
    ("lang", "cases"),
    [
        ("cs", {0: "other", 1: "one", 2: "few", 4: "few", 5: "other", 12: "other", 22: "other", 25: "other"}),
        ("pl", {0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 12: "many", 22: "few", 25: "many"}),
        ("it", {0: "other", 1: "one", 2: "other", 5: "other", 12: "other", 22: "other", 25: "other"}),
        ("en", {0: "other", 1: "one", 2: "other", 5: "other", 12: "other", 22: "other", 25: "other"}),
    ],
)
def test_plural_rules(lang: str, cases: dict[int, str]) -> None:
    for n, form in cases.items():
        assert plural_form(lang, n) == form, (lang, n)


def test_plural_text_picks_the_form() -> None:
    catalog = Catalog()
    one = catalog.text("pl", "encounter.added_title", count=1)
    few = catalog.text("pl", "encounter.added_title", count=3)
    many = catalog.text("pl", "encounter.added_title", count=5)
    assert len({one, few, many}) == 3 and "5" in many


async def test_answers_follow_the_users_language(table: Table) -> None:
    await table("@gm #sala /encounter start system:dnd35")
    czech = await table.one("@ana:cs #sala /encounter status")
    polish = await table.one("@bob:pl #sala /encounter status")
    italian = await table.one("@eva:it #sala /encounter status")
    english = await table.one("@joe #sala /encounter status")
    texts = {text_of(r) for r in (czech, polish, italian, english)}
    assert len(texts) == 4
    error_cs = await table.one("@ana:cs #sala /attack target:Nikdo")
    error_en = await table.one("@joe #sala /attack target:Nikdo")
    assert error_cs.error == error_en.error == "error.no_own_combatant"
    assert error_cs.content != error_en.content


async def test_a_pinned_channel_speaks_one_language(table: Table) -> None:
    await table("@gm #krcma /settings set name:language value:cs")
    r = await table.one("@joe #krcma /encounter status")
    assert r.error == "error.no_encounter"
    catalog = Catalog()
    assert r.content == catalog.text("cs", "error.no_encounter")


@pytest.mark.parametrize("lang", ["cs", "pl", "it"])
async def test_localized_embeds_fit_with_30_long_names(table: Table, lang: str) -> None:
    await table(f'@gm:{lang} #arena /encounter start system:dnd35 name:"{"Ř" * 100}"')
    for i in range(3):
        await table(f'@gm #arena /encounter add name:"{"Ł" * 97}{i}" stats:"ac:12 hp:9" count:10')
    responses = []
    responses += await table("@gm #arena /initiative combatant:all")
    responses += await table("@gm #arena /encounter next")
    responses += await table("@gm #arena /encounter status")
    responses += await table("@ana #arena /encounter status")
    responses += await table("@gm #arena /encounter end")
    for r in responses:
        assert r.error is None
        assert fits([discord.Embed.from_dict(e) for e in r.embeds])


def test_every_die_purpose_the_systems_roll_has_a_label() -> None:
    from rules import ActionRequest, DefenceRequest, Fighter, RandomDice, get_system

    stats = {
        "dnd35": {"ac": "15", "hp": "11", "attack": "+3", "damage": "1d8+1"},
        "arm5": {"attack": "+9", "defense": "+6", "damage": "+5", "soak": "+7"},
        "adnd2cp": {"ac": "6", "hp": "15", "thac0": "19", "damage": "1d8"},
        "cz2d10": {"hp": "20", "útok": "5", "obrana": "3", "zranění": "1k6+2"},
        "pl_wladanie": {"of": "12", "wladanie": "6", "damage": "1k8"},
    }
    catalog = Catalog()
    for sid, st in stats.items():
        system = get_system(sid)
        for seed in range(60):
            dice = RandomDice(seed)
            a, b = Fighter("A", system.sheet(st)), Fighter("B", system.sheet(st))
            req = ActionRequest(a, b, system.options({}), system.settings({}))
            results = [system.initiative(req, dice), system.attack(req, dice)]
            if results[-1].outcome == "pending_defence":
                exchange = results[-1].exchange or {}
                results.append(system.defend(DefenceRequest(b, a, exchange, system.settings({})), dice))
            for r in results:
                for sub in [r, *r.attacks]:
                    for die in sub.rolls:
                        for lang in ["en", *LANGS]:
                            assert catalog.has(lang, f"die.{sid}.{die.purpose}") or catalog.has(
                                lang, f"die.{die.purpose}"
                            ), (lang, sid, die.purpose)
