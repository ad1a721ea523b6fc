"""What the bot lists by name can be typed back by that name: templates and a game's own actions are
taken by their id or by their name in any language, any case, with or without diacritics."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of


async def test_a_template_is_taken_by_the_name_the_refusal_and_help_show(table: Table) -> None:
    r = await table.one("@ania:pl /character create system:arm5 name:Ania template:wojownik")
    assert r.error is None, r.content
    r = await table.one("@lia:it /character create system:adnd2cp name:Lia template:LADRO")
    assert r.error is None, r.content
    r = await table.one("@ana:cs /character create system:dnd35 name:Ana template:bojovnik")
    assert r.error is None, r.content
    r = await table.one("@ana:pl /character create system:arm5 name:Zla template:czarownik")
    assert r.error == "error.unknown_template" and "Wojownik" in (r.content or "")


async def test_an_action_is_taken_by_its_native_name_and_refused_with_native_names(table: Table) -> None:
    await table.play(
        [
            "@gm:pl #b /settings set name:enforce_turns value:false",
            "@gm:pl #b /encounter start system:arm5 name:Las",
            '@gm:pl #b /encounter add name:Zbój stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 budowa:0"',
            "@ania:pl #b /character create system:arm5 name:Ania template:fighter",
            "@ania:pl #b /encounter join character:Ania",
        ]
    )
    r = await table.one("@ania:pl #b /action name:wyjscie_z_walki")
    assert r.error != "error.unknown_action", r.content
    r = await table.one("@ania:pl #b /action name:taniec")
    assert r.error == "error.unknown_action"
    content = r.content or ""
    assert "Wyjście z walki" in content and "disengage" not in content
    assert content.count("Opóźnienie akcji") == 1  # two ids, one name: listed once


async def test_an_italian_sheet_names_its_classes_and_pool_parts_in_italian(table: Table) -> None:
    r = await table.one("@lia:it /character create system:adnd2cp name:Lia template:guerriero")
    assert r.error is None, r.content
    text = str(r.embeds)
    for code in ("class_name", "group", "fighter", "warrior", "int 1"):
        assert code not in text, code
    assert "Classe guerriero" in text and "Intelligenza 1" in text


async def test_a_character_of_another_game_is_refused_with_the_games_names_and_the_way_out(table: Table) -> None:
    await table.play(
        [
            "@gm:cs #c /encounter start system:arm5 name:Les",
            "@ana:cs /character create system:dnd35 name:Ana template:bojovnik",
        ]
    )
    for lang, command in (("cs", "/postava vytvořit systém:arm5"), ("pl", "/postać utwórz system:arm5"),
                          ("it", "/personaggio crea sistema:arm5")):  # fmt: skip
        r = await table.one(f"@ana:{lang} #c /encounter join character:Ana")
        content = r.content or ""
        assert r.error == "error.character_system", content
        assert "Dungeons & Dragons 3.5" in content and "Ars Magica" in content, content
        assert "dnd35" not in content and content.count("arm5") == 1 and command in content, content


async def test_a_sheets_armour_by_part_and_the_character_list_read_in_words(table: Table) -> None:
    """A mapping on a sheet (cz2d10's armour by body part) reads in the reader's words, a part's name
    before its material and DR; the character list names each character's game, not its id."""
    await table.play(
        [
            "@ana:cs /character create system:cz2d10 name:Rytíř template:knight",
            "@ana:cs /character create system:dnd35 name:Ana template:fighter",
        ]
    )
    shown = {lang: await table.one(f"@ana:{lang} /character show name:Rytíř") for lang in ("cs", "pl", "it")}
    armour = {
        "cs": "Tělo: Kovová plátová DR 7",
        "pl": "Tułów: Zbroja płytowa RO 7",
        "it": "Torso: ",
    }
    for lang, r in shown.items():
        text = text_of(r)
        assert armour[lang] in text, text
        assert not {"material", "legs", "arms", " dr "} & set(text.replace(",", " ").split(" ")), text
    listed = text_of(await table.one("@ana:pl /character list"))
    assert "**Ana** — D&D 3.5" in listed and "dnd35" not in listed and "cz2d10" not in listed, listed


async def test_a_cz2d10_action_is_taken_by_its_name_without_its_cost(table: Table) -> None:
    """cz2d10 names an action with its cost after a comma ("Tasit zbraň, 2 akce"); the name alone is it."""
    await table.play(
        [
            "@gm:cs #h /settings set name:enforce_turns value:false",
            "@gm:cs #h /encounter start system:cz2d10 name:Hvozd",
            "@radek:cs #h /character create system:cz2d10 name:Radek template:fighter",
            "@radek:cs #h /encounter join character:Radek",
        ]
    )
    r = await table.one('@radek:cs #h /action name:"tasit zbraň"')
    assert r.error != "error.unknown_action", r.content


async def test_an_attack_option_asked_for_as_an_action_says_how_to_give_it(table: Table) -> None:
    """A Czech player asks for a charge (`zteč`) as an action: it is an option of an attack, and the
    refusal says how to write it, in the game's words."""
    await table.play(
        [
            "@gm:cs #z /settings set name:enforce_turns value:false",
            "@gm:cs #z /encounter start system:dnd35 name:Most",
            "@ana:cs #z /character create system:dnd35 name:Ana template:fighter",
            "@ana:cs #z /encounter join character:Ana",
        ]
    )
    r = await table.one("@ana:cs #z /action name:zteč")
    assert r.error == "error.action_is_option", r.content
    assert "/útok cíl:" in (r.content or "") and "volby:zteč" in (r.content or ""), r.content
