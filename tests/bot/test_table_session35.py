"""What new groups met at the table (fifth round of plays): a hidden NPC's wound level kept out of the
hit line, its wound conditions out of every public state line."""

from __future__ import annotations

from bot.i18n.catalog import default_catalog
from bot.presenters.checks import View, check_line
from bot.presenters.texts import Texts
from rules.checks import check, dump_checks, load_checks, minus, part
from rules.model import Check


def _damage_with_wound() -> Check:
    """ArM5's damage line: the attacker's Damage Total, the target's Soak, the target's wound band."""
    c = check("damage", parts=[part("attack_advantage", 3), part("weapon_damage", 9)])
    minus(c, "soak", 4, side="target")
    c.outcome, c.outcome_side = "incapacitating_wound", "target"
    return c


def test_a_wound_level_on_a_hidden_target_is_the_gms() -> None:
    tx = Texts(default_catalog(), "pl", "arm5")
    band = tx.term("outcome", "incapacitating_wound")
    c = _damage_with_wound()
    players = View(frozenset({"target"}))
    line = check_line(tx, c, players)
    assert band not in line and "?" in line
    assert players.hidden_lines and band in players.hidden_lines[0]  # the GM's copy names it
    assert band in check_line(tx, c, View())  # a visible target's band is shown
    assert band in check_line(tx, c, View(frozenset({"actor"})))  # a hidden attacker's victim reads its wound


def test_the_outcomes_side_survives_an_exchange() -> None:
    (back,) = load_checks(dump_checks([_damage_with_wound()]))
    assert back.outcome_side == "target" and back.outcome == "incapacitating_wound"
