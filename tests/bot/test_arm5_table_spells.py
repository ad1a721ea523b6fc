"""A Polish mage with two spells is told how to pick one; Parma Magica says how to give penetration."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

SETUP = [
    "@gm:pl #m /settings set name:enforce_turns value:false",
    "@gm:pl #m /encounter start system:arm5 name:Magia",
    "@bartek:pl #m /character create system:arm5 name:Bartek "
    'stats:"quickness:1 finesse:2 broń:sztylet zaklęcia:Pilum_of_Fire:15/12/20/FC,Ball_of_Abysmal_Flame:30/9"',
    "@bartek:pl #m /encounter join character:Bartek",
    '@gm:pl #m /encounter add name:Zbój stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 inicjatywa:1"',
    '@gm:pl #m /encounter add name:Wiedźma stats:"quickness:1 wytrzymałość:1 parma_magica"',
    "@gm:pl #m /initiative combatant:all",
    "@gm:pl #m /encounter next",
]


async def test_two_spells_unnamed_lists_how_to_pick_each(table: Table) -> None:
    await table.play(SETUP)
    for line in ("/action name:magic_attack target:Zbój", "/action name:cast"):
        r = await table.one(f"@bartek:pl #m {line}")
        content = r.content or ""
        assert r.error == "error.arm5.spell_not_chosen", content
        assert "`opcje:zaklęcie:Pilum_of_Fire`" in content and "`opcje:zaklęcie:Ball_of_Abysmal_Flame`" in content
        assert " : " not in content and "  " not in content  # no empty spell name
    r = await table.one("@bartek:pl #m /action name:cast options:zaklęcie:Ball_of_Abysmal_Flame")
    assert r.error is None, r.content


async def test_a_spell_on_parma_magica_waits_for_the_gms_word(table: Table) -> None:
    await table.play(SETUP)
    r = await table.one("@bartek:pl #m /action name:magic_attack target:Wiedźma options:zaklęcie:Pilum_of_Fire")
    assert r.error is None, r.content
    text = text_of(r)
    assert "Parma Magica" in text and "`opcje:przebicie:tak`" in text and "`opcje:przebicie:nie`" in text, text
    assert "Trafienie" not in text
    r = await table.one(
        "@bartek:pl #m /action name:magic_attack target:Wiedźma options:zaklęcie:Pilum_of_Fire przebicie:tak"
    )
    assert r.error is None, r.content
    assert "Trafienie" in text_of(r)
