"""dnd35 at the table: one charge (or one attack) a turn, refused in Czech with the reason; the next
round's attack goes through."""

from tests.bot.conftest import Table

SETUP = [
    "@ana:cs #boj /postava vytvořit systém:dnd35 jméno:Alena šablona:fighter",
    "@gm:cs #boj /střetnutí začít systém:dnd35 jméno:Test",
    '@gm:cs #boj /střetnutí přidat jméno:Ork údaje:"TZ:13 životy:200 útok:+4 zranění:1k12+3"',
    "@ana:cs #boj /střetnutí připojit postava:Alena",
    "@gm:cs #boj /nastavení nastavit jméno:enforce_turns hodnota:false",
    "@gm:cs #boj /iniciativa bojovník:all",
    "@gm:cs #boj /střetnutí další",
]


async def test_a_second_charge_and_an_attack_after_it_are_refused_in_czech(table: Table) -> None:
    await table.play(SETUP)
    first = await table.one("@ana:cs #boj /útok cíl:Ork volby:zteč")
    assert first.error is None, first.content
    for line in ("@ana:cs #boj /útok cíl:Ork volby:zteč", "@ana:cs #boj /útok cíl:Ork"):
        again = await table.one(line)
        assert again.error == "error.dnd35.turn_after_charge", again.content
        assert "během zteče můžeš zaútočit jen jednou" in (again.content or "")


async def test_a_second_attack_names_the_action_taken_and_the_next_round_allows_one(table: Table) -> None:
    await table.play(SETUP)
    assert (await table.one("@ana:cs #boj /útok cíl:Ork")).error is None
    again = await table.one("@ana:cs #boj /útok cíl:Ork")
    assert again.error == "error.dnd35.turn_no_standard", again.content
    content = again.content or ""
    assert "už proběhla standardní akce" in content and "turn_" not in content, content
    await table.play(["@gm:cs #boj /střetnutí další", "@gm:cs #boj /střetnutí další"])  # the Ork, then round 2
    assert (await table.one("@ana:cs #boj /útok cíl:Ork")).error is None
