"""arm5 exact odds (issue 16): the staged plan against the engine enumerated whole, against the engine's
own attack and defend enumerated one after the other, against Monte Carlo, and against hand-computed values.

A stress die explodes without end, so every enumeration is cut where a path falls below 1e-9 (and says
how much it cut). `whole()` cuts the attack and the defence dice as one path, the stages cut each die on
its own: the two answers differ by at most the mass either cut off (a few 10⁻⁸), and the expected damage
by that mass times the damage such deep chains carry. The step-by-step reference cuts as the stages do,
and matches them to 1e-9.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import pytest

from bench.odds import questions, template_fighter
from rules import ActionRequest, DefenceRequest, Fighter, OddsLine, RulesError
from rules.odds import Budget, Summary, enumerate_dice, line, summarize
from rules.systems.arm5 import SYSTEM
from tests.rules.odds_check import monte_carlo, same, whole, within_four_sigma

FIGHTER, ARCHER, MAGUS, KNIGHT = (template_fighter(SYSTEM, t) for t in ("fighter", "archer", "magus", "knight"))
# A kept path's chain is worth at most 10·2⁹; with the bases, the damage of a path one enumeration cut
# and the other kept stays below this (it bounds how far the expected damages may differ).
DEEP_DAMAGE = 6000


def req(
    actor: Fighter[Any],
    target: Fighter[Any],
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> ActionRequest:
    return ActionRequest(actor, target, SYSTEM.options(options or {}), SYSTEM.settings(settings or {}))


def fighter(name: str, data: dict[str, Any]) -> Fighter[Any]:
    return Fighter(name, SYSTEM.sheet(data))


def staged(r: ActionRequest, action: str = "attack") -> OddsLine:
    result = SYSTEM.odds(r, action)
    assert result.method == "staged"
    (only,) = result.lines  # one defence: `defend` (parry, block and dodge are its names)
    assert only.defence == "defend"
    return only


def cut(odds: OddsLine) -> float:
    """The mass an enumeration cut off: what its outcomes fall short of 1."""
    return 1 - sum(c.p for c in odds.outcomes)


def p(odds: OddsLine, kind: str, key: str) -> float:
    return next((c.p for c in getattr(odds, kind) if c.key == key), 0.0)


def step_by_step(r: ActionRequest, action: str = "attack") -> OddsLine:
    """The engine's own `attack` enumerated over its dice, then its own `defend` over the defence dice
    for each distinct Attack total (each cut on its own, as the stages are): no phase function called."""
    act = SYSTEM.shot if action == "shot" else SYSTEM.attack
    assert r.target is not None
    target = r.target
    exchanges: dict[int, Any] = {}

    def attack(d: Any) -> int:
        ex = act(r, d).exchange
        assert ex is not None
        exchanges.setdefault(int(ex["attack_total"]), ex)
        return int(ex["attack_total"])

    dist: dict[Summary, float] = defaultdict(float)
    for total, p_attack in enumerate_dice(attack, Budget(600)).outcomes.items():
        dreq = DefenceRequest(target, r.actor, exchanges[total], r.settings, "defend", r.options)
        defence = enumerate_dice(lambda d, q=dreq: summarize(SYSTEM.defend(q, d)), Budget(600))  # type: ignore[misc]
        for s, p_defence in defence.outcomes.items():
            dist[s] += p_attack * p_defence
    return line("defend", dist)


SMALL = {"qik": 1, "sta": 0, "size": -2, "single_weapon": 3, "weapon": "sztylet", "light": 2}
HELPLESS = {"qik": 2, "sta": 1, "armour_prot": 2, "incapacitating": 1}
WHOLE: dict[str, tuple[Callable[[], ActionRequest], str]] = {
    "fighter vs knight": (lambda: req(FIGHTER, KNIGHT), "attack"),
    "archer shoots a fighter in half cover": (lambda: req(ARCHER, FIGHTER, {"cover": "half"}), "shot"),
    "charge, non-lethal, two botch dice, a wounded small target": (
        lambda: req(
            FIGHTER,
            fighter("Small", SMALL),
            {"charge": True, "nonlethal": True, "botch_dice": 2},
            {"fatigue_table": "nonlethal"},
        ),
        "attack",
    ),
}
STEPS: dict[str, tuple[Callable[[], ActionRequest], str]] = {
    **WHOLE,
    "knight vs magus (riding bonus)": (lambda: req(KNIGHT, MAGUS), "attack"),
    "a helpless target (no Defense die)": (lambda: req(FIGHTER, fighter("Down", HELPLESS)), "attack"),
    "shield only vs shots, bows without Strength": (
        lambda: req(ARCHER, KNIGHT, settings={"missile_defense": "shield_only_plus_cover", "bows_add_strength": False}),
        "shot",
    ),
    "cover in melee, no botch dice": (
        lambda: req(MAGUS, fighter("Behind", {"qik": 1, "brawl": 2, "cover": "quarter"})),
        "attack",
    ),
    "Size 5 beyond the table, extrapolated": (lambda: req(KNIGHT, fighter("Giant", {"size": 5, "sta": 3})), "attack"),
    "Size -6 with the GM's band": (
        lambda: req(FIGHTER, fighter("Rat", {"size": -6, "qik": 3}), {"wound_band": "heavy"}),
        "attack",
    ),
    "charge fatigue after the roll": (
        lambda: req(fighter("Tired", {"single_weapon": 3, "fatigue_level": 1}), MAGUS, {"charge": True}),
        "attack",
    ),
}


@pytest.mark.parametrize("name", list(WHOLE))
def test_staged_odds_equal_the_whole_action_enumerated(name: str) -> None:
    make, action = WHOLE[name]
    r = make()
    plan, reference = staged(r, action), whole("arm5", r, "defend", action)
    assert cut(plan) < 1e-8 and cut(reference) < 1e-6  # the stress dice's endless chains, cut and reported
    bound = 1e-9 + max(cut(plan), cut(reference))
    problems = [x for x in same(plan, reference, bound) if not x.startswith("expected damage")]
    assert not problems, name
    assert plan.expected_damage is not None and reference.expected_damage is not None
    assert abs(plan.expected_damage - reference.expected_damage) <= DEEP_DAMAGE * bound, name
    assert {c.key for c in plan.wounds} == {c.key for c in reference.wounds}


@pytest.mark.parametrize("name", list(STEPS))
def test_staged_odds_equal_the_engine_attack_then_defend(name: str) -> None:
    make, action = STEPS[name]
    r = make()
    plan, reference = staged(r, action), step_by_step(r, action)
    assert not same(plan, reference, 1e-9), name
    assert abs(cut(plan) - SYSTEM.odds(r, action).truncated) < 1e-12
    assert {c.key for c in plan.outcomes} == {c.key for c in reference.outcomes}


def test_monte_carlo_agrees_within_four_sigma() -> None:
    r = req(FIGHTER, KNIGHT)
    counts = monte_carlo("arm5", r, "defend")
    assert not within_four_sigma(staged(r), counts)


# --- hand-computed values (base game B1-B3: the stress die, botch dice, a botched total is 0) ---------


def stress_distribution(depth: int = 40) -> dict[int, float]:
    """The stress die by hand: 0 (a first-roll 0) 1/10; 2…9 1/10 each; a 1 doubles the next roll, on
    which a 0 counts 10: after k 1s, 2ᵏ·(2…10) with 10⁻⁽ᵏ⁺¹⁾ each."""
    dist: dict[int, float] = defaultdict(float)
    dist[0] += 0.1
    for face in range(2, 10):
        dist[face] += 0.1
    for k in range(1, depth):
        for face in range(2, 11):
            dist[face * 2**k] += 0.1 ** (k + 1)
    return dist


def test_textbook_a_helpless_target_is_hit_unless_the_attack_counts_nothing() -> None:
    down = fighter("Down", {"incapacitating": 1})
    # No bases: the Attack total is the die; only a first-roll 0 (1 in 10) misses.
    bare = staged(req(fighter("Bare", {}), down))
    assert abs(p(bare, "outcomes", "hit") - 0.9) < 1e-8
    # Dex 3: only a botch (a 0, then a 0 on the one botch die: 1/100) makes the total 0.
    deft = fighter("Deft", {"dex": 3})
    assert abs(p(staged(req(deft, down)), "outcomes", "hit") - 0.99) < 1e-8
    # Two botch dice: a 0, then at least one 0 of two: 1/10 · 19/100.
    assert abs(p(staged(req(deft, down, {"botch_dice": 2})), "outcomes", "hit") - (1 - 0.1 * 0.19)) < 1e-8
    # Expected damage with nothing but the die (no Str, weapon, Soak): E[stress die] = 5.75
    # (4.4 from 2…9, and 1/10 · 2 · 6.75 from a doubled roll, whose own mean is 6.75).
    assert bare.expected_damage is not None and abs(bare.expected_damage - 5.75) < 1e-5
    # Size 0: 1–5 through Soak is a Light wound: the die shows 2…5 (4/10) or 1,2 → 4 (1/100).
    assert abs(p(bare, "wounds", "light") - 0.41) < 1e-8


def test_textbook_equal_totals_hit_half_the_time_they_differ() -> None:
    # Same bases, no botch dice: the Attack hits when its die beats the Defense die, so by symmetry
    # P(hit) = (1 − P(equal dice)) / 2, with P(equal) = Σ p(v)² over the stress die's values.
    even = {"botch_dice_default": 0}
    a = fighter("A", {"dex": 2, "single_weapon": 3})
    d = fighter("D", {"qik": 2, "single_weapon": 3})
    equal = sum(q * q for q in stress_distribution().values())
    odds = staged(req(a, d, settings=even))
    assert abs(p(odds, "outcomes", "hit") - (1 - equal) / 2) < 1e-8


# --- the plan is used, and refuses what the attack refuses ----------------------------------------


def test_every_bench_question_is_staged() -> None:
    for r in questions(SYSTEM):
        assert SYSTEM.odds(r, "attack").method == "staged"
    assert SYSTEM.odds(req(ARCHER, KNIGHT), "shot").method == "staged"


def test_other_actions_are_enumerated_whole() -> None:
    assert SYSTEM.odds_plan(req(FIGHTER, KNIGHT), "reaction_attack") is None


@pytest.mark.parametrize(
    ("options", "settings", "action"),
    [
        ({"charge": True}, {}, "shot"),  # a charge ends at the target: melee only
        ({"nonlethal": True}, {}, "attack"),  # the non-lethal table is off
        ({"fast_casting": True}, {}, "attack"),  # only a spell is fast-cast
    ],
)
def test_odds_refuse_what_the_attack_refuses(options: dict[str, Any], settings: dict[str, Any], action: str) -> None:
    r = req(FIGHTER, KNIGHT, options, settings)
    act = SYSTEM.shot if action == "shot" else SYSTEM.attack
    with pytest.raises(RulesError) as attack:
        act(r, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError) as odds:
        SYSTEM.odds(r, action)
    assert odds.value.key == attack.value.key
