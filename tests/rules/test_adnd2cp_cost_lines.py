"""Actions whose number is a cost or a gain say what the number is: a check with its terms that adds up
(the blows' own costs and the stacking surcharge; the points recovered), never a bare "= 3". The round
start has no number of its own (it once carried the round's number as its total)."""

from __future__ import annotations

from typing import Any

from rules.dice import ScriptedDice
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from tests.rules.test_adnd2cp_checks import described

S = get_system("adnd2cp")


def fighter(**data: Any) -> Any:
    base: dict[str, Any] = {"classes": [{"class_name": "fighter", "level": 9}], "hp": 60, "weapons": ["long_sword"]}
    base.update(data)
    return S.sheet(base)


def act(action: str, actor: Any, **opts: Any) -> ActionResult:
    req = ActionRequest(Fighter("A", actor), None, S.options(opts), S.settings({}))
    return described(S.act(action, req, ScriptedDice([])))


def line(result: ActionResult) -> list[tuple[str, int | float]]:
    (only,) = result.checks
    return [(p.key, p.value) for p in only.parts]


def test_declared_round_blows_show_their_costs_and_the_surcharge() -> None:
    # Seed: "COMBATTERE SULLA DIFENSIVA [ROUND] ... Costo 3 punti combattimento"; "+1 punto supplementare
    # per ogni colpo di combattimento diverso dal precedente che si cumula oltre al primo"
    one = act("declare", fighter(), blows="combattere_sulla_difensiva")
    assert one.checks[0].label == "blows_cost" and one.checks[0].total == one.total == 3
    assert line(one) == [("blow.combattere_sulla_difensiva", 3)]
    two = act("declare", fighter(pool_max=40), blows="combattere_sulla_difensiva,attacco_extra")
    assert line(two) == [("blow.combattere_sulla_difensiva", 3), ("blow.attacco_extra", 12), ("stack_surcharge", 1)]
    assert two.checks[0].total == two.total == 16


def test_rest_shows_the_points_recovered() -> None:
    # Seed: "Per ogni ora di riposo comune il personaggio recupererà il 12,5% del totale dei suoi punti
    # combattimento (applicare un arrotondamento regolare, con un recupero minimo pari ad 1 punto)"
    tired = fighter(pool_max=24, pool_current=10)
    rested = act("rest", tired, hours=2)
    assert rested.checks[0].label == "rest_gain" and rested.checks[0].total == rested.total == 6


def test_a_readied_defence_shows_its_cost() -> None:
    # Seed: "DEFLESSIONE SUPERIORE [ATTACCO] ... bonus da +1 a +4" at 1 point + 1 a point of bonus
    readied = act(
        "defend",
        fighter(arts=["deflettere_i_colpi"], deflection_score=5),
        blows="deflessione_superiore",
        deflection_bonus=2,
    )
    assert readied.checks[0].label == "blows_cost" and readied.checks[0].total == readied.total == 3


def test_the_round_start_carries_no_bare_number() -> None:
    bleeding = fighter(conditions=[{"key": "bleeding", "rounds": 3}])
    started = S.start_round(Fighter("A", bleeding), S.settings({}), 2)
    assert started is not None and started.total is None and started.checks == []
    assert [n.key for n in started.notes] == ["bleeding"]
