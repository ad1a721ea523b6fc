"""dnd35 action economy: the actions of one's turn are counted on the sheet (`turn_actions`) and what the
turn has no room for is refused, with the reason; reactions are not counted; a new round starts afresh."""

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

SYSTEM = get_system("dnd35")
FIGHTER = {"hp": 12, "bab": 6, "str": 14, "weapons": ["longsword"]}
ORC = {"hp": 200}  # AC 10: every die below hits, none kills


def request(actor: Any, settings: dict[str, Any] | None = None, **options: Any) -> ActionRequest:
    weapon = options.pop("weapon", None)
    return ActionRequest(
        Fighter("A", SYSTEM.sheet(actor)),
        Fighter("T", SYSTEM.sheet(ORC)),
        SYSTEM.options(options),
        SYSTEM.settings(settings if settings is not None else {"action_economy": True}),  # the GM turned it on
        weapon,
    )


def attack(actor: Any, dice: list[int], **options: Any) -> dict[str, Any]:
    """The attacker's sheet after an attack (as the bot stores it)."""
    out = SYSTEM.attack(request(actor, **options), ScriptedDice(dice))
    assert out.actor_sheet is not None
    return out.actor_sheet


def act(action: str, actor: Any, dice: list[int], **options: Any) -> ActionResult:
    return SYSTEM.act(action, request(actor, **options), ScriptedDice(dice))


def refused(call: Any) -> RulesError:
    with pytest.raises(RulesError) as err:
        call()
    return err.value


def used(*kinds: str) -> list[Term]:
    return [Term("term", f"turn_{k}") for k in kinds]


def test_a_charge_is_the_turns_one_attack() -> None:
    # "I v případě, že máš více útoků za kolo … během zteče můžeš zaútočit jen jednou."
    # "Zteč je speciální úplná akce"
    charged = attack(FIGHTER, [10, 3], charge=True)
    assert charged["turn_actions"] == ["charge"]
    again = refused(lambda: attack(charged, [10, 3], charge=True))
    assert again.key == "error.dnd35.turn_after_charge"
    plain = refused(lambda: attack(charged, [10, 3]))
    assert plain.key == "error.dnd35.turn_after_charge"
    special = refused(lambda: act("trip", charged, [10, 10, 3]))
    assert special.key == "error.dnd35.turn_after_charge"


def test_one_attack_a_turn_as_a_standard_action() -> None:
    # "Provést útok znamená provést standardní akci." "V normálním kole můžeš provést standardní a
    # pohybovou akci, nebo akci úplnou."
    hit = attack(FIGHTER, [10, 3])
    assert hit["turn_actions"] == ["standard"]
    second = refused(lambda: attack(hit, [10, 3]))
    assert second.key == "error.dnd35.turn_no_standard" and second.params == {"used": used("standard")}
    defence = refused(lambda: act("total_defense", hit, []))
    assert defence.key == "error.dnd35.turn_no_standard"


def test_no_full_attack_after_a_standard_action_and_nothing_after_a_full_attack() -> None:
    # "Provést úplnou akci ti zabere celé jedno kolo. Nemůžeš ji tedy doplnit pohybovou ani standardní akcí"
    hit = attack(FIGHTER, [10, 3])
    late = refused(lambda: attack(hit, [10, 3, 10, 3], full_attack=True))
    assert late.key == "error.dnd35.turn_no_full_round" and late.params == {"used": used("standard")}
    full = attack(FIGHTER, [10, 3, 10, 3], full_attack=True)  # +6/+1: both iterative attacks roll
    assert full["turn_actions"] == ["full_round"]
    after = refused(lambda: attack(full, [10, 3]))
    assert after.key == "error.dnd35.turn_after_full_round"


def test_a_move_action_leaves_room_for_a_standard_one_two_leave_none() -> None:
    # "Namísto standardní akce můžeš vždy provést akci pohybovou." Finta s odborností Zlepšená finta je
    # pohybová akce.
    feinter = {**FIGHTER, "feats": ["improved feint"], "skills": {"bluff": 5}}
    moved = act("feint", feinter, [15, 3]).actor_sheet
    assert moved is not None and moved["turn_actions"] == ["move"]
    both = attack(moved, [10, 3])
    assert both["turn_actions"] == ["move", "standard"]
    assert refused(lambda: act("feint", both, [15, 3])).key == "error.dnd35.turn_no_move"
    twice = act("feint", moved, [15, 3]).actor_sheet
    assert twice is not None and twice["turn_actions"] == ["move", "move"]
    no_attack = refused(lambda: attack(twice, [10, 3]))
    assert no_attack.key == "error.dnd35.turn_no_standard" and no_attack.params == {"used": used("move", "move")}


def test_restricted_activity_allows_one_action_a_round() -> None:
    # "Každé kolo můžeš provést jen jednu pohybovou nebo standardní akci (ne však obojí …)" (vyřazený)
    disabled = {**FIGHTER, "hp_current": 0, "feats": ["improved feint"], "skills": {"bluff": 5}}
    moved = act("feint", disabled, [15, 3]).actor_sheet
    assert moved is not None
    err = refused(lambda: attack(moved, [10, 3]))
    assert err.key == "error.dnd35.turn_restricted_spent"
    assert err.params == {"conditions": [Term("condition", "disabled")], "used": used("move")}


def test_reactions_are_not_counted_and_a_new_round_starts_afresh() -> None:
    # "Příležitostný útok je jeden útok nablízko, který můžeš navíc provést jen jeden za kolo."
    charged = attack(FIGHTER, [10, 3], charge=True)
    aoo = attack(charged, [10, 3], attack_of_opportunity=True)
    assert aoo["turn_actions"] == ["charge"] and aoo["aoo_used"] == 1
    fresh = SYSTEM.start_round(Fighter("A", SYSTEM.sheet(aoo)), SYSTEM.settings({}), 2, ScriptedDice([]))
    assert fresh is not None and fresh.actor_sheet is not None and fresh.actor_sheet["turn_actions"] == []
    assert attack(fresh.actor_sheet, [10, 3], charge=True)["turn_actions"] == ["charge"]


def test_a_readied_attack_goes_off_on_the_action_that_readied_it() -> None:
    # "Příprava (vyvolá standardní akci)": readying is the turn's standard action; the attack going off is not.
    readied = act("ready", FIGHTER, []).actor_sheet
    assert readied is not None and readied["turn_actions"] == ["standard"]
    fired = attack(readied, [10, 3], readied=True)
    assert fired["turn_actions"] == ["standard"]


def test_the_gm_may_turn_the_count_off() -> None:
    off = {"action_economy": False}
    sheet = FIGHTER
    for _ in range(3):
        sheet = attack(sheet, [10, 3], charge=True, settings=off)
    # that it acted is kept (a delay and a stance's end read it), nothing is refused
    assert sheet["turn_actions"] == ["charge"]


def test_the_odds_of_an_attack_the_turn_has_no_room_for_are_refused_as_the_attack() -> None:
    spent = attack(FIGHTER, [10, 3], charge=True)
    assert refused(lambda: SYSTEM.odds(request(spent), "attack")).key == "error.dnd35.turn_after_charge"
    odds = SYSTEM.odds(request(FIGHTER), "attack")
    assert odds.lines and sum(c.p for c in odds.lines[0].outcomes) == pytest.approx(1)
