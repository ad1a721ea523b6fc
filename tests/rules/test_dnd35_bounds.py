"""dnd35: every number is bounded (issue 12). At each bound a full attack resolves; past it the value is
refused; what the rules write after massive damage stays inside the bounds, so the sheet loads again."""

from __future__ import annotations

from typing import Any

import pytest

from rules.bounds import NumericKey
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from rules.systems.dnd35.sheet import HP, SHORTCUT_BOUNDS
from tests.rules.bounds_cases import Fight, assert_declared, params, refused_beyond, reloads, resolves_at

S = get_system("dnd35")
FIGHT = Fight(
    S,
    attacker={
        "str": 16,
        "dex": 13,
        "bab": 6,
        "hp": 40,
        "skills": {"heal": 4},
        "dodge_bonuses": [1],
        "weapons": [{"name": "longsword", "damage": "1d8", "threat_min": 19, "range_increment_ft": 10}],
    },
    target={"ac": 15, "hp": 30, "dodge_bonuses": [1], "skills": {"heal": 2}, "weapons": [{"name": "club"}]},
    options={"full_attack": True},
    option_actions={"item_hp": "sunder", "moved_ft": "bull_rush", "amount": "heal", "new_initiative": "delay"},
)
# What the rules themselves turn down at a bound: an attacker that is dead or knocked out cannot attack.
REFUSED = {
    "attacker.hp_current=-10000": "error.dnd35.cannot_act",
    "attacker.nonlethal=10000": "error.dnd35.cannot_act",
}


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
    for value in (lo - 1, hi + 1, 10**6, -(10**6)):
        with pytest.raises(RulesError) as err:
            S.sheet({short: str(value)})
        assert err.value.key == "error.stat_invalid" and err.value.params["key"].key == short


def test_quick_crit_and_dice_are_bounded() -> None:
    with pytest.raises(RulesError, match="stat_invalid"):
        S.sheet({"crit": "19-20/x11"})
    for dice in ("101d6", "1d1001", "60d6+60d6", "1d6+10001"):  # at most 100 dice of 1000 sides, ±10000
        with pytest.raises(RulesError, match="dice_notation"):
            S.sheet({"damage": dice})
    S.sheet({"damage": "100d1000", "crit": "2-20/x10"})


def test_a_bound_a_shortcut_computes_is_refused_under_the_typed_key() -> None:
    with pytest.raises(RulesError) as err:
        S.sheet({"ac": "-50", "armor_bonus": 100, "natural_armor": 100})  # the other AC bonus would be −260
    assert err.value.params["key"].key == "ac"
    with pytest.raises(RulesError) as err:  # the Dex the AC is computed from is named, not the AC
        S.sheet({"ac": "15", "dex": 1000})
    assert err.value.params["key"].key == "dex"


def _hit(actor: dict[str, Any], target: dict[str, Any], faces: list[int], **options: Any) -> Any:
    req = ActionRequest(
        Fighter("A", S.sheet(actor)), Fighter("T", S.sheet(target)), S.options(options), S.settings({}), forced=True
    )
    return S.attack(req, ScriptedDice(faces))


def test_massive_damage_clips_hit_points_at_the_floor() -> None:
    giant = {"bab": 20, "str": 99, "weapons": [{"name": "maul", "damage": "100d1000", "crit_mult": 10}]}
    r = _hit(giant, {"hp_max": 10, "hp_current": -(HP - 5)}, [15, *[1000] * 100, 1])
    assert r.target_sheet is not None
    sheet = S.sheet(r.target_sheet)
    assert sheet.hp_current == -HP  # type: ignore[attr-defined]
    reloads(S, [r])


def test_nonlethal_damage_clips_at_its_bound() -> None:
    giant = {"bab": 20, "str": 99, "weapons": [{"name": "sap", "damage": "100d1000", "nonlethal": True}]}
    r = _hit(giant, {"hp": 10, "nonlethal": HP - 5}, [15, *[1000] * 100])
    assert r.target_sheet is not None and S.sheet(r.target_sheet).nonlethal == HP  # type: ignore[attr-defined]
