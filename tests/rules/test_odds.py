"""Exact odds: the enumerator itself, textbook values, and the generic path against Monte Carlo."""

from __future__ import annotations

import pytest

from rules import ActionRequest, Fighter, RulesError, get_system
from rules.odds import Budget, enumerate_dice

D = get_system("dnd35")


def _req(actor: str, target: str) -> ActionRequest:
    from rules.pairs import parse_pairs

    stats = D.stat_vocabulary()
    a = Fighter("Ana", D.sheet(stats.resolve(parse_pairs(actor))))
    t = Fighter("Orc", D.sheet(stats.resolve(parse_pairs(target))))
    return ActionRequest(a, t, D.options({}), D.settings({}))


def test_the_enumerator_weights_every_path_by_its_dice() -> None:
    two = enumerate_dice(lambda d: d.face(6) + d.face(6))
    assert abs(two.outcomes[7] - 6 / 36) < 1e-12 and two.runs == 36
    assert abs(sum(two.outcomes.values()) - 1) < 1e-12

    def exploding(d: object) -> int:  # a d6 rolled again on a 6, for ever
        total = 0
        while True:
            face = d.face(6)  # type: ignore[attr-defined]
            total += face
            if face < 6:
                return total

    e = enumerate_dice(exploding)
    assert 0 < e.truncated < 1e-8  # the endless chain cut below 1e-9 a path, and said so
    assert abs(sum(e.outcomes.values()) + e.truncated - 1) < 1e-12
    assert abs(e.outcomes[7] - (1 / 6) * (1 / 6)) < 1e-12


def test_a_budget_answers_too_complex() -> None:
    with pytest.raises(RulesError) as exc:
        enumerate_dice(lambda d: [d.face(100) for _ in range(6)], Budget(0.05))
    assert exc.value.key == "error.odds_too_complex"


def _hit(line: object) -> float:
    return sum(c.p for c in line.outcomes if c.key in ("hit", "crit"))  # type: ignore[attr-defined]


def test_dnd35_textbook_values() -> None:
    # +5 against AC 15: 11 of 20 faces hit (55 %).
    odds = D.odds(_req("základní_útočný_bonus:5 zbraně:dlouhý_meč", "TZ:15 životy:30"))
    (line,) = odds.lines
    assert abs(_hit(line) - 0.55) < 1e-12
    # A longsword threatens on 19–20 (10 %); confirmed against the same AC 15: 55 %.
    assert line.threat is not None and abs(line.threat - 0.10) < 1e-12
    assert line.confirm is not None and abs(line.confirm - 0.55) < 1e-12
    crit = next(c.p for c in line.outcomes if c.key == "crit")
    assert abs(crit - 0.10 * 0.55) < 1e-12
    # A natural 1 always misses, a natural 20 always hits.
    (sure,) = D.odds(_req("základní_útočný_bonus:40 zbraně:dlouhý_meč", "TZ:15 životy:300")).lines
    assert abs(_hit(sure) - 0.95) < 1e-12
    (hopeless,) = D.odds(_req("základní_útočný_bonus:0 zbraně:dlouhý_meč", "TZ:60 životy:30")).lines
    assert abs(_hit(hopeless) - 0.05) < 1e-12
    # Expected damage of a longsword (1d8, ×2 on a critical) with no Strength: 4.5 per hit.
    expected = 4.5 * (0.55 - crit) + 9.0 * crit
    assert line.expected_damage is not None and abs(line.expected_damage - expected) < 1e-9


def test_odds_refuse_what_the_attack_refuses() -> None:
    with pytest.raises(RulesError) as exc:
        D.odds(ActionRequest(Fighter("Ana", D.sheet({})), None, D.options({}), D.settings({})))
    with pytest.raises(RulesError) as attack:
        D.attack(ActionRequest(Fighter("Ana", D.sheet({})), None, D.options({}), D.settings({})), None)  # type: ignore[arg-type]
    assert exc.value.key == attack.value.key
