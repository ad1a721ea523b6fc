"""Rounds: [ROUND] declarations and payment, initiative, round upkeep, the digest's example 3, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from rules.__main__ import resolve
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from tests.rules.test_adnd2cp_checks import described

S = get_system("adnd2cp")


def fighter(level: int = 9, pool: int = 35, **data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": level}],
        "hp": 70,
        "pool_max": pool,
        "dexterity": 16,
        "weapons": ["long_sword", "short_sword"],
    }
    base.update(data)
    return S.sheet(base)


def act(
    action: str,
    actor: Any,
    dice: list[int] | None = None,
    weapon: str | None = None,
    settings: dict[str, Any] | None = None,
    tgt: Any = None,
    **opts: Any,
) -> ActionResult:
    req = ActionRequest(
        Fighter("A", actor),
        Fighter("T", tgt) if tgt is not None else None,
        S.options(opts),
        S.settings(settings or {}),
        weapon,
    )
    dice_source = ScriptedDice(dice or [])
    if action == "initiative":
        return described(S.initiative(req, dice_source))
    if action in ("attack", "shot"):
        return described((S.attack if action == "attack" else S.shot)(req, dice_source))
    return described(S.act(action, req, dice_source))


def sheet_after(result: ActionResult, who: str = "actor") -> Any:
    data = result.actor_sheet if who == "actor" else result.target_sheet
    assert data is not None
    return S.sheet(data)


def new_round(actor: Any, round_no: int, settings: dict[str, Any] | None = None) -> Any:
    res = S.start_round(Fighter("A", actor), S.settings(settings or {}), round_no)
    return S.sheet(res.actor_sheet) if res is not None and res.actor_sheet else actor


def test_example3_round_with_round_blow_two_specials_then_rest() -> None:
    f = new_round(fighter(), 1)
    f = sheet_after(act("declare", f, blows="combattere_sulla_difensiva"))
    assert f.pool_current == 32 and f.round_blows == ["combattere_sulla_difensiva"]
    # AC -1 for the round (Dex 2 + 1 <= racial 4 + 1)
    attacker = S.sheet({"hp": 10, "thac0": 15, "weapons": ["long_sword"]})
    assert act("attack", attacker, [1], tgt=S.sheet({**f.model_dump(), "ac": 4})).against == 15 - 3
    enemy = S.sheet({"hp": 50, "ac": 5})
    main = act("attack", f, [15, 4, 4], "long_sword", tgt=enemy, blows="attacco_letale", hand="main")
    f = sheet_after(main)
    assert f.pool_current == 26
    off = act(
        "attack",
        f,
        [15, 3],
        "short_sword",
        tgt=enemy,
        blows="causare_grande_dolore",
        hand="off",
        save="passed",
    )
    f = sheet_after(off)
    assert f.pool_current == 22 and f.specials_used == 2
    f = f.model_copy(update={"round_no": 0})  # the fight is over: /encounter end drops the turn fields
    for expected in (26, 30, 34, 35):
        f = sheet_after(act("rest", f, hours=1))
        assert f.pool_current == expected


def test_example3_second_special_refused_at_8th_level() -> None:
    f = sheet_after(act("declare", fighter(level=8), blows="combattere_sulla_difensiva"))
    f = sheet_after(act("attack", f, [15, 4, 4], "long_sword", tgt=S.sheet({"hp": 50}), blows="attacco_letale"))
    with pytest.raises(RulesError) as err:
        act("attack", f, [15, 3], "short_sword", tgt=S.sheet({"hp": 50}), blows="causare_grande_dolore")
    assert err.value.key == "error.adnd2cp.special_limit"


def test_round_blow_paid_even_when_the_attack_misses() -> None:
    f = sheet_after(act("declare", fighter(), blows="combattere_sulla_difensiva"))
    r = act("attack", f, [2], tgt=S.sheet({"hp": 20, "ac": 0}))
    assert r.outcome == "miss" and r.actor_sheet is not None and r.actor_sheet["pool_current"] == 32


def test_round_blow_given_on_the_first_attack_is_paid_as_the_round_cost_even_on_a_miss() -> None:
    f = fighter()
    r = act(
        "attack",
        f,
        [2],
        tgt=S.sheet({"hp": 20, "ac": 0}),
        blows=["combattere_sulla_difensiva", "colpo_preciso"],
    )
    after = sheet_after(r)
    assert r.outcome == "miss" and after.pool_current == 35 - 3 - 4
    assert after.round_blows == ["combattere_sulla_difensiva"]
    assert "round_blows_paid" in [n.key for n in r.notes]


def test_next_round_declaration_paid_at_start_of_round_whatever_happens() -> None:
    f = sheet_after(act("declare", fighter(), blows="combattere_sulla_difensiva,attacco_extra", next_round=True))
    assert f.pool_current == 35 and f.pending_round_blows == ["combattere_sulla_difensiva", "attacco_extra"]
    f = new_round(f, 2)
    assert f.pool_current == 35 - (3 + 12 + 1)
    assert f.round_blows == ["combattere_sulla_difensiva", "attacco_extra"] and f.pending_round_blows == []
    assert f.extra_attacks_left == 1 and f.specials_used == 1
    f = new_round(f, 3)  # nothing declared: the round blows lapse, nothing more is paid
    assert f.round_blows == [] and f.pool_current == 19


def test_pending_declaration_shortfall() -> None:
    f = sheet_after(act("declare", fighter(pool=20), blows="attacco_extra", next_round=True))
    poor = S.sheet({**f.model_dump(), "pool_current": 5})
    assert new_round(poor, 2).pool_current == 0
    assert new_round(poor, 2, {"unknown_cost_shortfall": "negative"}).pool_current == -7


def test_declaration_needs_points() -> None:
    with pytest.raises(RulesError) as err:
        act("declare", fighter(pool=10), blows="attacco_extra")
    assert err.value.key == "error.adnd2cp.not_enough_points"


def test_initiative_individual_speed_factor_and_quick_strike() -> None:
    f = fighter()
    r = act("initiative", f, [4], "long_sword")
    assert r.total == 4 + 5 and [d.purpose for d in r.rolls] == ["initiative"]
    r = act("initiative", f, [4], "long_sword", blows="colpo_rapido")
    assert r.total == 4 + 4 and sheet_after(r).pool_current == 33 and sheet_after(r).quick_strike == 1
    r = act("initiative", f, [4], "long_sword", blows="colpo_rapido,colpo_rapido")
    assert r.total == 4 + 3 and sheet_after(r).pool_current == 35 - 6
    dagger = fighter(weapons=["dagger"])
    r = act("initiative", dagger, [4], "dagger", blows="colpo_rapido,colpo_rapido")
    assert r.total == 4 + 1  # minimum factor +1


def test_quick_strike_joins_the_attacks_stack() -> None:
    f = sheet_after(act("initiative", fighter(thac0=15), [4], "long_sword", blows="colpo_rapido"))
    r = act("attack", f, [2], tgt=S.sheet({"hp": 20}), blows="colpo_preciso")
    after = sheet_after(r)
    assert f.pool_current - after.pool_current == 3 + 1 and after.quick_strike == 0


def test_initiative_group_and_settings() -> None:
    f = fighter()
    assert act("initiative", f, [4], "long_sword", settings={"initiative": "group"}).total == 4
    assert act("initiative", f, [4], "long_sword", settings={"speed_factors": False}).total == 4
    with pytest.raises(RulesError) as err:
        act("initiative", f, [4], "long_sword", settings={"initiative": "group"}, blows="colpo_rapido")
    assert err.value.key == "error.adnd2cp.quick_strike_without_speed_factor"
    r = act("initiative", f, [4], "long_sword", blows="combattere_sulla_difensiva", initiative_modifier=-2)
    assert r.total == 4 + 5 - 2 and sheet_after(r).pool_current == 32
    assert S.initiative_descending is False


def test_start_round_resets_the_round() -> None:
    f = fighter(
        level=7,
        specials_used=1,
        attacks_made=2,
        round_blows=["combattere_sulla_difensiva"],
        quick_strike=1,
        conditions=[{"key": "pain_penalty", "rounds": 1}, {"key": "frightened", "source": "Orc"}],
    )
    f = new_round(f, 4)
    assert (f.specials_used, f.attacks_made, f.round_blows, f.quick_strike, f.attacks_left) == (
        0,
        0,
        [],
        0,
        2,
    )
    assert [c.key for c in f.conditions] == ["frightened"]
    # Nothing left to reset: the sheet only records which round it is in (for the initiative roll).
    quiet = S.start_round(Fighter("A", f), S.settings({"track_attacks": False}), 5)
    assert quiet is not None and quiet.actor_sheet is not None
    assert S.sheet(quiet.actor_sheet) == f.model_copy(update={"round_no": 5})
    assert S.start_round(Fighter("A", S.sheet(quiet.actor_sheet)), S.settings({"track_attacks": False}), 5) is None


def test_frightened_attacker_penalty() -> None:
    scared = S.sheet({"hp": 10, "conditions": [{"key": "frightened", "source": "T"}]})
    r = act("attack", scared, [2], tgt=S.sheet({"hp": 10}))
    assert any(m.key == "frightened" and m.value == -1 for m in r.modifiers)


def test_stop_bleeding() -> None:
    bleeding = S.sheet({"hp": 10, "conditions": [{"key": "bleeding", "rounds": 3}]})
    r = act("stop_bleeding", fighter(proficiencies=["healing"]), tgt=bleeding, check="passed")  # no save
    assert r.conditions == [] and r.target_sheet is not None
    r = act("stop_bleeding", bleeding, [40, 41], save_pct=40, save_modifier=20)  # pure: no modifier
    assert r.conditions == ["bleeding"] and r.target_sheet is None
    r = act("stop_bleeding", bleeding, [40, 40], save_pct=40)
    assert r.conditions == [] and [d.purpose for d in r.rolls] == ["save.bleeding"] * 2
    with pytest.raises(RulesError):
        act("stop_bleeding", fighter(), tgt=S.sheet({"hp": 10}))


@pytest.mark.parametrize(
    ("dice", "condition"), [([45, 45], None), ([45, 46], "debilitated"), ([46, 90], "incapacitated")]
)
def test_incapacitate_follow_up_saves(dice: list[int], condition: str | None) -> None:
    victim = S.sheet({"hp": 10, "conditions": [{"key": "incapacitate_saves", "rounds": 1}]})
    r = act("incapacitate_saves", victim, dice, save_pct=40, save_modifier=5)
    assert r.conditions == ["incapacitate_saves"] + ([condition] if condition else [])
    with pytest.raises(RulesError) as err:
        act("incapacitate_saves", victim)
    assert err.value.key == "error.adnd2cp.save_outcome_needed"
    # With the victim's toughness save on its sheet the bot rolls both (+5 % the GM gives this round).
    tough = S.sheet({"hp": 10, "save_toughness": 40, "conditions": [{"key": "incapacitate_saves", "rounds": 1}]})
    r = act("incapacitate_saves", tough, dice, save_modifier=5)
    assert r.conditions == ["incapacitate_saves"] + ([condition] if condition else [])


def test_stopping_a_bleed_by_healing_rolls_no_save_from_the_sheet() -> None:
    bleeding = S.sheet({"hp": 10, "save_toughness": 40, "conditions": [{"key": "bleeding", "rounds": 3}]})
    r = act("stop_bleeding", fighter(proficiencies=["healing"]), tgt=bleeding, check="passed")
    assert r.conditions == [] and r.rolls == []


def test_status_numbers() -> None:
    st = S.status(fighter(pool_current=12))
    assert st.numbers["pool"] == 12 and st.numbers["pool_max"] == 35 and st.level == "unhurt"


def test_cli_resolve_whole_request() -> None:
    request = {
        "system": "adnd2cp",
        "action": "attack",
        "weapon": "long_sword",
        "actor": {
            "name": "Trendor",
            "class": "fighter/mage",
            "level": "7",
            "int": 16,
            "hp": 40,
            "weapons": [{"id": "long_sword", "rank": "maestro"}],
        },
        "target": {"name": "Orco", "ac": "6", "hp": "9"},
        "options": {"blows": "colpo_preciso,attacco_di_forza"},
        "dice": [9, 7],
    }
    out = resolve(request)
    assert out["outcome"] == "hit" and out["total"] == 10 and out["against"] == 8
    assert out["actor_sheet"]["pool_current"] == 28 - 6 and out["target_sheet"]["hp"] == 1
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "resolve"],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["damage"]["applied"] == 8
    rest = resolve(
        {
            "system": "adnd2cp",
            "action": "rest",
            "actor": {"hp": 5, "pool_max": 20, "pool_current": 0},
            "options": {"hours": 1},
        }
    )
    assert rest["actor_sheet"]["pool_current"] == 3


def test_quick_strike_given_on_the_attack_is_paid_and_reported() -> None:
    r = act("attack", fighter(thac0=15), [2], "long_sword", tgt=S.sheet({"hp": 20}), blows="colpo_rapido")
    note = next(n for n in r.notes if n.key == "quick_strike_late")
    assert note.params == {"factor": 4, "base": 5} and sheet_after(r).pool_current == 33
