"""Vzor 2 through the bot (the tester's 03_vzor2_defence_components): the prompt's buttons are whole
purchases the defender can pay for, with what each buys and costs; a combination typed in Czech words
with commas is bought; a list that skips a component says how to write one."""

from __future__ import annotations

from rules import RandomDice
from tests.bot.conftest import Table, text_of
from tests.bot.test_cz2d10_pending_actions import VZOR2_FIGHT, _actions_left


async def _attacked(table: Table) -> list[str]:
    await table.play([*VZOR2_FIGHT, "@petr:cs #hrad /encounter join character:Petr"])
    table.dice(1, 8)  # 9 + 10 = 19: Petr may buy defence
    prompt = await table.one("@gm:cs #hrad /attack attacker:Strážný target:Petr")
    assert prompt.error is None, prompt.content
    text = text_of(prompt)
    # Petr (knight: 4 actions) can pay for DEX (1), up to the main weapon (3), up to guard (4), not the shield
    assert "Lze koupit: Obratnost, Hlavní zbraň — obrana 20 za 3 akce" in text
    assert "Štít (i složky před ním)" not in text
    return [c["custom_id"] for c in prompt.components]


async def test_the_buttons_are_whole_purchases(table: Table) -> None:
    ids = await _attacked(table)
    assert [i.rsplit(":", 1)[1] for i in ids] == ["none", "dex", "to_weapon", "to_guard"]
    table.app.service.dice = RandomDice(5)
    (answer,) = await table(f"@petr:cs #hrad click {ids[2]}")
    assert answer.error is None, answer.content
    assert "Koupená obrana (vzor 2): Obratnost, Hlavní zbraň za 3 akce" in text_of(answer)
    assert await _actions_left(table, "Petr") == 1


async def test_a_combination_typed_in_czech_words(table: Table) -> None:
    await _attacked(table)
    table.app.service.dice = RandomDice(5)
    answer = await table.one('@petr:cs #hrad /parry option:"Obratnost, Hlavní zbraň"')
    assert answer.error is None, answer.content
    assert await _actions_left(table, "Petr") == 1


async def test_a_list_with_a_gap_says_how_to_write_it(table: Table) -> None:
    await _attacked(table)
    refused = await table.one('@petr:cs #hrad /parry option:"Obratnost, Štít"')
    assert refused.error == "error.cz2d10.defence_not_prefix"
    assert "volba:Krytí" in text_of(refused) and 'volba:"Obratnost, Hlavní zbraň, Krytí"' in text_of(refused)
