"""A whole fight per system, as a table plays it: a GM and two players in the system's players'
language, turns enforced, from `/encounter start` to `/encounter end`. Every command is one a player
could type from what the bot told them; none may be refused, nobody able to act may be skipped, and no
result may be posted twice."""

from __future__ import annotations

import json
import re

import pytest

from bot.console.adapter import Response, snowflake
from rules import RandomDice, get_system
from tests.bot.conftest import Table, text_of

# system: (language, NPC quick line, two characters' stats)
SESSIONS = {
    "dnd35": (
        "cs",
        "ac:13 hp:9 attack:+3 damage:1d6+1",
        ("str:15 dex:13 bab:3 hp:22 ac:15 weapons:longsword", "str:12 dex:16 bab:2 hp:16 ac:14 weapons:rapier"),
    ),
    "arm5": (
        "pl",
        "attack:+9 defense:+6 damage:+5 soak:+7 size:0",
        (
            "str:1 sta:2 dex:1 qik:1 size:0 single_weapon:4 weapon:long_sword",
            "str:0 sta:1 dex:2 qik:2 size:0 single_weapon:3 weapon:short_sword",
        ),
    ),
    "adnd2cp": (
        "it",
        "thac0:17 ac:6 hp:9 damage:1d8 hd:2 int:9",
        (
            "class:fighter level:5 str:17 dex:14 int:13 ac:3 hp:42 weapon:long_sword",
            "class:fighter level:3 str:15 dex:15 int:11 ac:5 hp:25 weapon:short_sword",
        ),
    ),
    "cz2d10": (
        "cs",
        "útok:12 obrana:18 zranění:d10+2 životy:14 iniciativa:2",
        (
            "síla:7 obratnost:8 kon:6 reakce:5 zbraň:meč ovládání:6",
            "síla:6 obratnost:7 kon:6 reakce:6 zbraň:meč ovládání:5",
        ),
    ),
    "pl_wladanie": (
        "pl",
        "of:12 wladanie:+6 damage:1k8 sila:6 udzwig:40 parowanie:4 unik:3",
        (
            "of:13 wladanie:+6 damage:1k8 sila:6 udzwig:45 parowanie:5 unik:3",
            "of:12 wladanie:+5 damage:1k6 sila:5 udzwig:40 parowanie:4 unik:4",
        ),
    ),
}
PLAYERS = ("ana", "bob")
HEROES = ("Jana", "Bořek")
MAX_STEPS = 60


def _embeds(responses: list[Response]) -> list[str]:
    return [json.dumps(e, sort_keys=True) for r in responses if not r.ephemeral for e in r.embeds]


class Session:
    def __init__(self, table: Table, system_id: str) -> None:
        self.table = table
        self.system = get_system(system_id)
        self.lang, self.npc, self.stats = SESSIONS[system_id]
        self.channel = "boj"
        self.turns: list[tuple[int, str]] = []  # (round, combatant) as the turn messages gave them
        self.said: list[Response] = []  # everything the bot answered, in order

    def line(self, user: str, text: str) -> str:
        return f"@{user}:{self.lang} #{self.channel} {text}"

    async def send(self, user: str, text: str) -> list[Response]:
        responses = await self.table(self.line(user, text))
        self.said += responses
        return responses

    async def run(self, user: str, text: str) -> list[Response]:
        responses = await self.send(user, text)
        assert responses, text
        for r in responses:
            assert r.error is None, (text, r.content)
        embeds = _embeds(responses)
        assert len(embeds) == len(set(embeds)), f"posted twice after {text}"
        return responses

    async def encounter(self):  # type: ignore[no-untyped-def]
        enc = await self.table.app.service.encounter(snowflake("#" + self.channel))
        assert enc is not None
        return enc

    async def setup(self) -> None:
        sid = self.system.id
        await self.run("gm", f"/encounter start system:{sid} name:Přepadení")
        await self.run("gm", f'/encounter add name:Zbój stats:"{self.npc}" count:2')
        for user, hero, stats in zip(PLAYERS, HEROES, self.stats, strict=True):
            await self.run(user, f'/character create system:{sid} name:{hero} stats:"{stats}"')
            await self.run(user, f"/encounter join character:{hero}")
        for user in PLAYERS:
            await self.run(user, "/initiative")
        await self.run("gm", "/initiative combatant:npcs")

    def able(self, c) -> bool:  # type: ignore[no-untyped-def]
        return not self.system.status(c.model(self.system)).out_of_fight

    async def expected_next(self) -> str | None:
        """Who the next press must give the turn to: the next able one this round, else the first able
        one of the next round (no re-roll systems only)."""
        enc = await self.encounter()
        acting = [c for c in enc.order(self.system.initiative_descending) if c.initiative is not None]
        start = enc.turn + 1 if enc.round >= 1 else 0
        rest = [c for c in acting[start:] if self.able(c)]
        return rest[0].name if rest else None

    async def next_turn(self) -> None:
        expected = await self.expected_next()
        before = (await self.encounter()).round
        responses = await self.run("gm", "/encounter next")
        enc = await self.encounter()
        current = enc.current(self.system.initiative_descending)
        assert current is not None and self.able(current)
        if expected is not None and enc.round == before:
            assert current.name == expected, "someone able to act was skipped"
        self.turns.append((enc.round, current.name))
        if current.owner_user_id is not None:
            assert responses[0].pinged == [current.owner_user_id]
        else:
            assert responses[0].pinged == []

    async def act(self) -> bool:
        """The combatant whose turn it is attacks an able opponent; a defender answers its prompt."""
        enc = await self.encounter()
        current = enc.current(self.system.initiative_descending)
        assert current is not None
        foes = [c for c in enc.combatants if c.is_npc != current.is_npc and self.able(c)]
        if not foes:
            return False
        user = "gm" if current.is_npc else next(u for u, h in zip(PLAYERS, HEROES, strict=True) if h == current.name)
        actor = f' attacker:"{current.name}"' if current.is_npc else ""
        command = f'/attack target:"{foes[0].name}"{actor}'
        responses = await self.send(user, command)
        if responses[0].error == "error.cz2d10.part_unusable":  # as the refusal says: the other hand
            named = re.search(r"`(druhou_rukou|off_hand)`", responses[0].content or "")
            assert named, responses[0].content
            command += f" options:{named.group(1)}"
            responses = await self.send(user, command)
            if responses[0].error == "error.cz2d10.part_unusable":
                return True  # both arms gone: this one only passes its turn
        for r in responses:
            assert r.error is None, (command, r.content)
        prompt = next((r for r in responses if r.components), None)
        if prompt is not None:
            defender = foes[0]
            answerer = (
                "gm" if defender.is_npc else next(u for u, h in zip(PLAYERS, HEROES, strict=True) if h == defender.name)
            )
            assert prompt.pinged == [self.table.local.user(answerer).id]
            (answer,) = [r for r in await self.run(answerer, f"click {prompt.components[0]['custom_id']}")]
            assert answer.edits is not None and not answer.components  # the prompt became the result
        return True

    async def play(self) -> None:
        await self.setup()
        await self.next_turn()
        for _ in range(MAX_STEPS):
            if not await self.act():
                break
            await self.next_turn()
        await self.run("gm", "/encounter status")
        end = await self.run("gm", "/encounter end")
        assert "Zbój" in text_of(end[0])


@pytest.mark.parametrize("system_id", sorted(SESSIONS))
async def test_a_whole_fight_in_the_players_language(table: Table, system_id: str) -> None:
    table.app.service.dice = RandomDice(4)
    session = Session(table, system_id)
    await session.play()
    rounds = {r for r, _ in session.turns}
    assert len(session.turns) >= 4 and max(rounds) >= 2
    # Every able combatant got a turn in round 1.
    first = {name for r, name in session.turns if r == 1}
    assert {"Jana", "Bořek"} <= first


# system: (a condition of its own, its name in the players' language, an /encounter edit line, what shows)
HANDS = {
    "dnd35": ("prone", "Leží na zemi", "hp:-3", "22 → 19"),
    "arm5": ("winded", "Zdyszany/a, bez kary", "wyczerpanie:+1", "1 → 2"),  # winded is fatigue level 1
    "adnd2cp": ("stunned", None, "pf:-5", "42 → 37"),
    "cz2d10": ("prone", None, "omráčení:+2", "→ 2"),
    "pl_wladanie": ("prone", None, "obrażenia:+4", "0 → 4"),
}


@pytest.mark.parametrize("system_id", sorted(HANDS))
async def test_the_gms_hands_in_every_system(table: Table, system_id: str) -> None:
    """A system condition goes on through autocomplete's key, shows in the players' language, ticks away
    with its owner's turns; an edit in the players' own words changes the sheet and says so."""
    table.app.service.dice = RandomDice(9)
    session = Session(table, system_id)
    await session.setup()
    condition, native, edit, shown = HANDS[system_id]
    choices = await table.local.autocomplete("gm", session.channel, "encounter effect add", "name", "")
    assert condition in [c.value for c in choices]
    label = next(c.name for c in choices if c.value == condition)
    assert label != condition  # named in the players' language, not by its key
    if native is not None:
        assert label == native
    (added,) = await session.run("gm", f"/encounter effect add combatant:Jana name:{condition} rounds:1 ends:start")
    assert label in text_of(added)
    status = (await session.run("gm", "/encounter status"))[0]
    assert label.split(":")[0] in text_of(status)  # a row shows the condition's name, cut to fit
    (changed,) = await session.run("gm", f'/encounter edit combatant:Jana stats:"{edit}"')
    assert shown in text_of(changed), text_of(changed)
    expired = False
    for _ in range(8):
        await session.next_turn()
        enc = await session.encounter()
        jana = enc.find("Jana")
        assert jana is not None
        if not jana.effects:
            expired = True
            break
    assert expired
    assert condition not in session.system.status(jana.model(session.system)).conditions


async def test_cz2d10_shows_the_actions_left_after_an_action(table: Table) -> None:
    table.app.service.dice = RandomDice(9)
    session = Session(table, "cz2d10")
    await session.setup()
    await session.next_turn()
    enc = await session.encounter()
    current = enc.current(True)
    assert current is not None
    user = "gm" if current.is_npc else ("ana" if current.name == "Jana" else "bob")
    actor = f' actor:"{current.name}"' if current.is_npc else ""
    (r, *_) = await session.run(user, f"/action name:step{actor}")
    field = next(f for f in r.embeds[0]["fields"] if "zbývající akce" in f["name"])
    assert field["value"].isdigit()
