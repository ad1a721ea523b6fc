"""The GM's hands on a running fight: /encounter edit, effects with durations, and characters whose
sheet changes while they fight."""

from __future__ import annotations

import json

from tests.bot.conftest import Table, text_of

FIGHT = [
    "@gm #d /encounter start system:dnd35 name:Hands",
    '@gm #d /encounter add name:Orc stats:"ac:10 hp:30 attack:+3 damage:1d8 init:-5"',
    '@gm #d /encounter add name:Shade stats:"ac:14 hp:20 attack:+4 damage:1d6" hidden:true',
    '@ana #d /character create system:dnd35 name:Ana stats:"hp:12 bab:1 str:14"',
    "@ana #d /encounter join character:Ana",
]


async def _start(table: Table) -> None:
    await table.play(FIGHT)
    table.dice(10, 1, 15, 1, 5, 1)  # Orc 5, Shade 15, Ana 5 (tiebreak)
    await table.play(["@gm #d /initiative combatant:all", "@gm #d /encounter next"])


async def _sheet(table: Table, name: str) -> dict[str, object]:
    (row,) = await table.query("SELECT sheet FROM combatants WHERE name = ?", name)
    loaded: dict[str, object] = json.loads(row[0])
    return loaded


async def test_edit_sets_and_changes_fields_and_posts_one_line(table: Table) -> None:
    await _start(table)
    r = await table.one('@gm #d /encounter edit combatant:Orc stats:"hp_current:25"')
    assert r.error is None and not r.ephemeral
    assert "30 → 25" in text_of(r)
    assert (await _sheet(table, "Orc"))["hp_current"] == 25
    r = await table.one('@gm #d /encounter edit combatant:Orc stats:"hp_current:-5"')
    assert "25 → 20" in text_of(r)
    r = await table.one('@gm #d /encounter edit combatant:Orc stats:"hp_current:+3"')
    assert (await _sheet(table, "Orc"))["hp_current"] == 23
    r = await table.one('@gm #d /encounter edit combatant:Orc stats:"hp_current:=-4"')
    assert (await _sheet(table, "Orc"))["hp_current"] == -4


async def test_edit_is_gm_only_validated_and_changes_nothing_when_refused(table: Table) -> None:
    await _start(table)
    before = await _sheet(table, "Orc")
    r = await table.one('@ana #d /encounter edit combatant:Orc stats:"hp_current:1"')
    assert r.ephemeral and r.error == "error.gm_only"
    r = await table.one('@gm #d /encounter edit combatant:Orc stats:"dex:abc"')
    assert r.ephemeral and r.error is not None
    assert await _sheet(table, "Orc") == before


async def test_a_hidden_combatants_edit_shows_no_numbers_publicly(table: Table) -> None:
    await _start(table)
    public, private = await table("@gm #d /encounter edit combatant:Shade stats:hp_current:7")
    assert not public.ephemeral and "7" not in text_of(public) and "20" not in text_of(public)
    assert private.ephemeral and "20 → 7" in text_of(private)


async def test_an_initiative_edit_resorts_and_keeps_the_turn(table: Table) -> None:
    await _start(table)  # order: Shade 15, Ana 5, Orc 5 (tiebreaks), round 1 on Shade
    enc = await table.app.service.encounter(_cid())
    assert enc is not None and enc.current(True) is not None
    current = enc.current(True).name
    r = await table.one("@gm #d /encounter edit combatant:Orc stats:initiative:20")
    assert r.error is None and "→ 20" in text_of(r)
    enc = await table.app.service.encounter(_cid())
    assert enc is not None
    assert enc.order(True)[0].name == "Orc"
    assert enc.current(True).name == current  # type: ignore[union-attr]
    r = await table.one("@gm #d /encounter edit combatant:Orc stats:initiative:-30")
    assert "20 → -10" in text_of(r)


async def test_an_effect_ticks_on_its_owners_turns_and_its_end_is_announced(table: Table) -> None:
    await _start(table)
    enc = await table.app.service.encounter(_cid())
    assert enc is not None
    order = [c.name for c in enc.order(True)]
    owner = order[1]  # the next one to act
    r = await table.one(f'@gm #d /encounter effect add combatant:"{owner}" name:Bless rounds:1 ends:end')
    assert r.error is None and "Bless" in text_of(r) and "1 round" in text_of(r)
    r = await table.one("@gm #d /encounter next")  # owner's turn starts
    assert "ran out" not in text_of(r)
    r = await table.one("@gm #d /encounter next")  # owner's turn ended: Bless is over
    assert "Bless ended" in text_of(r)
    (effects,) = (await table.query("SELECT effects FROM combatants WHERE name = ?", owner))[0]
    assert json.loads(effects) == []


async def test_effect_remove_and_its_refusals(table: Table) -> None:
    await _start(table)
    await table.play(['@gm #d /encounter effect add combatant:Orc name:"On fire"'])
    r = await table.one("@gm #d /encounter effect remove combatant:Orc name:Bless")
    assert r.ephemeral and r.error == "error.no_such_effect" and "On fire" in (r.content or "")
    r = await table.one('@gm #d /encounter effect remove combatant:Orc name:"on fire"')
    assert r.error is None and "is over" in text_of(r)
    r = await table.one('@ana #d /encounter effect add combatant:Orc name:"On fire"')
    assert r.error == "error.gm_only"


async def test_character_set_mid_fight_reaches_the_combatant_and_the_table(table: Table) -> None:
    await _start(table)
    responses = await table('@ana #elsewhere /character set name:Ana stats:"str:18"')
    answer, post = responses
    assert answer.ephemeral and "<#" in (answer.content or "")  # says where the change went
    assert post.command == "post" and post.channel == "d" and "Ana" in text_of(post)
    assert (await _sheet(table, "Ana"))["str"] == 18


async def test_turn_state_is_refused_to_players_and_end_writes_back_only_what_lasts(table: Table) -> None:
    await _start(table)
    await table.play(['@gm #d /encounter edit combatant:Ana stats:"hp_current:=-3"'])
    await table.play(["@gm #d /encounter end"])
    (sheet,) = (await table.query("SELECT sheet FROM characters WHERE name = 'Ana'"))[0]
    data = json.loads(sheet)
    assert data["hp_current"] == -3  # lasting: kept


async def test_a_character_fights_in_one_channel_at_a_time(table: Table) -> None:
    await _start(table)
    await table.play(["@gm #other /encounter start system:dnd35 name:Second"])
    r = await table.one("@ana #other /encounter join character:Ana")
    assert r.ephemeral and r.error == "error.character_in_fight"
    assert "<#" in (r.content or "")  # names the channel


def _cid() -> int:
    from bot.console.adapter import snowflake

    return snowflake("#d")


async def test_a_field_under_another_key_in_the_model_keeps_one_key_on_every_path(table: Table) -> None:
    """cz2d10's Strength is the field `str_` under the key `str`: /character set takes `síla:`, and an edit
    after the rules wrote the sheet lists only what changed, with one `str` key stored throughout."""
    await table.play(
        [
            "@ana:cs #z /character create system:cz2d10 name:Radek template:fighter",
            "@gm:cs #z /encounter start system:cz2d10 name:Klíče",
            '@gm:cs #z /encounter add name:Lapka stats:"útok:10 obrana:17 zranění:d5+1 životy:12"',
            "@ana:cs #z /encounter join character:Radek",
        ]
    )
    r = await table.one('@ana:cs #z /character set name:Radek stats:"síla:10"')
    assert r.error is None, r.content
    assert "Síla: 10" in text_of(r)
    r = await table.one('@ana:cs #z /character set name:Radek stats:"str:11"')
    assert r.error is None and "Síla: 11" in text_of(r), r.content
    await table.play(["@gm:cs #z /initiative combatant:all", "@gm:cs #z /encounter next"])
    r = await table.one('@gm:cs #z /encounter edit combatant:Lapka stats:"životy:-3"')
    assert r.error is None, r.content
    shown = text_of(r)
    assert "None" not in shown and "Síla" not in shown, shown
    for name in ("Lapka", "Radek"):
        sheet = await _sheet(table, name)
        assert "str" in sheet and "str_" not in sheet, (name, sorted(sheet))
    assert (await _sheet(table, "Radek"))["str"] == 11


async def test_an_edit_of_a_mapping_names_the_entries_that_changed_in_the_readers_words(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #w /encounter start system:arm5 name:Rany",
            '@gm:pl #w /encounter add name:Zbój stats:"atak:9 obrona:6 obrażenia:5 wyparowania:7"',
        ]
    )
    r = await table.one('@gm:pl #w /encounter edit combatant:Zbój stats:"lekkie:+1"')
    assert r.error is None, r.content
    shown = text_of(r)
    assert "Rany: Lekkie rany 0 → 1" in shown, shown
    assert not any(word in shown for word in ("light", "medium", "heavy", "incapacitating", "None")), shown
