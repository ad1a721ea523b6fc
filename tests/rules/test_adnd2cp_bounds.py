"""adnd2cp: every number is bounded (issue 12). At each bound a full attack resolves; past it the value
is refused; Hit Dice and attacks per round (texts) are bounded too; what the rules write (hp, the pool,
counters, a condition's count) stays inside the bounds, so the sheet loads again."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bench.probe_bounds import SETUPS
from rules.bounds import NumericKey
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from rules.systems.adnd2cp.sheet import MAX_POOL, SHORTCUT_BOUNDS
from tests.rules.bounds_cases import Fight, assert_declared, params, refused_beyond, reloads, resolves_at

S = get_system("adnd2cp")
FIGHT = Fight.of(S, SETUPS["adnd2cp"])
# What the rules themselves turn down at a bound: no main attack left this round.
REFUSED = {"attacker.attacks_left=0": "error.adnd2cp.no_attacks_left"}


def test_every_number_declares_its_bounds() -> None:
    assert_declared(FIGHT)


@pytest.mark.parametrize(("kind", "key"), params(FIGHT))
def test_a_full_attack_resolves_at_each_bound(kind: str, key: NumericKey) -> None:
    resolves_at(FIGHT, kind, key, key.lo, REFUSED)
    resolves_at(FIGHT, kind, key, key.hi, REFUSED)


@pytest.mark.parametrize(("kind", "key"), params(FIGHT, ("attacker", "options", "settings")))
def test_beyond_each_bound_is_refused(kind: str, key: NumericKey) -> None:
    refused_beyond(FIGHT, kind, key)


@pytest.mark.parametrize("short", sorted(SHORTCUT_BOUNDS))
def test_quick_keys_are_bounded_under_their_own_names(short: str) -> None:
    lo, hi = SHORTCUT_BOUNDS[short]
    for value in (lo, hi):
        S.sheet({short: str(value)})
    for value in (hi + 1, 10**6):
        with pytest.raises(RulesError) as err:
            S.sheet({short: str(value)})
        assert err.value.key == "error.stat_invalid"
        assert err.value.params["key"].key == ("hit_dice" if short == "hd" else short)


def test_hit_dice_up_to_two_hundred() -> None:
    for hd in ("1/2", "1-1", "4+1", "200", "200+200"):
        S.sheet({"hd": hd})
    for hd in ("201", "4+201", "9" * 5000):
        with pytest.raises(RulesError, match="stat_invalid"):
            S.sheet({"hd": hd})


def test_attacks_per_round_up_to_twenty_and_never_a_huge_fraction() -> None:
    for rate in ("1", "3/2", "5/2", "12", "20"):
        S.sheet({"attacks_per_round": rate})
    start = time.process_time()
    for rate in ("21", "0", "41/2", "1e3000000", "1/0", "9" * 5000):
        with pytest.raises(RulesError, match="stat_invalid"):
            S.sheet({"attacks_per_round": rate})
    assert time.process_time() - start < 0.05  # "1e3000000" once built a three-million-digit number


def test_the_computed_pool_stays_within_its_bound() -> None:
    huge = S.sheet(
        {
            "hd": "200",
            "int": 25,
            "classes": [{"class_name": "fighter", "level": 40}, {"class_name": "thief", "level": 40}],
            "combat_art_grades": 50,
            "extra_pool_points": 100,
            "weapons": [{"id": f"w{i}", "category": f"c{i}", "rank": "gran_maestro"} for i in range(150)],
        }
    )
    assert huge.pool_max == MAX_POOL and huge.points == MAX_POOL  # type: ignore[attr-defined]
    S.sheet(huge.model_dump())


def _attack(actor: dict[str, Any], target: dict[str, Any], faces: list[int], **options: Any) -> Any:
    req = ActionRequest(
        Fighter("A", S.sheet(actor)), Fighter("T", S.sheet(target)), S.options(options), S.settings({}), "maul"
    )
    return S.attack(req, ScriptedDice(faces))


def test_piled_up_damage_and_counters_load_again() -> None:
    giant = {"thac0": 1, "hp": 50, "weapons": [{"id": "maul", "damage": "100d1000"}], "attacks_made": 100}
    r = _attack(giant, {"hp": -95, "hp_max": 10}, [15, *[1000] * 100], supplementary=True)
    assert r.target_sheet is not None and r.target_sheet["hp"] == -100
    assert r.actor_sheet is not None and r.actor_sheet["attacks_made"] == 100
    reloads(S, [r])


def test_a_bleeding_count_at_its_top_stays_there() -> None:
    bleeding = {"hp": 5000, "hp_max": 5000, "conditions": [{"key": "bleeding", "value": 10_000}]}
    r = S.start_round(Fighter("T", S.sheet(bleeding)), S.settings({}), 3)
    assert r is not None and r.actor_sheet is not None
    reloads(S, [r])
