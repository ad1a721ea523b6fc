"""`dump_checks` / `load_checks` (issue 17): the plain serialiser gives exactly what pydantic gave, both ways.

Compared by `repr` as well as by value, so that 1 and 1.0 (or True) are told apart.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

import rules.checks as checks_module
from bench.odds import template_fighter
from rules import ActionRequest, DefenceRequest, RandomDice, all_systems, get_system
from rules.checks import check, dump_checks, load_checks, minus, part
from rules.model import ActionResult, Check, Die, Part, Step

PYDANTIC: TypeAdapter[list[Check]] = TypeAdapter(list[Check])


class _NoPydantic:
    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the usual shapes should not need pydantic ({name})")


@pytest.fixture
def plain_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules' own checks take the plain path, both ways."""
    monkeypatch.setattr(checks_module, "_CHECKS", _NoPydantic())


def reference_dump(checks: list[Check]) -> list[dict[str, Any]]:
    dumped: list[dict[str, Any]] = PYDANTIC.dump_python(checks, mode="json", exclude_defaults=True)
    return dumped


def same_both_ways(checks: list[Check]) -> None:
    dumped = dump_checks(checks)
    expected = reference_dump(checks)
    assert dumped == expected
    assert repr(dumped) == repr(expected)  # key order and number types too
    loaded = load_checks(dumped)
    assert repr(loaded) == repr(PYDANTIC.validate_python(expected))
    assert repr(dump_checks(loaded)) == repr(expected)


def all_checks(result: ActionResult) -> list[Check]:
    return [*result.checks, *(c for sub in result.attacks for c in all_checks(sub))]


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_every_systems_checks_as_pydantic_makes_them(system_id: str, plain_only: None) -> None:
    system = get_system(system_id)
    names = list(system.templates())
    seen = 0
    for i, first in enumerate(names[:4]):
        second = names[(i + 1) % len(names)]
        actor, target = template_fighter(system, first), template_fighter(system, second)
        req = ActionRequest(actor, target, system.options({}), system.settings({}))
        for seed in range(25):
            dice = RandomDice(seed)
            r = system.attack(req, dice)
            same_both_ways(all_checks(r))
            seen += len(all_checks(r))
            if r.outcome == "pending_defence":
                ex = r.exchange or {}
                answer = system.default_defence(ex)
                done = system.defend(DefenceRequest(target, actor, ex, req.settings, answer, req.options), dice)
                same_both_ways(all_checks(done))
                seen += len(all_checks(done))
    assert seen


def test_every_field_and_default(plain_only: None) -> None:
    inner = check("defence", side="target", dice=[Die(10, 1, "botch"), Die(10, 7)], parts=[part("dex", 2.5, "target")])
    c = check(
        "attack",
        side="both",
        dice=[Die(10, 10, "exploded"), Die(10, 3, "doubled"), Die(6, 2, "dropped")],
        parts=[part("str", 2), part("wounds", -1, "other"), part("zero", 0)],
        multiplier=2.0,
        versus=inner,
        outcome="hit",
        location="head",
        dice_expr="d8",
        dice_steps=[part("size", 1)],
    )
    minus(c, "soak", 3, detail=[Part("armour", 2, "target"), Part("bonus", 1.5)])
    c.steps.append(Step("floor", "round", 0, 27, "actor", []))
    plain = check("none")
    floats = check("f", parts=[part("x", 1.0)], multiplier=1.0)
    floats.raw, floats.total = float("inf"), float("nan")
    same_both_ways([c, plain, floats, inner])
    assert dump_checks([plain]) == [{"label": "none"}]


def test_unusual_values_go_through_pydantic() -> None:
    odd = Check("odd", multiplier=True, parts=[Part("flag", True)], dice=[Die(6, 3)])
    assert repr(dump_checks([odd])) == repr(reference_dump([odd]))
    coerced = [{"label": "a", "raw": "3", "dice": [{"sides": 6.0, "face": "2"}], "extra": 1}]
    assert repr(load_checks(coerced)) == repr(PYDANTIC.validate_python(coerced))
    assert repr(load_checks(({"label": "t"},))) == repr(PYDANTIC.validate_python([{"label": "t"}]))


@pytest.mark.parametrize(
    "bad",
    [
        [{"side": "actor"}],
        [{"label": "a", "side": "nobody"}],
        [{"label": "a", "dice": [{"sides": 6}]}],
        [{"label": "a", "dice": None}],  # a list given as null is not the absent default
        [{"label": "a", "dice": [{"sides": 6, "face": 2, "role": "lost"}]}],
        [{"label": "a", "parts": [{"key": "x"}]}],
        [{"label": "a", "steps": [{"op": "explode", "key": "x", "value": 1, "total": 1}]}],
        [{"label": "a", "versus": {"label": 3}}],
        [{"label": "a", "multiplier": "lots"}],
        ["a"],
    ],
)
def test_invalid_data_refused_as_before(bad: list[Any]) -> None:
    with pytest.raises(ValidationError) as ours:
        load_checks(bad)
    with pytest.raises(ValidationError) as theirs:
        PYDANTIC.validate_python(bad)
    assert ours.value.errors() == theirs.value.errors()


def reference_check(label: str, **kw: Any) -> Check:
    """check() as it was written before issue 17: keyword construction, then raw and total."""
    c = Check(
        label,
        side=kw.get("side", "actor"),
        dice=list(kw.get("dice", ())),
        multiplier=kw.get("multiplier", 1),
        parts=list(kw.get("parts", ())),
        versus=kw.get("versus"),
        outcome=kw.get("outcome"),
        location=kw.get("location"),
        dice_expr=kw.get("dice_expr"),
        dice_steps=list(kw.get("dice_steps", ())),
    )
    if c.dice or c.parts:
        whole = sum(d.face for d in c.dice if d.role in ("kept", "exploded")) * c.multiplier
        value = whole + sum(p.value for p in c.parts)
        c.raw = int(value) if float(value).is_integer() else value
    c.total = c.raw
    return c


@pytest.mark.parametrize(
    "kw",
    [
        {},
        {"parts": (part("a", 1),)},
        {"dice": [Die(6, 4), Die(6, 1, "dropped"), Die(10, 10, "exploded")], "parts": [part("a", 1.5)]},
        {"dice": [Die(20, 7)], "multiplier": 1.5, "side": "target", "outcome": "hit", "location": "arm"},
        {"dice": [Die(8, 3)], "multiplier": 2, "dice_expr": "d6", "dice_steps": (part("size", 1),)},
        {"parts": [part("a", 0.5), part("b", 0.5)], "versus": check("ac", parts=[part("ac", 10)])},
        {"parts": [Part("flag", True)]},
    ],
)
def test_check_builds_what_it_built_before(kw: dict[str, Any]) -> None:
    assert repr(check("x", **kw)) == repr(reference_check("x", **kw))


def _carried_hit() -> dict[str, Any]:
    """A hit test as an exchange carries it: the attacker's die and parts against the target's ST."""
    return {
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


@pytest.mark.parametrize(
    "edit",
    [
        lambda c: None,
        lambda c: c.update(raw=14.5),
        lambda c: c["parts"].append({"key": "x", "value": True}),
        lambda c: c["parts"].append({"key": "x", "value": 1, "extra": 0}),
        lambda c: c["versus"].update(side="actor"),
        lambda c: c["versus"].update(dice=[{"sides": 20, "face": 3}]),
        lambda c: c["dice"][0].update(role="dropped"),
        lambda c: c["dice"][0].update(face=3.0),
        lambda c: c.pop("parts"),
        lambda c: c.update(parts=None),
        lambda c: c.update(steps=[{"op": "minus", "key": "a", "value": 1, "total": 13}]),
        lambda c: c.update(steps=[{"op": "minus", "key": "a", "value": 1, "total": 13, "detail": [{"key": "b"}]}]),
    ],
)
def test_a_carried_check_edited_reads_as_pydantic_reads_it(edit: Any) -> None:
    """Shapes near the usual one (a stored exchange edited by hand or by an older version): the plain path
    reads what pydantic reads and refuses what it refuses, with the same errors."""
    plain = [_carried_hit()]
    edit(plain[0])
    try:
        expected = PYDANTIC.validate_python(plain)
    except ValidationError as exc:
        with pytest.raises(ValidationError) as got:
            load_checks(plain)
        assert got.value.errors() == exc.errors()
        return
    assert repr(load_checks(plain)) == repr(expected)
