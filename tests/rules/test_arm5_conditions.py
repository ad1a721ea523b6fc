"""GM conditions (`/encounter effect`): each one changes results exactly as the rules' own mechanism does.

Every test builds the same condition twice, once through the rules (a non-lethal hit, a wound, a
disengage, a held action …) and once with `set_condition`, then resolves the same action with the same
scripted dice on both and compares the results.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM

SWORD = {"name": "sword", "ability": "single_weapon", "atk": 4, "dam": 6}
ATTACKER = {"dex": 1, "str": 2, "single_weapon": 4, "weapon": SWORD}  # Attack 9 + die, Damage 8 + advantage
TARGET = {"qik": 2, "brawl": 2, "initiative": 10}  # Defense 4 + die (fist), Soak 0, Size 0
NONLETHAL = {"fatigue_table": "nonlethal"}
COMPARED = ("total", "against", "margin", "outcome", "wound", "modifiers", "defence_modifiers", "damage", "notes")


def exchange(
    attacker: dict[str, Any],
    target: dict[str, Any],
    faces: list[int],
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    kind: str = "attack",
) -> ActionResult:
    dice = ScriptedDice(faces)
    req = ActionRequest(
        Fighter("A", SYSTEM.sheet(attacker)),
        Fighter("T", SYSTEM.sheet(target)),
        SYSTEM.options(options or {}),
        SYSTEM.settings(settings or {}),
    )
    pending = SYSTEM.attack(req, dice) if kind == "attack" else SYSTEM.shot(req, dice)
    assert pending.exchange is not None and req.target is not None
    result = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings), dice)
    assert dice.remaining == 0
    verify_result(result)  # every check adds up as shown
    return result


def put_on(sheet: dict[str, Any], condition: str, on: bool = True) -> dict[str, Any]:
    return SYSTEM.set_condition(SYSTEM.sheet(sheet), condition, on).model_dump()


def same(a: ActionResult, b: ActionResult) -> None:
    assert {k: getattr(a, k) for k in COMPARED} == {k: getattr(b, k) for k in COMPARED}


def test_the_gm_list() -> None:
    assert SYSTEM.conditions() == [
        "winded",
        "weary",
        "tired",
        "dazed",
        "unconscious",
        "incapacitated",
        "dead",
        "mounted",
        "cover_quarter",
        "cover_half",
        "cover_three_quarters",
        "cover_almost_full",
        "left_combat",
        "delaying",
    ]
    with pytest.raises(RulesError) as err:
        SYSTEM.set_condition(SYSTEM.sheet({}), "prone", True)
    assert err.value.key == "error.unknown_condition"


def test_fatigue_levels_as_a_nonlethal_hit_leaves_them() -> None:
    # Seed table "Średnie | 2 poziomy Wyczerpania": Attack 9+2 = 11 vs Defense 4+5 = 9 → advantage 2,
    # damage 8+2 = 10 → Średnie → 2 Fatigue levels (Weary, −1) and no wound.
    hit = exchange(ATTACKER, TARGET, [2, 5], {"nonlethal": True}, NONLETHAL)
    assert hit.target_sheet is not None and hit.target_sheet["fatigue_level"] == 2
    by_rules, by_gm = hit.target_sheet, put_on(TARGET, "weary")
    assert "weary" in SYSTEM.status(SYSTEM.sheet(by_gm)).conditions
    same(exchange(ATTACKER, by_rules, [6, 6]), exchange(ATTACKER, by_gm, [6, 6]))  # Defense 4+6−1
    same(exchange(by_rules, ATTACKER, [6, 6]), exchange(by_gm, ATTACKER, [6, 6]))  # its Attack −1 too


def test_unconscious_as_a_nonlethal_hit_leaves_it() -> None:
    # Dazed (4) + "Lekkie | 1 poziom Wyczerpania" → 5, Unconscious: Attack 9+2 = 11 vs 4+5−5 = 4 → advantage
    # 7, damage −5+0+7 = 2 → Lekkie.
    dazed = {**TARGET, "fatigue_level": 4}
    weak = {**ATTACKER, "str": -5, "weapon": {**SWORD, "dam": 0}}
    hit = exchange(weak, dazed, [2, 5], {"nonlethal": True}, NONLETHAL)
    assert hit.wound is None and hit.target_sheet is not None and hit.target_sheet["fatigue_level"] == 5
    by_gm = put_on(dazed, "unconscious")
    result = exchange(ATTACKER, by_gm, [6])  # no Defense die: it cannot defend
    same(exchange(ATTACKER, hit.target_sheet, [6]), result)
    assert result.against == 0 and any(n.key == "cannot_defend" for n in result.notes)
    assert SYSTEM.status(SYSTEM.sheet(by_gm)).out_of_fight


def test_incapacitated_as_an_eliminujace_wound_leaves_it() -> None:
    # Attack 9+9 = 18 vs Defense 4+2 = 6 → advantage 12, damage 20 → Size 0: 16-20 Eliminujące.
    hit = exchange(ATTACKER, TARGET, [9, 2])
    assert hit.wound == "incapacitating" and hit.target_sheet is not None
    by_gm = put_on(TARGET, "incapacitated")
    same(exchange(ATTACKER, hit.target_sheet, [6]), exchange(ATTACKER, by_gm, [6]))
    for sheet in (hit.target_sheet, by_gm):
        with pytest.raises(RulesError) as err:
            exchange(sheet, ATTACKER, [6, 6])
        assert err.value.params["state"] == Term("condition", "incapacitated")


def test_dead_as_an_usmiercajace_wound_leaves_it() -> None:
    # Attack 9 + (1,9 → 18) = 27 vs 4+2 = 6 → advantage 21, damage 29 → 21+ Uśmiercające.
    hit = exchange(ATTACKER, TARGET, [1, 9, 2])
    assert hit.wound == "dead" and hit.target_sheet is not None
    by_gm = put_on(TARGET, "dead")
    for sheet in (hit.target_sheet, by_gm):
        status = SYSTEM.status(SYSTEM.sheet(sheet))
        assert (status.dead, status.out_of_fight, status.level) == (True, True, "dead")
        with pytest.raises(RulesError) as err:
            exchange(ATTACKER, sheet, [6, 6])
        assert err.value.key == "error.arm5.target_dead"


def test_mounted_as_the_sheet_flag() -> None:
    rider = {**ATTACKER, "riding": 2}
    by_rules, by_gm = {**rider, "mounted": True}, put_on(rider, "mounted")
    same(exchange(by_rules, TARGET, [6, 6]), exchange(by_gm, TARGET, [6, 6]))  # + Riding 2 vs foot
    assert exchange(by_gm, TARGET, [6, 6]).total == 9 + 2 + 6


@pytest.mark.parametrize("kind", ["quarter", "half", "three_quarters", "almost_full"])
def test_cover_as_the_shot_option(kind: str) -> None:
    archer = {"dex": 2, "bows": 3, "weapon": "long_bow"}
    by_rules = exchange(archer, TARGET, [9, 3], {"cover": kind}, kind="shot")
    by_gm = exchange(archer, put_on(TARGET, f"cover_{kind}"), [9, 3], kind="shot")
    same(by_rules, by_gm)
    assert any(m.key == f"def_cover_{kind}" for m in by_gm.defence_modifiers)


def test_left_combat_as_a_disengage_leaves_it() -> None:
    engaged = {**TARGET, "engaged_with": ["A"]}
    req = ActionRequest(Fighter("T", SYSTEM.sheet(engaged)), None, SYSTEM.options({}), SYSTEM.settings({}))
    out = SYSTEM.act("disengage", req, ScriptedDice([]))  # nobody attacked it: it leaves automatically
    assert out.actor_sheet is not None
    by_gm = put_on(engaged, "left_combat")
    for field in ("left_combat", "engaged_with", "attacked_by", "disengage_bonus"):
        assert out.actor_sheet[field] == by_gm[field], field
    for sheet in (out.actor_sheet, by_gm):
        assert SYSTEM.status(SYSTEM.sheet(sheet)).out_of_fight
        with pytest.raises(RulesError) as err:
            exchange(ATTACKER, sheet, [6, 6])
        assert err.value.key == "error.arm5.target_left_combat"
    assert put_on(by_gm, "left_combat", False)["left_combat"] is False


def test_delaying_as_a_hold_leaves_it() -> None:
    req = ActionRequest(Fighter("T", SYSTEM.sheet(TARGET)), None, SYSTEM.options({}), SYSTEM.settings({}))
    held = SYSTEM.act("hold", req, ScriptedDice([]))
    assert held.actor_sheet == put_on(TARGET, "delaying")
    assert put_on(put_on(TARGET, "delaying"), "delaying", False)["delaying"] is False


def test_taking_a_condition_off_only_removes_that_one() -> None:
    tired = put_on(TARGET, "tired")
    assert put_on(tired, "weary", False)["fatigue_level"] == 3  # not weary: nothing to remove
    assert put_on(tired, "tired", False)["fatigue_level"] == 0  # off: Fresh
    half = put_on(TARGET, "cover_half")
    assert put_on(half, "cover_quarter", False)["cover"] == "half"
    assert put_on(half, "cover_half", False)["cover"] == "none"
    hurt = put_on({**TARGET, "wounds": {"light": 1}}, "incapacitated")
    assert put_on(hurt, "incapacitated", False)["wounds"] == {"light": 1, "medium": 0, "heavy": 0, "incapacitating": 0}
