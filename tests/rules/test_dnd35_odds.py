"""dnd35 exact odds (issue 16): the staged plan against the whole action enumerated die by die, against
the engine with random dice, against hand-computed textbook values, and used for the bench's questions."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from bench.odds import questions
from rules import ActionRequest, Fighter, RulesError, get_system
from rules.odds import Budget, Summary, enumerate_dice, independent, line, summarize
from rules.pairs import parse_pairs
from tests.rules.odds_check import monte_carlo, same, whole, within_four_sigma

D = get_system("dnd35")


def _fighter(name: str, stats: str) -> Fighter[Any]:
    return Fighter(name, D.sheet(D.stat_vocabulary().resolve(parse_pairs(stats))))


def _template(name: str) -> Fighter[Any]:
    return _fighter(name, str(D.templates()[name]))


def _req(
    actor: Fighter[Any],
    target: Fighter[Any],
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    weapon: str | None = None,
    distance: float | None = None,
) -> ActionRequest:
    return ActionRequest(actor, target, D.options(options or {}), D.settings(settings or {}), weapon, distance)


WEAK = "ac:13 hp:9 hp_current:3 fort_save:1"  # a few HP left: disabled, dying and dead all within reach
CASES: list[tuple[str, ActionRequest, str]] = [
    ("fighter vs cleric", _req(_template("fighter"), _template("cleric")), "attack"),
    ("rogue vs fighter, finesse rapier", _req(_template("rogue"), _template("fighter")), "attack"),
    ("wounded target: every wound key", _req(_template("fighter"), _fighter("Orc", WEAK)), "attack"),
    (
        "concealment vs a crit-immune target",
        _req(
            _fighter("Ana", "bab:3 str:12 weapons:dagger"),
            _fighter("Orc", "ac:14 hp:8 crit_immune"),
            {"concealment": 30},
        ),
        "attack",
    ),
    (
        "natural 20 confirms, nonlethal swap",
        _req(_template("fighter"), _fighter("Orc", WEAK), {"nonlethal": True}, {"natural_20_auto_confirm": True}),
        "attack",
    ),
    (
        "massive damage at 7, temporary HP, the save rolled",
        _req(
            _fighter("Ana", "bab:4 str:16 weapons:dagger"),
            _fighter("Orc", "ac:12 hp:40 temp_hp:2 fort_save:3"),
            {"two_handed": True, "damage_misc": 1},
            {"massive_damage_threshold": 7},
        ),
        "attack",
    ),
    (
        "set against a charge, extra damage dice, flanking",
        _req(
            _fighter("Ana", "bab:2 str:13 weapons:dagger"),
            _fighter("Orc", WEAK),
            {"set_vs_charge": True, "extra_damage": "1d4", "flanking": True},
        ),
        "attack",
    ),
    ("archer's shot at 120 ft", _req(_template("archer"), _template("fighter"), distance=120), "shot"),
    (
        "shot into melee, flat-footed target",
        _req(_template("cleric"), _fighter("Orc", WEAK), {"in_melee": True, "flat_footed": True}, distance=30),
        "shot",
    ),
]


@pytest.mark.parametrize(("name", "req", "action"), CASES, ids=[c[0] for c in CASES])
def test_staged_equals_the_whole_action_enumerated(name: str, req: ActionRequest, action: str) -> None:
    odds = D.odds(req, action)
    assert odds.method == "staged" and odds.subattacks == 0 and odds.truncated == 0
    (staged,) = odds.lines  # no active defence in dnd35: one line, the defender has no choice
    assert staged.defence is None
    assert same(staged, whole("dnd35", req, None, action)) == []


def _strike_dist(req: ActionRequest) -> dict[Summary, float]:
    return enumerate_dice(lambda d: summarize(D.attack(req, d))).outcomes


def test_a_full_attack_is_its_strikes_combined_as_independent() -> None:
    # +6/+1 with a longsword: each strike enumerated whole on its own (the second as a +1 attack),
    # then combined as independent; the staged answer says so (`subattacks`).
    target = _fighter("Orc", "ac:14 hp:12")
    full = _req(_fighter("Ana", "bab:6 str:14 weapons:longsword"), target, {"full_attack": True})
    odds = D.odds(full)
    assert odds.method == "staged" and odds.subattacks == 2
    first = _strike_dist(_req(_fighter("Ana", "bab:6 str:14 weapons:longsword"), target))
    second = _strike_dist(_req(_fighter("Ana", "bab:1 str:14 weapons:longsword"), target))
    expected = line(None, independent([first, second]))
    assert same(odds.lines[0], expected) == []
    # two-weapon fighting: the off-hand strike too
    twf = _req(_fighter("Ana", "bab:1 str:12 weapons:shortsword,dagger"), target, {"two_weapon": True})
    assert D.odds(twf).subattacks == 2


def test_a_long_full_attack_is_answered_strike_by_strike() -> None:
    # +16/+11/+6/+1 and an off-hand strike: each strike enumerated once, so five strikes cost five
    # single attacks (a budget of 0.5 s CPU is plenty), never "too complex".
    target = _fighter("Orc", "ac:18 hp:40")
    long = _req(_fighter("Ana", "bab:16 str:14 weapons:shortsword,dagger"), target, {"full_attack": True})
    odds = D.odds(long, budget=Budget(0.5))
    assert odds.method == "staged" and odds.subattacks >= 4
    assert abs(sum(c.p for c in odds.lines[0].outcomes) - 1) < 1e-9


def test_an_unarmed_attack_that_provokes_is_enumerated_whole() -> None:
    req = _req(_fighter("Ana", "bab:1 crit_immune"), _fighter("Orc", "ac:12 hp:10 crit_immune weapons:dagger"))
    odds = D.odds(req)
    assert odds.method == "enumerated"
    assert same(odds.lines[0], whole("dnd35", req, None)) == []


def test_monte_carlo_agrees_within_four_sigma() -> None:
    req = _req(_template("fighter"), _fighter("Orc", WEAK))
    (odds,) = D.odds(req).lines
    assert within_four_sigma(odds, monte_carlo("dnd35", req, None)) == []


def _p(chances: list[Any], key: str) -> float:
    return sum(c.p for c in chances if c.key == key)


def test_textbook_values() -> None:
    # +5 (bab 5, Str 10) with a longsword against AC 15: 11 faces of 20 hit; 19–20 threaten (10 %),
    # confirmed on 11 of 20 → crit 5.5 %, hit 49.5 %.
    req = _req(_fighter("Ana", "bab:5 weapons:longsword"), _fighter("Orc", "ac:15 hp:30"))
    (plain,) = D.odds(req).lines
    assert abs(_p(plain.outcomes, "crit") - 0.10 * 0.55) < 1e-12
    assert abs(_p(plain.outcomes, "hit") - (0.55 - 0.055)) < 1e-12
    # 20 % concealment: each hit (and each critical) goes through with 80 % — hit 44 %, crit 4.4 %.
    (hidden,) = D.odds(_req(req.actor, req.target, {"concealment": "concealment"})).lines
    assert abs(_p(hidden.outcomes, "hit") + _p(hidden.outcomes, "crit") - 0.55 * 0.8) < 1e-12
    assert abs(_p(hidden.outcomes, "crit") - 0.055 * 0.8) < 1e-12
    # A crit-immune target: the threat is never rolled for, the hit is a plain hit (1d8: 4.5 each).
    (immune,) = D.odds(_req(req.actor, _fighter("Orc", "ac:15 hp:30 crit_immune"))).lines
    assert immune.threat is None and immune.confirm is None
    assert abs(_p(immune.outcomes, "hit") - 0.55) < 1e-12
    assert immune.expected_damage is not None and abs(immune.expected_damage - 0.55 * 4.5) < 1e-12
    # 1 HP left, AC 10, a dagger (1d4 ≥ 1): every hit drops the orc to 0 … −3 HP: disabled only on 1 dmg.
    (weak,) = D.odds(
        _req(_fighter("Ana", "weapons:dagger"), _fighter("Orc", "ac:10 hp:8 hp_current:1 crit_immune"))
    ).lines
    hit = 0.55  # faces 10–20 hit AC 10 with +0
    assert abs(_p(weak.wounds, "disabled") - hit / 4) < 1e-12
    assert abs(_p(weak.wounds, "dying") - hit * 3 / 4) < 1e-12
    assert abs(_p(weak.wounds, "wounded") - (1 - hit)) < 1e-12


def test_the_bench_questions_are_staged() -> None:
    methods: dict[str, int] = defaultdict(int)
    for req in questions(D):
        methods[D.odds(req, "attack").method] += 1
    assert dict(methods) == {"staged": len(questions(D))}


def test_odds_refuse_what_the_attack_refuses() -> None:
    for req, action in (
        (_req(_template("fighter"), _template("cleric"), {"cover": "total"}), "attack"),
        (_req(_template("fighter"), _template("cleric"), weapon="longsword"), "shot"),
        (_req(_template("archer"), _template("cleric"), distance=5000), "shot"),
    ):
        with pytest.raises(RulesError) as odds:
            D.odds(req, action)
        with pytest.raises(RulesError) as rolled:
            (D.shot if action == "shot" else D.attack)(req, None)  # type: ignore[arg-type]
        assert odds.value.key == rolled.value.key
