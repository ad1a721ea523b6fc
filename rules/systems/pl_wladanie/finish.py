"""The result of an attack: the hit's damage and the changes to both sheets (fatigue, wounds)."""

from __future__ import annotations

from typing import Any

from rules.model import ActionResult, StateChange
from rules.system import Fighter

from .conditions import condition_keys
from .hit import HitOutcome
from .made import change, dump, result
from .sheet import Sheet


def _fatigue(actor: Fighter[Sheet], amount: int) -> tuple[Sheet | None, list[StateChange]]:
    if not amount:
        return None, []
    before = actor.sheet.fatigue_points
    sheet = actor.sheet.model_copy(update={"fatigue_points": before + amount})  # clipped to the bound
    return sheet, [change(actor.name, "fatigue_points", before, sheet.fatigue_points)]


def finish(fields: dict[str, Any], hit: HitOutcome | None, actor: Fighter[Sheet], fatigue: int) -> ActionResult:
    """Build the result: the hit's damage and the state changes of both sheets (fatigue, wounds).

    `fields` is the caller's to give away: the result is built from it, updated in place."""
    actor_sheet, changes = _fatigue(actor, fatigue)
    if hit is not None:
        if hit.actor_sheet is not None:  # self-injury: add fatigue on top of the injured sheet
            actor_sheet = hit.actor_sheet.model_copy(
                update={"fatigue_points": (actor_sheet or actor.sheet).fatigue_points}
            )
        fields.update(
            damage=hit.damage,
            location=hit.location,
            wound=hit.wound,
            notes=[*fields["notes"], *hit.notes],
            checks=[*fields.get("checks", []), *hit.checks],
        )
        changes = [*hit.changes, *changes]
        if hit.hurt is not None:
            fields["target_sheet"] = hit.target_dump()
            fields["conditions"] = condition_keys(hit.hurt)  # a blow changes neither conditions nor down
    if actor_sheet is not None:
        fields["actor_sheet"] = dump(actor_sheet)
    fields["changes"] = changes  # the caller's own dict, made for this result (not copied once more)
    return result(fields)
