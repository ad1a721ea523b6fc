"""After a fight, /postava odpočinek says how to heal (QA finding 10).

The seed's healing gives only relative speeds (L501: "Základní čas zůstává stejný jako v základním systému
jen pro končetiny, hlava a trup se léčí pouze poloviční rychlostí"); the basic system's healing is not in
the text, so nothing heals by itself. The refusal was „… nemá akci odpočinku.“ and nothing more: now it
says that the rules give no healing and which command writes down the wounds left, and that command works."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

SETUP = [
    "@gm:cs #stol /settings set name:enforce_turns value:false",
    "@gm:cs #stol /encounter start system:cz2d10 name:Odpočinek",
    "@eliska:cs #stol /character create system:cz2d10 name:Eliška template:archer",
    "@eliska:cs #stol /encounter join character:Eliška",
    '@gm:cs #stol /encounter edit combatant:Eliška stats:"tělo:-6"',
    "@gm:cs #stol /encounter end",
]


async def test_rest_says_how_to_heal_and_the_advice_works(table: Table) -> None:
    await table.play(SETUP)
    rest = await table.one("@eliska:cs #stol /character rest hours:8")
    assert rest.error == "error.cz2d10.no_healing_rule", text_of(rest)
    said = text_of(rest)
    assert "Hojení" in said and '/postava nastavit jméno:Eliška údaje:"zranění_částí:' in said
    fixed = await table.one('@eliska:cs #stol /character set name:Eliška stats:"zranění_částí:tělo=0 omráčení:0"')
    assert fixed.error is None, text_of(fixed)
    shown = text_of(await table.one("@eliska:cs #stol /character show name:Eliška"))
    assert "Nezraněný/á" in shown and "Vážné zranění" not in shown
