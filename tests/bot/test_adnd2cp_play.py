"""adnd2cp as an Italian group plays it: what the tester's scripts showed, through the console's handlers."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

SET_UP = [
    "@gm:it #boj /impostazioni imposta nome:enforce_turns valore:no",
    "@gm:it #boj /scontro inizia sistema:adnd2cp nome:Prova",
]


async def test_a_gm_edit_below_zero_kills_as_an_attack_does(table: Table) -> None:
    # Digest B8 (the seed leaves death to the base game): "Core rule: dead at 0 hp".
    await table.play(
        [
            *SET_UP,
            '@gm:it #boj /scontro aggiungi nome:Ogre statistiche:"ca:5 pf:10 thac0:15 danni:1d10"',
            "@gm:it #boj /iniziativa combattente:all",
            "@gm:it #boj /scontro prossimo",
        ]
    )
    edited = text_of(await table.one('@gm:it #boj /scontro modifica combattente:Ogre statistiche:"pf:-12"'))
    assert "Morto/a" in edited and "Privo/a di sensi" not in edited, edited
    status = text_of(await table.one("@gm:it #boj /scontro stato"))
    assert "**Ogre** — Morto/a" in status, status


async def test_against_a_hidden_target_the_player_reads_the_points_spent(table: Table) -> None:
    # Seed: "PRECISIONE NELLA MIRA [ATTACCO] ... Costo 3 punti combattimento"
    await table.play(
        [
            *SET_UP,
            '@lia:it #boj /personaggio crea sistema:adnd2cp nome:Lia statistiche:"classe:ladro livello:3 '
            'destrezza:17 intelligenza:14 ca:5 pf:14 armi:spada_corta,arco_corto"',
            '@gm:it #boj /scontro aggiungi nome:Orco statistiche:"ca:6 pf:15 thac0:19 danni:1d8" nascosto:true',
            "@lia:it #boj /scontro unisciti personaggio:Lia",
            "@gm:it #boj /iniziativa combattente:all",
            "@gm:it #boj /scontro prossimo",
        ]
    )
    table.dice(13, 6)
    line = '@lia:it #boj /tiro bersaglio:Orco distanza:20 arma:arco_corto opzioni:"colpi:precisione_nella_mira"'
    shown = text_of(await table.one(line))
    assert "punti combattimento −3 (ora 3)" in shown, shown
    assert "contro il numero necessario ?" in shown.replace("**", ""), shown  # the orc's AC stays hidden


def _bare_totals(text: str) -> list[str]:
    """Lines (or a combatant's upkeep) that show a number with nothing saying what it is."""
    return [ln for ln in text.replace("**", "").splitlines() if ln.strip().startswith("= ") or ": = " in ln]


async def test_costs_gains_and_the_round_start_say_what_their_number_is(table: Table) -> None:
    await table.play(
        [
            *SET_UP,
            "@ana:it #boj /personaggio crea sistema:adnd2cp nome:Bruna modello:fighter",
            '@gm:it #boj /scontro aggiungi nome:Ogre statistiche:"ca:5 pf:30 thac0:15 danni:1d10"',
            "@ana:it #boj /scontro unisciti personaggio:Bruna",
        ]
    )
    declared = text_of(await table.one('@ana:it #boj /azione nome:declare opzioni:"colpi:combattere_sulla_difensiva"'))
    assert "Costo dei colpi in punti combattimento 3" in declared.replace("**", ""), declared
    await table.play(["@gm:it #boj /impostazioni imposta nome:rest_in_fight valore:sì"])  # a paused fight
    rested = text_of(await table.one('@ana:it #boj /azione nome:rest opzioni:"ore:2"'))
    assert "Punti combattimento recuperati 2" in rested.replace("**", ""), rested
    await table.play(
        [
            "@gm:it #boj /scontro effetto aggiungi combattente:Ogre nome:emorragia round:3",
            "@gm:it #boj /iniziativa combattente:all",
        ]
    )
    started = "\n".join(text_of(r) for r in await table("@gm:it #boj /scontro prossimo"))
    assert "Emorragia" in started, started
    for shown in (declared, rested, started):
        assert _bare_totals(shown) == [], shown


async def test_refusals_read_as_italian(table: Table) -> None:
    # Seed: "INCAPACITARE [ATTACCO]: Questo attacco può essere utilizzato solo con le armi da botta"
    await table.play(
        [
            *SET_UP,
            '@lia:it #boj /personaggio crea sistema:adnd2cp nome:Lia statistiche:"classe:ladro livello:6 '
            'destrezza:17 intelligenza:14 ca:5 pf:24 armi:spada_corta,arco_corto"',
            '@gm:it #boj /scontro aggiungi nome:Lupo statistiche:"ca:7 pf:80 thac0:18 danni:1d4+1"',
            "@lia:it #boj /scontro unisciti personaggio:Lia",
            "@gm:it #boj /iniziativa combattente:all",
            "@gm:it #boj /scontro prossimo",
        ]
    )
    blunt = text_of(await table.one('@lia:it #boj /attacco bersaglio:Lupo opzioni:"colpi:incapacitare"'))
    assert "Incapacitare richiede un'arma da botta (non Spada corta)" in blunt, blunt
    far = text_of(await table.one("@lia:it #boj /tiro bersaglio:Lupo distanza:200 arma:arco_corto"))
    assert "Fuori gittata: 200 m, la gittata lunga finisce a 135 m" in far, far
    table.dice(2)
    await table.play(["@lia:it #boj /attacco bersaglio:Lupo"])
    again = text_of(await table.one("@lia:it #boj /attacco bersaglio:Lupo"))
    assert "un attacco supplementare si indica con `opzioni:supplementare`" in again, again
