"""pl_wladanie: every number is bounded (issue 12). At each bound a full exchange (attack, then the
default defence) resolves; past it the value is refused; numbers inside texts (strength categories, the
location table, wound thresholds) are bounded too; damage taken and fatigue stay inside the bounds."""

from __future__ import annotations

from typing import Any

import pytest

from bench.probe_bounds import SETUPS
from rules.bounds import NumericKey
from rules.dice import RandomDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.pl_wladanie.damage import damage_plan, shift_dice
from rules.systems.pl_wladanie.sheet import DAMAGE, SHORTCUT_BOUNDS, Weapon
from tests.rules.bounds_cases import Fight, assert_declared, params, refused_beyond, reloads, resolves_at

S = get_system("pl_wladanie")
SWORD = {
    "id": "sword",
    "damage_dice": "1k8",
    "strength_category": "1/2",
    "weight_kg": 1.5,
    "max_range_m": 10,
    "parry_modifier": 1,
    "damage_steps": 1,
}
FIGHT = Fight.of(S, SETUPS["pl_wladanie"])
# What the rules themselves turn down at a bound: none.
# An attacker typed with the most damage a sheet holds and no wound level set is dead by the default
# thresholds at once (the level follows the damage taken): it cannot attack.
REFUSED: dict[str, str] = {f"attacker.damage_taken={DAMAGE}": "error.pl_wladanie.cannot_act"}


def test_every_number_declares_its_bounds() -> None:
    assert_declared(FIGHT)


@pytest.mark.parametrize(("kind", "key"), params(FIGHT))
def test_a_full_exchange_resolves_at_each_bound(kind: str, key: NumericKey) -> None:
    resolves_at(FIGHT, kind, key, key.lo, REFUSED)
    resolves_at(FIGHT, kind, key, key.hi, REFUSED)


@pytest.mark.parametrize(("kind", "key"), params(FIGHT, ("attacker", "options", "settings")))
def test_beyond_each_bound_is_refused(kind: str, key: NumericKey) -> None:
    refused_beyond(FIGHT, kind, key)


@pytest.mark.parametrize("short", sorted(SHORTCUT_BOUNDS))
def test_quick_keys_are_bounded(short: str) -> None:
    lo, hi = SHORTCUT_BOUNDS[short]
    base = {"damage": "1k6"}
    for value in (lo, hi):
        S.sheet({**base, short: str(value)})
    for value in (lo - 1, hi + 1, 10**6, -(10**6)):
        with pytest.raises(RulesError) as err:
            S.sheet({**base, short: str(value)})
        assert err.value.key == "error.stat_invalid"


def test_strength_categories_run_up_to_twenty() -> None:
    for category in ("0", "1/8", "1,5", "6", "7", "20"):
        Weapon(damage_dice="1k6", strength_category=category)
    for category in ("21", "1000000000000", "9" * 5000):
        with pytest.raises(RulesError, match="stat_invalid"):
            S.sheet({"weapons": [{"damage_dice": "1k6", "strength_category": category}]})


def test_the_ladder_saturates_at_a_hundred_dice() -> None:
    assert shift_dice("16k10", 84) == "100k10"
    assert shift_dice("16k10", 1000) == "100k10"
    plan = damage_plan(Weapon(damage_dice="90k10", damage_steps=30), 100, raise_category=True)
    assert plan.dice == "100k10"


def test_the_location_table_die_has_at_most_a_thousand_sides() -> None:
    S.settings({"location_table": "1-999:torso,1000:head"})
    for table in ("1-1000:torso,1001:head", "1-999999999999:torso", "1-" + "9" * 5000 + ":torso"):
        with pytest.raises(RulesError, match="setting_invalid"):
            S.settings({"location_table": table})


def test_wound_thresholds_are_within_the_damage_a_sheet_holds() -> None:
    S.settings({"wound_thresholds": f"light:5,out:{DAMAGE}"})
    for text in (f"light:5,out:{DAMAGE + 1}", "light:-1", "light:" + "9" * 5000):
        with pytest.raises(RulesError, match="setting_invalid"):
            S.settings({"wound_thresholds": text})


def _exchange(actor: dict[str, Any], target: dict[str, Any], dice: Any, **options: Any) -> Any:
    a, t = Fighter("A", S.sheet(actor)), Fighter("T", S.sheet(target))
    st = S.settings({"default_defence": "none"})
    first = S.attack(ActionRequest(a, t, S.options(options), st, forced=True), dice)
    if first.outcome != "pending_defence":
        return first
    assert first.exchange is not None
    return S.defend(DefenceRequest(t, a, first.exchange, st, S.default_defence(first.exchange)), dice)


def test_piled_up_damage_stays_at_its_bound() -> None:
    giant = {
        "strength": 100,
        "weapon_skills": {"maul": 100},
        "weapons": [{"id": "maul", "damage_dice": "100k1000", "strength_category": "20"}],
    }
    worn = {"physical_defence": 0, "damage_taken": DAMAGE - 1, "damage_by_location": {"torso": DAMAGE - 1}}
    r = _exchange(giant, worn, RandomDice(3), location="torso")
    assert r.target_sheet is not None
    after = S.sheet(r.target_sheet)
    assert after.damage_taken == DAMAGE and after.damage_by_location["torso"] == DAMAGE  # type: ignore[attr-defined]


def test_extra_effort_fatigue_stays_at_its_bound() -> None:
    heavy = {"strength": 10, "fatigue_points": 1000, "lift_kg": 1, "weapon_skills": {"axe": 5}}
    heavy["weapons"] = [{"id": "axe", "damage_dice": "1k6", "weight_kg": 5}]
    r = _exchange(heavy, {"physical_defence": 0}, RandomDice(5), extra_effort=True)
    assert [(c.field, c.before, c.after) for c in r.changes if c.field == "fatigue_points"] == [
        ("fatigue_points", 1000, 1000)
    ]
    reloads(S, [r])


def test_self_injury_stays_at_its_bound() -> None:
    brawler = {
        "strength": 100,
        "damage_taken": DAMAGE - 1,
        "wound_level": "light",  # its group's thresholds (a stored level) keep it standing
        "unarmed_skill": 100,
        "lift_kg": 20,
        "weapons": [{"id": "fist", "damage_dice": "100k1000", "traits": ["unarmed"], "weight_kg": 1}],
    }
    r = _exchange(brawler, {"physical_defence": 0}, RandomDice(5), hard_target=True)
    assert r.actor_sheet is not None
    assert S.sheet(r.actor_sheet).damage_taken == DAMAGE  # type: ignore[attr-defined]
    reloads(S, [r])
