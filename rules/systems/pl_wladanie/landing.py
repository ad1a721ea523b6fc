"""Who an area attack hits: "Efekt ataku dotyczy jednak tego co się na owym polu znajduje".

`landing` (`na_polu`) names who else stands on the aimed field, beside the target. The rules know
nothing of any other field: an attack that scattered onto another field ("Porażka w teście oznacza, że
pocisk spada na losowe pole") hurts none of them; who stands where it came down is for the GM."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from rules.model import ActionResult, Note
from rules.system import ActionRequest, Fighter

from .conditions import condition_keys
from .hit import HitOutcome
from .options import Options
from .sheet import Sheet
from .tables import SYSTEM_ID


@dataclass(frozen=True, slots=True)
class OnField:
    """Everyone standing on the field where the attack landed."""

    target: bool  # the attack's own target
    actor: bool  # the attacker, named in `landing` (standing on the aimed field itself)
    others: tuple[Fighter[Sheet], ...]  # combatants named in `landing`, their sheets from the bot
    unknown: tuple[str, ...]  # names in `landing` the rules got no sheet for

    @property
    def anyone(self) -> bool:
        return self.target or self.actor or bool(self.others)


def _named(fighter: Fighter[Any] | None, name: str) -> bool:
    return fighter is not None and fighter.name.casefold() == name.casefold()


NOBODY = OnField(False, False, (), ())  # a field the rules know nobody on


def on_field(req: ActionRequest, opts: Options, *, on_aimed_field: bool) -> OnField:
    """Who stands where the attack came down: on the aimed field the target and everyone `landing` names;
    on any other field nobody the rules know of (the named ones stand on the aimed field)."""
    if not on_aimed_field:
        return NOBODY
    names = opts.landing_names
    target = req.target is not None
    actor = any(_named(req.actor, n) for n in names)
    others: list[Fighter[Sheet]] = []
    unknown: list[str] = []
    for name in names:
        if _named(req.target, name) or _named(req.actor, name):
            continue
        found = req.other(name)
        if found is None:
            unknown.append(name)
        else:
            others.append(cast("Fighter[Sheet]", found))
    return OnField(target, actor, tuple(others), tuple(unknown))


def field_hit(fields: dict[str, Any], name: str, hit: HitOutcome) -> ActionResult:
    """The sub-result for one combatant on the field: the bot applies its `target_sheet` to `name`.

    Inside it `target` is that combatant: its armour steps and coverage notes are side "target" (hidden
    when `name` is a hidden NPC), the shared damage test and the area total side "actor" (the thrower)."""
    assert hit.hurt is not None
    return ActionResult(
        system=SYSTEM_ID,
        action="area_hit",
        actor=fields["actor"],
        target=name,
        weapon=fields["weapon"],
        total=fields["total"],  # what each protector's coverage is checked against
        outcome="hit",
        damage=hit.damage,
        location=hit.location,
        wound=hit.wound,
        conditions=condition_keys(hit.hurt),  # a blow changes neither conditions nor down
        changes=hit.changes,
        notes=[Note(key="on_field", params={"name": name}), *hit.notes],
        checks=hit.checks,
        target_sheet=hit.target_dump(),
    )
