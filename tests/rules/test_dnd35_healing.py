"""dnd35 healing and the stabilisation roll as a player reads them: the healing as a check line with the
hit points given and what they came to; the d% roll only for the dying one rolling for itself."""

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

SYSTEM = get_system("dnd35")
CLERIC = {"hp": 10}
WOUNDED = {"hp": 12, "hp_current": 7}
DYING = {"hp": 12, "hp_current": -3}


def act(action: str, actor: Any, target: Any | None, dice: list[int], **options: Any) -> ActionResult:
    who = Fighter("Borek", SYSTEM.sheet(actor))
    aim = Fighter("Alena", SYSTEM.sheet(target)) if target is not None else None
    req = ActionRequest(who, aim, SYSTEM.options(options), SYSTEM.settings({}))
    return SYSTEM.act(action, req, ScriptedDice(dice))


def test_healing_is_a_line_with_the_hit_points_given() -> None:
    out = act("heal", CLERIC, WOUNDED, [], amount=3)
    (line,) = out.checks
    verify_result(out)
    assert line.label == "healing" and [(p.key, p.value, p.side) for p in line.parts] == [("healing_given", 3, "actor")]
    assert line.total == 3 and not line.steps


def test_healing_past_the_maximum_shows_what_it_came_to() -> None:
    # "Jestliže jakékoliv léčení … vyléčí": hit points up to the maximum, never above it.
    out = act("heal", CLERIC, WOUNDED, [], amount=8)
    (line,) = out.checks
    verify_result(out)
    assert [(s.op, s.key, s.value) for s in line.steps] == [("max", "hp_max_reached", 5)] and line.total == 5
    assert out.target_sheet is not None and out.target_sheet["hp_current"] == 12


def test_the_stabilisation_roll_is_never_rolled_for_someone_else() -> None:
    # "hoď k%, abys viděl, zda se umírající postava nestabilizovala" (its own roll);
    # "Umírající postavě můžeš … stabilizovat jí, když jí ošetříš - ověříš Léčení vůči TO 15."
    with pytest.raises(RulesError) as err:
        act("stabilize", CLERIC, DYING, [5])
    assert err.value.key == "error.dnd35.stabilize_own_roll"
    assert err.value.params == {"target": "Alena", "check": Term("action", "heal_check")}


def test_not_dying_names_whose_state_it_is() -> None:
    with pytest.raises(RulesError) as err:
        act("stabilize", CLERIC, None, [5])
    assert err.value.key == "error.dnd35.not_dying"
    assert err.value.params == {"name": "Borek", "state": Term("wound", "unhurt")}
    rolled = act("stabilize", DYING, None, [5])  # the dying one's own roll: 5 ≤ 10 %
    assert rolled.actor == "Borek" and rolled.outcome == "stabilized"
