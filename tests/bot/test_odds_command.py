"""`/odds` through the handlers: private, exact, refused exactly as the attack, a hidden NPC's odds the
GM's only, and the GM setting that adds the chance to hit to attack answers."""

from __future__ import annotations

import re

import pytest

from bot.service import actions
from tests.bot.conftest import Table

SETUP = [
    "@gm #t /encounter start system:dnd35 name:Odds",
    '@ana #t /character create system:dnd35 name:Ana stats:"str:14 bab:3 hp:20"',
    '@gm #t /encounter add name:Orc stats:"ac:15 hp:7 attack:+1 damage:1d6"',
    '@gm #t /encounter add name:Shade stats:"ac:15 hp:7 attack:+1 damage:1d6" hidden:true',
    "@ana #t /encounter join character:Ana",
]


def _percents(text: str, label: str) -> list[float]:
    row = next(line for line in text.splitlines() if line.startswith(label))
    return [float(p.replace(",", ".")) for p in re.findall(r"(\d+(?:[.,]\d+)?)\s?%", row)]


async def test_odds_are_private_exact_and_add_up(table: Table) -> None:
    await table.play(SETUP)
    r = await table.one("@ana #t /odds target:Orc weapon:longsword")
    assert r.error is None and r.ephemeral, r.content
    text = (
        str(r.embeds[0].get("description", ""))
        + "\n"
        + "\n".join(f"{f['name']}: {f['value']}" for f in r.embeds[0].get("fields", []))
    )
    outcomes = _percents(text, "The attack")
    assert abs(sum(outcomes) - 100) < 0.2, text
    # +3 BAB +2 Str = +5 against AC 15: a hit on 10..20, 55 % (a 19-20 threat for a longsword).
    assert "Hit" in text and "55" in text, text


async def test_a_hidden_npcs_odds_are_the_gms_only(table: Table) -> None:
    await table.play(SETUP)
    r = await table.one("@ana #t /odds target:Shade")
    assert r.error == "error.odds_hidden" and r.ephemeral
    assert "?" not in (r.content or "") and "15" not in (r.content or "")
    r = await table.one("@gm #t /odds target:Ana attacker:Shade")
    assert r.error is None and r.ephemeral


async def test_odds_refuse_what_the_attack_refuses(table: Table) -> None:
    await table.play(SETUP)
    for args in ("target:Nobody", "target:Orc weapon:banana", "target:Ana"):
        attack = await table.one(f"@ana #t /attack {args}")
        odds = await table.one(f"@ana #t /odds {args}")
        assert attack.error is not None and odds.error == attack.error, (args, attack.content, odds.content)
        assert odds.ephemeral


async def test_the_gm_setting_adds_the_chance_to_hit_unless_a_hidden_npc_is_involved(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The line is left out past its second; a loaded test machine must not make it look missing.
    monkeypatch.setattr(actions, "HIT_CHANCE_WAIT", 60.0)
    await table.play(["@gm #t /settings set name:show_odds value:true", *SETUP])
    r = await table.one("@ana #t /attack target:Orc weapon:longsword")
    assert r.error is None
    assert "The chance to hit was 55%" in str(r.embeds), r.embeds
    hidden = await table("@ana #t /attack target:Shade weapon:longsword")
    assert all("chance to hit" not in str(x.embeds) for x in hidden)


async def test_without_the_setting_attack_answers_carry_no_odds(table: Table) -> None:
    await table.play(SETUP)
    r = await table.one("@ana #t /attack target:Orc weapon:longsword")
    assert "chance to hit" not in str(r.embeds)
