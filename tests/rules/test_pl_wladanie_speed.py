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


def _hit_checks() -> list[Any]:
    """Hit tests as attacks made them, of every template against every other, with and without modifiers."""
    dice = RandomDice(5)
    found = []
    for options in ({}, {"from_back": True, "modifier": -3}, {"surprise": True}):
        for actor_name in TEMPLATES:
            for target_name in TEMPLATES:
                req = ActionRequest(template(actor_name), template(target_name), S.options(options), S.settings({}))
                for _ in range(4):
                    try:
                        r = S.attack(req, dice)
                    except Exception:  # an archer's bow does not strike
                        continue
                    found.append(r.checks)
    return found


def test_the_carried_hit_test_is_the_shared_codec_s() -> None:
    from rules.checks import dump_checks, load_checks
    from rules.systems.pl_wladanie.carried import dump_hit, load_hit

    for checks in _hit_checks():
        plain = dump_checks(checks)
        assert dump_hit(checks) == plain
        assert load_hit(plain) == load_checks(plain) == checks


@pytest.mark.parametrize(
    "edit",
    [
        lambda c: c.update(raw=14.5),
        lambda c: c["parts"].append({"key": "x", "value": True}),
        lambda c: c["versus"].update(side="actor"),
        lambda c: c["versus"].update(dice=[{"sides": 20, "face": 3}]),
        lambda c: c["dice"][0].update(role="dropped"),
        lambda c: c.pop("parts"),
        lambda c: c.update(steps=[{"op": "minus", "key": "a", "value": 1, "total": 13}]),
    ],
)
def test_other_shapes_are_read_as_the_shared_codec_reads_them(edit: Any) -> None:
    from pydantic import ValidationError

    from rules.checks import load_checks
    from rules.systems.pl_wladanie.carried import load_hit

    plain = [
        {
            "label": "attack",
            "dice": [{"sides": 20, "face": 8}],
            "parts": [{"key": "wladanie", "value": 6}],
            "raw": 14,
            "total": 14,
            "versus": {
                "label": "st",
                "side": "target",
                "parts": [{"key": "st", "value": 13, "side": "target"}],
                "raw": 13,
                "total": 13,
            },
            "outcome": "hit",
        }
    ]
    edit(plain[0])
    try:
        expected = load_checks(plain)
    except ValidationError as exc:
        with pytest.raises(ValidationError) as got:
            load_hit(plain)
        assert got.value.errors() == exc.errors()
        return
    assert load_hit(plain) == expected


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
