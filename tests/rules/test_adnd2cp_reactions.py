"""Out of turn: attacks of opportunity (supplementary, counted per round) and the defender's own blows
readied with `defend` against the next attack, with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from tests.rules.test_adnd2cp_checks import described

S = get_system("adnd2cp")


def fighter(level: int = 6, **data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": level}],
        "thac0": 15,
        "hp": 60,
        "pool_max": 30,
        "weapons": ["long_sword"],
        "attacks_left": 1,
    }
    base.update(data)
    return S.sheet(base)


def dodger(**data: Any) -> Any:
    """A defender with the Combat Art of dodging (Schivata) at 30 %."""
    base: dict[str, Any] = {"hp": 40, "ac": 5, "pool_max": 20, "arts": ["schivata"], "dodge_pct": 30}
    base.update(data)
    return S.sheet(base)


def run(
    action: str, actor: Any, dice: list[int], tgt: Any = None, settings: dict[str, Any] | None = None, **opts: Any
) -> ActionResult:
    req = ActionRequest(
        Fighter("A", actor),
        Fighter("T", tgt) if tgt is not None else None,
        S.options(opts),
        S.settings(settings or {}),
    )
    source = ScriptedDice(dice)
    result = S.attack(req, source) if action == "attack" else S.act(action, req, source)
    assert source.remaining == 0
    return described(result)


def sheet(result: ActionResult, who: str = "actor") -> Any:
    data = result.actor_sheet if who == "actor" else result.target_sheet
    assert data is not None
    return S.sheet(data)


def test_reactions_declared_for_the_bot() -> None:
    assert S.reaction_actions == {"defend", "declare"} and S.reaction_options == {"opportunity"}
    assert S.is_reaction("attack", S.options({"opportunity": True}))
    assert not S.is_reaction("attack", S.options({"supplementary": True}))
    assert S.is_reaction("defend", S.options({}))


# --- attacks of opportunity -----------------------------------------------------------------------------
def test_attack_of_opportunity_is_supplementary_and_counted_per_round() -> None:
    a = fighter()
    first = run("attack", a, [12, 5], dodger(arts=[]), opportunity=True)
    assert first.outcome == "hit"
    after = sheet(first)
    assert after.attacks_left == 1 and after.opportunity_attacks_made == 1  # its main attack is intact
    with pytest.raises(RulesError) as err:
        run("attack", after, [12], dodger(arts=[]), opportunity=True)
    assert err.value.key == "error.adnd2cp.opportunity_limit" and err.value.params == {"limit": 1, "made": 1}
    two = run("attack", after, [3], dodger(arts=[]), settings={"opportunity_attacks_per_round": 2}, opportunity=True)
    assert two.outcome == "miss" and sheet(two).opportunity_attacks_made == 2
    res = S.start_round(Fighter("A", after), S.settings({}), 2)
    assert res is not None and sheet(res).opportunity_attacks_made == 0


# --- the defender's readied blows -----------------------------------------------------------------------
def test_defend_readies_evasione_migliorata_for_the_next_attack() -> None:
    # Seed: "EVASIONE MIGLIORATA [ATTACCO] ... La percentuale di schivata nei confronti dell'attacco è
    # incrementata dal +5% al +20% ... Costo 1 punto combattimento + 1 punto combattimento supplementare ogni 5%"
    readied = run("defend", dodger(), [], blows="evasione_migliorata", evasion_bonus=10)
    assert readied.outcome == "declared" and readied.total == 3
    d = sheet(readied)
    assert d.pool_current == 20 and d.readied_defence is not None  # paid when the attack comes
    r = run("attack", fighter(), [12, 40], d)
    assert r.outcome == "dodged" and [x.purpose for x in r.rolls] == ["attack", "dodge"]
    dodge = next(n for n in r.notes if n.key == "dodge")
    assert dodge.params["chance"] == 40
    after = sheet(r, "target")
    assert after.pool_current == 17 and after.specials_used == 1 and after.readied_defence is None
    again = run("attack", sheet(r), [12, 5], after, settings={"track_attacks": False})
    assert again.outcome == "hit" and all(x.purpose != "dodge" for x in again.rolls)  # used once


def test_the_same_blow_given_on_the_attack_costs_the_same() -> None:
    r = run("attack", fighter(), [12, 40], dodger(), target_blows="evasione_migliorata", evasion_bonus=10)
    assert r.outcome == "dodged" and sheet(r, "target").pool_current == 17


def test_defend_is_checked_when_readied() -> None:
    with pytest.raises(RulesError) as err:
        run("defend", dodger(arts=[]), [], blows="evasione_migliorata", evasion_bonus=10)
    assert err.value.key == "error.adnd2cp.blow_needs_art"
    with pytest.raises(RulesError) as err:  # one special blow a round below 9th level, already used
        run("defend", dodger(specials_used=1), [], blows="evasione_migliorata", evasion_bonus=5)
    assert err.value.key == "error.adnd2cp.special_limit"
    with pytest.raises(RulesError) as err:
        run("defend", dodger(pool_current=2), [], blows="evasione_migliorata", evasion_bonus=10)
    assert err.value.key == "error.adnd2cp.not_enough_points"


def test_a_readied_defence_that_no_longer_fits_lapses_without_stopping_the_attack() -> None:
    d = sheet(run("defend", dodger(), [], blows="evasione_migliorata", evasion_bonus=10))
    spent = S.sheet({**d.model_dump(), "specials_used": 1})  # it used its special blow since
    r = run("attack", fighter(), [12, 5], spent)
    assert r.outcome == "hit" and "defence_lapsed" in [n.key for n in r.notes]
    after = sheet(r, "target")
    assert after.pool_current == 20 and after.readied_defence is None


def test_defend_without_blows_takes_it_back_and_a_plain_dodge_costs_nothing() -> None:
    d = sheet(run("defend", dodger(), [], blows="evasione_migliorata", evasion_bonus=10))
    back = run("defend", d, [])
    assert sheet(back).readied_defence is None and back.notes[0].key == "defence_cancelled"
    plain = sheet(run("defend", dodger(), [], dodge=True))
    r = run("attack", fighter(), [12, 31, 5], plain)
    assert r.outcome == "hit" and next(n for n in r.notes if n.key == "dodge").params["chance"] == 30
    assert sheet(r, "target").pool_current == 20


def test_readied_defence_ends_with_the_round() -> None:
    d = sheet(run("defend", dodger(), [], dodge=True))
    res = S.start_round(Fighter("T", d), S.settings({}), 2)
    assert res is not None and sheet(res).readied_defence is None
