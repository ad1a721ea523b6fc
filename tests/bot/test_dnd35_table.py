"""dnd35 at the table: one charge (or one attack) a turn, refused in Czech with the reason; the next
round's attack goes through."""

from tests.bot.conftest import Table, text_of

SETUP = [
    "@ana:cs #boj /postava vytvořit systém:dnd35 jméno:Alena šablona:fighter",
    "@gm:cs #boj /střetnutí začít systém:dnd35 jméno:Test",
    '@gm:cs #boj /střetnutí přidat jméno:Ork údaje:"TZ:13 životy:200 útok:+4 zranění:1k12+3"',
    "@ana:cs #boj /střetnutí připojit postava:Alena",
    "@gm:cs #boj /nastavení nastavit jméno:enforce_turns hodnota:false",
    "@gm:cs #boj /nastavení nastavit jméno:action_economy hodnota:ano",
    "@gm:cs #boj /iniciativa bojovník:all",
    "@gm:cs #boj /střetnutí další",
]


async def test_without_the_gm_setting_the_turns_actions_are_not_counted(table: Table) -> None:
    await table.play([line for line in SETUP if "action_economy" not in line])
    for _ in range(2):
        assert (await table.one("@ana:cs #boj /útok cíl:Ork volby:zteč")).error is None


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


async def test_healing_reads_as_what_it_is_and_stabilize_is_refused_for_someone_else(table: Table) -> None:
    await table.play(
        [
            "@ana:cs #boj /postava vytvořit systém:dnd35 jméno:Alena šablona:fighter",
            "@bob:cs #boj /postava vytvořit systém:dnd35 jméno:Borek šablona:cleric",
            "@gm:cs #boj /nastavení nastavit jméno:enforce_turns hodnota:false",
            "@gm:cs #boj /střetnutí začít systém:dnd35 jméno:Test",
            "@ana:cs #boj /střetnutí připojit postava:Alena",
            "@bob:cs #boj /střetnutí připojit postava:Borek",
            '@gm:cs #boj /střetnutí upravit bojovník:Alena údaje:"životy:=-3"',
        ]
    )
    healed = await table.one("@bob:cs #boj /akce jméno:heal cíl:Alena volby:vyléčené_životy:1")
    assert healed.error is None, healed.content
    assert "**Vyléčené životy** **1**" in text_of(healed), text_of(healed)
    other = await table.one("@bob:cs #boj /akce jméno:stabilize cíl:Alena")
    assert other.error == "error.dnd35.stabilize_own_roll", other.content
    content = other.content or ""
    assert "(Alena)" in content and "Ověření Léčení" in content and "heal_check" not in content, content
    own = await table.one("@bob:cs #boj /akce jméno:stabilize")
    assert own.error == "error.dnd35.not_dying" and (own.content or "").startswith("Borek neumírá"), own.content


async def test_an_action_is_taken_by_its_british_and_czech_names(table: Table) -> None:
    await table.play(SETUP)
    for typed in ("total_defence", "úplná_obrana", "Total defense"):
        r = await table.one(f"@ana:cs #boj /akce jméno:{typed}")
        assert r.error is None, (typed, r.content)  # taken as the action, not refused as an option
        await table.play(["@gm:cs #boj /střetnutí další", "@gm:cs #boj /střetnutí další"])
    r = await table.one("@ana:cs #boj /akce jméno:stabilise")
    assert r.error == "error.dnd35.not_dying", r.content
