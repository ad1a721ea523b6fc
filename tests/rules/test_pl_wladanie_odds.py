"""Exact odds of pl_wladanie attacks and shots: the staged plan (odds_plan.py) against the whole action
enumerated die by die, against 10⁵ resolutions of the engine, and against hand-computed values."""

from __future__ import annotations

from typing import Any

import pytest

from bench.odds import questions
from rules import ActionRequest, Fighter, RulesError, get_system
from rules.model import OddsLine
from rules.pairs import parse_pairs
from rules.systems.pl_wladanie.line import TEMPLATES
from tests.rules.odds_check import monte_carlo, same, whole, within_four_sigma

S = get_system("pl_wladanie")


def template(name: str, **changes: Any) -> Fighter[Any]:
    sheet = S.sheet(S.stat_vocabulary().resolve(parse_pairs(TEMPLATES[name])))
    return Fighter(name, S.update_sheet(sheet, changes) if changes else sheet)


def sheet(name: str, data: dict[str, Any]) -> Fighter[Any]:
    return Fighter(name, S.sheet(data))


def req(
    actor: Fighter[Any],
    target: Fighter[Any],
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    *,
    weapon: str | None = None,
    distance: float | None = None,
) -> ActionRequest:
    return ActionRequest(actor, target, S.options(options or {}), S.settings(settings or {}), weapon, distance)


DAGGER = {"id": "dagger", "damage_dice": "1k4", "strength_category": "1/4", "traits": ["light"]}
CLUB = {"id": "club", "damage_dice": "1k6", "strength_category": "1/2", "traits": ["weak"]}
STABBER = {"strength": 5, "weapon_skills": {"dagger": 6, "club": 4}, "weapons": [DAGGER, CLUB]}
ARMOURED = {
    "physical_defence": 12,
    "physical_defence_unprepared": 9,
    "parry_skill": 4,
    "dodge_skill": 5,
    "shield": {"coverage": 8, "armour": 2, "protected_parts": ["torso"], "parry_modifier": 2},
    "armour": [
        {"id": "helmet", "parts": ["head"], "coverage": 14, "armour": 3},
        {"id": "mail", "parts": ["torso", "left_arm", "right_arm"], "coverage": 16, "armour": 4},
    ],
    "damage_taken": 13,
}

# (id, action, request): template against template, options and settings that change the resolution
CASES: list[tuple[str, str, ActionRequest]] = [
    ("fighter_axeman", "attack", req(template("fighter"), template("axeman"))),
    ("brawler_hard_target", "attack", req(template("brawler"), template("fighter"), {"hard_target": True})),
    ("surprise_location_table", "attack",
     req(template("axeman"), template("brawler"), {"surprise": True}, {"unnamed_location": "table"})),
    ("bow_shot_at_shield", "shot", req(template("archer"), template("fighter"), distance=10)),
    ("bow_shot_no_shield_ceil", "shot",
     req(template("archer"), template("axeman"), {"distance_m": 7}, {"range_rounding": "ceil"})),
    ("thrown_dagger", "shot", req(template("archer"), template("axeman"), weapon="sztylet", distance=4)),
    ("aimed_head_max_coverage", "attack",
     req(sheet("A", STABBER), sheet("D", ARMOURED), {"location": "head", "from_back": True},
         {"coverage_stacking": "max", "coverage_beaten_when": ">"})),
    ("weak_club_flanked", "attack",
     req(sheet("A", STABBER), sheet("D", ARMOURED), {"flanked_or_pinned": True},
         {"weak_rounding": "down", "flank_affects_active_defence": True}, weapon="club")),
    ("gm_parry_default_dodge", "attack",
     req(sheet("A", STABBER), sheet("D", ARMOURED), {"modifier": 3},
         {"parry_resolution": "gm", "default_defence": "dodge", "wound_thresholds": ""})),
    ("3d6_unseen_no_defence", "attack",
     req(template("fighter"), template("axeman"), {"unseen": True},
         {"test_die": "3d6", "unseen_allows_active_defence": False})),
    ("helpless_prone_table", "attack",
     req(sheet("A", STABBER), sheet("D", {**ARMOURED, "down": "unconscious"}), {},
         {"unnamed_location": "table"})),
    ("hopeless", "attack", req(template("brawler"), template("fighter", physical_defence=60))),
]  # fmt: skip


@pytest.mark.parametrize(("action", "request_"), [(a, r) for _, a, r in CASES], ids=[c[0] for c in CASES])
def test_staged_lines_equal_the_whole_enumeration(action: str, request_: ActionRequest) -> None:
    odds = S.odds(request_, action)
    assert odds.method == "staged"
    assert odds.truncated == 0
    for line in odds.lines:
        assert same(line, whole("pl_wladanie", request_, line.defence, action)) == [], line.defence


def test_one_line_per_defence_the_target_may_choose() -> None:
    chosen = {name: [line.defence for line in S.odds(r, a).lines] for name, a, r in CASES}
    assert chosen["fighter_axeman"] == ["parry", "dodge", "none"]
    assert chosen["bow_shot_at_shield"] == ["parry", "dodge", "none"]  # a shield parries a shot (house default)
    assert chosen["bow_shot_no_shield_ceil"] == ["dodge", "none"]
    assert chosen["surprise_location_table"] == ["none"]
    assert chosen["3d6_unseen_no_defence"] == ["none"]
    assert chosen["helpless_prone_table"] == ["none"]
    assert chosen["hopeless"] == [None]  # never hit, never asked: as the whole enumeration answers


def test_monte_carlo_agrees_within_four_sigma() -> None:
    request_ = CASES[0][2]
    (parry_line,) = [line for line in S.odds(request_).lines if line.defence == "parry"]
    counts = monte_carlo("pl_wladanie", request_, "parry")
    assert within_four_sigma(parry_line, counts) == []


def _p(chances: list[Any], key: str) -> float:
    return sum(c.p for c in chances if c.key == key)


def test_textbook_values() -> None:
    # 1k20 + władanie 0 against physical defence 10: faces 10–20 hit, 11 of 20 (the house test: total ≥ ST).
    knife = {"id": "knife", "damage_dice": "1k6", "strength_category": "0"}
    attacker = sheet("A", {"strength": 0, "weapon_skills": {"knife": 0}, "weapons": [knife]})
    target = sheet("D", {"physical_defence": 10, "dodge_skill": 0, "parry_skill": 0})
    lines: dict[str | None, OddsLine] = {line.defence: line for line in S.odds(req(attacker, target)).lines}
    none, dodge = lines["none"], lines["dodge"]
    assert abs(_p(none.outcomes, "hit") - 0.55) < 1e-12 and abs(_p(none.outcomes, "miss") - 0.45) < 1e-12
    # A dodge of 1k20 + 0 stops a hit of total a when it reaches a: (21 − a)/20, for a = 10 … 20:
    # (11 + 10 + … + 1) / 400 = 66/400.
    assert abs(_p(dodge.outcomes, "dodged") - 66 / 400) < 1e-12
    assert abs(_p(dodge.outcomes, "hit") - (0.55 - 66 / 400)) < 1e-12
    # 1k6 with no strength damage and no armour: 3.5 a hit; 5 or more is a light wound (house thresholds),
    # less is hurt; every unaimed blow lands on the torso (house default).
    assert abs(none.expected_damage - 0.55 * 3.5) < 1e-12
    assert abs(_p(none.wounds, "light") - 0.55 * 2 / 6) < 1e-12
    assert abs(_p(none.wounds, "hurt") - 0.55 * 4 / 6) < 1e-12
    assert abs(_p(none.locations, "torso") - 0.55) < 1e-12
    # The GM's location table: 1–2 head of a k20, so 10 % of the hits.
    table = S.odds(req(attacker, target, settings={"unnamed_location": "table"})).lines[-1]
    assert abs(_p(table.locations, "head") - 0.55 * 0.10) < 1e-12


def test_every_bench_question_is_staged() -> None:
    for question in questions(S):
        assert S.odds(question, "attack").method == "staged"


def test_an_area_shot_is_enumerated_whole() -> None:
    area = req(template("archer"), template("axeman"), {"area": True}, distance=10)
    assert S.odds_plan(area, "shot") is None
    assert S.odds_plan(CASES[0][2], "test") is None


@pytest.mark.parametrize(
    ("action", "request_"),
    [
        ("attack", req(template("archer"), template("fighter"), weapon="łuk")),  # a bow does not strike
        ("shot", req(template("archer"), template("fighter"))),  # no distance
        ("shot", req(template("archer"), template("fighter"), distance=500)),  # out of range
        ("attack", req(template("fighter", down="unconscious"), template("fighter"))),  # cannot act
        ("attack", req(template("fighter"), template("fighter"), {"landing": "Orc"})),  # landing without area
    ],
)
def test_odds_refuse_what_the_action_refuses(action: str, request_: ActionRequest) -> None:
    act = S.shot if action == "shot" else S.attack
    with pytest.raises(RulesError) as attack:
        act(request_, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError) as odds:
        S.odds(request_, action)
    assert odds.value.key == attack.value.key
