"""Probe every number a user may type (issue 12): refused or answered, never more than 50 ms of CPU.

For every system and every numeric key of its Sheet (on the attacker and on the target), Options and
Settings, and for the quick-NPC shortcut keys that fill nested fields, the key is tried at its declared
minimum, its maximum, −10⁶ and +10⁶ through a full attack (`rules.RandomDice(seed)`; where the attack
waits for an active defence, the default defence finishes it). Each try is timed with
`time.process_time`: building the sheets, options and settings, the attack and the defence. A try is
*answered* (a result, whose returned sheets must validate again), *refused* (a `RulesError`: out of
bounds, or a request the rules turn down), or anything else, which is a bug.

Run from the repository root: `python bench/probe_bounds.py` (prints a table; exit status 1 on a bug or
a call over the target).
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import ActionRequest, ActionResult, DefenceRequest, Fighter, RandomDice, RulesError, get_system
from rules.bounds import NumericKey, numeric_keys, with_value
from rules.system import CombatSystem

TARGET_S = 0.050  # CPU seconds a call may take
HUGE = 10**6
SEED = 12


@dataclass(frozen=True)
class Setup:
    """A system's fight: two sheets with nested items to reach (weapons, armour, skill dicts), the attack's
    options, and the quick shortcut keys (stored in nested fields) with the bounds they declare."""

    attacker: dict[str, Any]
    target: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    weapon: str | None = None
    action: str = "attack"
    distance: float | None = None
    # option key -> the extra action (act) it belongs to, tried there instead of the attack
    option_actions: dict[str, str] = field(default_factory=dict)
    # worst cases: every bound that multiplies another at once (name -> changed attacker/target/options/
    # settings, merged over the fight's own), including dice expressions at their limit (100 dice of 1000 sides)
    worst: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)


SETUPS: dict[str, Setup] = {
    "dnd35": Setup(
        attacker={
            "str": 16,
            "dex": 13,
            "bab": 6,
            "hp": 40,
            "skills": {"heal": 4},
            "dodge_bonuses": [1],
            "weapons": [{"name": "longsword", "damage": "1d8", "threat_min": 19, "range_increment_ft": 10}],
        },
        target={
            "ac": 15,
            "hp": 30,
            "dodge_bonuses": [1],
            "skills": {"heal": 2},
            "weapons": [{"name": "longsword", "damage": "1d8"}],
        },
        options={"full_attack": True},
        option_actions={
            "item_hp": "sunder",
            "moved_ft": "bull_rush",
            "amount": "heal",
            "new_initiative": "delay",
        },
        worst={
            "two-weapon full attack, 100d1000 ×12 criticals, ten extra dice": {
                "attacker": {
                    "str": 99,
                    "dex": 99,
                    "bab": 60,
                    "feats": ["two_weapon_fighting", "improved_two_weapon_fighting", "greater_two_weapon_fighting"],
                    "weapons": [
                        {
                            "name": "a",
                            "damage": "100d1000",
                            "threat_min": 2,
                            "crit_mult": 10,
                            "extra_damage_dice": ["100d1000"] * 10,
                        },
                        {
                            "name": "b",
                            "category": "light",
                            "damage": "100d1000",
                            "threat_min": 2,
                            "crit_mult": 10,
                            "extra_damage_dice": ["100d1000"] * 10,
                        },
                    ],
                },
                "target": {"hp": 10_000, "ac": -50},
                "options": {"two_weapon": True, "extra_damage": "100d1000", "set_vs_charge": True},
                "settings": {"stop_full_attack_when_dead": False, "massive_damage_threshold": 1},
            },
        },
    ),
    "arm5": Setup(
        attacker={
            "dex": 1,
            "str": 2,
            "abilities": {"single_weapon": 4},
            "weapon": {"name": "sword", "ability": "single_weapon", "init": 2, "atk": 4, "dfn": 1, "dam": 6},
            "shield": {"name": "round", "dfn": 3},
            "wounds": {"light": 1},
            "initiative": 9,
            "initiative_tiebreak": [1, 5],
            "spells": [{"name": "pilum", "damage": 15, "casting_score": 20, "level": 15}],
        },
        target={
            "qik": 1,
            "sta": 1,
            "abilities": {"single_weapon": 3},
            "weapon": {"name": "sword", "ability": "single_weapon", "dfn": 1},
            "shield": {"name": "round", "dfn": 3},
            "armour_prot": 5,
            "wounds": {"light": 1},
            "initiative": 7,
            "initiative_tiebreak": [1, 5],
        },
        option_actions={
            "spell_damage": "magic_attack",
            "casting_score": "cast",
            "spell_level": "cast",
            "new_initiative": "hold",
        },
        worst={
            "every Characteristic, Ability and modifier at its top, ten botch dice": {
                "attacker": {
                    "str": 10,
                    "dex": 10,
                    "qik": 10,
                    "single_weapon": 30,
                    "size": 20,
                    "botch_dice": 10,
                    "weapon": {"name": "w", "ability": "single_weapon", "init": 20, "atk": 40, "dfn": 40, "dam": 40},
                    "shield": {"name": "s", "init": 20, "atk": 20, "dfn": 20, "dam": 20},
                },
                "target": {"size": 20, "botch_dice": 10, "armour_prot": 30, "soak_bonus": 30, "wounds": {"light": 99}},
                "settings": {"botch_dice_default": 10, "spell_soak_botch_dice": 10},
            },
        },
    ),
    "adnd2cp": Setup(
        attacker={
            "classes": [{"class_name": "fighter", "level": 9}],
            "strength": 17,
            "dexterity": 15,
            "hp": 60,
            "hp_max": 60,
            "pool_max": 40,
            "weapons": [
                {"id": "long_sword", "magic": 1, "to_hit_bonus": 0, "damage_bonus": 0, "max_str_damage_bonus": 3},
                {"id": "long_bow", "ranges": [20, 40, 60]},
            ],
            "conditions": [{"key": "pain_penalty", "rounds": 1, "value": -2}],
        },
        target={
            "hd": "4+1",
            "hp": 40,
            "hp_max": 40,
            "ac": 5,
            "dodge_pct": 10,
            "conditions": [{"key": "impaled", "value": 1}],
            "readied_defence": {"deflection_bonus": 1, "evasion_bonus": 5},
            "weapons": [{"id": "attack", "damage": "1d8"}],
        },
        weapon="long_sword",
        option_actions={"hours": "rest", "initiative_modifier": "initiative"},
        worst={
            "a backstab with 100d1000 from the rear, every bonus at its top": {
                "attacker": {
                    "classes": [{"class_name": "thief", "level": 40}, {"class_name": "fighter", "level": 40}],
                    "strength": 25,
                    "weapons": [
                        {
                            "id": "long_sword",
                            "damage": "100d1000",
                            "damage_large": "100d1000",
                            "magic": 10,
                            "to_hit_bonus": 50,
                            "damage_bonus": 100,
                        }
                    ],
                },
                "target": {"hp": 10_000, "hp_max": 10_000, "ac": -10},
                "options": {"backstab": True, "rear": True, "damage_modifier": 20, "modifier": 20},
            },
        },
    ),
    "pl_wladanie": Setup(
        attacker={
            "strength": 6,
            "lift_kg": 20,
            "endurance": 3,
            "physical_defence": 14,
            "weapon_skills": {"sword": 5},
            "parry_skill": 3,
            "weapons": [
                {
                    "id": "sword",
                    "damage_dice": "1k8",
                    "strength_category": "1/2",
                    "weight_kg": 1.5,
                    "max_range_m": 10,
                    "parry_modifier": 1,
                    "damage_steps": 1,
                }
            ],
            "damage_by_location": {"torso": 2},
            "initiative_result": 12,
        },
        target={
            "physical_defence": 15,
            "physical_defence_unprepared": 12,
            "weapon_skills": {"sword": 4, "shield": 3},
            "parry_skill": 4,
            "dodge_skill": 2,
            "weapons": [{"id": "sword", "damage_dice": "1k8"}],
            "shield": {"id": "shield", "coverage": 10, "armour": 2, "parry_modifier": 2},
            "armour": [{"id": "mail", "parts": ["torso"], "coverage": 12, "armour": 3}],
            "damage_by_location": {"torso": 2},
            "initiative_result": 10,
        },
        options={"location": "torso"},
        settings={"wound_thresholds": "light:5,serious:10,critical:15,out:20"},
        option_actions={"st": "test", "archer_initiative": "archer_rush"},
        worst={
            "16k10 thirty steps up (the ladder's 100k10), strength 100 at category 20, two hands": {
                "attacker": {
                    "strength": 100,
                    "lift_kg": 10_000,
                    "weapons": [{"id": "sword", "damage_dice": "16k10", "strength_category": "20", "damage_steps": 30}],
                },
                "options": {"grip": "two_handed", "modifier": 100},
                "settings": {"location_table": "1-999:torso,1000:head", "unnamed_location": "table"},
            },
        },
    ),
    "cz2d10": Setup(
        attacker={
            "str": 6,
            "dex": 6,
            "reaction": 5,
            "weapon": "medium_straight_blade_1h",
            "weapon_skill": {"medium_straight_blade_1h": 6},
            "hp": 20,
            "hp_max": 20,
            "part_damage": {"torso": 1},
            "attacks_on": {"Target": 1},
            "reflexes_against": {"Target": 0},
            "wound_thresholds": [5, 10, 15, 20],
            "wound_penalties": [-1, -3, -5],
        },
        target={
            "dex": 2,
            "hp": 30,
            "hp_max": 30,
            "weapon": "light_straight_blade",
            "armour_parts": {"torso": {"material": "generic", "dr": 2}},
            "part_damage": {"torso": 1},
            "wound_thresholds": [5, 10, 15, 20],
            "wound_penalties": [-1, -3, -5],
        },
        settings={"polygonal": True, "duel_system": "vzor2"},
        option_actions={"amount": "stun", "new_initiative": "wait", "steps": "move", "level": "accelerate"},
        worst={
            "100d1000 damage, every number of the attacker at its top, the largest size difference": {
                "attacker": {
                    "str": 60,
                    "dex": 60,
                    "size": 20,
                    "weapon_damage": "100d1000",
                    "crit_range_bonus": 18,
                    "power_attack": 30,
                    "weapon_specialization": 30,
                    "weapon_focus": 20,
                },
                "target": {"size": -10, "hp": 999, "hp_max": 999},
                "options": {"targeted": 6, "target_location": "head", "bonus": 50},
            },
        },
    ),
}


@dataclass
class Tally:
    probed: int = 0
    answered: int = 0
    refused: int = 0
    bugs: list[str] = field(default_factory=list)
    # refusals of a value inside the bounds (the rules turned the request down), shown with -v
    refusals: list[str] = field(default_factory=list)
    slowest: tuple[float, str, Any] = (0.0, "", None)

    def time(self, seconds: float, key: str, value: Any) -> None:
        if seconds > self.slowest[0]:
            self.slowest = (seconds, key, value)


def _sheet(system: CombatSystem, data: Mapping[str, Any]) -> Any:
    return system.sheet(data)


def full_attack(
    system: CombatSystem,
    setup: Setup,
    actor: dict[str, Any],
    target: dict[str, Any],
    options: dict[str, Any],
    settings: dict[str, Any],
    action: str,
) -> list[ActionResult]:
    """Build everything from plain data and resolve the attack (and its default defence)."""
    a = Fighter("Attacker", _sheet(system, actor))
    t = Fighter("Target", _sheet(system, target))
    opts = system.options(options)
    st = system.settings(settings)
    req = ActionRequest(a, t, opts, st, weapon=setup.weapon, distance=setup.distance, forced=True)
    dice = RandomDice(SEED)
    if action == "attack":
        result = system.attack(req, dice)
    elif action == "shot":
        result = system.shot(req, dice)
    elif action == "initiative":
        result = system.initiative(req, dice)
    else:
        result = system.act(action, req, dice)
    results = [result]
    if result.outcome == "pending_defence" and result.exchange is not None:
        exchange = result.exchange
        dreq = DefenceRequest(t, a, exchange, st, system.default_defence(exchange))
        results.append(system.defend(dreq, dice))
    return results


def _reloads(system: CombatSystem, results: list[ActionResult]) -> str | None:
    """A returned sheet that does not validate again (a number the rules wrote past its bounds)."""
    for r in results:
        for sub in [r, *r.attacks]:
            for sheet in (sub.actor_sheet, sub.target_sheet):
                if sheet is None:
                    continue
                try:
                    system.sheet(sheet)
                except RulesError as exc:
                    return f"returned sheet refused: {exc}"
    return None


def _try(tally: Tally, label: str, value: Any, run: Callable[[], list[ActionResult]], system: CombatSystem) -> None:
    tally.probed += 1
    start = time.process_time()
    try:
        results = run()
    except RulesError as exc:
        tally.refused += 1
        if not isinstance(value, (int, float)) or abs(value) < HUGE:
            tally.refusals.append(f"{label}={value}: {exc}")
    except Exception as exc:  # anything else is a bug the probe reports
        tally.bugs.append(f"{label}={value}: {type(exc).__name__}: {exc}")
    else:
        tally.answered += 1
        broken = _reloads(system, results)
        if broken:
            tally.bugs.append(f"{label}={value}: {broken}")
    tally.time(time.process_time() - start, label, value)


def shortcut_bounds(system_id: str) -> dict[str, tuple[int, int]]:
    """The quick-NPC keys a system stores in other fields, with the bounds it declares for them."""
    module = importlib.import_module(f"rules.systems.{system_id}.sheet")
    found: dict[str, tuple[int, int]] = getattr(module, "SHORTCUT_BOUNDS", {})
    return found


def _values(key: NumericKey | tuple[Any, Any]) -> list[Any]:
    lo, hi = (key.lo, key.hi) if isinstance(key, NumericKey) else key
    return [v for v in (lo, hi) if v is not None] + [-HUGE, HUGE]


def probe(system_id: str, setup: Setup) -> Tally:
    system = get_system(system_id)
    tally = Tally()
    base = dict(attacker=setup.attacker, target=setup.target, options=setup.options, settings=setup.settings)
    full_attack(system, setup, setup.attacker, setup.target, setup.options, setup.settings, setup.action)  # warm

    def run_with(action: str = setup.action, **changed: Any) -> Callable[[], list[ActionResult]]:
        args = {**base, **changed}
        return lambda: full_attack(
            system, setup, args["attacker"], args["target"], args["options"], args["settings"], action
        )

    for side in ("attacker", "target"):
        sample = getattr(setup, side)
        for key in numeric_keys(system.Sheet, sample):
            for value in _values(key):
                changed = with_value(sample, key.path, value)
                _try(tally, f"{side}.{key.name}", value, run_with(**{side: changed}), system)
        for short, bounds in shortcut_bounds(system_id).items():
            for value in _values(bounds):
                typed = {**sample, short: str(value)}  # quick lines arrive as text
                _try(tally, f"{side}.{short}", value, run_with(**{side: typed}), system)
    for key in numeric_keys(system.Options, setup.options):
        action = setup.option_actions.get(key.name, setup.action)
        for value in _values(key):
            changed = with_value(setup.options, key.path, value)
            _try(tally, f"options.{key.name}", value, run_with(action, options=changed), system)
    for key in numeric_keys(system.Settings, setup.settings):
        for value in _values(key):
            changed = with_value(setup.settings, key.path, value)
            _try(tally, f"settings.{key.name}", value, run_with(settings=changed), system)
    for name, changes in setup.worst.items():
        merged = {part: {**base[part], **changes.get(part, {})} for part in base}
        _try(tally, "worst case", name, run_with(**merged), system)
    return tally


def main() -> int:
    wall = time.perf_counter()
    holds = True
    bugs = 0
    print(f"{'system':<12} {'probed':>6} {'answered':>8} {'refused':>7} {'bugs':>4}  slowest call (CPU)")
    for system_id, setup in SETUPS.items():
        tally = probe(system_id, setup)
        seconds, key, value = tally.slowest
        print(
            f"{system_id:<12} {tally.probed:>6} {tally.answered:>8} {tally.refused:>7} {len(tally.bugs):>4}  "
            f"{seconds * 1000:.1f} ms  {key}={value}"
        )
        for bug in tally.bugs:
            print(f"    BUG {bug}")
        for refusal in tally.refusals if "-v" in sys.argv else ():
            print(f"    refused within the bounds: {refusal}")
        bugs += len(tally.bugs)
        holds = holds and seconds <= TARGET_S
    verdict = "holds" if holds else "FAILS"
    print(f"bugs (exceptions other than a refusal, or a returned sheet that does not load): {bugs}")
    print(f"wall time {time.perf_counter() - wall:.1f} s")
    print(f"target: every call ≤ {TARGET_S * 1000:.0f} ms CPU — {verdict}")
    return 0 if holds and not bugs else 1


if __name__ == "__main__":
    sys.exit(main())
