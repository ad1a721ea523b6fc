"""Each rule system played through the bot's own handlers, as a group would."""

from __future__ import annotations

import json

from tests.bot.conftest import Table, text_of
from tests.bot.stored_events import stored_events


async def free_turns(table: Table) -> None:
    r = await table.one("@gm #x /settings set name:enforce_turns value:false scope:server")
    assert r.error is None


async def test_cz2d10_round_with_action_accounting(table: Table) -> None:
    await free_turns(table)
    await table.play(
        [
            "@gm:cs #hrad /encounter start system:cz2d10",
            '@gm #hrad /encounter add name:Bandita stats:"hp:20 útok:5 obrana:3 zranění:1k6+2"',
            '@ana #hrad /character create system:cz2d10 name:Eliška stats:"síla:12 obr:14"',
            "@ana #hrad /encounter join character:Eliška",
            "@gm #hrad /encounter next",
        ]
    )

    async def actions_left() -> int:
        (sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name = 'Eliška'"))[0]
        from rules import get_system

        system = get_system("cz2d10")
        return int(system.status(system.sheet(json.loads(sheet))).numbers["actions_left"])

    assert await actions_left() == 5
    r = await table.one("@ana #hrad /attack target:Bandita")
    assert r.error is None, r.content
    assert await actions_left() == 2  # an attack costs 3 of the 5 actions
    refused = await table.one("@ana #hrad /attack target:Bandita")
    assert refused.ephemeral and refused.error and refused.error.startswith("error.cz2d10")
    assert await actions_left() == 2
    status = await table.one("@ana #hrad /encounter status")
    assert "2" in text_of(status)
    await table("@gm #hrad /encounter next")
    await table("@gm #hrad /encounter next")  # a new round: actions come back
    assert await actions_left() == 5


async def test_pl_wladanie_parry_prompt_exchange(table: Table) -> None:
    await free_turns(table)
    await table.play(
        [
            "@gm #zamek /encounter start system:pl_wladanie",
            '@gm #zamek /encounter add name:Zbój stats:"of:12 wladanie:6 damage:1k8"',
            '@ana #zamek /character create system:pl_wladanie name:Jan stats:"of:13 parowanie:5 unik:4 wladanie:5"',
            "@ana #zamek /encounter join character:Jan",
        ]
    )
    table.dice(16)  # 16 + 6 = 22 against physical defence 13: a hit, unless parried
    prompt = await table.one("@gm #zamek /attack attacker:Zbój target:Jan")
    ids = [c["custom_id"] for c in prompt.components]
    assert any(i.endswith(":parry") for i in ids) and any(i.endswith(":dodge") for i in ids)
    assert "parowanie" in text_of(prompt) or "parowanie" in json.dumps(prompt.components, ensure_ascii=False)
    parry = next(i for i in ids if i.endswith(":parry"))
    table.app.service.dice = __import__("rules").RandomDice(3)
    (answer,) = await table(f"@ana #zamek click {parry}")
    assert answer.error is None and answer.edits is not None
    assert "parowanie" in text_of(answer).lower()


async def test_adnd2cp_blows_autocomplete_points_and_rest(table: Table) -> None:
    await free_turns(table)
    stats = "class:fighter/mage level:7/6 int:16 str:17 rank:maestro weapon:long_sword hp:40"
    await table.play(
        [
            "@gm #arena /encounter start system:adnd2cp",
            f'@ana #arena /character create system:adnd2cp name:Trendor stats:"{stats}"',
            "@ana #arena /encounter join character:Trendor",
            '@gm #arena /encounter add name:Orc stats:"ac:6 hp:15 thac0:19 hd:1 damage:1d8"',
        ]
    )
    show = await table.one("@ana #arena /character show name:Trendor")
    assert "28" in text_of(show)  # the seed's own example: 7th-level fighter/mage, Int 16, master = 28
    choices = await table.local.autocomplete("ana", "arena", "attack", "blows", "colpo", {"target": "Orc"})
    names = [c.value for c in choices]
    assert names and all(n.startswith("colpo") for n in names)
    table.dice(12, 5)
    r = await table.one(f"@ana #arena /attack target:Orc blows:{names[0]}")
    assert r.error is None, r.content
    (sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name = 'Trendor'"))[0]
    spent = json.loads(sheet)["pool_current"]
    assert spent < 28
    await table("@gm #arena /encounter end")
    rested = await table.one("@ana #arena /character rest name:Trendor hours:1")
    assert rested.error is None
    (after,) = (await table.query("SELECT sheet FROM characters WHERE name = 'Trendor'"))[0]
    assert json.loads(after)["pool_current"] == min(28, spent + 4)  # 12.5 % of 28 = 3.5 → 4


async def test_arm5_keeps_polish_and_latin_terms(table: Table) -> None:
    await free_turns(table)
    await table("@gm #sala /encounter start system:arm5")
    await table('@gm #sala /encounter add name:Bandit stats:"attack:+9 defense:+6 damage:+5 soak:+7 size:0"')
    await table('@ana #sala /character create system:arm5 name:Wulf stats:"attack:+8 defense:+7 damage:+6 soak:+5"')
    await table("@ana #sala /encounter join character:Wulf")
    table.dice(9, 3)  # Wulf 8 + 9 = 17; Bandit defends 6 + 3 = 9 → advantage 8
    r = await table.one("@ana #sala /attack target:Bandit")
    assert r.error is None
    body = text_of(r)
    assert "Obrona" in body or "Wyparowania" in body


async def test_adnd2cp_round_blow_declared_before_initiative_is_paid_at_round_start(table: Table) -> None:
    await free_turns(table)
    stats = "class:fighter level:9 int:16 str:17 rank:maestro weapon:long_sword hp:60"
    await table.play(
        [
            "@gm #pit /encounter start system:adnd2cp",
            f'@ana #pit /character create system:adnd2cp name:Brak stats:"{stats}"',
            "@ana #pit /encounter join character:Brak",
            '@gm #pit /encounter add name:Orc stats:"ac:6 hp:15 thac0:19 hd:1 damage:1d8"',
        ]
    )

    async def points() -> int:
        (sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name = 'Brak'"))[0]
        return int(json.loads(sheet)["pool_current"])

    before = await points()
    r = await table.one('@ana #pit /action name:declare options:"blows:combattere_sulla_difensiva next_round:true"')
    assert r.error is None, r.content
    assert await points() == before  # declared, not yet paid
    table.app.service.dice = __import__("rules").RandomDice(9)
    assert (await table.one("@gm #pit /encounter next")).error is None  # round 1 starts: the blow is paid
    assert await points() == before - 3
    low = await table.one('@ana #pit /action name:declare options:"blows:attacco_extra,attacco_extra"')
    assert low.ephemeral and low.error and low.error.startswith("error.adnd2cp")


async def test_cz2d10_vzor2_defender_buys_defence_through_the_prompt(table: Table) -> None:
    await free_turns(table)
    await table("@gm #hrad /settings set system:cz2d10 name:duel_system value:vzor2")
    await table.play(
        [
            "@gm #hrad /encounter start system:cz2d10",
            '@gm #hrad /encounter add name:Bandita stats:"hp:20 útok:9 obrana:3 zranění:1k6+2"',
            '@ana #hrad /character create system:cz2d10 name:Eliška stats:"síla:12 obr:14"',
            "@ana #hrad /encounter join character:Eliška",
            "@gm #hrad /encounter next",
        ]
    )
    table.dice(6, 10)  # 2d10 = 16, + 9 = 25: above 13, so the defender may buy defence
    prompt = await table.one("@gm #hrad /attack attacker:Bandita target:Eliška")
    ids = [c["custom_id"] for c in prompt.components]
    assert any(i.endswith(":dex") for i in ids) and any(i.endswith(":none") for i in ids)
    dex = next(i for i in ids if i.endswith(":dex"))
    (answer,) = await table(f"@ana #hrad click {dex}")
    assert answer.error is None and "27" in text_of(answer)  # base 13 + DEX 14 stops 25
    (sheet,) = (await table.query("SELECT sheet FROM combatants WHERE name = 'Eliška'"))[0]
    from rules import get_system

    system = get_system("cz2d10")
    assert system.status(system.sheet(json.loads(sheet))).numbers["actions_left"] == 4  # DEX cost one action


async def test_adnd2cp_cleave_hits_the_named_second_target(table: Table) -> None:
    await free_turns(table)
    stats = "class:fighter level:9 int:16 str:17 rank:maestro weapon:long_sword hp:60"
    await table.play(
        [
            "@gm #pit /encounter start system:adnd2cp",
            f'@ana #pit /character create system:adnd2cp name:Brak stats:"{stats}"',
            "@ana #pit /encounter join character:Brak",
            '@gm #pit /encounter add name:Orc stats:"ac:6 hp:15 thac0:19 hd:1 damage:1d8" count:2',
        ]
    )
    table.app.service.dice = __import__("rules").RandomDice(4)
    r = await table.one('@ana #pit /attack target:"Orc 1" blows:fendente_frontale options:"second_target:\'Orc 2\'"')
    assert r.error is None, r.content
    rows = dict(await table.query("SELECT name, sheet FROM combatants"))
    hp2 = json.loads(rows["Orc 2"])["hp"]
    (_, event) = (await stored_events(table, "attack"))[0]
    cleave = [a for a in event.get("attacks", []) if a.get("action") == "cleave"]
    assert cleave, "the cleave is resolved against the second target"
    if cleave[0]["outcome"] == "hit":
        assert hp2 == 15 - cleave[0]["damage"]["applied"]
    else:
        assert hp2 == 15
    unknown = await table.one('@ana #pit /attack target:"Orc 1" blows:fendente_frontale options:"second_target:Nobody"')
    assert unknown.error == "error.unknown_combatant"


async def test_a_flag_option_ending_in_target_is_not_taken_for_a_name(table: Table) -> None:
    """pl_wladanie `hard_target:yes` is a flag: only options a system declares as naming combatants are
    looked up in the fight (it used to answer "Nobody called yes is in this fight")."""
    await table.play(
        [
            "@gm #pl /settings set name:enforce_turns value:false",
            "@gm #pl /encounter start system:pl_wladanie name:Bójka",
            '@gm #pl /encounter add name:Zbój stats:"of:12 wladanie:+6 damage:1k8 sila:6 udzwig:40"',
            '@ana #pl /character create system:pl_wladanie name:Jagna stats:"of:13 wladanie:+6 sila:6 udzwig:45"',
            "@ana #pl /encounter join character:Jagna",
        ]
    )
    table.app.service.dice = __import__("rules").RandomDice(3)
    r = await table.one("@ana #pl /attack target:Zbój options:hard_target:yes")
    assert r.error != "error.unknown_combatant", r.content
