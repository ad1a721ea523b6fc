"""At the table: an engaged character's momentum attack is refused in Polish, and the GM may force it."""

from __future__ import annotations

from tests.bot.conftest import Table


async def test_a_charge_while_engaged_says_to_leave_the_fight_first(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #c /settings set name:enforce_turns value:false",
            "@gm:pl #c /encounter start system:arm5 name:Szarża",
            "@ania:pl #c /character create system:arm5 name:Ania template:wojownik",
            "@ania:pl #c /encounter join character:Ania",
            '@gm:pl #c /encounter add name:Zbój stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 inicjatywa:1"',
            '@gm:pl #c /encounter add name:Łucznik stats:"zręczność:1 bows:3 broń:łuk_krótki pancerz:1"',
            "@gm:pl #c /initiative combatant:all",
            "@gm:pl #c /encounter next",
            "@gm:pl #c /attack attacker:Zbój target:Ania",
            "@ania:pl #c /parry",
        ]
    )
    r = await table.one("@ania:pl #c /attack target:Łucznik options:atak_z_rozpędu")
    content = r.content or ""
    assert r.error == "error.arm5.charge_engaged", content
    assert "musi wpierw wyjść z walki" in content and "`/akcja nazwa:Wyjście z walki`" in content, content
    r = await table.one("@gm:pl #c /attack attacker:Ania target:Łucznik options:atak_z_rozpędu wymuś")
    assert r.error is None, r.content
