"""What new groups met at the table (fifth round of plays): a hidden NPC's wound level kept out of the
hit line, its wound conditions out of every public state line."""

from __future__ import annotations

from bot.i18n.catalog import default_catalog
from bot.presenters.checks import View, check_line
from bot.presenters.texts import Texts
from rules.checks import check, dump_checks, load_checks, minus, part
from rules.model import Check
from tests.bot.conftest import Table, text_of


def _damage_with_wound() -> Check:
    """ArM5's damage line: the attacker's Damage Total, the target's Soak, the target's wound band."""
    c = check("damage", parts=[part("attack_advantage", 3), part("weapon_damage", 9)])
    minus(c, "soak", 4, side="target")
    c.outcome, c.outcome_side = "incapacitating_wound", "target"
    return c


def test_a_wound_level_on_a_hidden_target_is_the_gms() -> None:
    tx = Texts(default_catalog(), "pl", "arm5")
    band = tx.term("outcome", "incapacitating_wound")
    c = _damage_with_wound()
    players = View(frozenset({"target"}))
    line = check_line(tx, c, players)
    assert band not in line and "?" in line
    assert players.hidden_lines and band in players.hidden_lines[0]  # the GM's copy names it
    assert band in check_line(tx, c, View())  # a visible target's band is shown
    assert band in check_line(tx, c, View(frozenset({"actor"})))  # a hidden attacker's victim reads its wound


def test_the_outcomes_side_survives_an_exchange() -> None:
    (back,) = load_checks(dump_checks([_damage_with_wound()]))
    assert back.outcome_side == "target" and back.outcome == "incapacitating_wound"


async def test_a_hidden_npcs_limb_wound_is_not_in_the_players_status(table: Table) -> None:
    await table.play(
        [
            "@gm:cs #stol /settings set name:enforce_turns value:ne system:cz2d10",
            "@gm:cs #stol /encounter start system:cz2d10 name:Stín",
            '@gm:cs #stol /encounter add name:Stín stats:"útok:12 obrana:10 zranění:d10 životy:14 iniciativa:3"'
            " hidden:true",
            '@gm:cs #stol /encounter edit combatant:Stín stats:"pravá_ruka:-3"',
        ]
    )
    shown = text_of(await table.one("@eliska:cs #stol /encounter status"))
    assert "**Stín** — Zraněný/á" in shown and "pravá ruka" not in shown and "zranění:" not in shown
    gm = text_of(await table.one("@gm:cs #stol /encounter status"))
    assert "Mírné zranění: pravá ruka" in gm  # the GM reads the level


async def test_hidden_npcs_that_are_down_look_alike_dead_or_dying(table: Table) -> None:
    await table.play(
        [
            "@gm:cs #t /settings set name:enforce_turns value:ne system:dnd35",
            "@gm:cs #t /encounter start system:dnd35 name:Test",
            '@gm:cs #t /encounter add name:Goblin count:2 hidden:true stats:"TZ:5 životy:6 útok:+1 zranění:1k6"',
            '@gm:cs #t /encounter edit combatant:"Goblin 1" stats:"životy:-8"',
            '@gm:cs #t /encounter edit combatant:"Goblin 2" stats:"životy:-16"',
        ]
    )
    shown = text_of(await table.one("@ana:cs #t /encounter status"))
    assert "**Goblin 1** — Mimo boj\n" in shown and "**Goblin 2** — Mimo boj\n" in shown
    assert "bezvědomí" not in shown.lower()
    gm = text_of(await table.one("@gm:cs #t /encounter status"))
    assert "V bezvědomí" in gm


LYING = [
    "@gm:cs #t /settings set name:enforce_turns value:ne system:dnd35",
    "@gm:cs #t /encounter start system:dnd35 name:Test",
    '@ana:cs #t /character create system:dnd35 name:Alena stats:"síla:17 životy:22 pohlaví:ž"',
    "@ana:cs #t /encounter join character:Alena",
]


async def test_the_gm_puts_a_condition_on_by_the_word_a_sheet_reads(table: Table) -> None:
    await table.play(LYING)
    put = await table.one("@gm:cs #t /encounter effect add combatant:Alena name:leží rounds:2")
    assert "Leží na zemi" in text_of(put) and "štítek" not in text_of(put)
    label = await table.one("@gm:cs #t /encounter effect add combatant:Alena name:omráčena")
    assert "jen štítek bez vlivu na pravidla" in text_of(label) and "Ochromený/á" in text_of(label)
    gone = await table.one("@gm:cs #t /encounter effect remove combatant:Alena name:leží")
    assert gone.error is None and "skončil efekt Leží na zemi" in text_of(gone)
    again = await table.one("@gm:cs #t /encounter effect remove combatant:Alena name:leží")
    assert again.error == "error.no_such_effect"
    assert "nemá efekt Leží na zemi" in text_of(again) and "prone" not in text_of(again)
    assert "omráčena" in text_of(again)  # what she does carry: the GM's label


async def test_the_no_such_effect_answer_lists_conditions_from_the_sheet(table: Table) -> None:
    await table.play([*LYING, '@gm:cs #t /encounter edit combatant:Alena stats:"stavy:leží"'])
    wrong = await table.one("@gm:cs #t /encounter effect remove combatant:Alena name:spí")
    assert wrong.error == "error.no_such_effect" and "Teď na sobě má: Leží na zemi" in text_of(wrong)


async def test_an_edit_names_a_condition_in_the_characters_gender(table: Table) -> None:
    await table.play(
        [
            "@gm:it #b /encounter start system:adnd2cp name:Prova",
            '@ana:it #b /character create system:adnd2cp name:Bruna template:fighter stats:"genere:f"',
            "@ana:it #b /encounter join character:Bruna",
        ]
    )
    edit = await table.one('@gm:it #b /encounter edit combatant:Bruna stats:"pf:0"')
    assert "Condizioni — → Morta" in text_of(edit) and "Morto/a" not in text_of(edit)


# An Italian table with Bruna in a fight, turn order off (the log and the cleave).
BRUNA = [
    "@gm:it #stol /encounter start system:adnd2cp name:Prova",
    "@gm:it #stol /settings set name:enforce_turns value:no",
    '@ana:it #stol /character create system:adnd2cp name:Bruna stats:"classe:guerriero livello:5 forza:17'
    ' intelligenza:16 ca:3 pf:60 armi:spada_lunga genere:f"',
    "@ana:it #stol /encounter join character:Bruna",
]


async def test_the_fight_log_names_listed_terms(table: Table) -> None:
    await table.play(
        [
            *BRUNA,
            '@gm:it #stol /encounter add name:Orco stats:"ca:10 pf:30 thac0:19 danni:1d8 ts_robustezza:40"',
            '@ana:it #stol /action name:declare options:"colpi:combattere_sulla_difensiva"',
            "@gm:it #stol /initiative combatant:all",
            "@gm:it #stol /encounter next",
        ]
    )
    ended = await table("@gm:it #stol /encounter end")
    logs = [f["text"] for r in ended for f in r.files if f["filename"].endswith(".md")]
    assert logs and all("Combattere sulla Difensiva" in text for text in logs), logs
    assert not any("{'kind'" in text for text in logs)


async def test_waiting_defences_read_for_one_defender_and_resolve_says_what_the_gm_did(table: Table) -> None:
    await table.play(
        [
            '@gm:pl #stol /encounter start system:arm5 name:"Test"',
            '@gm:pl #stol /encounter add name:Zbój stats:"atak:6 obrona:5 obrażenia:4 wyparowania:3 inicjatywa:10"',
            '@ania:pl #stol /character create system:arm5 name:Jagna stats:"quickness:2 single_weapon:4 broń:topór'
            ' płeć:k"',
            "@ania:pl #stol /encounter join character:Jagna",
            "@ania:pl #stol /initiative",
            "@gm:pl #stol /initiative combatant:npcs",
            "@gm:pl #stol /encounter next",
            "@gm:pl #stol /attack attacker:Zbój target:Jagna",
        ]
    )
    waiting = await table.one("@gm:pl #stol /encounter next")
    assert "Wciąż czekamy na obronę: Jagna" in text_of(waiting) and " ich " not in text_of(waiting)
    resolved = " ".join(text_of(r) for r in await table("@gm:pl #stol /encounter resolve"))
    assert "MG rozstrzygnął atak bez czekania" in resolved and "poszedł dalej" not in resolved


async def test_the_status_numbers_wrap_instead_of_losing_the_last_ones(table: Table) -> None:
    await table.play(
        [
            '@gm:pl #stol /encounter start system:arm5 name:"Test"',
            '@ania:pl #stol /character create system:arm5 name:Jagna stats:"quickness:2 single_weapon:4 broń:topór"',
            "@ania:pl #stol /encounter join character:Jagna",
        ]
    )
    shown = text_of(await table.one("@ania:pl #stol /encounter status"))
    assert "Kara za rany i Wyczerpanie 0" in shown and "Wyczerpanie…" not in shown
    assert all(len(line) <= 90 for line in shown.splitlines())


async def test_a_stored_sheet_reads_in_the_models_order(table: Table) -> None:
    await table.play(
        [
            '@ania:pl #stol /character create system:arm5 name:Jagna stats:"quickness:2 single_weapon:4 broń:topór'
            ' lekkie:1 średnie:2 eliminujące:1"',
        ]
    )
    shown = text_of(await table.one("@ania:pl #stol /character show name:Jagna"))
    assert "Rany: Lekkie rany 1, Średnie rany 2, Ciężkie rany 0, Eliminujące rany 1" in shown


async def test_a_numbered_choice_is_set_by_its_number_or_its_name(table: Table) -> None:
    await table.play(["@gm:cs #stol /encounter start system:cz2d10 name:Tabulka"])
    for typed, stored in (("2", 2), ('"tabulka 3"', 3)):
        r = await table.one(f"@gm:cs #stol /settings set name:hit_table value:{typed}")
        assert r.error is None and "Tabulka zásahů = " in (r.content or ""), r.content
        (value,) = (await table.query("SELECT value FROM settings WHERE name = 'hit_table'"))[0]
        assert str(stored) in str(value)
    wrong = await table.one('@gm:cs #stol /settings set name:"Tabulka zásahů" value:7')
    assert wrong.error == "error.setting_choice" and "tabulka 1, tabulka 2, tabulka 3" in (wrong.content or "")


async def test_a_hidden_npcs_death_is_not_told_by_a_refusal(table: Table) -> None:
    await table.play(
        [
            "@gm:cs #t /settings set name:enforce_turns value:ne system:dnd35",
            "@gm:cs #t /encounter start system:dnd35 name:Test",
            '@gm:cs #t /encounter add name:Goblin hidden:true stats:"TZ:5 životy:6 útok:+1 zranění:1k6"',
            '@ana:cs #t /character create system:dnd35 name:Alena stats:"síla:17 životy:22"',
            "@ana:cs #t /encounter join character:Alena",
            '@gm:cs #t /encounter edit combatant:Goblin stats:"životy:-16"',
        ]
    )
    refused = await table.one("@ana:cs #t /attack target:Goblin")
    assert refused.error == "error.target_down" and "mimo boj" in (refused.content or "")
    assert "mrtv" not in (refused.content or "")
    gm = await table.one("@gm:cs #t /attack attacker:Alena target:Goblin")
    assert gm.error == "error.target_dead"  # the GM knows


async def test_a_game_without_rest_says_how_to_heal_there(table: Table) -> None:
    await table.play(['@ania:pl #stol /character create system:pl_wladanie name:Jagna template:fighter'])
    refused = await table.one("@ania:pl #stol /character rest name:Jagna hours:8")
    assert refused.error == "error.no_rest" and "obrażenia:0" in (refused.content or "")


async def test_a_cleave_shows_each_targets_damage_and_state_not_a_false_total(table: Table) -> None:
    await table.play(
        [
            *BRUNA,
            '@gm:it #stol /encounter add name:Orco stats:"ca:10 pf:200 thac0:19 danni:1d8"',
            '@gm:it #stol /encounter add name:Goblin stats:"ca:10 pf:200 thac0:19 danni:1d8"',
            "@gm:it #stol /initiative combatant:all",
            "@gm:it #stol /encounter next",
        ]
    )
    table.dice(17, 1, 8)  # one roll to hit for both; 1 damage on the orc, 8 on the goblin
    hit = text_of(
        await table.one('@ana:it #stol /attack target:Orco options:"colpi:fendente_frontale secondo_bersaglio:Goblin"')
    )
    assert "Fendente Frontale, secondo bersaglio → Goblin" in hit
    assert "Goblin ora: Ferito/a · PF 192/200" in hit and "Orco ora\nFerito/a · PF 199/200" in hit
    assert "in tutto" not in hit


async def test_a_gm_edit_grades_damage_by_the_fights_own_thresholds(table: Table) -> None:
    await table.play(
        [
            '@ana:pl /character create system:pl_wladanie name:Jagna template:fighter',
            '@gm:pl #boj /settings set system:pl_wladanie name:wound_thresholds'
            ' value:"lekka:10,ciężka:20,krytyczna:30,poza_walką:40,śmierć:50"',
            '@gm:pl #boj /encounter start system:pl_wladanie name:"Progi"',
            "@ana:pl #boj /encounter join character:Jagna",
        ]
    )
    edit = text_of(await table.one('@gm:pl #boj /encounter edit combatant:Jagna stats:"obrażenia:+22"'))
    assert "Ciężka rana" in edit and "Poza walką" not in edit


def test_a_hidden_sides_note_is_the_gms_even_without_numbers() -> None:
    from bot.presenters.render import note_lines
    from rules.model import ActionResult, Note

    r = ActionResult.model_validate({"system": "pl_wladanie", "action": "attack", "actor": "Ogr", "outcome": "hit"})
    r.notes = [Note("heavy_effort_not_needed", {}, "actor"), Note("plain_remark", {}, None)]
    tx = Texts(default_catalog(), "pl", "pl_wladanie")
    players = View(frozenset({"actor"}))
    shown = note_lines(tx, r, players)
    assert len(shown) == 1 and len(players.hidden_lines) == 1  # the hidden attacker's own note went to the GM


async def test_roll_reads_and_writes_dice_as_the_player_typed_them(table: Table) -> None:
    said = text_of(await table.one("@ana:pl #t /roll expression:k20"))
    assert "1k20 (" in said and "d20" not in said
    czech = text_of(await table.one("@ana:cs #t /roll expression:2k6+1"))
    assert "2k6 (" in czech
    kept = await table.one("@ana:cs #t /roll expression:4d6kh3")  # d20's keep after a die stays keep
    assert kept.error is None and "4d6kh3 (" in text_of(kept)
    assert "1d20 (" in text_of(await table.one("@ana:it #t /roll expression:d20"))


def test_the_health_bar_never_shows_more_than_the_state() -> None:
    from bot.presenters.tracker import health_bar
    from bot.service.state import Combatant, dump_sheet
    from rules import get_system

    system = get_system("cz2d10")
    sheet = system.sheet({"síla": 5, "obratnost": 5, "kondice": 3, "reakce": 5, "zbraň": "dýka"})
    dead = system.edit_sheet(sheet, {"hlava": "-20"})
    c = Combatant(1, "Lapka", 7, None, False, dump_sheet(dead.model_dump(mode="json")))
    assert c.status(system).hp == c.status(system).hp_max  # the body untouched: the head killed him
    assert health_bar(system, c) == "▱▱▱▱▱"


async def test_a_dnd_stance_ends_when_its_owners_turn_starts(table: Table) -> None:
    await table.play(
        [
            "@gm:cs #t /encounter start system:dnd35 name:Test",
            '@bob:cs #t /character create system:dnd35 name:Borek stats:"obratnost:16 zúb:1 životy:14 zbraně:rapír"',
            '@gm:cs #t /encounter add name:Vlk stats:"TZ:14 životy:13 útok:+3 zranění:1k6+1 iniciativa:-20"',
            "@bob:cs #t /encounter join character:Borek",
            "@bob:cs #t /initiative",
            "@gm:cs #t /initiative combatant:npcs",
            "@gm:cs #t /encounter next",
            "@bob:cs #t /attack target:Vlk options:obranný_boj",
            "@gm:cs #t /encounter next",  # the wolf's turn: Borek still fights defensively
        ]
    )
    assert "Obranný boj" in text_of(await table.one("@bob:cs #t /encounter status"))
    turn = text_of(await table.one("@gm:cs #t /encounter next"))  # Borek's own turn again
    assert "Na tahu je Borek" in turn and "Skončilo: Obranný boj" in turn
    assert "Obranný boj" not in text_of(await table.one("@bob:cs #t /encounter status"))
