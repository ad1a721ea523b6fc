"""Exact odds of adnd2cp attacks and shots: against the whole action enumerated die by die, against
Monte Carlo, and against hand-computed THAC0 cases of the seed's digest (§1.6 B1, example 2)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.odds import questions
from rules import ActionRequest, Fighter, OddsLine, RulesError, get_system
from tests.rules.odds_check import monte_carlo, same, whole, within_four_sigma

S = get_system("adnd2cp")


def fighter(**data: Any) -> Any:
    """The digest's example 2: a 6th-level fighter, THAC0 15, Str 17 (+1 to hit, +1 damage), long sword."""
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": 6}],
        "strength": 17,
        "thac0": 15,
        "hp": 60,
        "pool_max": 40,
        "weapons": ["long_sword", "spear", "long_bow", "dagger", "whip"],
    }
    return S.sheet({**base, **data})


def target(**data: Any) -> Any:
    return S.sheet({"ac": 3, "hp": 40, **data})


def request(
    actor: Any = None,
    tgt: Any = None,
    weapon: str | None = "long_sword",
    distance: float | None = None,
    settings: dict[str, Any] | None = None,
    **options: Any,
) -> ActionRequest:
    return ActionRequest(
        Fighter("Ana", actor if actor is not None else fighter()),
        Fighter("Orc", tgt if tgt is not None else target()),
        S.options(options),
        S.settings(settings or {}),
        weapon,
        distance,
    )


def only_line(req: ActionRequest, action: str = "attack") -> OddsLine:
    (found,) = S.odds(req, action).lines
    return found


def p(chances: Any, key: str) -> float:
    return next((c.p for c in chances if c.key == key), 0.0)


# --- the engine's answer equals the whole action enumerated die by die -----------------------------------
def _template(name: str) -> Fighter[Any]:
    from bench.odds import template_fighter

    return template_fighter(S, name)


CASES: list[tuple[str, ActionRequest, str]] = [
    (
        "fighter vs cleric",
        ActionRequest(_template("fighter"), _template("cleric"), S.options({}), S.settings({})),
        "attack",
    ),
    ("thief vs mage", ActionRequest(_template("thief"), _template("mage"), S.options({}), S.settings({})), "attack"),
    ("colpo preciso", request(blows="colpo_preciso"), "attack"),
    ("precise + strength", request(blows="colpo_preciso,attacco_di_forza"), "attack"),
    ("attacco letale", request(tgt=target(hp=12), blows="attacco_letale"), "attack"),
    ("cleave", request(tgt=target(hp=6), blows="fendente_frontale", second_target_ac=5), "attack"),
    ("rear, backstab, no nat 20", request(rear=True, backstab=True, settings={"nat20_hits": False}), "attack"),
    ("death at -10", request(tgt=target(hp=5), settings={"death_at": -10, "nat1_misses": False}), "attack"),
    ("damage reduction", request(damage_reduction=3, damage_modifier=-1, modifier=2), "attack"),
    ("dodge", request(weapon="whip", tgt=target(hp=2, dodge_pct=30), dodge=True), "attack"),
    ("deep thrust, save failed", request(weapon="spear", blows="trafiggere_in_profondita", save="failed"), "attack"),
    ("deep cut, save 40 %", request(weapon="whip", blows="taglio_profondo", save_pct=40), "attack"),
    ("helpless target", request(tgt=target(hp=4, conditions=["unconscious"]), settings={"death_at": -10}), "attack"),
    ("long bow at 100 m", request(weapon="long_bow", distance=100), "shot"),
    ("dagger thrown, medium", request(weapon="dagger", range="medium", tgt=target(hp=3)), "shot"),
]


@pytest.mark.parametrize(("name", "req", "action"), CASES, ids=[c[0] for c in CASES])
def test_odds_equal_the_whole_action_enumerated(name: str, req: ActionRequest, action: str) -> None:
    odds = S.odds(req, action)
    assert odds.method == "staged" and odds.truncated == 0
    for found in odds.lines:
        reference = whole("adnd2cp", req, found.defence, action)
        assert same(found, reference) == [], name
        assert abs(sum(c.p for c in found.outcomes) - 1) < 1e-9


# --- Monte Carlo ------------------------------------------------------------------------------------------
def test_monte_carlo_agrees_within_four_sigma() -> None:
    req = request(tgt=target(hp=7, dodge_pct=20), dodge=True, blows="colpo_preciso")
    found = only_line(req)
    assert within_four_sigma(found, monte_carlo("adnd2cp", req, None)) == []


# --- textbook values (digest §1.6 B1 and example 2) -------------------------------------------------------
def test_thac0_minus_ac_by_hand() -> None:
    # THAC0 15 against AC 3: 12 needed; d20 + 1 (Str) ≥ 12 on 11–20: 50 %.
    plain = only_line(request())
    assert abs(p(plain.outcomes, "hit") - 0.50) < 1e-12
    # Example 2: Colpo Preciso (+1) makes the 10 hit too: 55 %, and Attacco di Forza adds 1 damage
    # (d8 + 1 Str + 1 = 6.5 a hit, the long sword's cap being above it).
    blows = only_line(request(blows="colpo_preciso,attacco_di_forza"))
    assert abs(p(blows.outcomes, "hit") - 0.55) < 1e-12
    assert abs(blows.expected_damage - 0.55 * 6.5) < 1e-9
    assert abs(p(blows.wounds, "wounded") - 0.55) < 1e-12 and abs(p(blows.wounds, "unhurt") - 0.45) < 1e-12
    # Colpo Preciso alone: the same 55 %, 5.5 a hit.
    precise = only_line(request(blows="colpo_preciso"))
    assert abs(p(precise.outcomes, "hit") - 0.55) < 1e-12
    assert abs(precise.expected_damage - 0.55 * 5.5) < 1e-9


def test_natural_20_and_natural_1_by_hand() -> None:
    # AC −10: 25 needed, only a natural 20 hits (5 %), or nothing when the setting is off.
    armoured = target(ac=-10)
    assert abs(p(only_line(request(tgt=armoured)).outcomes, "hit") - 0.05) < 1e-12
    assert p(only_line(request(tgt=armoured, settings={"nat20_hits": False})).outcomes, "hit") == 0.0
    # THAC0 1 against AC 10: every face hits but the natural 1 (95 %), or all 20 with the setting off.
    sure = fighter(thac0=1)
    assert abs(p(only_line(request(actor=sure, tgt=target(ac=10))).outcomes, "hit") - 0.95) < 1e-12
    never_fails = only_line(request(actor=sure, tgt=target(ac=10), settings={"nat1_misses": False}))
    assert abs(p(never_fails.outcomes, "hit") - 1.0) < 1e-12


def test_wounds_and_dodge_by_hand() -> None:
    # 5 hp: d8 + 1 kills on 4–8 (5 of 8) once the 50 % hit lands.
    weak = only_line(request(tgt=target(hp=5)))
    assert abs(p(weak.wounds, "dead") - 0.5 * 5 / 8) < 1e-12
    assert abs(p(weak.wounds, "wounded") - 0.5 * 3 / 8) < 1e-12
    # Dead only at −10: the same hits leave it unconscious instead.
    lasting = only_line(request(tgt=target(hp=5), settings={"death_at": -10}))
    assert abs(p(lasting.wounds, "unconscious") - 0.5 * 5 / 8) < 1e-12 and p(lasting.wounds, "dead") == 0
    # A 30 % Schivata against the 50 % hit: 15 % dodged, 35 % hit.
    dodging = only_line(request(tgt=target(dodge_pct=30), dodge=True))
    assert abs(p(dodging.outcomes, "dodged") - 0.15) < 1e-12
    assert abs(p(dodging.outcomes, "hit") - 0.35) < 1e-12
    assert abs(dodging.expected_damage - 0.35 * 5.5) < 1e-9


def test_odds_refuse_what_the_attack_refuses() -> None:
    req = request(blows="attacco_brutale", charge=True)  # two hands needed: the long sword is refused
    with pytest.raises(RulesError) as odds:
        S.odds(req)
    with pytest.raises(RulesError) as attack:
        S.attack(req, None)  # type: ignore[arg-type]
    assert odds.value.key == attack.value.key == "error.adnd2cp.blow_two_hands"


def test_the_bench_questions_are_answered_exactly() -> None:
    for req in questions(S):
        odds = S.odds(req, "attack")
        assert odds.method == "staged"
        assert odds.truncated == 0 and len(odds.lines) == 1
