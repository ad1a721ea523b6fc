"""pl_wladanie QA findings through the console, as the Polish group met them."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

JAGNA = [
    "@gm:pl #boj /ustawienia ustaw nazwa:enforce_turns wartość:false system:pl_wladanie",
    "@ana:pl /postać utwórz system:pl_wladanie nazwa:Jagna szablon:fighter",
    "@gm:pl #boj /starcie rozpocznij system:pl_wladanie nazwa:Jaskinia",
    "@ana:pl #boj /starcie dołącz postać:Jagna",
]


async def test_a_hidden_ogres_heavy_weapon_notes_stay_with_the_gm(table: Table) -> None:
    """Finding 2: the heavy-weapon notes tell the hidden Ogr's weight against its lift."""
    await table.play(
        [
            *JAGNA,
            '@gm:pl #boj /starcie dodaj nazwa:Ogr ukryte:true statystyki:"obrona_fizyczna:12 władanie:maczuga=9 '
            'broń:maczuga:1k12:1:6kg siła:9 udźwig:10 płeć:m"',
        ]
    )
    table.dice(20, 5)
    responses = await table("@gm:pl #boj /atak atakujący:Ogr cel:Jagna opcje:wysiłek")
    public = [text_of(r) for r in responses if not r.ephemeral]
    private = [text_of(r) for r in responses if r.ephemeral]
    assert public and not any("Broń ciężka" in text or "Za ciężka" in text for text in public), public
    assert any("akcję dodatkową" in text for text in private), private


async def test_a_shot_without_a_ranged_weapon_says_how_to_throw(table: Table) -> None:
    """Finding 9: Jagna's only weapon is a sword; /strzał does not throw it unasked."""
    await table.play([*JAGNA, '@gm:pl #boj /starcie dodaj nazwa:Zbój statystyki:"obrona_fizyczna:5"'])
    r = await table.one("@ana:pl #boj /strzał cel:Zbój odległość:5")
    assert r.ephemeral and "Miecz to nie broń dystansowa" in text_of(r) and "opcje:rzut" in text_of(r), text_of(r)
    thrown = await table.one("@ana:pl #boj /strzał cel:Zbój odległość:5 opcje:rzut")
    assert "Broń niezaprojektowana do miotania" in text_of(thrown), text_of(thrown)


async def test_a_parry_against_a_crossbow_without_a_shield_says_why(table: Table) -> None:
    """Finding 15: the answer named the English id 'parry' and no reason."""
    await table.play(
        [
            "@bob:pl /postać utwórz system:pl_wladanie nazwa:Bartek szablon:archer",
            "@gm:pl #boj /starcie rozpocznij system:pl_wladanie nazwa:Bez_tarczy",
            "@bob:pl #boj /starcie dołącz postać:Bartek",
            '@gm:pl #boj /starcie dodaj nazwa:Kusznik statystyki:"obrona_fizyczna:12 władanie:kusza=30 '
            'broń:kusza:1k10:strzelecka:80m:3kg udźwig:30"',
            "@gm:pl #boj /strzał atakujący:Kusznik cel:Bartek odległość:10",
        ]
    )
    r = await table.one("@bob:pl #boj /obrona opcja:parry")
    text = text_of(r)
    assert "parry" not in text and "tylko tarczą" in text and "Unik, Bez obrony" in text, text
