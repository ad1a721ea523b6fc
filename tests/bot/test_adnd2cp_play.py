"""adnd2cp as an Italian group plays it: what the tester's scripts showed, through the console's handlers."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

SET_UP = [
    "@gm:it #boj /impostazioni imposta nome:enforce_turns valore:no",
    "@gm:it #boj /scontro inizia sistema:adnd2cp nome:Prova",
]


async def test_a_gm_edit_below_zero_kills_as_an_attack_does(table: Table) -> None:
    # Digest B8 (the seed leaves death to the base game): "Core rule: dead at 0 hp".
    await table.play(
        [
            *SET_UP,
            '@gm:it #boj /scontro aggiungi nome:Ogre statistiche:"ca:5 pf:10 thac0:15 danni:1d10"',
            "@gm:it #boj /iniziativa combattente:all",
            "@gm:it #boj /scontro prossimo",
        ]
    )
    edited = text_of(await table.one('@gm:it #boj /scontro modifica combattente:Ogre statistiche:"pf:-12"'))
    assert "Morto/a" in edited and "Privo/a di sensi" not in edited, edited
    status = text_of(await table.one("@gm:it #boj /scontro stato"))
    assert "**Ogre** — Morto/a" in status, status
