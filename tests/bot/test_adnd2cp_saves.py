"""A combat blow's save in play (adnd2cp): with the victim's campaign save on its sheet the bot rolls it;
without, the GM's note says what a failed save brings and the command that puts it on, in the reader's
words, and that command as written is accepted."""

from __future__ import annotations

import re

from tests.bot.conftest import Table, text_of

SET_UP = [
    "@gm:it #s /settings set name:enforce_turns value:false",
    "@gm:it #s /encounter start system:adnd2cp name:Grotta",
    "@lia:it #s /character create system:adnd2cp name:Lia template:guerriero",
    "@lia:it #s /encounter join character:Lia",
]


async def test_without_a_save_the_note_gives_the_command_that_applies_the_failed_save(table: Table) -> None:
    await table.play([*SET_UP, '@gm:it #s /encounter add name:Orco stats:"ca:6 pf:250 thac0:19 danni:1d8"'])
    table.dice(19, 5)  # a hit for 8: less than a tenth of 250, so the failed save is the pain penalty
    shown = text_of(await table.one('@lia:it #s /attack target:Orco options:"colpi:causare_grande_dolore"'))
    assert "TS su robustezza di Orco" in shown and "ts_robustezza:NN" in shown, shown
    command = re.search(r"/scontro effetto aggiungi combattente:Orco nome:(.+?)\. ", shown)
    assert command is not None and command.group(1).startswith("Grande dolore"), shown
    r = await table.one(f'@gm:it #s /scontro effetto aggiungi combattente:Orco nome:"{command.group(1)}"')
    assert r.error is None, r.content
    assert "Grande dolore" in text_of(r)


async def test_the_save_on_the_victims_sheet_is_rolled(table: Table) -> None:
    await table.play([*SET_UP, '@gm:it #s /encounter add name:Orco stats:"ca:6 pf:250 thac0:19 ts_robustezza:40"'])
    table.dice(19, 5, 41)  # the save: 41 against 40, failed
    shown = text_of(await table.one('@lia:it #s /attack target:Orco options:"colpi:causare_grande_dolore"'))
    assert "Master:" not in shown, shown
    assert (
        "d100 (41) = 41 contro la probabilità del tiro salvezza 40 (40 TS su robustezza %) · Fallito"
        in shown.replace("**", "")
    )
    assert "Grande dolore" in shown
