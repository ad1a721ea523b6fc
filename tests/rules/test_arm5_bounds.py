"""arm5: every number is bounded (issue 12). At each bound a full exchange (attack, then the default
defence) resolves; past it the value is refused; what the rules write (wound counts, a stress die's
doubled Initiative, the disengage bonus) stays inside the bounds, so the sheet loads again."""

from __future__ import annotations

import pytest

from rules.bounds import NumericKey
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from rules.systems.arm5.common import apply_wound
from rules.systems.arm5.sheet import ROLL, SHORTCUT_BOUNDS
from tests.rules.bounds_cases import Fight, assert_declared, params, refused_beyond, reloads, resolves_at

S = get_system("arm5")
SWORD = {"name": "sword", "ability": "single_weapon", "init": 2, "atk": 4, "dfn": 1, "dam": 6}
FIGHT = Fight(
    S,
    attacker={
        "dex": 1,
        "str": 2,
        "abilities": {"single_weapon": 4},
        "weapon": SWORD,
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
    option_actions={"spell_damage": "magic_attack", "casting_score": "cast", "spell_level": "cast"},
)
# What the rules themselves turn down at a bound: an incapacitated or unconscious attacker cannot act; a
# Size below the seed's table is refused under the default `size_outside_table`.
REFUSED = {
    "attacker.wounds.incapacitating=99": "error.arm5.cannot_act",
    "attacker.fatigue_level=5": "error.arm5.cannot_act",
    "target.size=-10": "error.arm5.size_outside_table",
}


def test_every_number_declares_its_bounds() -> None:
    assert_declared(FIGHT)


@pytest.mark.parametrize(("kind", "key"), params(FIGHT))
def test_a_full_exchange_resolves_at_each_bound(kind: str, key: NumericKey) -> None:
    resolves_at(FIGHT, kind, key, key.lo, REFUSED)
    resolves_at(FIGHT, kind, key, key.hi, REFUSED)


def test_sizes_beyond_the_table_resolve_when_the_gm_allows_them() -> None:
    clamp = {"size_outside_table": "clamp"}
    for size in (-10, 20):
        reloads(S, FIGHT.run(target={**FIGHT.target, "size": size}, settings=clamp))


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


def test_a_wound_count_at_its_top_stays_there() -> None:
    sheet = S.sheet({"wounds": {"light": 99, "medium": 99, "heavy": 99}})
    for band in ("light", "medium", "heavy"):
        outcome = apply_wound(sheet, band, nonlethal=False)  # type: ignore[arg-type]
        after = S.update_sheet(sheet, outcome.updates)
        assert getattr(after.wounds, band) == 99  # type: ignore[attr-defined]


def test_a_doubled_initiative_is_clipped_on_the_sheet() -> None:
    req = ActionRequest(Fighter("A", S.sheet({"qik": 10})), None, S.options({}), S.settings({}))
    r = S.initiative(req, ScriptedDice([1] * 20 + [9, 5]))  # twenty 1s: ×2²⁰ × 9, far past any sheet
    assert r.total is not None and r.total > ROLL
    assert r.actor_sheet is not None and S.sheet(r.actor_sheet).initiative == ROLL  # type: ignore[attr-defined]


def test_the_disengage_bonus_stops_at_its_top() -> None:
    maja = {"qik": 1, "attacked_by": ["Bandit"], "disengage_bonus": 300}
    bandit = {"abilities": {"single_weapon": 2}, "weapon": {"name": "axe", "ability": "single_weapon", "atk": 3}}
    fighters = Fighter("Maja", S.sheet(maja)), Fighter("Bandit", S.sheet(bandit))
    req = ActionRequest(*fighters, S.options({}), S.settings({}))
    # Defense 1 + 300 + 3; the bandit's stress die doubles nine times: 5 + 2⁹ × 9 stops her, the bonus would
    # grow by 3 but is kept at its top.
    r = S.act("disengage", req, ScriptedDice([3, *[1] * 9, 9]))
    assert r.outcome == "disengage_failed" and r.actor_sheet is not None
    assert r.actor_sheet["disengage_bonus"] == 300
    reloads(S, [r])
