"""dnd35 conditions a GM puts on with `/encounter effect add` (`set_condition`) change the rules exactly as
the rules' own mechanism does: same scripted dice, same total, AC and outcome, one test per family."""

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

SYSTEM = get_system("dnd35")
TARGET = {"dex": 16, "hp": 30, "armor_bonus": 2}  # AC 15, touch 13, flat-footed 12
ATTACKER = {"bab": 2, "str": 12, "dex": 12, "weapons": ["longsword", "light crossbow"]}


def sheet(data: dict[str, Any]) -> Any:
    return SYSTEM.sheet(data)


def request(actor: Any, target: Any, weapon: str | None = None, **options: Any) -> ActionRequest:
    return ActionRequest(
        Fighter("A", actor), Fighter("T", target), SYSTEM.options(options), SYSTEM.settings({}), weapon, 20
    )


def attack(actor: Any, target: Any, dice: list[int], ranged: bool = False, **options: Any) -> ActionResult:
    req = request(actor, target, "light crossbow" if ranged else "longsword", **options)
    return (SYSTEM.shot if ranged else SYSTEM.attack)(req, ScriptedDice(dice))


def act(action: str, actor: Any, target: Any, dice: list[int], **options: Any) -> ActionResult:
    return SYSTEM.act(action, request(actor, target, **options), ScriptedDice(dice))


def same(a: ActionResult, b: ActionResult) -> None:
    assert (a.total, a.against, a.against_key, a.outcome) == (b.total, b.against, b.against_key, b.outcome)
    assert [m.model_dump() for m in a.modifiers] == [m.model_dump() for m in b.modifiers]


def put(base: Any, condition: str) -> Any:
    return SYSTEM.set_condition(base, condition, True)


# --- one-fight conditions ---------------------------------------------------------------------------
def test_flat_footed_as_initiative_leaves_it() -> None:
    base = sheet(TARGET)
    rolled = SYSTEM.initiative(request(base, None), ScriptedDice([5, 5]))  # type: ignore[arg-type]
    own = sheet(rolled.actor_sheet or {})
    gm = put(base, "flat_footed")
    assert gm.turn_conditions == own.turn_conditions == ["flat_footed"]
    a, b = attack(sheet(ATTACKER), own, [10, 4]), attack(sheet(ATTACKER), gm, [10, 4])
    same(a, b)
    assert (a.against, a.against_key, a.outcome) == (12, "flat_footed_ac", "hit")


@pytest.mark.parametrize("ranged", [False, True])
def test_prone_as_a_trip_leaves_it(ranged: bool) -> None:
    base = sheet(TARGET)
    tripped = act("trip", sheet({"str": 18}), base, [20, 15, 1])
    assert tripped.outcome == "tripped"
    own = sheet(tripped.target_sheet or {})
    gm = put(base, "prone")
    a, b = attack(sheet(ATTACKER), own, [9, 4], ranged), attack(sheet(ATTACKER), gm, [9, 4], ranged)
    same(a, b)
    assert a.against == (11 if not ranged else 19)  # "Leží na zemi | -4 | +4"


def test_grappling_and_pinned_as_the_grapple_leaves_them() -> None:
    base = sheet(TARGET)
    grabber = sheet({"bab": 5, "str": 18, "feats": ["improved grapple"]})
    held = act("grapple", grabber, base, [18, 20, 1, 1])
    assert held.outcome == "grappling"
    own_grappling = sheet(held.target_sheet or {})
    pinned = act("pin", sheet({"bab": 5, "str": 18, "turn_conditions": ["grappling"]}), own_grappling, [20, 1])
    own_pinned = sheet(pinned.target_sheet or {})
    for own, condition in ((own_grappling, "grappling"), (own_pinned, "pinned")):
        gm = put(base, condition)
        assert set(gm.turn_conditions) == set(own.turn_conditions)
        same(attack(sheet(ATTACKER), own, [10, 4]), attack(sheet(ATTACKER), gm, [10, 4]))


def test_stances_as_the_actions_leave_them() -> None:
    base = sheet({**TARGET, "weapons": ["longsword"]})
    charged = attack(base, sheet({"hp": 30}), [1], charge=True)
    defensive = attack(base, sheet({"hp": 30}), [1], fighting_defensively=True)
    total = act("total_defense", base, None, [])
    for result, condition in (
        (charged, "charging"),
        (defensive, "fighting_defensively"),
        (total, "total_defense"),
    ):
        own = sheet(result.actor_sheet or {})
        gm = put(base, condition)
        assert condition in gm.turn_conditions and condition in own.turn_conditions
        same(attack(sheet(ATTACKER), own, [12, 4]), attack(sheet(ATTACKER), gm, [12, 4]))


def test_readied_and_delaying_as_the_actions_leave_them() -> None:
    base = sheet({**TARGET, "weapons": ["longsword"]})
    for action, condition in (("ready", "readied"), ("delay", "delaying")):
        own = sheet(act(action, base, None, []).actor_sheet or {})
        gm = put(base, condition)
        assert own.turn_conditions == gm.turn_conditions == [condition]
    own = sheet(act("ready", base, None, []).actor_sheet or {})
    gm = put(base, "readied")
    same(attack(own, sheet(TARGET), [14, 3], readied=True), attack(gm, sheet(TARGET), [14, 3], readied=True))


# --- lasting conditions ------------------------------------------------------------------------------
@pytest.mark.parametrize("ranged", [False, True])
def test_unconscious_as_nonlethal_damage_leaves_it(ranged: bool) -> None:
    base = sheet({**TARGET, "hp": 4})
    punch = SYSTEM.attack(request(sheet({"str": 18}), base, "unarmed"), ScriptedDice([15, 3]))
    assert punch.wound == "unconscious"
    own = sheet(punch.target_sheet or {})
    gm = put(base, "unconscious")
    # "Když tvé stínové zranění převýší současný počet tvých životů, padáš v bezvědomí k zemi."
    assert {"unconscious", "prone"} <= set(own.conditions) and {"unconscious", "prone"} <= set(gm.conditions)
    a, b = attack(sheet(ATTACKER), own, [6, 4], ranged), attack(sheet(ATTACKER), gm, [6, 4], ranged)
    same(a, b)
    # helpless: Dex 0 (−5) and −4 vs melee; prone −4 vs melee / +4 vs ranged
    assert a.against == (10 + 2 - 5 - 4 - 4 if not ranged else 10 + 2 - 5 + 4)


def test_dead_as_a_failed_coup_de_grace_leaves_it() -> None:
    base = sheet({**TARGET, "conditions": ["helpless"], "fort_save": 0})
    killed = act("coup_de_grace", sheet({}), base, [4, 5, 2], weapon="longsword")
    own = sheet(killed.target_sheet or {})
    gm = put(sheet(TARGET), "dead")
    for s in (own, gm):
        status = SYSTEM.status(s)
        assert (status.level, status.dead, status.out_of_fight) == ("dead", True, True)


@pytest.mark.parametrize(
    ("condition", "flag"),
    [
        ("helpless", "helpless"),
        ("stunned", "stunned"),
        ("blinded", "blinded"),
        ("cowering", "cowering"),
        ("entangled", "target_entangled"),
        ("kneeling", "kneeling"),
        ("squeezing", "target_squeezing"),
    ],
)
@pytest.mark.parametrize("ranged", [False, True])
def test_defender_conditions_as_the_option_flags(condition: str, flag: str, ranged: bool) -> None:
    base = sheet(TARGET)
    by_flag = attack(sheet(ATTACKER), base, [10, 4], ranged, **{flag: True})
    by_gm = attack(sheet(ATTACKER), put(base, condition), [10, 4], ranged)
    same(by_flag, by_gm)


@pytest.mark.parametrize(
    ("condition", "flag"),
    [("dazzled", "dazzled"), ("shaken", "shaken"), ("frightened", "shaken"), ("invisible", "invisible")],
)
def test_attacker_conditions_as_the_option_flags(condition: str, flag: str) -> None:
    by_flag = attack(sheet(ATTACKER), sheet(TARGET), [10, 4], **{flag: True})
    by_gm = attack(put(sheet(ATTACKER), condition), sheet(TARGET), [10, 4])
    if condition == "frightened":  # the `shaken` flag stands for "Otřesen nebo vystrašený": same −2
        assert (by_flag.total, by_flag.against, by_flag.outcome) == (by_gm.total, by_gm.against, by_gm.outcome)
        assert [m.value for m in by_flag.modifiers] == [m.value for m in by_gm.modifiers]
        return
    same(by_flag, by_gm)


def test_conditions_listed_go_on_and_off() -> None:
    listed = SYSTEM.conditions()
    assert "flat_footed" in listed and "prone" in listed and "dead" in listed
    assert not {"dying", "stable", "disabled", "staggered"} & set(listed)  # the hit points decide these
    on = put(sheet(TARGET), "pinned")
    assert {"pinned", "grappling"} <= set(SYSTEM.status(on).conditions)
    off = SYSTEM.set_condition(on, "grappling", False)
    assert not {"pinned", "grappling"} & set(SYSTEM.status(off).conditions)
    with pytest.raises(RulesError):
        SYSTEM.set_condition(sheet(TARGET), "dying", True)
    assert "flat_footed" in put(sheet(TARGET), "Flat-Footed").turn_conditions  # typed names are normalised
