"""adnd2cp through the console as the Italian QA group played it: the intentions phase under turn order,
rest in a fight, a missed blow's points, odds after the round's attack, a mistyped blow."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

BRUNA = (
    '@ana:it #boj /personaggio crea sistema:adnd2cp nome:Bruna statistiche:"classe:guerriero livello:5 forza:17 '
    'destrezza:14 intelligenza:16 ca:3 pf:40 armi:spada_lunga@esperto(specializzata)"'
)
START = [
    "@gm:it #boj /scontro inizia sistema:adnd2cp nome:Prova",
    BRUNA,
    '@gm:it #boj /scontro aggiungi nome:Orco statistiche:"ca:6 pf:30 thac0:19 danni:1d8"',
    "@ana:it #boj /scontro unisciti personaggio:Bruna",
]


async def test_a_declaration_is_taken_off_turn_at_the_rounds_start_and_refused_late(table: Table) -> None:
    # Seed: "La decisione di utilizzare questi colpi di combattimento deve essere dichiarata nella fase
    # delle intenzioni" — turn order (the default) must not stand in the way.
    await table.play(START)
    table.dice(1, 9)  # Orco first (lower goes first), then Bruna
    await table.play(["@gm:it #boj /iniziativa combattente:all", "@gm:it #boj /scontro prossimo"])
    status = text_of(await table.one("@gm:it #boj /scontro stato"))
    assert status.index("Orco") < status.index("Bruna"), status
    declared = text_of(await table.one('@ana:it #boj /azione nome:declare opzioni:"colpi:combattere_sulla_difensiva"'))
    assert "pagati a inizio round: 3 punti" in declared, declared
    table.dice(2)
    await table.play(["@gm:it #boj /scontro prossimo", "@ana:it #boj /attacco bersaglio:Orco"])
    late = text_of(await table.one('@ana:it #boj /azione nome:declare opzioni:"colpi:combattere_sulla_difensiva"'))
    assert "prima della prima azione del round" in late and "opzioni:prossimo_round" in late, late
    ahead = '@ana:it #boj /azione nome:declare opzioni:"colpi:combattere_sulla_difensiva prossimo_round"'
    assert "dichiarat" in text_of(await table.one(ahead)).lower()


async def test_no_rest_in_the_middle_of_a_fight(table: Table) -> None:
    # Seed: "RIPOSO COMUNE - … senza porre in essere alcuna delle seguenti azioni interruttive"
    await table.play(
        [
            "@gm:it #boj /impostazioni imposta nome:enforce_turns valore:no",
            *START,
            "@gm:it #boj /iniziativa combattente:all",
            "@gm:it #boj /scontro prossimo",
        ]
    )
    refused = text_of(await table.one('@ana:it #boj /azione nome:rest opzioni:"ore:8"'))
    assert "Bruna è in uno scontro" in refused and "/personaggio riposa" in refused, refused


async def test_points_spent_on_a_miss_read_without_a_wrong_article(table: Table) -> None:
    await table.play(
        [
            "@gm:it #boj /impostazioni imposta nome:enforce_turns valore:no",
            *START,
            '@gm:it #boj /scontro modifica combattente:Orco statistiche:"ca:-10"',
            "@gm:it #boj /iniziativa combattente:all",
            "@gm:it #boj /scontro prossimo",
        ]
    )
    table.dice(4)
    missed = text_of(
        await table.one('@ana:it #boj /attacco bersaglio:Orco opzioni:"colpi:colpo_preciso,colpo_preciso"')
    )
    assert "Mancato: 8 punti combattimento spesi comunque" in missed, missed
    assert "i 8" not in missed


async def test_odds_after_the_rounds_attack_and_a_mistyped_blow(table: Table) -> None:
    await table.play(
        [
            "@gm:it #boj /impostazioni imposta nome:enforce_turns valore:no",
            *START,
            "@gm:it #boj /iniziativa combattente:all",
            "@gm:it #boj /scontro prossimo",
        ]
    )
    table.dice(2)
    await table.play(["@ana:it #boj /attacco bersaglio:Orco"])
    odds = text_of(await table.one('@ana:it #boj /probabilità bersaglio:Orco opzioni:"colpi:colpo_preciso"'))
    assert "Colpito" in odds and "attacchi principali" not in odds, odds
    typo = text_of(await table.one('@ana:it #boj /attacco bersaglio:Orco opzioni:"colpi:colpo_precisso"'))
    assert "forse Colpo Preciso" in typo and "colpo_preciso" in typo, typo
