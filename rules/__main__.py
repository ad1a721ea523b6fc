"""JSON command line over the engine: `systems`, `schema ID`, `resolve` (request on stdin)."""

from __future__ import annotations

import json
import sys
from typing import Any

from rules.dice import RandomDice, ScriptedDice
from rules.errors import RulesError
from rules.registry import all_systems, get_system
from rules.system import ActionRequest, CombatSystem, DefenceRequest, Fighter

USAGE = (
    "usage: python -m rules systems | schema ID | resolve | odds"
    "  (resolve and odds read one JSON request on stdin; odds takes the resolve request without dice)"
)


def _fighter(system: CombatSystem, data: Any, role: str) -> Fighter[Any]:
    if not isinstance(data, dict):
        raise RulesError("error.request_field", field=role, problem="must be an object")
    data = dict(data)
    name = str(data.pop("name", role))
    return Fighter(name, system.sheet(data))


def resolve(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise RulesError("error.request_field", field="request", problem="must be an object")
    system = get_system(str(request.get("system", "")))
    action = request.get("action")
    dice_faces = request.get("dice")
    dice = ScriptedDice(dice_faces) if dice_faces is not None else RandomDice(request.get("seed"))
    settings = system.settings(request.get("settings") or {})
    options = system.options(request.get("options") or {})
    actor = _fighter(system, request.get("actor"), "actor")
    target = _fighter(system, request["target"], "target") if request.get("target") else None
    if action in ("parry", "defend", "defence"):
        if not system.has_active_defence:
            raise RulesError("error.no_active_defence", system=system.id, instead=system.parry_alternatives())
        if target is None or not isinstance(request.get("exchange"), dict):
            raise RulesError(
                "error.request_field", field="exchange", problem="parry needs target (the attacker) and exchange"
            )
        dreq = DefenceRequest(actor, target, request["exchange"], settings, request.get("choice"), options)
        return system.defend(dreq, dice).model_dump(exclude_defaults=True)
    req = ActionRequest(actor, target, options, settings, request.get("weapon"), request.get("distance"))
    if action == "initiative":
        result = system.initiative(req, dice)
    elif action == "attack":
        result = system.attack(req, dice)
    elif action == "shot":
        result = system.shot(req, dice)
    elif action in system.extra_actions:
        result = system.act(str(action), req, dice)
    else:
        allowed = ["initiative", "attack", "shot", "parry", *system.extra_actions]
        raise RulesError("error.unknown_action", action=action, allowed=allowed)
    if result.outcome == "pending_defence" and "defence" in request and target is not None:
        # One request, whole exchange: the defender answers at once with the given choice.
        dreq = DefenceRequest(target, actor, result.exchange or {}, settings, request["defence"], options)
        result = system.defend(dreq, dice)
    return result.model_dump(exclude_defaults=True)


def odds(request: Any) -> dict[str, Any]:
    """The exact odds of the request's attack, shot or action (no dice: nothing is rolled)."""
    if not isinstance(request, dict):
        raise RulesError("error.request_field", field="request", problem="must be an object")
    system = get_system(str(request.get("system", "")))
    action = str(request.get("action") or "attack")
    settings = system.settings(request.get("settings") or {})
    options = system.options(request.get("options") or {})
    actor = _fighter(system, request.get("actor"), "actor")
    target = _fighter(system, request["target"], "target") if request.get("target") else None
    req = ActionRequest(actor, target, options, settings, request.get("weapon"), request.get("distance"))
    return system.odds(req, action).model_dump(exclude_defaults=True)


def main(argv: list[str]) -> int:
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        if argv[0] == "systems":
            out: Any = [{"id": s.id, "name": s.name, "language": s.language} for s in all_systems().values()]
        elif argv[0] == "schema" and len(argv) == 2:
            s = get_system(argv[1])
            out = {
                "sheet": s.Sheet.model_json_schema(),
                "options": s.Options.model_json_schema(),
                "settings": s.Settings.model_json_schema(),
            }
        elif argv[0] == "resolve":
            try:
                request = json.loads(sys.stdin.read())
            except json.JSONDecodeError as exc:
                raise RulesError("error.request_json", problem=str(exc)) from None
            out = resolve(request)
        elif argv[0] == "odds":
            try:
                request = json.loads(sys.stdin.read())
            except json.JSONDecodeError as exc:
                raise RulesError("error.request_json", problem=str(exc)) from None
            out = odds(request)
        else:
            print(USAGE, file=sys.stderr)
            return 2
    except RulesError as exc:
        print(json.dumps(exc.to_dict(), ensure_ascii=False))
        return 2
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        # Malformed data the systems did not anticipate (an exchange of the wrong shape …): still a JSON answer.
        problem = f"{type(exc).__name__}: {exc}"
        print(json.dumps({"error": "error.request_invalid", "params": {"problem": problem}}, ensure_ascii=False))
        return 2
    print(json.dumps(out, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
