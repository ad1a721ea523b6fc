"""Exact odds of an attack or shot (issue 16): the exchange's own phases (melee.py), run as stages.

1. the Attack test (`attack_phase`): the state is the Attack total;
2. the Defense test (`defence_phase`, `advantage_of`) and the wound (`wound_phase`, no dice, computed
   once per Attack Advantage): the state is the wound the hit leaves and the damage through Soak, or
   `MISS` (every miss is one state, whatever the totals were).

Each stage is enumerated once per distinct state the stage before left: the ~100 ways an Attack stress
die can fall (its chain of 1s cut below 1e-9 a path, the cut mass reported as `truncated`) give a few
dozen Attack totals, each met by the ~100 ways of the Defense die. The defender has one defence
(`defend`: parry, block and dodge are its names), so the answer has one line.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from rules.dice import DiceSource
from rules.model import Modifier
from rules.odds import OddsPlan, Stage, Summary
from rules.system import ActionRequest
from rules.systems.arm5 import melee
from rules.systems.arm5.common import fighter_sheet
from rules.systems.arm5.settings import Settings

MISS = "miss"


def plan(req: ActionRequest, action: str) -> OddsPlan | None:
    """The stages of an attack or shot; any other action is enumerated whole (None)."""
    if action not in ("attack", "shot") or req.target is None:
        return None
    settings = req.settings
    assert isinstance(settings, Settings)
    swing = melee.swing(req, action)
    defender = fighter_sheet(req.target)
    guard = melee.guard(defender, settings, swing.exchange)
    dmg = [Modifier(**m) for m in swing.exchange["damage_modifiers"]]
    blow = melee.blow(defender, dmg, swing.exchange, settings)

    wounds: dict[int, tuple[str | None, int]] = {}  # wound_phase has no dice: once per advantage

    def attack_stage(dice: DiceSource, _: None) -> int:
        return melee.attack_phase(dice.face, dice.face, swing)

    def defence_stage(dice: DiceSource, attack_total: int) -> tuple[str | None, int] | str:
        hit = melee.advantage_of(attack_total, melee.defence_phase(dice.face, dice.face, guard))
        if hit is None:
            return MISS
        wound = wounds.get(hit)
        if wound is None:
            phase = melee.wound_phase(blow, hit)
            wound = wounds[hit] = (phase.taken, phase.applied)
        return wound

    stages: Sequence[Stage[Any]] = (attack_stage, defence_stage)

    def stages_of(choice: str | None) -> tuple[Sequence[Stage[Any]], Hashable]:
        return stages, None

    return OddsPlan(list(melee.DEFENCES), stages_of, summary)


def summary(state: tuple[str | None, int] | str) -> Summary:
    """A final state as `summarize()` reads the result: a miss, or a hit with its wound and damage."""
    if isinstance(state, str):
        return Summary(MISS)
    wound, applied = state
    return Summary("hit", wound, None, float(applied))
