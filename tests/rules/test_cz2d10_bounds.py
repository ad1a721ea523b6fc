"""Numbers are bounded (every sheet key, option and setting) and the size relabelling is constant-time:
`size:1000000000` once looped a billion times (issue 12)."""

from __future__ import annotations

import time
import types
import typing
from typing import Any

import pytest
from pydantic import BaseModel

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.locations import SATURATION_STEPS, best_shift, effective_table
from rules.systems.cz2d10.sheet import ArmourPiece

POLY = {"polygonal": True}
FIGHTER = {"str": 6, "dex": 6, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}
TORSO_HIT = [5, 5, 1, 5, 6]  # 19 vs 15 hits, d5 1, location 11 = torso


def req(actor: dict[str, Any], target: dict[str, Any] | None = None, **options: Any) -> ActionRequest:
    t = Fighter("T", S.sheet(target)) if target is not None else None
    return ActionRequest(Fighter("A", S.sheet(actor)), t, S.options(options), S.settings(POLY))


# ---- size ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("mine", "theirs"), [(20, -10), (-10, 20)])
def test_extreme_sizes_resolve_a_full_attack_at_once(mine: int, theirs: int) -> None:
    start = time.perf_counter()
    r = S.attack(
        req({**FIGHTER, "size": mine}, {"dex": 2, "size": theirs}, targeted=6, target_location="head"),
        ScriptedDice([8, 9, 3, 5, 6]),  # 9 − 6 targeted + 17 = 20 > 15
    )
    assert time.perf_counter() - start < 0.5
    assert r.outcome == "hit" and r.location is not None and r.damage is not None


def test_a_size_beyond_the_bounds_is_refused() -> None:
    for size in (21, -11, 1_000_000_000):
        with pytest.raises(RulesError, match="stat_invalid"):
            S.sheet({"size": size})


def test_the_relabelling_saturates_so_any_difference_is_constant_time() -> None:
    for variant in (1, 2, 3):
        for thrust in (False, True):
            for sign in (1, -1):
                full = effective_table(variant, sign * SATURATION_STEPS, thrust)
                assert effective_table(variant, sign * (SATURATION_STEPS - 1), thrust) == full  # a fixed point
                assert effective_table(variant, sign * 1_000_000_000, thrust) == full
    assert best_shift(11, 1_000_000_000, "head", 1, 0, False) in (-9, 8)  # nearest head sum from 11


# ---- bounds on every number ---------------------------------------------------------------------------
def _holds_int(annotation: Any) -> bool:
    if annotation is int:
        return True
    if typing.get_origin(annotation) is typing.Literal:
        return False
    return any(_holds_int(a) for a in typing.get_args(annotation))


def _huge(annotation: Any, value: int) -> Any:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        plain = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _huge(plain[0], value)
    if origin is typing.Annotated:
        return _huge(typing.get_args(annotation)[0], value)
    if origin is dict:
        return {"torso": _huge(typing.get_args(annotation)[1], value)}
    if origin is list:
        return [_huge(typing.get_args(annotation)[0], value)] * 4
    return value


@pytest.mark.parametrize("model", [S.Sheet, S.Options, S.Settings, ArmourPiece])
def test_every_number_has_declared_bounds(model: type[BaseModel]) -> None:
    numeric = [name for name, f in model.model_fields.items() if _holds_int(f.annotation)]
    assert numeric
    for name in numeric:
        annotation = model.model_fields[name].annotation
        key = model.model_fields[name].alias or name
        for value in (10**9, -(10**9)):
            with pytest.raises(ValueError):
                model.model_validate({key: _huge(annotation, value)})


def test_rules_clip_piled_up_damage_so_the_sheet_loads_again() -> None:
    worn = {"dex": 2, "part_damage": {"torso": 998}}
    r = S.attack(req({**FIGHTER, "str": 60}, worn), ScriptedDice(TORSO_HIT))
    assert r.target_sheet is not None and S.sheet(r.target_sheet).part_damage == {"torso": 999}  # type: ignore[attr-defined]
    r = S.act("stun", req({"stun": 998}, amount=999), ScriptedDice([]))
    assert r.actor_sheet is not None and S.sheet(r.actor_sheet).stun == 999  # type: ignore[attr-defined]
