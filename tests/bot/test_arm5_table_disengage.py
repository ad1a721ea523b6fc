"""At the table: attacking after declaring the exit gives the exit up, and says so in Polish."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

# Ania, attacked by Zbój in round 1, declares her exit in round 2 (also used by test_table_session34).
DECLARED_EXIT = [
    "@gm:pl #d /settings set name:enforce_turns value:false",
    "@gm:pl #d /encounter start system:arm5 name:Odwrót",
    "@ania:pl #d /character create system:arm5 name:Ania template:wojownik",
    "@ania:pl #d /encounter join character:Ania",
    '@gm:pl #d /encounter add name:Zbój stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 inicjatywa:1"',
    "@gm:pl #d /initiative combatant:all",
    "@gm:pl #d /encounter next",
    "@gm:pl #d /attack attacker:Zbój target:Ania",
    "@ania:pl #d /parry",
    "@gm:pl #d /encounter next",
    "@gm:pl #d /encounter next",
    "@ania:pl #d /action name:disengage",
]


async def test_an_attack_after_the_declared_exit_ends_it(table: Table) -> None:
    await table.play(DECLARED_EXIT)
    r = await table.one("@ania:pl #d /attack target:Zbój")
    assert r.error is None, r.content
    assert "próba wyjścia z walki przepada" in text_of(r)
    r = await table.one("@gm:pl #d /action name:reaction_attack actor:Zbój target:Ania")
    assert r.error == "error.arm5.not_disengaging", r.content
