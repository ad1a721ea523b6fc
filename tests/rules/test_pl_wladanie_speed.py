"""Results the rules build without validating them again (made.py) are exactly what validation makes."""

from __future__ import annotations

from typing import Any

import pytest

from rules import ActionRequest, DefenceRequest, Fighter, RandomDice, get_system
from rules.model import ActionResult
from rules.pairs import parse_pairs
from rules.systems.pl_wladanie.line import TEMPLATES
from tests.rules.made_check import validates_to_itself

S = get_system("pl_wladanie")


def template(name: str) -> Fighter[Any]:
    return Fighter(name, S.sheet(S.stat_vocabulary().resolve(parse_pairs(TEMPLATES[name]))))


def _same_when_validated(r: ActionResult) -> None:
    validates_to_itself(r)
    for sheet in (r.actor_sheet, r.target_sheet):
        if sheet is not None:
            S.sheet(sheet)  # the bot validates the sheets the rules return


OPTIONS: list[dict[str, Any]] = [
    {},
    {"surprise": True},
    {"from_back": True, "location": "head"},
    {"hard_target": True, "extra_effort": True},
]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("settings", [{}, {"unnamed_location": "table", "weak_rounding": "down"}])
def test_every_result_validates_to_itself(options: dict[str, Any], settings: dict[str, Any]) -> None:
    dice = RandomDice(7)
    names = list(TEMPLATES)
    for actor_name in names:
        for target_name in names:
            actor, target = template(actor_name), template(target_name)
            req = ActionRequest(actor, target, S.options(options), S.settings(settings))
            for _ in range(6):
                try:
                    r = S.attack(req, dice)
                except Exception:  # an archer's bow does not strike: refused, nothing built
                    continue
                _same_when_validated(r)
                for choice in r.defences:
                    done = S.defend(DefenceRequest(target, actor, r.exchange or {}, req.settings, choice), dice)
                    _same_when_validated(done)


def test_a_shot_and_an_area_shot_validate_to_themselves() -> None:
    dice = RandomDice(11)
    archer, fighter = template("archer"), template("fighter")
    for options in ({}, {"area": True, "landing": "fighter"}):
        req = ActionRequest(archer, fighter, S.options(options), S.settings({}), None, 12, others=(fighter,))
        for _ in range(20):
            r = S.shot(req, dice)
            _same_when_validated(r)
            for choice in r.defences:
                _same_when_validated(
                    S.defend(DefenceRequest(fighter, archer, r.exchange or {}, req.settings, choice), dice)
                )


def test_the_wounded_sheet_s_dump_is_the_sheet_after_the_blow_dumped() -> None:
    from rules.dice import Roller
    from rules.systems.pl_wladanie.hit import apply_hit
    from rules.systems.pl_wladanie.hit_test import build_attempt

    dice = RandomDice(3)
    settings = S.settings({"wound_thresholds": "light:2,serious:4"})
    for name in TEMPLATES:
        attacker, target = template("fighter"), template(name)
        attempt = build_attempt(attacker.sheet, attacker.sheet.weapon(None, ranged=False), S.options({}), settings,
                                ranged=False, distance=None)  # fmt: skip
        assert attempt.plan is not None
        for aimed in (None, "head", "torso"):
            hit = apply_hit(Roller(dice), attacker, target, total=12, plan=attempt.plan, aimed=aimed,
                            settings=settings, self_injury=False)  # fmt: skip
            after = hit.target_sheet
            assert after is not None
            expected = after.model_dump()
            got = hit.target_dump()
            assert got == expected and list(got) == list(expected)
            target = type(target)(target.name, after)  # the next blow lands on the wounded sheet
