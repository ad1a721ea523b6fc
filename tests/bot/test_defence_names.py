"""`/parry option:` in the reader's words: the list shows each defence by the name the prompt's buttons
show, and a defence typed by that name (in any language, any case) is the one taken."""

from __future__ import annotations

from tests.bot.conftest import Table

SET_UP = [
    "@gm:pl #w /settings set name:enforce_turns value:false",
    "@gm:pl #w /encounter start system:pl_wladanie name:Boj",
    "@ewa:pl #w /character create system:pl_wladanie name:Ewa template:wojownik",
    "@ewa:pl #w /encounter join character:Ewa",
    '@gm:pl #w /encounter add name:Zbój stats:"obrona_fizyczna:10 broń:miecz:1k8"',
]


async def prompt(table: Table) -> None:
    await table.play(SET_UP)
    table.dice(19)  # a hit: Ewa is asked how she defends
    r = await table.one("@gm:pl #w /attack attacker:Zbój target:Ewa")
    assert r.error is None and r.components, r.content


async def test_the_list_names_the_defences_in_the_readers_words(table: Table) -> None:
    await prompt(table)
    choices = await table.local.autocomplete("ewa", "w", "parry", "option", "")
    shown = {str(c.value): c.name for c in choices}
    assert shown.get("dodge") == "Unik" and shown.get("parry") == "Parowanie", shown
    typed = await table.local.autocomplete("ewa", "w", "parry", "option", "un")
    assert [c.value for c in typed] == ["dodge"]


async def test_a_defence_typed_by_its_native_name_is_taken(table: Table) -> None:
    await prompt(table)
    table.dice(5, 5, 5, 5)
    r = await table.one("@ewa:pl #w /parry option:unik")
    assert r.error is None, r.content
    (defence,) = (await table.query("SELECT result FROM exchanges"))[0]
    assert '"dodge"' in str(defence), defence
