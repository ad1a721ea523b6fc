"""The turn loop through the handlers: one round at a time, the fallen skipped without a ping, rounds
nobody can act in, who is next, reactions and refusals, attacks on the dead, and the table's language."""

from __future__ import annotations

from tests.bot.conftest import Table, text_of

REPRO = [
    "@gm #d /encounter start system:dnd35 name:Dead",
    '@gm #d /encounter add name:Orc stats:"ac:10 hp:30 attack:+30 damage:10d10 init:-5"',
    '@ana #d /character create system:dnd35 name:Ana stats:"hp:5 bab:1"',
    '@bob #d /character create system:dnd35 name:Bob stats:"hp:5 bab:1"',
    "@ana #d /encounter join character:Ana",
    "@bob #d /encounter join character:Bob",
]


async def _round_and_turn(table: Table) -> tuple[int, int]:
    (row,) = await table.query("SELECT round, turn FROM encounters WHERE status = 'active'")
    return int(row[0]), int(row[1])


async def test_a_fallen_first_combatant_does_not_make_next_jump_rounds(table: Table) -> None:
    """The issue's repro (console --seed 2): after the Orc kills Bob, next goes to round 2, not round 5."""
    await table.play(REPRO)
    table.dice(2, 3, 3, 12, 6, 10)  # initiative: Orc −3, Ana 3, Bob 6 → Bob, Ana, Orc
    await table.play(["@gm #d /initiative combatant:all"])
    for _ in range(3):
        await table.play(["@gm #d /encounter next"])
    assert await _round_and_turn(table) == (1, 2)  # the Orc's turn
    table.dice(9, *[10] * 10)
    await table.play(["@gm #d /attack target:Bob attacker:Orc"])
    table.dice(1, 1, 1, 1)  # any dying rolls
    r = await table.one("@gm #d /encounter next")
    assert r.error is None
    assert await _round_and_turn(table) == (2, 1)  # round 2, Ana (Bob, first in the order, is skipped)
    body = text_of(r)
    assert "Round 2 begins" in body and "Round 5" not in body
    ana, bob = table.local.user("ana"), table.local.user("bob")
    assert r.content == f"<@{ana.id}>" and f"<@{bob.id}>" not in body.replace(f"(<@{bob.id}>)", "")
    skipped = next(f for f in r.embeds[0]["fields"] if f["name"] == "Skipped (cannot act)")
    assert "Bob" in skipped["value"]
    assert "Next up: Orc" in body


async def test_a_dying_character_rolls_once_per_round_and_the_roll_is_posted(table: Table) -> None:
    await table.play(REPRO)
    table.dice(2, 3, 3, 12, 6, 10)
    await table.play(["@gm #d /initiative combatant:all", "@gm #d /encounter next"])
    await table.play(['@gm #d /encounter edit combatant:Bob stats:"hp:=-3"'])  # dying
    await table.play(["@gm #d /encounter next", "@gm #d /encounter next"])  # Ana, Orc
    table.dice(50)  # one d% for Bob's stabilisation at the start of round 2, and no more
    r = await table.one("@gm #d /encounter next")
    assert r.error is None, r.content
    assert await _round_and_turn(table) == (2, 1)
    upkeep = next(f for f in r.embeds[0]["fields"] if f["name"] == "Start of the round")
    assert "Bob" in upkeep["value"] and "50" in upkeep["value"]
    assert table.app.service.dice.remaining == 0  # exactly one upkeep roll: one round, once


async def test_a_round_nobody_can_act_in_is_announced_and_stops(table: Table) -> None:
    await table.play(REPRO)
    table.dice(2, 3, 3, 12, 6, 10)
    await table.play(["@gm #d /initiative combatant:all", "@gm #d /encounter next"])
    for name in ("Ana", "Bob", "Orc"):
        await table.play([f'@gm #d /encounter edit combatant:{name} stats:"hp:=-20"'])
    r = await table.one("@gm #d /encounter next")
    assert r.error is None and r.content is None  # nobody pinged
    assert "Nobody can act in round 2" in text_of(r)
    assert (await _round_and_turn(table))[0] == 2  # one round, not a loop
    r = await table.one("@gm #d /encounter next")
    assert "Nobody can act in round 3" in text_of(r)


async def test_players_out_of_turn_get_the_reason_and_the_gm_acts_noted(table: Table) -> None:
    await table.play(REPRO)
    table.dice(2, 3, 3, 12, 6, 10)
    await table.play(["@gm #d /initiative combatant:all", "@gm #d /encounter next"])  # Bob's turn
    r = await table.one("@ana #d /attack target:Orc")
    assert r.ephemeral and r.error == "error.not_your_turn"
    assert "Turns are enforced" in (r.content or "") and "Bob" in (r.content or "")  # the setting by its name
    assert "attack_of_opportunity" in (r.content or "")  # how to proceed: the reactions
    table.dice(15, 3)
    r = await table.one("@gm #d /attack target:Orc attacker:Ana")
    assert r.error is None and "out of turn (GM)" in text_of(r)


async def test_a_reaction_is_accepted_off_turn_from_its_owner(table: Table) -> None:
    await table.play(REPRO)
    table.dice(2, 3, 3, 12, 6, 10)
    await table.play(["@gm #d /initiative combatant:all"])
    for _ in range(4):  # round 2, Bob's turn: nobody is flat-footed any more
        await table.play(["@gm #d /encounter next"])
    table.dice(15, 3)
    r = await table.one("@ana #d /attack target:Orc options:attack_of_opportunity")
    assert r.error is None, r.content
    assert "out of turn" not in text_of(r)


async def test_attacks_on_the_dead_are_refused_unless_the_gm_forces_them(table: Table) -> None:
    await table.play(REPRO)
    await table.play(['@gm #d /encounter edit combatant:Orc stats:"hp:=-30"'])
    r = await table.one("@ana #d /attack target:Orc")
    assert r.ephemeral and r.error == "error.target_dead" and "options:force" in (r.content or "")
    r = await table.one("@ana #d /attack target:Orc options:force")
    assert r.error == "error.gm_only"
    table.dice(15, 3)
    r = await table.one("@gm #d /attack target:Orc attacker:Ana options:force")
    assert r.error is None and "forced" in text_of(r)


async def test_force_on_a_living_target_claims_no_forced_attack_on_the_dead(table: Table) -> None:
    await table.play(REPRO)
    table.dice(*[2] * 40)
    r = await table.one("@gm #d /attack target:Orc attacker:Ana options:force")
    assert r.error is None and "forced" not in text_of(r), text_of(r)


async def test_target_autocomplete_lists_the_fallen_last_and_marked(table: Table) -> None:
    await table.play(REPRO)
    await table.play(['@gm #d /encounter edit combatant:Ana stats:"hp:=-20"'])
    found = await table.local.autocomplete("ana", "d", "attack", "target", "")
    assert [c.value for c in found] == ["Orc", "Bob", "Ana"]
    assert found[-1].name.startswith("Ana (") and found[0].name == "Orc"


async def test_the_timer_answers_in_the_fights_language(table: Table) -> None:
    """A Polish fight's timeout speaks Polish, whoever's locale the console has."""
    await table("@gm:pl #hall /settings set system:arm5 name:enforce_turns value:false scope:server")
    await table.play(
        [
            '@gm:pl #hall /encounter start system:arm5 name:"Zbóje"',
            '@gm:pl #hall /encounter add name:Zbój stats:"attack:+9 defense:+6 damage:+5 soak:+7 size:0"',
            '@ana:pl #hall /character create system:arm5 name:Wulf stats:"attack:+8 defense:+7 damage:+6 soak:+5"',
            "@ana:pl #hall /encounter join character:Wulf",
        ]
    )
    now = [1000.0]
    table.app.service.clock = lambda: now[0]
    table.dice(5)
    await table.play(["@gm:pl #hall /attack attacker:Zbój target:Wulf"])
    table.console.deleted.update(range(1, 100))  # the prompt is gone: the result must be posted once
    now[0] += 500
    table.dice(4)
    responses = await table("@gm:en #hall /encounter status")
    (post,) = [r for r in responses if r.command == "post"]
    assert "domyślną obronę" in (post.content or "")  # Polish, although the last user speaks English
    (lang,) = (await table.query("SELECT language FROM encounters"))[0]
    assert lang == "pl"


async def test_the_defence_prompt_pings_only_the_defender(table: Table) -> None:
    await table("@gm #hall /settings set system:arm5 name:enforce_turns value:false scope:server")
    await table.play(
        [
            '@gm #hall /encounter start system:arm5 name:"Bandits"',
            '@gm #hall /encounter add name:Bandit stats:"attack:+9 defense:+6 damage:+5 soak:+7"',
            '@ana #hall /character create system:arm5 name:Wulf stats:"attack:+8 defense:+7 damage:+6 soak:+5"',
            "@ana #hall /encounter join character:Wulf",
        ]
    )
    table.dice(5)
    r = await table.one("@gm #hall /attack attacker:Bandit target:Wulf")
    ana = table.local.user("ana")
    assert r.pinged == [ana.id]


async def _names_in_order(table: Table) -> tuple[list[str], str | None]:
    from bot.console.adapter import snowflake

    enc = await table.app.service.encounter(snowflake("#d"))
    assert enc is not None
    current = enc.current(True)
    return [c.name for c in enc.order(True)], current.name if current else None


async def test_delaying_on_ones_turn_passes_the_turn_and_pings_the_next(table: Table) -> None:
    await table.play(REPRO)
    table.dice(2, 3, 3, 12, 6, 10)
    await table.play(["@gm #d /initiative combatant:all", "@gm #d /encounter next"])  # Bob's turn
    r = await table.one("@bob #d /action name:delay options:new_initiative:0")
    assert r.error is None, r.content
    ana = table.local.user("ana")
    assert r.pinged == [ana.id] and "Ana" in text_of(r)
    assert await _names_in_order(table) == (["Ana", "Bob", "Orc"], "Ana")
    r = await table.one("@gm #d /encounter next")
    assert (await _names_in_order(table))[1] == "Bob"  # Bob acts later in the same round


async def test_a_delaying_combatant_steps_in_before_the_current_one(table: Table) -> None:
    await table.play(REPRO)
    table.dice(2, 3, 3, 12, 6, 10)
    await table.play(["@gm #d /initiative combatant:all", "@gm #d /encounter next"])  # Bob's turn
    await table.play(["@bob #d /action name:delay", "@gm #d /encounter next"])  # Ana's turn, Bob waits
    assert (await _names_in_order(table))[1] == "Ana"
    r = await table.one("@bob #d /action name:delay options:new_initiative:5")
    assert r.error is None, r.content
    assert await _names_in_order(table) == (["Bob", "Ana", "Orc"], "Bob")


async def test_a_readied_attack_goes_off_and_the_readier_moves_before_the_trigger(table: Table) -> None:
    await table.play(REPRO)
    table.dice(2, 3, 3, 12, 6, 10)
    await table.play(["@gm #d /initiative combatant:all"])
    for _ in range(5):  # round 2, Ana's turn
        await table.play(["@gm #d /encounter next"])
    assert (await _names_in_order(table))[1] == "Ana"
    await table.play(["@ana #d /action name:ready", "@gm #d /encounter next"])  # the Orc's turn
    table.app.service.dice = __import__("rules").RandomDice(5)
    r = await table.one("@ana #d /attack target:Orc options:readied")
    assert r.error is None, r.content
    assert await _names_in_order(table) == (["Bob", "Ana", "Orc"], "Orc")  # the turn stays with the Orc


ARM5 = [
    "@gm #a /encounter start system:arm5 name:Hold",
    '@gm #a /encounter add name:Bandit stats:"attack:+9 defense:+6 damage:+5 soak:+7 size:0 init:+1"',
    '@ana #a /character create system:arm5 name:Wulf stats:"attack:+8 defense:+7 damage:+6 soak:+5 qik:2"',
    "@ana #a /encounter join character:Wulf",
]


async def test_a_held_action_returns_to_its_own_count_next_round(table: Table) -> None:
    """arm5: holding moves the holder later this round; the next round's upkeep puts it back."""
    from bot.console.adapter import snowflake

    await table.play(ARM5)
    table.app.service.dice = __import__("rules").RandomDice(11)
    await table.play(["@gm #a /initiative combatant:all", "@gm #a /encounter next"])
    enc = await table.app.service.encounter(snowflake("#a"))
    assert enc is not None and enc.current(True) is not None
    first = enc.current(True)
    own = first.initiative  # type: ignore[union-attr]
    holder = first.name  # type: ignore[union-attr]
    who = "@ana" if holder == "Wulf" else "@gm"
    actor = "" if holder == "Wulf" else f" actor:{holder}"
    r = await table.one(f"{who} #a /action name:hold{actor} options:new_initiative:-5")
    assert r.error is None, r.content
    enc = await table.app.service.encounter(snowflake("#a"))
    assert enc is not None and enc.by_id(first.id).initiative == -5  # type: ignore[union-attr]
    table.app.service.dice = __import__("rules").RandomDice(3)
    await table.play(["@gm #a /encounter next", "@gm #a /encounter next"])  # the other, then round 2
    enc = await table.app.service.encounter(snowflake("#a"))
    assert enc is not None and enc.round == 2
    assert enc.by_id(first.id).initiative == own  # type: ignore[union-attr]


async def test_the_gm_can_force_an_attack_on_the_dead_in_arm5(table: Table) -> None:
    await table.play(ARM5)
    await table.play(['@gm #a /encounter edit combatant:Bandit stats:"dead:tak"'])
    r = await table.one("@ana #a /attack target:Bandit")
    assert r.error == "error.target_dead"
    table.dice(5, 3)
    r = await table.one("@gm #a /attack target:Bandit attacker:Wulf options:force")
    assert r.error is None, r.content


AD = [
    "@gm:it #c /encounter start system:adnd2cp name:Agguato",
    '@gm:it #c /encounter add name:Orco stats:"thac0:17 ac:6 hp:9 damage:1d8 hd:2 int:9"',
    '@ana:it #c /character create system:adnd2cp name:Bruna stats:"class:fighter level:5 str:17 dex:14 int:13'
    ' ac:3 hp:42 weapon:long_sword"',
    "@ana:it #c /encounter join character:Bruna",
]


async def test_colpo_rapido_is_declared_with_initiative_and_paid_at_the_next_roll(table: Table) -> None:
    """adnd2cp: "al suo tiro puro dell'iniziativa" — declared between rounds, −1 and the cost next roll."""
    await table.play(AD)
    table.dice(10, 6)  # Bruna 10+5 = 15, Orco 6
    await table.play(["@gm:it #c /initiative combatant:all", "@gm:it #c /encounter next"])
    r = await table.one("@ana:it #c /initiative blows:colpo_rapido")
    assert r.error is None and "Colpo Rapido" in text_of(r)
    await table.play(["@gm:it #c /encounter next"])  # Bruna's turn (round 1)
    table.dice(4, 7)  # round 2 (in arrival order): Orco 4, Bruna 7+5−1 = 11
    r = await table.one("@gm:it #c /encounter next")
    assert r.error is None and "Inizia il round 2" in text_of(r)
    rolled = next(f for f in r.embeds[0]["fields"] if f["name"] == "Iniziativa tirata")
    assert "Bruna: 11" in rolled["value"] and "Colpo Rapido" in rolled["value"]


async def test_a_game_without_off_turn_reactions_does_not_offer_them(table: Table) -> None:
    """pl_wladanie has no off-turn reactions: the refusal says whose turn it is, without an empty list."""
    await table.play(
        [
            "@gm:pl #w /encounter start system:pl_wladanie name:Boj",
            "@ana:pl #w /character create system:pl_wladanie name:Ewa template:wojownik",
            "@ana:pl #w /encounter join character:Ewa",
            '@gm:pl #w /encounter add name:Zbój stats:"obrona_fizyczna:10"',
            "@gm:pl #w /initiative combatant:all",
            "@gm:pl #w /encounter next",
        ]
    )
    for _ in range(3):
        r = await table.one("@ana:pl #w /attack target:Zbój")
        if r.error is not None:
            break
        await table.play(["@gm:pl #w /encounter next"])
    assert r.ephemeral and r.error == "error.not_your_turn_plain"
    text = r.content or ""
    assert "Zbój" in text and "Pilnowanie kolejności" in text
    assert "reakcje" not in text and "(—)" not in text


async def test_a_czech_gm_forces_an_attack_on_the_dead_in_czech(table: Table) -> None:
    """The refusal names the option as a Czech GM types it, and that word is taken."""
    await table.play(
        [
            "@gm:cs #m /settings set name:enforce_turns value:false",
            "@gm:cs #m /encounter start system:dnd35 name:Most",
            '@gm:cs #m /encounter add name:Skřet stats:"TZ:12 životy:5"',
            '@gm:cs #m /encounter add name:Vlk stats:"TZ:12 životy:5 útok:+2 zranění:1k6"',
            '@gm:cs #m /encounter edit combatant:Skřet stats:"životy:=-30"',
        ]
    )
    r = await table.one("@gm:cs #m /attack attacker:Vlk target:Skřet")
    assert r.error == "error.target_dead" and "volby:vynutit" in (r.content or ""), r.content
    table.dice(15, 3)
    r = await table.one("@gm:cs #m /attack attacker:Vlk target:Skřet options:vynutit")
    assert r.error is None, r.content
