"""Vzor 2 through the bot: an attack waiting for the defender's answer is paid for when it is made, so the
GM cannot attack with an NPC beyond its 5 actions, or shoot a crossbow twice, while the prompt is open
(the tester's 01_vzor2_pending_actions)."""

from __future__ import annotations

import json

from rules import RandomDice, get_system
from tests.bot.conftest import Table, text_of

GUARD = '"útok:10 obrana:17 zranění:d5+1 životy:12 iniciativa:9"'
ARCHER = '"síla:4 obratnost:7 kondice:2 reakce:9 zbraň:kuše ovládání:5"'


async def _actions_left(table: Table, name: str) -> int | None:
    (sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name = $1", name))[0]
    system = get_system("cz2d10")
    left: int | None = system.status(system.sheet(json.loads(sheet))).numbers["actions_left"]
    return left


# A vzor 2 fight at the walls: Petr (a knight, 4 actions) and the guard; the other cz2d10 table tests reuse it.
VZOR2_FIGHT = [
    "@gm:cs #hrad /settings set name:enforce_turns value:false",
    "@gm:cs #hrad /settings set system:cz2d10 name:duel_system value:vzor2",
    "@petr:cs #hrad /character create system:cz2d10 name:Petr template:knight",
    "@gm:cs #hrad /encounter start system:cz2d10 name:Hradby",
    f"@gm:cs #hrad /encounter add name:Strážný stats:{GUARD}",
]


async def _fight(table: Table) -> None:
    await table.play(
        [
            *VZOR2_FIGHT,
            f"@gm:cs #hrad /encounter add name:Kušiník stats:{ARCHER}",
            "@petr:cs #hrad /encounter join character:Petr",
        ]
    )


async def test_a_second_attack_while_the_first_waits_sees_its_actions_spent(table: Table) -> None:
    await _fight(table)
    table.dice(6, 6)  # 12 + 10 = 22 > 13: Petr may buy defence, the attack waits
    first = await table.one("@gm:cs #hrad /attack attacker:Strážný target:Petr")
    assert first.error is None and first.components, first.content
    assert await _actions_left(table, "Strážný") == 2  # 5 − 3 at the attack itself
    shown = {f["name"]: f["value"] for e in first.embeds for f in e.get("fields", [])}
    assert shown["Strážný: zbývající akce"] == "2"  # what the GM reads under the waiting attack
    table.dice(6, 6)
    second = await table.one("@gm:cs #hrad /attack attacker:Strážný target:Petr")
    assert second.error == "error.cz2d10.not_enough_actions"
    assert "potřeba: 3, zbývá: 2" in text_of(second)


async def test_a_waiting_crossbow_shot_must_be_reloaded_before_the_next(table: Table) -> None:
    await _fight(table)
    table.dice(6, 6)
    shot = await table.one("@gm:cs #hrad /shot attacker:Kušiník target:Petr distance:30")
    assert shot.error is None and shot.components, shot.content
    assert await _actions_left(table, "Kušiník") == 3  # a crossbow shot is 2 actions
    table.dice(6, 6)
    again = await table.one("@gm:cs #hrad /shot attacker:Kušiník target:Petr distance:30")
    assert again.error == "error.cz2d10.not_loaded"


async def test_the_answer_keeps_what_the_attacker_did_meanwhile(table: Table) -> None:
    await _fight(table)
    table.dice(6, 6)
    prompt = await table.one("@gm:cs #hrad /attack attacker:Strážný target:Petr")
    none = next(c["custom_id"] for c in prompt.components if c["custom_id"].endswith(":none"))
    table.dice(6, 6)
    assert (await table.one("@gm:cs #hrad /shot attacker:Kušiník target:Petr distance:30")).error is None
    table.app.service.dice = RandomDice(5)
    (answer,) = await table(f"@petr:cs #hrad click {none}")
    assert answer.error is None, answer.content
    assert await _actions_left(table, "Strážný") == 2  # charged once, at the attack
    assert await _actions_left(table, "Kušiník") == 3
