"""cz2d10 exact odds: the staged plan (rules/systems/cz2d10/odds.py) against the whole attack enumerated
die by die, against a Monte Carlo run of the engine, and against values worked out by hand from the seed."""

from __future__ import annotations

from typing import Any

import pytest

from bench.odds import questions
from rules import ActionRequest, Fighter, OddsLine, RulesError, get_system
from rules.pairs import parse_pairs
from tests.rules.odds_check import monte_carlo, whole, within_four_sigma

S = get_system("cz2d10")


def _fighter(name: str, line: str) -> Fighter[Any]:
    return Fighter(name, S.sheet(S.stat_vocabulary().resolve(parse_pairs(line))))


def _req(
    actor: str,
    target: str,
    settings: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    distance: float | None = None,
) -> ActionRequest:
    return ActionRequest(
        _fighter("Ana", actor),
        _fighter("Orc", target),
        S.options(options or {}),
        S.settings(settings or {}),
        distance=distance,
    )


def _cut(line: OddsLine) -> float:
    """The mass an enumeration cut off (an endless crit chain): what its outcomes do not add up to."""
    return max(0.0, 1.0 - sum(c.p for c in line.outcomes))


def _agree(staged: OddsLine, reference: OddsLine, truncated: float) -> list[str]:
    """Every outcome, wound and location probability and the expected damage within 1e-9, beyond the
    mass each side reports as cut off (the whole enumeration cuts long crit chains at 1e-9 a path, so it
    loses up to ~1e-5 there; the stages follow the chain link by link and lose far less)."""
    slack = 1e-9 + _cut(reference) + truncated
    problems = []
    for kind in ("outcomes", "wounds", "locations"):
        a = {c.key: c.p for c in getattr(staged, kind)}
        b = {c.key: c.p for c in getattr(reference, kind)}
        for key in set(a) | set(b):
            if abs(a.get(key, 0.0) - b.get(key, 0.0)) > slack:
                problems.append(f"{kind} {key}: staged {a.get(key, 0.0)} vs whole {b.get(key, 0.0)}")
    top = 100.0  # no case below deals more than this in one blow
    if abs((staged.expected_damage or 0.0) - (reference.expected_damage or 0.0)) > slack * top:
        problems.append(f"expected damage: staged {staged.expected_damage} vs whole {reference.expected_damage}")
    for name in ("threat", "confirm"):
        x, y = getattr(staged, name) or 0.0, getattr(reference, name) or 0.0
        if abs(x - y) > slack * 100:
            problems.append(f"{name}: staged {x} vs whole {y}")
    return problems


BASIC = {"polygonal": False}
CASES: dict[str, tuple[ActionRequest, str]] = {
    # A quick NPC against an armoured one: crit effect chosen against the armour, d5 damage. (Guard 10 narrows
    # the crit range to 20 and the defences leave few hits: the whole enumeration stays small.)
    "npc_vs_armour": (_req("útok:8 zranění:d5+1", "obrana:24 krytí:10 životy:12 dr:3", BASIC), "attack"),
    # Stun damage (flat), confined space, crits confirmed by the crit range, floor rounding, no fumbles.
    "flat_confined_readings": (
        _req(
            "útok:9 zranění:3 síla:7",
            "obrana:21 krytí:10 životy:10 zbroj:kůže:2",
            {**BASIC, "confirm_mode": "crit_range", "rounding": "floor", "fumbles": "off"},
            {"flat": True, "confined": "confined"},
        ),
        "attack",
    ),
    # An immobile target is stabbed (L366): critical damage on every hit, a mortal wound on a crit.
    "stab_immobile": (
        _req("útok:6 zranění:2", "obrana:23 krytí:10 životy:12 dr:2", BASIC, {"target_state": "immobile"}),
        "attack",
    ),
    # A full sheet's shot at medium range (−2) with a bow, full sheets on both sides.
    "shot_medium_band": (
        _req(
            "síla:5 obratnost:6 zbraň:luk ovládání:luk=4 zranění:4",
            "síla:6 obratnost:7 kondice:3 zbraň:meč ovládání:meč=6 krytí:10 zbroj:pletená:4",
            {**BASIC, "basic_armour_dr": "max"},
            distance=250,
        ),
        "shot",
    ),
    # Polygonal: an unhittable target (defence − attack ≥ 20; guard narrows the crit range to 20), hit only
    # by two natural 20s; the location roll and per-part HP and wound levels, fixed damage.
    "polygonal_unhittable": (_req("útok:2 zranění:4", "obrana:22 krytí:10 životy:12"), "attack"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_stages_equal_the_whole_attack(case: str) -> None:
    req, action = CASES[case]
    odds = S.odds(req, action)
    assert odds.method == "staged"
    (staged,) = odds.lines
    reference = whole("cz2d10", req, None, action)
    assert _agree(staged, reference, odds.truncated) == []
    assert sum(c.p for c in staged.outcomes) + odds.truncated == pytest.approx(1.0, abs=1e-12)


def test_a_typical_attack_against_monte_carlo() -> None:
    fighters = {name: _fighter(name, line) for name, line in S.templates().items()}
    req = ActionRequest(fighters["fighter"], fighters["duelist"], S.options({}), S.settings({}))
    (line,) = S.odds(req).lines
    assert within_four_sigma(line, monte_carlo("cz2d10", req, None)) == []


def _hit(line: OddsLine) -> float:
    return sum(c.p for c in line.outcomes if c.key in ("hit", "crit"))


def test_textbook_values() -> None:
    # Attack 10 against defence 20: the 2d10 must exceed 10 (M8, strictly): 55 of 100 sums.
    (line,) = S.odds(_req("útok:10 zranění:d5", "obrana:20 životy:12", BASIC)).lines
    assert abs(_hit(line) - 0.55) < 1e-9
    # A fumble (M12): a natural 2 that misses, confirmed when a second 2d10 + 10 stays ≤ 20 (45 of 100).
    fumble = next(c.p for c in line.outcomes if c.key == "fumble")
    assert abs(fumble - 0.01 * 0.45) < 1e-9
    # The NPC weapon threatens on 19–20: a natural 20 is a crit outright, a 19 (2 of 100) when the
    # confirmation hits again (55 %).
    crit = next(c.p for c in line.outcomes if c.key == "crit")
    assert abs(crit - (0.01 + 0.02 * 0.55)) < 1e-9
    # d5 against no armour, no STR: 3 a hit, and a crit multiplies only the fixed part (none) — M11.
    assert line.expected_damage is not None and abs(line.expected_damage - 3 * 0.55) < 1e-9
    # 12 HP: quarters 3 / 6 / 9 / 12 — 1–2 a scratch, 3–5 a light wound.
    wounds = {c.key: c.p for c in line.wounds}
    assert abs(wounds["scratch"] - 0.55 * 2 / 5) < 1e-9 and abs(wounds["light"] - 0.55 * 3 / 5) < 1e-9
    # Polygonal, table 1 (H2): a cut lands on head 6 %, right leg 12, right arm 21, torso 28, left arm 21,
    # left leg 12 of the hits.
    (poly,) = S.odds(_req("útok:10 zranění:d5", "obrana:20 životy:12")).lines
    shares = {c.key: c.p / _hit(poly) for c in poly.locations}
    table = {"head": 6, "right_leg": 12, "right_arm": 21, "torso": 28, "left_arm": 21, "left_leg": 12}
    assert shares == pytest.approx({k: v / 100 for k, v in table.items()}, abs=1e-9)


def test_the_bench_questions_are_staged() -> None:
    for req in questions(S):
        assert S.odds(req, "attack").method == "staged"


def test_unusual_requests_fall_back_to_the_generic_path() -> None:
    req = _req("útok:10 zranění:d5", "obrana:20", {"duel_system": "vzor2"})
    assert S.odds_plan(req, "attack") is None
    req = _req("útok:10 zranění:d5", "obrana:20", options={"shock": "failed"})
    assert S.odds_plan(req, "attack") is None


def test_odds_refuse_what_the_attack_refuses() -> None:
    req = _req("útok:10 zranění:d5 akce:1", "obrana:20")
    with pytest.raises(RulesError) as attack:
        S.attack(req, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError) as odds:
        S.odds(req)
    assert odds.value.key == attack.value.key == "error.cz2d10.not_enough_actions"
