"""Holding the action (opóźnienie akcji): act later in the round than the Initiative says.

Seed: "postać może celowo chcieć opóźnić swoje działanie (akcję) … Może za to zadziałać (wykonać akcję) w
dowolnej, późniejszej kolejności … Opóźnione akcje mogę się przenosić z rundy na rundę, ale wygasają gdy
przychodzi normalna kolej działania postaci." The Initiative itself "obowiązuje przez całą walkę": a
held action moves only this moment of acting. So `hold` with `new_initiative` answers
`initiative_changed` (the bot re-sorts the order, the turn pointer stays), and the next `start_round`
answers `initiative_changed` back to the held combat Initiative.
"""

from __future__ import annotations

from typing import Any

from rules.checks import fixed
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest
from rules.systems.arm5.common import changes_of, check_can_act, conditions, fighter_sheet, note
from rules.systems.arm5.options import Options
from rules.systems.arm5.settings import Settings
from rules.systems.arm5.sheet import Sheet
from rules.systems.arm5.tables import HOLD_TIEBREAK

SYSTEM_ID = "arm5"


def latest_allowed(sheet: Sheet) -> int | None:
    """The highest count the held action may move to: not before the character's place this round.
    A delay carried over from last round (still delaying, not yet placed) may act at any count."""
    if sheet.held_initiative is not None:
        return sheet.held_initiative
    return None if sheet.delaying else sheet.initiative


def hold(req: ActionRequest) -> ActionResult:
    opts, settings = req.options, req.settings
    assert isinstance(opts, Options) and isinstance(settings, Settings)
    sheet = fighter_sheet(req.actor)
    name = req.actor.name
    check_can_act(sheet, name)
    if settings.enforce_action_economy and sheet.action_used:
        raise RulesError("error.arm5.action_used", who=name)
    count = opts.new_initiative
    if count is None:  # declared only: the character waits (its place stays until it names a count)
        place = sheet.initiative if sheet.held_initiative is None else sheet.held_initiative
        updates: dict[str, Any] = {"delaying": True, "held_initiative": place}
        return _result(req, sheet, updates, "delaying", None, [])
    limit = latest_allowed(sheet)
    if limit is not None and count > limit:
        raise RulesError("error.arm5.hold_not_later", who=name, initiative=limit, new_initiative=count)
    updates = {"delaying": True, "held_initiative": count}
    return _result(req, sheet, updates, "initiative_changed", count, [HOLD_TIEBREAK])


def restore_updates(sheet: Sheet) -> dict[str, Any]:
    """At a new round the held count is dropped: the character is back on its combat Initiative."""
    return {"held_initiative": None} if sheet.held_initiative is not None else {}


def restored(sheet: Sheet, result: ActionResult) -> ActionResult:
    """`start_round`'s result, turned into `initiative_changed` back to the held Initiative."""
    if sheet.held_initiative is None or sheet.initiative is None or sheet.held_initiative == sheet.initiative:
        return result
    return result.model_copy(
        update={
            "outcome": "initiative_changed",
            "total": sheet.initiative,
            "tiebreak": list(sheet.initiative_tiebreak),
            "notes": [*result.notes, note("hold_ends", {"initiative": sheet.initiative})],
            # the number named, as the hold's own line is: "Inicjatywa 12", not a bare "= 12"
            "checks": [fixed("initiative", sheet.initiative, "initiative")],
        }
    )


def _result(
    req: ActionRequest,
    sheet: Sheet,
    updates: dict[str, Any],
    outcome: str,
    total: int | None,
    tiebreak: list[int],
) -> ActionResult:
    after = sheet.model_copy(update=updates)
    notes = [note("hold_declared")] if total is None else [note("hold_acts_at", {"initiative": total})]
    # The count is the character's own number, named: "Inicjatywa opóźnionej akcji 1", not a bare "= 1".
    checks = [] if total is None else [fixed("held_initiative", total, "held_initiative")]
    return ActionResult(
        system=SYSTEM_ID,
        action="hold",
        actor=req.actor.name,
        outcome=outcome,
        total=total,
        tiebreak=tiebreak,
        conditions=conditions(after),
        changes=changes_of(req.actor.name, sheet, updates),
        notes=notes,
        actor_sheet=after.model_dump(),
        checks=checks,
    )
