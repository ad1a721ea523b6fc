"""An area attack (atak obszarowy): the test against the field's ST, the scatter of a miss (rozrzut) and
the blow on everyone standing where it lands, always in the torso (korpus)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.checks import check
from rules.dice import DiceSource, Roller
from rules.model import ActionResult, Check, Damage, Die, Note, Part, Term
from rules.system import ActionRequest, Fighter

from .area import Scatter, area_st, scatter
from .checks import roll_test
from .conditions import condition_keys
from .described import AREA_DAMAGE, DAMAGE_TEST, hit_test_check, rolled_again
from .finish import finish
from .hit import DamageTest, HitOutcome, damage_test, land
from .hit_test import build_attempt
from .landing import OnField, field_hit, on_field
from .made import hit_damage, modifier, whole
from .options import Options
from .settings import Settings
from .sheet import Sheet, Weapon
from .tables import AREA_BASE_ST, AREA_LOCATION, SYSTEM_ID


def _scatter_notes(sc: Scatter, settings: Settings, max_range: float | None) -> list[Note]:
    """Where the missed attack came down. A failure by 1-4 has no distance die and no direction (one roll
    on the diagram): its own note, without them."""
    orientation = Term("term", f"scatter_{settings.scatter_orientation}")
    field = {"landing": sc.landing, "dx": sc.dx, "dy": sc.dy, "area_m2": sc.area_m2, "orientation": orientation}
    if sc.direction is None:
        notes = [Note(key="scatter_near", params={"failure_by": sc.failure_by, **field})]
    else:
        notes = [Note(key="scatter", params={
            "failure_by": sc.failure_by, "distance_die": sc.distance_die, "distance": sc.distance,
            "direction": sc.direction, **field,
        })]  # fmt: skip
    if sc.clamped:
        notes.append(Note(key="scatter_clamped", params={"max_range": whole(max_range)}))
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
    sc: Scatter | None = None
    if margin < 0:
        sc = scatter(roller, -margin, distance, attempt.max_range_m, settings.scatter_orientation == "line_of_fire")
        notes += _scatter_notes(sc, settings, attempt.max_range_m)
        outcome = "scatter_on_target" if sc.on_target else "scatter"
        scattered = _scatter_checks(sc)
    checks = [hit_test_check(shown, attempt.modifiers, _area_st(st, part), outcome), *scattered]
    there = on_field(req, opts, on_aimed_field=outcome != "scatter")
    notes += [Note(key="landing_unknown", params={"name": name}) for name in there.unknown]
    assert attempt.plan is not None
    # Someone stands where it came down, or it came down on a field the rules know nobody on (the GM
    # applies that field's damage test to whoever stands there).
    test = damage_test(roller, attempt.plan, settings) if there.anyone or outcome == "scatter" else None
    if outcome == "scatter" and test is not None and sc is not None:
        notes += _elsewhere(sc, test, opts)
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
    if test is None or not there.anyone:
        if test is not None:
            checks.append(test.check)  # the scattered field's damage test, for the GM to apply
        return finish(fields, None, actor, attempt.fatigue)
    if there.target and not there.others and not there.actor:
        # The target alone: its own line shows the damage test's dice, then its armour.
        assert req.target is not None
        on_target = land(roller, req.target, total=total, test=test, aimed=AREA_LOCATION, settings=settings)
        return finish(fields, on_target, actor, attempt.fatigue)
    return _on_the_field(fields, actor, there, _Field(roller, total, test, settings), attempt.fatigue, req)


def _elsewhere(sc: Scatter, test: DamageTest, opts: Options) -> list[Note]:
    """The attack came down on another field: nobody on the aimed field is hurt (those `landing` named
    are listed); whoever stands where it fell takes the field's damage test in the torso (the GM applies
    it). The numbers are the thrower's: the field and its damage test."""
    notes = [Note("scatter_elsewhere", {"dx": sc.dx, "dy": sc.dy, "damage": test.value}, side="actor")]
    if opts.landing_names:
        notes.append(Note("scatter_spared", {"names": ", ".join(opts.landing_names)}))
    return notes


class _Field:
    """One damage test landing on each combatant on the field in turn (each with its own armour)."""

    def __init__(self, roller: Roller, total: int, test: DamageTest, settings: Settings) -> None:
        self.roller, self.total, self.test, self.settings = roller, total, test, settings

    def hit_on(self, fighter: Fighter[Any]) -> HitOutcome:
        """The field's damage test on one combatant: its line starts at the test's value."""
        shared = check(AREA_DAMAGE, parts=[Part(DAMAGE_TEST, self.test.value)])
        return land(
            self.roller, fighter, total=self.total, test=self.test, aimed=AREA_LOCATION, settings=self.settings,
            shown=shared,
        )  # fmt: skip


def _on_the_field(
    fields: dict[str, Any],
    actor: Fighter[Sheet],
    there: OnField,
    field: _Field,
    fatigue: int,
    req: ActionRequest,
) -> ActionResult:
    """Several on the field: the damage test's dice on the result's own line, one sub-result per combatant
    hurt (the target first), the result's `damage` their total (what the bot's summary counts)."""
    fields["checks"] = [*fields["checks"], field.test.check]
    on_target = field.hit_on(req.target) if there.target and req.target is not None else None
    hits: list[tuple[str, HitOutcome]] = [(req.target.name, on_target)] if on_target and req.target else []
    hits += [(other.name, field.hit_on(other)) for other in there.others]
    subs = [field_hit(fields, name, hit) for name, hit in hits]
    summary = replace(on_target, checks=[], notes=[]) if on_target is not None else None
    result = finish(dict(fields), summary, actor, fatigue).model_copy(update={"attacks": subs})
    if there.actor:
        result = _on_the_thrower(result, fields, actor, field)
    return result.model_copy(update={"damage": _total(field.test, [s.damage for s in result.attacks])})


def _total(test: DamageTest, damages: list[Damage | None]) -> Damage:
    """The field's damage: the one test, and what every combatant on it took in all."""
    done = [d for d in damages if d is not None]
    return hit_damage(
        test.faces, list(test.modifiers), 0.5 if test.weak else 1, sum(d.rolled for d in done),
        sum(d.reduced_by for d in done), sum(d.applied for d in done),
    )  # fmt: skip


def _on_the_thrower(result: ActionResult, fields: dict[str, Any], actor: Fighter[Sheet], field: _Field) -> ActionResult:
    """The thrower stands on the field it hit: hurt too (its sheet after any fatigue)."""
    sheet = Sheet.model_validate(result.actor_sheet) if result.actor_sheet is not None else actor.sheet
    hit = field.hit_on(Fighter(actor.name, sheet))
    return result.model_copy(
        update={
            "actor_sheet": hit.target_dump(),
            "changes": [*result.changes, *hit.changes],
            "attacks": [*result.attacks, field_hit(fields, actor.name, hit)],
        }
    )
