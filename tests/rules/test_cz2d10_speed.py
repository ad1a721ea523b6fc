"""cz2d10's faster paths (issue 17, third round) give what the plain rules give."""

from __future__ import annotations

from typing import Any

import pytest

from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.derive import (
    PARTS,
    part_level,
    part_penalty,
    part_unusable,
    wound_con,
    wound_level,
)


def _level_by_loop(damage: int, hp: int, custom: list[int] | None) -> str:
    """The wound level as the seed's thresholds give it, counted out (quarters of HP by default)."""
    if damage <= 0:
        return "none"
    limits = custom or [max(1, -(-hp // 4)), max(1, -(-hp // 2)), max(1, -(-3 * hp // 4)), max(1, hp)]
    level = "scratch"
    for name, limit in zip(("light", "serious", "severe", "mortal"), limits, strict=True):
        if damage >= limit:
            level = name
    return level


@pytest.mark.parametrize("custom", [None, [], [2, 4, 6, 8]])
def test_wound_level_looked_up_is_counted_out(custom: list[int] | None) -> None:
    for hp in range(1, 31):
        for damage in range(-2, 45):
            assert wound_level(damage, hp, custom) == _level_by_loop(damage, hp, custom)


@pytest.mark.parametrize(
    "data",
    [
        {"con": 2, "part_damage": {"head": 7, "right_arm": 3}},
        {"con": -3, "part_damage": {"left_leg": 1, "torso": 2}},  # a penalty of 0 is above a negative CON
        {"hp": 12, "part_damage": {"torso": 9, "left_arm": 4}, "amputated": ["right_leg"]},
        {"con": 0, "toughness": True, "part_damage": {"head": 20}},
    ],
)
def test_part_unusable_as_the_seed_states_it(data: dict[str, Any]) -> None:
    """L497: a mortal wound, or a penalty larger than CON, makes a part unusable (asked once per level)."""
    sheet: Any = S.sheet(data)
    settings: Any = S.settings({})
    for part in PARTS:
        expected = part in sheet.amputated or (
            bool(sheet.part_damage.get(part))
            and (
                part_level(sheet, part, settings) == "mortal" or -part_penalty(sheet, part, settings) > wound_con(sheet)
            )
        )
        assert part_unusable(sheet, part, settings) == expected


_SHEETS = [
    {"con": 2, "part_damage": {"head": 7, "right_arm": 3}, "stun": 4, "prone": True},
    {"reaction": -4, "armour": "mail", "armour_dr": 6, "weapon": "medium_axe_1h", "acceleration": 1},
    {"initiative_fixed": -7, "mounted": True, "amputated": ["left_leg"], "defence_mode": "partial"},
    {"slowdown": 3, "intimidation": 2, "aware": False, "hp": 12, "hp_max": 20},
]


@pytest.mark.parametrize("data", _SHEETS)
def test_what_a_miss_changes_leaves_conditions_and_actions_as_they_were(data: dict[str, Any]) -> None:
    """`_complete` keeps the sheet before a miss for its conditions: who attacked it moves none of them."""
    from rules.systems.cz2d10.derive import actions_per_round, carry_slowdown, initiative_value
    from rules.systems.cz2d10.sheet import bounded
    from rules.systems.cz2d10.status import conditions
    from rules.systems.cz2d10.system import _NO_CONDITION

    sheet: Any = S.sheet(data)
    upd = {"opponents_top_initiative": 4, "attackers": ["Orc"], "reflexes_against": {"Orc": 1}}
    assert set(upd) == _NO_CONDITION
    for polygonal in (False, True):
        settings: Any = S.settings({"polygonal": polygonal})
        after = sheet.rebuilt(bounded(upd))
        assert conditions(after, settings) == conditions(sheet, settings)
        fresh = S.sheet(after.model_dump(by_alias=True))  # a new object: nothing cached for it
        carry_slowdown(sheet, after, upd)
        assert actions_per_round(after, polygonal) == actions_per_round(fresh, polygonal)
        assert initiative_value(after, polygonal) == initiative_value(fresh, polygonal)


@pytest.mark.parametrize("data", _SHEETS)
@pytest.mark.parametrize("upd", [{"acceleration": 2}, {"weapon": None}, {"reaction": 3}, {"armour_dr": 0}])
def test_derived_numbers_not_carried_past_a_change_they_read(data: dict[str, Any], upd: dict[str, Any]) -> None:
    from rules.systems.cz2d10.derive import actions_per_round, carry_slowdown, initiative_value, slowdown_total
    from rules.systems.cz2d10.sheet import bounded

    sheet: Any = S.sheet(data)
    for polygonal in (False, True):
        actions_per_round(sheet, polygonal)  # cached for the sheet before
        after = sheet.rebuilt(bounded(upd))
        carry_slowdown(sheet, after, upd)
        fresh = S.sheet(after.model_dump(by_alias=True))
        assert actions_per_round(after, polygonal) == actions_per_round(fresh, polygonal)
        assert initiative_value(after, polygonal) == initiative_value(fresh, polygonal)
        assert slowdown_total(after, polygonal) == slowdown_total(fresh, polygonal)


@pytest.mark.parametrize("data", _SHEETS)
def test_conditions_after_an_exchange_are_those_of_the_target_sheet_loaded_afresh(data: dict[str, Any]) -> None:
    """`_complete` passes the target's actions per round on from `prepare` (no field they are made of moves
    in an attack): the conditions it reports are those of the dumped target sheet loaded as a new object."""
    from rules.dice import RandomDice
    from rules.system import ActionRequest, Fighter
    from rules.systems.cz2d10.status import conditions

    actor = Fighter("A", S.sheet({"str": 9, "dex": 6, "reaction": 5, "weapon": "sword", "weapon_skill": 6}))
    target = Fighter("T", S.sheet({**data, "weapon": "sword"}))
    dice = RandomDice(5)
    seen = set()
    for polygonal in (False, True):
        settings: Any = S.settings({"polygonal": polygonal})
        for options in ({}, {"flat": True}, {"stab": True, "target_state": "immobile", "shock": "failed"}):
            req = ActionRequest(actor, target, S.options(options), settings)
            for _ in range(40):
                r = S.attack(req, dice)
                fresh: Any = S.sheet(r.target_sheet)
                assert r.conditions == conditions(fresh, settings), (options, r.outcome)
                seen.add(r.outcome)
    assert {"hit", "miss"} <= seen


@pytest.mark.parametrize("con", [-3, 0, 2, 5])
@pytest.mark.parametrize("amputated", [[], ["left_arm"], ["torso", "right_leg"]])
def test_part_conditions_asked_once_per_part_are_the_seeds(con: int, amputated: list[str]) -> None:
    """`conditions` walks the damaged parts once: what it lists is `unusable_<part>` for every part
    `part_unusable` names (amputated ones aside), then each usable limb's light to severe wound."""
    from rules.systems.cz2d10.derive import PARTS as ALL
    from rules.systems.cz2d10.status import conditions

    settings: Any = S.settings({})
    for step in range(0, 40, 3):
        damage = {p: (step * (i + 1)) % 23 for i, p in enumerate(ALL)}
        sheet: Any = S.sheet({"con": con, "part_damage": damage, "amputated": amputated})
        shown = [c for c in conditions(sheet, settings) if c.startswith(("unusable_", "light_", "serious_", "severe_"))]
        unusable = [
            f"unusable_{p}" for p in ALL if damage[p] and p not in amputated and part_unusable(sheet, p, settings)
        ]
        wounds = [
            f"{part_level(sheet, p, settings)}_wound_{p}"
            for p in ALL[2:]
            if damage[p]
            and p not in amputated
            and not part_unusable(sheet, p, settings)
            and part_level(sheet, p, settings) in ("light", "serious", "severe")
        ]
        assert shown == unusable + wounds
