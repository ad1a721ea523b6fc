"""An area attack (atak obszarowy): the test against the field's ST, the scatter of a miss (rozrzut) and
the blow on everyone standing where it lands, always in the torso (korpus)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.checks import check
from rules.dice import DiceSource, Roller
from rules.model import ActionResult, Check, Die, Note, Part, Term
from rules.system import ActionRequest, Fighter

from .area import Scatter, area_st, scatter
from .checks import roll_test
from .conditions import condition_keys
from .described import DAMAGE_TEST, hit_test_check, rolled_again
from .finish import finish
from .hit import DamageTest, HitOutcome, damage_test, land
from .hit_test import build_attempt
from .landing import OnField, field_hit, on_field
from .made import modifier
from .options import Options
from .settings import Settings
from .sheet import Sheet, Weapon
from .tables import AREA_BASE_ST, AREA_LOCATION, SYSTEM_ID


def _scatter_notes(sc: Scatter, settings: Settings, max_range: float | None) -> list[Note]:
    notes = [Note(key="scatter", params={
        "failure_by": sc.failure_by, "distance_die": sc.distance_die, "distance": sc.distance,
        "direction": sc.direction, "landing": sc.landing, "dx": sc.dx, "dy": sc.dy, "area_m2": sc.area_m2,
        "orientation": Term("term", f"scatter_{settings.scatter_orientation}"),
    })]  # fmt: skip
    if sc.clamped:
        notes.append(Note(key="scatter_clamped", params={"max_range": max_range}))
    return notes


def _scatter_checks(sc: Scatter) -> list[Check]:
    """The scatter dice, each its own check: the distance die, the direction k10, the landing k10."""
    checks = []
    if sc.distance_die is not None:
        checks.append(check("scatter_distance", dice=[Die(sc.distance_die, sc.distance)]))
    if sc.direction_faces:
        checks.append(check("scatter_direction", dice=rolled_again(10, sc.direction_faces)))
    checks.append(check("scatter_landing", dice=rolled_again(10, sc.landing_faces)))
    return checks


def _area_st(st: int, part: int) -> Check:
    """The ST of a 1x1 m field: 10 + the range penalty's size; a field's number, nobody's own."""
    parts = [Part("area_base", AREA_BASE_ST, "other"), *([Part("area_range", part, "other")] if part else [])]
    assert st == AREA_BASE_ST + part
    return check("area_st", side="other", parts=parts)


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
    shown, face = roll_test(roller, settings, "attack")
    total = face + attempt.bonus
    margin = total - st
    notes = list(attempt.notes)
    outcome = "hit"
    scattered: list[Check] = []
    if margin < 0:
        sc = scatter(roller, -margin, distance, attempt.max_range_m, settings.scatter_orientation == "line_of_fire")
        notes += _scatter_notes(sc, settings, attempt.max_range_m)
        outcome = "scatter_on_target" if sc.on_target else "scatter"
        scattered = _scatter_checks(sc)
    checks = [hit_test_check(shown, attempt.modifiers, _area_st(st, part), outcome), *scattered]
    there = on_field(req, opts, on_aimed_field=outcome != "scatter")
    notes += [Note(key="landing_unknown", params={"name": name}) for name in there.unknown]
    assert attempt.plan is not None
    test = damage_test(roller, attempt.plan, settings) if there.anyone else None
    target = req.target if there.target else None

    def hit_on(fighter: Fighter[Any]) -> HitOutcome:
        """The field's one damage test on one more combatant: its line starts at the test's value."""
        assert test is not None
        shared = check("damage", parts=[Part(DAMAGE_TEST, test.value)])
        return land(roller, fighter, total=total, test=test, aimed=AREA_LOCATION, settings=settings, shown=shared)

    if test is not None and target is None:
        checks.append(test.check)  # nobody's own line shows the dice: the field's damage test does

    fields: dict[str, Any] = {
        "system": SYSTEM_ID,
        "action": "shot",
        "actor": actor.name,
        "target": req.target.name if req.target is not None else None,
        "weapon": weapon.id,
        "rolls": roller.rolls,
        "modifiers": [
            *attempt.modifiers,
            modifier("area_base", AREA_BASE_ST),
            modifier("area_range", part),
        ],
        "total": total,
        "against": st,
        "against_key": "area_st",
        "outcome": outcome,
        "margin": margin,
        "notes": notes,
        "conditions": condition_keys(req.target.sheet) if req.target is not None else [],
        "checks": checks,
    }
    subs = [field_hit(fields, other.name, hit_on(other)) for other in there.others]
    on_target = None
    if target is not None:  # the target's own line shows the damage test's dice, then its armour
        assert test is not None
        on_target = land(roller, target, total=total, test=test, aimed=AREA_LOCATION, settings=settings)
    result = finish(dict(fields), on_target, actor, attempt.fatigue)
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
    return result.model_copy(
        update={
            "actor_sheet": hit.target_dump(),
            "changes": [*result.changes, *hit.changes],
            "attacks": [*result.attacks, field_hit(fields, actor.name, hit)],
        }
    )
