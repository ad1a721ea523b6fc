"""What a command stores of a result: its event and a waiting exchange carry no whole sheets (issue 17:
every event stored both sheets, several kilobytes; the change set records what changed)."""

from __future__ import annotations

import json

import pytest

from bench.odds import template_fighter
from bot.service.outcomes import event_json, stored_result
from bot.storage.jsontext import compact
from rules import ActionRequest, RandomDice, RulesError, all_systems, get_system
from tests.bot.conftest import Table
from tests.bot.stored_events import stored_events


def _sheets_in(data: object) -> list[str]:
    """Every key naming a whole sheet, at any depth."""
    if isinstance(data, dict):
        own = [k for k in data if k in ("actor_sheet", "target_sheet")]
        return own + [k for v in data.values() for k in _sheets_in(v)]
    if isinstance(data, list):
        return [k for v in data for k in _sheets_in(v)]
    return []


async def test_events_and_exchanges_store_no_sheets(table: Table) -> None:
    await table.play(
        [
            "@gm #x /settings set name:enforce_turns value:false scope:server",
            "@gm #x /settings set system:arm5 name:npc_defence value:prompt scope:server",
            "@gm:pl #arena /encounter start system:arm5",
            '@gm #arena /encounter add name:A stats:"attack:+9 defense:+6 damage:+5 soak:+7"',
            '@gm #arena /encounter add name:B stats:"attack:+9 defense:+6 damage:+5 soak:+7"',
        ]
    )
    r = await table.one("@gm #arena /attack attacker:A target:B")
    assert r.error is None, r.content
    (stored,) = (await table.query("SELECT result FROM exchanges"))[0]
    assert "exchange" in json.loads(stored) and not _sheets_in(json.loads(stored))
    answered = await table.one("@gm #arena /parry")
    assert answered.error is None, answered.content
    events = await stored_events(table)
    assert "defend" in [a for a, _ in events]
    payloads = [p for _, p in events]
    assert not [k for p in payloads for k in _sheets_in(p)]
    # The blow still changed the defender: the change set has it, and the table's answer showed it.
    (b_sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name = 'B'"))[0]
    assert json.loads(b_sheet)


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_a_waiting_exchange_and_its_event_store_the_same_text(system_id: str) -> None:
    """An attack that waits for its defence is serialised once (the exchange's data), and its event is
    that data's text: the same as the event log's own serialisation of the result."""
    system = get_system(system_id)
    names = list(system.templates())
    dice = RandomDice(3)
    compared: list[str] = []
    for a, b in zip(names, names[1:] + names[:1], strict=True):
        actor, target = template_fighter(system, a), template_fighter(system, b)
        call = system.shot if a == "archer" else system.attack
        try:
            result = call(ActionRequest(actor, target, system.options({}), system.settings({})), dice)
        except RulesError:  # a pair that cannot fight that way (out of range …): not this test's point
            continue
        compared.append(result.outcome)
        assert compact(stored_result(result)) == event_json(result)
    assert len(compared) >= 2
