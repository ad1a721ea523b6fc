"""A player hit by a hidden NPC is told to test shock (QA finding 7).

L50: "Pokud je výsledné zranění stále vyšší než nula, je zraněn a musí testovat šok." The test is the
wounded side's: its note carries the target's side, so the public answer shows it whenever the target is
visible (the hidden attacker's roll stays "?"), and a hidden NPC's own shock test stays the GM's."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

WOLF = '"útok:30 obrana:18 zranění:d5+2 životy:10 iniciativa:4"'
SETUP = [
    "@gm:cs #les /settings set name:enforce_turns value:false",
    "@gm:cs #les /encounter start system:cz2d10 name:Šok",
    "@eliska:cs #les /character create system:cz2d10 name:Eliška template:archer",
    f"@gm:cs #les /encounter add name:Vlk stats:{WOLF} hidden:true",
    "@eliska:cs #les /encounter join character:Eliška",
]


async def test_the_player_hit_by_a_hidden_npc_reads_the_shock_test(table: Table) -> None:
    await table.play(SETUP)
    table.dice(4, 3, 5, 8, 10)  # 7 + 30 hits; d5 5 + 2; location 18: the left leg
    answers = await table("@gm:cs #les /attack attacker:Vlk target:Eliška")
    public = [a for a in answers if not a.ephemeral]
    assert public, [text_of(a) for a in answers]
    shown = text_of(public[0])
    assert "test šoku" in shown and "Použít výsledek testu šoku" in shown
    assert "+30" not in shown  # the wolf's own numbers stay hidden


async def test_a_hidden_npcs_own_shock_test_stays_with_the_gm(table: Table) -> None:
    await table.play([*SETUP[:3], "@gm:cs #les /encounter add name:Vlk stats:" + WOLF + " hidden:true"])
    await table.play(["@eliska:cs #les /encounter join character:Eliška"])
    table.dice(9, 9, 9, 9, 4, 6, 6)  # the dagger: 18 threatens, confirmed; d4 4; location 12: the body
    answers = await table("@eliska:cs #les /attack target:Vlk")
    public = [a for a in answers if not a.ephemeral]
    assert public, [(a.error, text_of(a)) for a in answers]
    assert "test šoku" not in text_of(public[0])
