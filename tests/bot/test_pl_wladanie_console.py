"""pl_wladanie through the console, as a Polish group plays it: area throws and surprise attacks."""

from __future__ import annotations

import json

from tests.bot.conftest import Table, text_of

SETUP = [
    "@gm:pl #boj /ustawienia ustaw nazwa:enforce_turns wartość:false system:pl_wladanie",
    '@ana:pl /postać utwórz system:pl_wladanie nazwa:Mira statystyki:"obrona_fizyczna:12 '
    'władanie:flaszka=5 broń:flaszka:1k4:0,5kg:do_miotania udźwig:20"',
    "@gm:pl #boj /starcie rozpocznij system:pl_wladanie nazwa:Obszar",
    '@gm:pl #boj /starcie dodaj nazwa:Goblin statystyki:"obrona_fizyczna:10 władanie:3 kostki_obrażeń:1k6"',
    '@gm:pl #boj /starcie dodaj nazwa:Szaman ukryte:true statystyki:"obrona_fizyczna:10 władanie:3 '
    'kostki_obrażeń:1k6 pancerz:2 pokrycie:20"',
    "@ana:pl #boj /starcie dołącz postać:Mira",
]


async def damage_of(table: Table, name: str) -> int:
    (sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name=$1", name))[0]
    data = json.loads(sheet) if isinstance(sheet, str) else sheet
    return int(data.get("damage_taken", 0))


async def test_a_scattered_flask_spares_who_stands_on_the_aimed_field(table: Table) -> None:
    await table.play(SETUP)
    table.dice(5, 6, 4)  # 5 + 5 = 10 vs 11: failure by 1, diagram 6 (one field down), damage 4
    r = await table.one('@ana:pl #boj /strzał cel:Goblin opcje:"obszarowy na_polu:Szaman" odległość:2')
    assert r.error is None
    body = text_of(r)
    assert "kierunek None" not in body and "Nie oberwali stojący na celowanym polu: Szaman" in body
    assert await damage_of(table, "Szaman") == 0 and await damage_of(table, "Goblin") == 0


async def test_an_area_hit_counts_every_one_on_the_field(table: Table) -> None:
    await table.play(SETUP)
    table.dice(14, 3)  # 14 + 5 = 19 vs 11: the field is hit; 1k4 = 3
    r = await table.one('@ana:pl #boj /strzał cel:Goblin opcje:"obszarowy na_polu:Szaman" odległość:2')
    assert r.error is None
    assert await damage_of(table, "Goblin") == 3
    assert await damage_of(table, "Szaman") == 1  # 19 < coverage 20: armour 2 off
    assert "Obrażenia na polu" in text_of(r)


async def test_a_surprise_attack_asks_nobody_to_defend(table: Table) -> None:
    await table.play(SETUP)
    table.dice(15, 5)  # 15 + 3 = 18 vs the unprepared 12; 1k6 = 5
    r = await table.one("@gm:pl #boj /atak atakujący:Goblin cel:Mira opcje:zaskoczenie")
    assert r.error is None and not r.components
    (pending,) = (await table.query("SELECT COUNT(*) FROM exchanges WHERE status='pending'"))[0]
    assert pending == 0
    assert await damage_of(table, "Mira") == 5
