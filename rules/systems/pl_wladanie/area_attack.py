"""An area attack (atak obszarowy): the test against the field's ST, the scatter of a miss (rozrzut) and
the blow on everyone standing where it lands, always in the torso (korpus)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.dice import DiceSource, Roller
from rules.model import ActionResult, Modifier, Note
from rules.system import ActionRequest, Fighter

from .area import Scatter, area_st, scatter
from .checks import roll_test
from .conditions import condition_keys
from .finish import dump, finish
from .hit import DamageTest, HitOutcome, damage_test, land
from .hit_test import build_attempt
from .landing import OnField, field_hit, on_field
from .options import Options
from .settings import Settings
from .sheet import Sheet, Weapon
from .tables import AREA_BASE_ST, AREA_LOCATION, SYSTEM_ID


def _scatter_notes(sc: Scatter, settings: Settings, max_range: float | None) -> list[Note]:
    notes = [Note(key="scatter", params={
        "failure_by": sc.failure_by, "distance_die": sc.distance_die, "distance": sc.distance,
        "direction": sc.direction, "landing": sc.landing, "dx": sc.dx, "dy": sc.dy, "area_m2": sc.area_m2,
        "orientation": settings.scatter_orientation,
    })]  # fmt: skip
    if sc.clamped:
        notes.append(Note(key="scatter_clamped", params={"max_range": max_range}))
    return notes


def area_attack(
    req: ActionRequest,
    actor: Fighter[Sheet],
    weapon: Weapon,
    opts: Options,
    settings: Settings,
    dice: DiceSource,
) -> ActionResult:
    """ST 10 + range for a 1x1 m field; a miss scatters; one damage test lands on everyone on the field."""
    attempt = build_attempt(actor.sheet, weapon, opts, settings, ranged=True, distance=req.distance)
    distance = float(req.distance or 0)
    st, part = area_st(distance, settings)
    roller = Roller(dice)
    total = roll_test(roller, settings, "attack") + attempt.bonus
    margin = total - st
    notes = list(attempt.notes)
    outcome = "hit"
    if margin < 0:
        sc = scatter(roller, -margin, distance, attempt.max_range_m, settings.scatter_orientation == "line_of_fire")
        notes += _scatter_notes(sc, settings, attempt.max_range_m)
        outcome = "scatter_on_target" if sc.on_target else "scatter"
    there = on_field(req, opts, on_aimed_field=outcome != "scatter")
    notes += [Note(key="landing_unknown", params={"name": name}) for name in there.unknown]
    assert attempt.plan is not None
    test = damage_test(roller, attempt.plan, settings) if there.anyone else None
    target = req.target if there.target else None

    def hit_on(fighter: Fighter[Any]) -> HitOutcome:
        assert test is not None
        return land(roller, fighter, total=total, test=test, aimed=AREA_LOCATION, settings=settings)

    fields: dict[str, Any] = {
        "system": SYSTEM_ID,
        "action": "shot",
        "actor": actor.name,
        "target": req.target.name if req.target is not None else None,
        "weapon": weapon.id,
        "rolls": roller.rolls,
        "modifiers": [
            *attempt.modifiers,
            Modifier(key="area_base", value=AREA_BASE_ST),
            Modifier(key="area_range", value=part),
        ],
        "total": total,
        "against": st,
        "against_key": "area_st",
        "outcome": outcome,
        "margin": margin,
        "notes": notes,
        "conditions": condition_keys(req.target.sheet) if req.target is not None else [],
    }
    subs = [field_hit(fields, other.name, hit_on(other)) for other in there.others]
    result = finish(dict(fields), hit_on(target) if target is not None else None, actor, attempt.fatigue)
    result = result.model_copy(update={"attacks": subs})
    return _on_the_thrower(result, fields, actor, there, test, hit_on)


def _on_the_thrower(
    result: ActionResult,
    fields: dict[str, Any],
    actor: Fighter[Sheet],
    there: OnField,
    test: DamageTest | None,
    hit_on: Callable[[Fighter[Any]], HitOutcome],
) -> ActionResult:
    """A throw that came down on the thrower's own field hurts the thrower (its sheet after any fatigue)."""
    if not there.actor or test is None:
        return result
    sheet = Sheet.model_validate(result.actor_sheet) if result.actor_sheet is not None else actor.sheet
    hit = hit_on(Fighter(actor.name, sheet))
    assert hit.target_sheet is not None
    return result.model_copy(
        update={
            "actor_sheet": dump(hit.target_sheet),
            "changes": [*result.changes, *hit.changes],
            "attacks": [*result.attacks, field_hit(fields, actor.name, hit)],
        }
    )
