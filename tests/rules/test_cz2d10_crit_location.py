"""A confirmed crit on a targeted attack is never lost (QA finding 4).

L503: "V případě kritického zásahu má postava několik možností: buď jako v případě základního souboje minout
zbroj nebo navýšit zranění, nebo, podle hodu na kritický zásah, může posunout výsledek hodu na zasaženou
část těla." The shift is one of the crit's choices: under `crit_effect: auto` the crit moves the location
only where the targeted attack's own shift (L595) does not reach the wanted part; otherwise the crit keeps
its damage effect (multiply or miss the armour), and either way a note says what the crit did."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S
from tests.rules.odds_check import whole
from tests.rules.test_cz2d10_odds import _agree, _req

POLY = {"polygonal": True, "hit_table": 1}
AXEMAN = {"str": 12, "dex": 6, "weapon": "heavy_axe", "weapon_skill": 6}  # crit 19 ×3
DEFENDER = {
    "dex": 2,
    "con": 4,
    "weapon": "medium_straight_blade_1h",
    "weapon_skill": 3,
    "armour_parts": {"torso": "mail:6", "arms": "leather:2", "legs": "leather:2"},
}
# attack 10+9 (a natural 19: crit, 2 steps of crit shift), confirm 7+7, damage d10 9, location 5+7 = 12 (torso)
DICE = [10, 9, 7, 7, 9, 5, 7]


def req(actor: dict[str, Any], **options: Any) -> ActionRequest:
    return ActionRequest(
        Fighter("A", S.sheet(actor)), Fighter("B", S.sheet(DEFENDER)), S.options(options), S.settings(POLY)
    )


def keys(r: Any) -> list[str]:
    return [n.key for n in r.notes]


def test_the_targeted_shift_alone_reaches_the_part_so_the_crit_multiplies() -> None:
    r = S.attack(req(AXEMAN, targeted=2, target_location="left_arm"), ScriptedDice(DICE))
    assert r.outcome == "crit" and r.location == "left_arm"
    assert "crit_effect" in keys(r) and "crit_location_shift" not in keys(r)


def test_the_roll_already_on_the_part_keeps_the_crit() -> None:
    r = S.attack(req(AXEMAN, targeted=6, target_location="torso"), ScriptedDice(DICE))
    assert r.location == "torso" and "crit_effect" in keys(r)
    plain = S.attack(req(AXEMAN), ScriptedDice(DICE))
    assert r.damage is not None and plain.damage is not None and r.damage.applied == plain.damage.applied


def test_a_shift_beyond_the_targeted_one_spends_the_crit_and_says_so() -> None:
    r = S.attack(req(AXEMAN, target_location="left_arm"), ScriptedDice(DICE))  # no targeted penalty: 1 step
    assert r.location == "left_arm" and "crit_effect" not in keys(r)
    shift = next(n for n in r.notes if n.key == "crit_location_shift")
    assert shift.params == {"by": 1} and shift.side == "actor"


def test_out_of_reach_even_with_the_crit_keeps_the_damage_effect() -> None:
    r = S.attack(req(AXEMAN, target_location="head"), ScriptedDice(DICE))  # 12 → head is 8 away, crit gives 2
    assert r.location == "torso" and "crit_effect" in keys(r) and "crit_location_shift" not in keys(r)


def test_asking_for_the_shift_by_name_does_not_waste_an_unneeded_crit() -> None:
    r = S.attack(req(AXEMAN, targeted=2, target_location="left_arm", crit_effect="shift_location"), ScriptedDice(DICE))
    assert r.location == "left_arm" and "crit_effect" in keys(r)


@pytest.mark.parametrize("targeted", [0, 1, 6])
def test_the_odds_follow_the_same_choice(targeted: int) -> None:
    # hit only by two natural 20s (every hit a crit, 2 + 2 = 4 steps of crit shift: L503's "and so on"),
    # fixed damage: the whole attack enumerated die by die stays small
    aim = {"targeted": targeted, "target_location": "left_arm"}
    r = _req("útok:2 zranění:4 ovládání:6", "obrana:22 krytí:10 životy:12", None, aim)
    odds = S.odds(r, "attack")
    assert odds.method == "staged"
    (staged,) = odds.lines
    assert _agree(staged, whole("cz2d10", r, None), odds.truncated) == []
