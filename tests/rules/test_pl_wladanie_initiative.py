"""Initiative, its ties, running up to an archer, and plain tests with margins."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from rules.systems.pl_wladanie.initiative import archer_rush

S = get_system("pl_wladanie")


def request(
    actor: dict[str, Any],
    target: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    **options: Any,
) -> ActionRequest:
    return ActionRequest(
        Fighter("A", S.sheet(actor)),
        Fighter("Archer", S.sheet(target)) if target is not None else None,
        S.options(options),
        S.settings(settings or {}),
    )


def order(*fighters: tuple[int, list[int]]) -> list[int]:
    """Indices sorted as the bot sorts: total then tiebreak, highest first."""
    return sorted(range(len(fighters)), key=lambda i: (fighters[i][0], fighters[i][1]), reverse=True)


def test_initiative_total_and_tiebreak_hero_then_reflex() -> None:
    hero = S.initiative(request({"initiative_bonus": 2, "is_hero": True, "reflex": 1}), ScriptedDice([10]))
    npc = S.initiative(request({"initiative_bonus": 3, "reflex": 9}), ScriptedDice([9]))
    assert hero.total == npc.total == 12
    assert hero.tiebreak == [1, 1] and npc.tiebreak == [0, 9]
    assert order((hero.total, hero.tiebreak), (npc.total, npc.tiebreak)) == [0, 1]  # Hero wins the tie
    fast = S.initiative(request({"is_hero": True, "reflex": 4}), ScriptedDice([12]))
    assert order((hero.total, hero.tiebreak), (fast.total, fast.tiebreak)) == [1, 0]  # higher reflex
    assert S.initiative_descending


def test_initiative_records_result_and_rolloff_setting() -> None:
    result = S.initiative(request({}, settings={"initiative_rolloff": True}), ScriptedDice([5, 17]))
    assert result.tiebreak == [0, 0, 17]
    assert [r.purpose for r in result.rolls] == ["initiative", "tiebreak"]
    assert result.actor_sheet is not None and result.actor_sheet["initiative_result"] == 5


@pytest.mark.parametrize(
    ("margin", "regular", "bonus"),
    [
        (-3, 0, 0),
        (0, 0, 0),
        (4, 0, 0),
        (5, 0, 1),
        (9, 0, 1),
        (10, 1, 0),
        (12, 1, 0),
        (15, 1, 1),
        (17, 1, 1),
        (20, 2, 0),
        (29, 2, 1),
    ],
)
def test_archer_rush_arithmetic(margin: int, regular: int, bonus: int) -> None:
    assert archer_rush(margin) == (regular, bonus)


def test_archer_rush_from_target_sheet_and_as_an_action() -> None:
    archer = {"initiative_result": 8}
    result = S.initiative(request({"initiative_bonus": 5}, archer), ScriptedDice([20]))
    note = next(n for n in result.notes if n.key == "archer_rush")
    assert note.params["margin"] == 17 and note.params["regular_actions"] == 1 and note.params["bonus_actions"] == 1
    act = S.act("archer_rush", request({"initiative_result": 30}, archer), ScriptedDice([]))
    assert act.margin == 22 and act.notes[0].params["regular_actions"] == 2
    off = S.initiative(request({}, archer, settings={"archer_rush": False}), ScriptedDice([20]))
    assert off.notes == []
    with pytest.raises(RulesError):
        S.act(
            "archer_rush",
            request({"initiative_result": 30}, archer, settings={"archer_rush": False}),
            ScriptedDice([]),
        )


def test_plain_test_margins_and_test_die_setting() -> None:
    actor = {"weapon_skills": {"sword": 4}, "reflex": 2}
    ok = S.act("test", request(actor, st=15, test_skill="sword", modifier=1), ScriptedDice([10]))
    assert ok.total == 15 and ok.outcome == "success" and ok.margin == 0
    bad = S.act("test", request(actor, st=15, test_skill="reflex"), ScriptedDice([3]))
    assert bad.outcome == "failure" and bad.margin == -10
    bell = S.act("test", request(actor, st=10, settings={"test_die": "3d6"}), ScriptedDice([1, 2, 6]))
    assert bell.total == 9 and [r.sides for r in bell.rolls] == [6, 6, 6]
    with pytest.raises(RulesError):
        S.act("test", request(actor), ScriptedDice([3]))
    with pytest.raises(RulesError):
        S.act("test", request(actor, st=5, test_skill="lute"), ScriptedDice([3]))
