"""`/character set` changes what a player names, as `/character create` reads the same key: hit points
set on a made character take (never silently nothing, never a current HP above the maximum), and a
refused value is named in the game's words."""

from __future__ import annotations

import json

from rules import get_system
from tests.bot.conftest import Table, text_of


async def _sheet(table: Table, name: str) -> dict[str, object]:
    (row,) = await table.query("SELECT sheet FROM characters WHERE name = ?", name)
    loaded: dict[str, object] = json.loads(row[0])
    return loaded


async def test_dnd35_hit_points_set_the_maximum_and_move_the_current_with_it(table: Table) -> None:
    await table.play(["@ana:cs #d /character create system:dnd35 name:Ana template:bojovník"])
    r = await table.one('@ana:cs #d /character set name:Ana stats:"životy:30"')
    assert r.error is None and "30/30" in text_of(r), r.content
    sheet = await _sheet(table, "Ana")
    assert (sheet["hp_max"], sheet["hp_current"]) == (30, 30)
    r = await table.one('@ana:cs #d /character set name:Ana stats:"životy:abc"')
    assert r.error is not None and "Životy" in (r.content or "") and "hp" not in (r.content or ""), r.content


def test_dnd35_a_hurt_character_keeps_its_damage_when_its_maximum_changes() -> None:
    dnd = get_system("dnd35")
    hurt = dnd.update_sheet(dnd.sheet({"hp": 12}), {"hp_current": 5})
    raised = dnd.update_sheet(hurt, {"hp": "20"})
    assert (raised.hp_max, raised.hp_current) == (20, 13)  # type: ignore[attr-defined]
    lowered = dnd.update_sheet(hurt, {"hp": "4"})
    assert (lowered.hp_max, lowered.hp_current) == (4, -3)  # type: ignore[attr-defined]


async def test_current_hit_points_above_the_maximum_raise_it(table: Table) -> None:
    await table.play(
        [
            "@lia:it #d /character create system:adnd2cp name:Bruna template:guerriero",
            "@ana:cs #d /character create system:cz2d10 name:Radek template:fighter",
        ]
    )
    r = await table.one('@lia:it #d /character set name:Bruna stats:"pf:20"')
    assert r.error is None and "20/20" in text_of(r), text_of(r)
    r = await table.one('@lia:it #d /character set name:Bruna stats:"pf:5"')
    assert "5/20" in text_of(r), text_of(r)  # below the maximum: the damage it has now
    r = await table.one('@ana:cs #d /character set name:Radek stats:"životy:30"')
    assert r.error is None and "30/30" in text_of(r), text_of(r)
    sheet = await _sheet(table, "Radek")
    assert (sheet["hp_max"], sheet["hp"]) == (30, 30)
