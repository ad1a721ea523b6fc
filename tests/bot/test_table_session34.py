"""What new groups met at the table: settings typed in their words and changed mid-fight, a hidden NPC's
state kept out of the turn message, a sub-result on a hidden bystander, a character's sheet during a fight,
a GM edit that changes a condition."""

from __future__ import annotations

import re

from tests.bot.conftest import Table, text_of
from tests.bot.test_arm5_table_disengage import DECLARED_EXIT
from tests.bot.test_cz2d10_pending_actions import VZOR2_FIGHT


async def test_settings_take_the_names_and_values_the_reader_sees(table: Table) -> None:
    r = await table.one('@gm:cs #h /settings set name:"Hlídat pořadí tahů" value:ne system:cz2d10')
    assert r.error is None and "Hlídat pořadí tahů = ne" in (r.content or "")
    r = await table.one('@gm:cs #h /settings set name:duel_system value:"vzor 2" system:cz2d10')
    assert r.error is None and "= vzor 2" in (r.content or "")
    (value,) = (await table.query("SELECT value FROM settings WHERE name = 'duel_system'"))[0]
    assert "vzor2" in value
    wrong = await table.one("@gm:cs #h /settings set name:duel_system value:vzor3 system:cz2d10")
    assert wrong.error == "error.setting_choice"
    assert "základní, vzor 2" in (wrong.content or "") and "basic" not in (wrong.content or "")
    unknown = await table.one("@gm:cs #h /settings set name:gravitace value:ano system:cz2d10")
    assert unknown.error == "error.unknown_setting"
    assert "Hlídat pořadí tahů" in (unknown.content or "") and "enforce_turns" not in (unknown.content or "")
    for line in (
        "@gm:pl #h /settings set name:enforce_turns value:nie",
        "@gm:it #h /settings set name:enforce_turns value:sì",
    ):
        assert (await table.one(line)).error is None, line


FIGHT = [
    "@gm:it #boj /encounter start system:adnd2cp name:Prova",
    "@ana:it #boj /character create system:adnd2cp name:Bruna template:fighter",
    '@gm:it #boj /encounter add name:Orco stats:"ca:10 pf:30 thac0:19 danni:1d8"',
    "@ana:it #boj /encounter join character:Bruna",
    "@gm:it #boj /initiative combatant:all",
    "@gm:it #boj /encounter next",
]


async def test_a_setting_changed_in_the_fights_channel_holds_in_that_fight(table: Table) -> None:
    await table.play(FIGHT)
    enc = await table.app.service.encounter((await table.query("SELECT channel_id FROM encounters"))[0][0])
    assert enc is not None
    current = enc.current(False)  # AD&D: the lowest initiative acts first
    assert current is not None
    if current.name == "Bruna":  # make it the Orc's turn, so Bruna would act out of turn
        await table.play(["@gm:it #boj /encounter next"])
    refused = await table.one("@ana:it #boj /attack target:Orco")
    assert refused.error == "error.not_your_turn"
    saved = await table.one("@gm:it #boj /settings set name:enforce_turns value:no")
    assert saved.error is None and "Lo scontro in corso qui lo usa da ora" in (saved.content or "")
    assert (await table.one("@ana:it #boj /attack target:Orco")).error is None


async def test_a_hidden_npcs_upkeep_and_state_are_the_gms(table: Table) -> None:
    await table.play(
        [
            "@gm:cs #boj /settings set name:enforce_turns value:false",
            "@gm:cs #boj /encounter start system:dnd35 name:Brod",
            '@gm:cs #boj /encounter add name:Goblin stats:"ac:10 hp:5 attack:+2 damage:1d6" hidden:true',
            '@gm:cs #boj /encounter edit combatant:Goblin stats:"hp:-8"',
            '@ana:cs #boj /character create system:dnd35 name:Alena stats:"hp:12"',
            "@ana:cs #boj /encounter join character:Alena",
            "@gm:cs #boj /initiative combatant:all",
        ]
    )
    table.dice(*([50] * 10))  # every stabilization roll fails: the goblin keeps dying
    await table.play(["@gm:cs #boj /encounter next"])  # Alena's turn (the goblin cannot act)
    said = await table("@gm:cs #boj /encounter next")  # round 2: the goblin's upkeep, and it is passed over
    public = [r for r in said if r.command == "encounter next" and not r.ephemeral]
    private = [r for r in said if r.command == "encounter next" and r.ephemeral]
    shown = "\n".join(text_of(r) for r in public)
    assert "Goblin (Mimo boj)" in shown
    assert "Umírající" not in shown and "život" not in shown.split("Přeskočeni")[0].split("Goblin")[-1]
    assert len(private) == 1 and "Goblin: Umírající" in text_of(private[0])


async def test_a_sub_result_on_a_hidden_bystander_hides_its_numbers(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #boj /settings set name:enforce_turns value:false",
            '@ana:pl /character create system:pl_wladanie name:Mira stats:"obrona_fizyczna:12 władanie:flaszka=5'
            ' broń:flaszka:1k4:0,5kg:do_miotania udźwig:20 siła:3"',
            "@gm:pl #boj /encounter start system:pl_wladanie name:Obszar",
            '@gm:pl #boj /encounter add name:Goblin stats:"obrona_fizyczna:10 władanie:3 kostki_obrażeń:1k6"',
            '@gm:pl #boj /encounter add name:Szaman hidden:true stats:"obrona_fizyczna:10 władanie:3'
            ' kostki_obrażeń:1k6 pancerz:2 pokrycie:20"',
            "@ana:pl #boj /encounter join character:Mira",
        ]
    )
    table.dice(12, 4, 5, 5, 5, 5)  # the flask hits its field; 4 damage, against the shaman's armour too
    said = await table('@ana:pl #boj /shot target:Goblin options:"obszarowy na_polu:Szaman" distance:2')
    public = "\n".join(text_of(r) for r in said if r.command == "shot" and not r.ephemeral)
    assert "na: Szaman" in public and "− ? Zbroja" in public
    assert not re.search(r"[Pp]okrycie 20|− 2 Zbroja|pancerz −2", public), public
    total = public.split("Obrażenia łącznie")[1].splitlines()[1]
    assert total == "**?**", total  # the goblin's 4 and the shaman's 2 would give the shaman's armour away


async def test_a_characters_sheet_shows_the_fight_it_is_in(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #boj /encounter start system:arm5 name:Las",
            "@ola:pl #boj /character create system:arm5 name:Ola template:fighter",
            "@ola:pl #boj /encounter join character:Ola",
            '@gm:pl #boj /encounter edit combatant:Ola stats:"heavy:+1"',
        ]
    )
    shown = text_of(await table.one("@ola:pl #inny /character show name:Ola"))
    assert "Walczy w <#" in shown and re.search(r"Ciężk\w+ ran", shown), shown
    await table.play(["@gm:pl #boj /encounter end"])
    after = text_of(await table.one("@ola:pl #inny /character show name:Ola"))
    assert "Walczy w" not in after and re.search(r"Ciężk\w+ ran", after)


async def test_an_edit_that_sets_a_condition_names_it(table: Table) -> None:
    await table.play(
        [
            "@gm:it #boj /encounter start system:adnd2cp name:Prova",
            '@gm:it #boj /encounter add name:Ogre stats:"ca:5 pf:10 thac0:15 danni:1d10"',
        ]
    )
    said = await table.one('@gm:it #boj /encounter edit combatant:Ogre stats:"pf:-12"')
    text = text_of(said)
    assert said.error is None and "None" not in text and "key" not in text and "rounds" not in text, text


async def test_a_condition_typed_in_its_gendered_form_is_the_condition(table: Table) -> None:
    await table.play(
        [
            "@gm:cs #boj /encounter start system:dnd35 name:Brod",
            '@gm:cs #boj /encounter add name:Goblin stats:"ac:10 hp:5 attack:+2 damage:1d6"',
            "@gm:cs #boj /encounter effect add combatant:Goblin name:oslepen",
        ]
    )
    enc = await table.app.service.encounter((await table.query("SELECT channel_id FROM encounters"))[0][0])
    assert enc is not None
    goblin = enc.find("Goblin")
    assert goblin is not None and [(e.name, e.condition) for e in goblin.effects] == [("blinded", True)]


async def test_odds_with_a_distance_are_a_shots_and_name_the_weapon_in_words(table: Table) -> None:
    await table.play(
        [
            "@ana:cs #boj /character create system:dnd35 name:Alena template:fighter",
            "@gm:cs #boj /encounter start system:dnd35 name:Test",
            '@gm:cs #boj /encounter add name:Obr stats:"ac:13 hp:30 attack:+4 damage:1d12+3"',
            "@ana:cs #boj /encounter join character:Alena",
        ]
    )
    far = text_of(await table.one("@ana:cs #boj /odds target:Obr distance:250"))
    near = text_of(await table.one("@ana:cs #boj /odds target:Obr"))
    assert far != near and "\\_" not in far
    named = text_of(await table.one("@ana:cs #boj /odds target:Obr weapon:dlouhý_meč"))
    assert "\\_" not in named.splitlines()[1], named


async def test_help_lists_an_action_once_with_its_other_names_and_teaches_gender(table: Table) -> None:
    shown = text_of(await table.one("@gm:pl #x /help system:arm5 topic:actions"))
    assert shown.count("Wyjście z walki** (") == 1 and "`disengage`, `leave_combat`, `withdraw`" in shown
    stats = text_of(await table.one("@gm:pl #x /help system:arm5 topic:stats page:2"))
    assert "płeć:k" in stats


async def test_settings_show_names_a_tables_words_and_whole_setting_names(table: Table) -> None:
    shown = text_of(await table.one("@gm:pl #x /settings show system:pl_wladanie"))
    assert "head" not in shown and "torso" not in shown and "serious" not in shown
    assert "Głowa" in shown and "Ciężka rana:10" in shown
    italian = text_of(await table.one("@gm:it #x /settings show system:adnd2cp"))
    assert "Probabilità di colpire negli attacchi" in italian, italian


async def test_initiative_takes_the_weapon_of_the_attack_to_come(table: Table) -> None:
    await table.play(
        [
            "@gm:it #boj /encounter start system:adnd2cp name:Prova",
            "@lia:it #boj /character create system:adnd2cp name:Lia template:fighter"
            ' stats:"armi:spada_corta,arco_corto"',
            "@lia:it #boj /encounter join character:Lia",
        ]
    )
    table.dice(4)
    bow = text_of(await table.one("@lia:it #boj /initiative weapon:arco_corto"))
    assert "d10 (4) +7 Fattore iniziativa = **11**" in bow, bow  # the short bow's factor, not the sword's
    refused = await table.one("@gm:it #boj /initiative combatant:all weapon:arco_corto")
    assert refused.error == "error.initiative_one_combatant"


async def test_initiative_options_roll_a_spell_initiative_and_fast_casting_keeps_the_order(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #boj /encounter start system:arm5 name:Las",
            "@ewa:pl #boj /character create system:arm5 name:Ewa template:magus",
            "@ewa:pl #boj /encounter join character:Ewa",
        ]
    )
    table.dice(4, 10)
    first = text_of(await table.one("@ewa:pl #boj /initiative options:tryb_inicjatywy:zaklęcie"))
    assert "= **5**" in first and "Ewa (5)" in first, first
    table.dice(9, 3)
    fast = text_of(await table.one('@ewa:pl #boj /initiative options:"fast_casting"'))
    assert "+2 Finesse" in fast and "Ewa (5)" in fast, fast  # a test against the order, not a new place


async def test_a_character_who_left_the_fight_was_not_felled_by_a_blow(table: Table) -> None:
    lines = DISENGAGE
    table.dice(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 9, 2, 3, 3, 3, 3)  # Ania's Defence beats the reaction attack
    for line in lines[:-1]:
        await table(line)
    said = await table(lines[-1])
    summary = "\n".join(text_of(r) for r in said if not r.ephemeral)
    assert "poza walką od 2. rundy" in summary and "cios: Zbój" not in summary, summary


DISENGAGE = [
    *DECLARED_EXIT,
    "@gm:pl #d /action name:reaction_attack actor:Zbój target:Ania",
    "@gm:pl #d /encounter end",
]


async def test_a_sheet_names_a_numbered_level_by_its_word(table: Table) -> None:
    r = await table.one(
        '@ola:pl #x /character create system:arm5 name:Ola template:fighter stats:"wyczerpanie:znużony"'
    )
    assert "Poziom Wyczerpania: znużony" in text_of(r), text_of(r)


async def test_a_defence_typed_in_the_games_words_reaches_the_rules(table: Table) -> None:
    await table.play(
        [
            *VZOR2_FIGHT,
            "@petr:cs #hrad /encounter join character:Petr",
            "@gm:cs #hrad /initiative combatant:all",
            "@gm:cs #hrad /encounter next",
            "@gm:cs #hrad /attack target:Petr attacker:Strážný",
        ]
    )
    said = await table("@petr:cs #hrad /parry option:zbraň")  # the weapon part, bought with the one before it
    assert all(r.error is None for r in said), [r.content for r in said]
    assert "Obratnost, Hlavní zbraň za 3 akce" in "\n".join(text_of(r) for r in said)


async def test_a_refused_defence_is_named_in_the_games_words(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #d /settings set name:npc_defence value:prompt",
            "@gm:pl #d /encounter start system:arm5 name:Las",
            "@ania:pl #d /character create system:arm5 name:Ania template:fighter",
            "@ania:pl #d /encounter join character:Ania",
            '@gm:pl #d /encounter add name:Zbój stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 inicjatywa:1"',
            "@gm:pl #d /attack attacker:Zbój target:Ania",
        ]
    )
    refused = await table.one("@ania:pl #d /parry option:ucieczka")
    assert refused.error == "error.defence_choice" and "dodge" not in (refused.content or ""), refused.content


async def test_a_defence_is_found_by_a_word_of_its_name(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #las /encounter start system:arm5 name:Las",
            "@ewa:pl #las /character create system:arm5 name:Ewa template:magus",
            '@gm:pl #las /encounter add name:Zbój stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 inicjatywa:1"',
            "@ewa:pl #las /encounter join character:Ewa",
            "@gm:pl #las /attack attacker:Zbój target:Ewa",
        ]
    )
    said = await table("@ewa:pl #las /parry option:blok")  # arm5's one defence: "Obrona: blok, parowanie lub unik"
    assert all(r.error is None for r in said), [r.content for r in said]


async def test_a_limbs_wound_is_labelled_with_the_limb(table: Table) -> None:
    await table.play(
        [
            "@gm:cs #h /encounter start system:cz2d10 name:H",
            "@eva:cs #h /character create system:cz2d10 name:Eva template:lucistnik",
            '@gm:cs #h /encounter add name:Lapka stats:"útok:8 obrana:14 zranění:d6 životy:12 iniciativa:5"',
            "@eva:cs #h /encounter join character:Eva",
        ]
    )
    table.dice(7, 4, 3, 6, 9)  # a hit (21 against 14) in the left arm (15), 3 + 2 = 5 damage
    shown = text_of(await table.one("@eva:cs #h /shot target:Lapka distance:20"))
    assert "Stav (Levá ruka)\n" in shown and "Vážné zranění: levá ruka" in shown, shown
