"""Shared checks of the bounds tests (issue 12): every number a sheet, an option or a setting takes is
declared with a minimum and a maximum; at each a full attack resolves, beyond each it is refused."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from rules.bounds import NumericKey, numeric_keys, with_value
from rules.dice import RandomDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest, CombatSystem, DefenceRequest, Fighter

KIND_ERRORS = {"sheet": "error.stat_invalid", "options": "error.option_invalid", "settings": "error.setting_invalid"}


@dataclass(frozen=True)
class Fight:
    """A system's fight for the bounds tests: sheets that reach every nested number (a weapon, an armour
    piece, a skill dict …), the attack's options and settings, and the extra action an option belongs to."""

    system: CombatSystem
    attacker: dict[str, Any]
    target: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    weapon: str | None = None
    option_actions: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, system: CombatSystem, setup: Any) -> Fight:
        """The bounds probe's fight for this system (bench/probe_bounds.py), so both test the same sheets."""
        return cls(
            system, setup.attacker, setup.target, setup.options, setup.settings, setup.weapon, setup.option_actions
        )

    def run(
        self,
        attacker: Mapping[str, Any] | None = None,
        target: Mapping[str, Any] | None = None,
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        action: str = "attack",
        seed: int = 12,
    ) -> list[ActionResult]:
        """The whole exchange: the attack (or action), then the default defence when one is awaited."""
        s = self.system
        a = Fighter("Attacker", s.sheet(self.attacker if attacker is None else attacker))
        t = Fighter("Target", s.sheet(self.target if target is None else target))
        st = s.settings(self.settings if settings is None else settings)
        opts = s.options(self.options if options is None else options)
        req = ActionRequest(a, t, opts, st, weapon=self.weapon, forced=True)
        dice = RandomDice(seed)
        if action == "attack":
            first = s.attack(req, dice)
        elif action == "initiative":
            first = s.initiative(req, dice)
        else:
            first = s.act(action, req, dice)
        results = [first]
        if first.outcome == "pending_defence" and first.exchange is not None:
            ex = first.exchange
            results.append(s.defend(DefenceRequest(t, a, ex, st, s.default_defence(ex)), dice))
        return results

    def keys(self, kind: str) -> list[NumericKey]:
        model, sample = self.model(kind)
        return numeric_keys(model, sample)

    def model(self, kind: str) -> tuple[type[BaseModel], dict[str, Any]]:
        s = self.system
        return {
            "attacker": (s.Sheet, self.attacker),
            "target": (s.Sheet, self.target),
            "options": (s.Options, self.options),
            "settings": (s.Settings, self.settings),
        }[kind]

    def with_key(self, kind: str, key: NumericKey, value: Any) -> dict[str, Any]:
        """The fight's arguments with one number changed."""
        _, sample = self.model(kind)
        return {kind: with_value(sample, key.path, value)}


def reloads(system: CombatSystem, results: list[ActionResult]) -> None:
    """Every sheet a rules call returned validates again (numbers the rules wrote stay inside the bounds)."""
    for r in results:
        for sub in [r, *r.attacks]:
            for sheet in (sub.actor_sheet, sub.target_sheet):
                if sheet is not None:
                    system.sheet(sheet)


def assert_declared(fight: Fight) -> None:
    """Every numeric key, nested ones included, has a minimum and a maximum."""
    for kind in ("attacker", "options", "settings"):
        for key in fight.keys(kind):
            assert key.lo is not None and key.hi is not None, f"{fight.system.id} {kind}.{key.name} is open"


def resolves_at(fight: Fight, kind: str, key: NumericKey, value: Any, may_refuse: Mapping[str, str]) -> None:
    """A full attack with the key at `value` answers, and what it returns loads again. `may_refuse` names the
    keys (`attacker.fatigue_level=5`) whose value makes the rules refuse the action, with the error they give
    (an unconscious attacker cannot attack): that refusal is the rules' answer."""
    action = fight.option_actions.get(key.name, "attack") if kind == "options" else "attack"
    label = f"{kind}.{key.name}={value}"
    try:
        results = fight.run(**fight.with_key(kind, key, value), action=action)
    except RulesError as exc:
        assert may_refuse.get(label) == exc.key, f"{label}: {exc}"
        return
    assert label not in may_refuse, f"{label} was expected to be refused"
    reloads(fight.system, results)


def refused_beyond(fight: Fight, kind: str, key: NumericKey) -> None:
    """Past either bound (by one, and by a million) the value is refused with the usual validation error."""
    expected = KIND_ERRORS["sheet" if kind in ("attacker", "target") else kind]
    step = 1 if key.integer else 0.5
    for value in (key.hi + step, key.lo - step, key.hi + 10**6, key.lo - 10**6):
        try:
            fight.run(**fight.with_key(kind, key, value))
        except RulesError as exc:
            assert exc.key == expected, f"{kind}.{key.name}={value}: {exc}"
        else:
            raise AssertionError(f"{kind}.{key.name}={value} was accepted")


def params(fight: Fight, kinds: tuple[str, ...] = ("attacker", "target", "options", "settings")) -> list[Any]:
    """(kind, key) pairs for pytest.mark.parametrize, with readable ids."""
    import pytest

    return [pytest.param(kind, key, id=f"{kind}.{key.name}") for kind in kinds for key in fight.keys(kind)]
