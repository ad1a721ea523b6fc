"""Switching between a bow and a dagger costs the draw (QA finding 5).

L27: "To nastává zejména v případě, kdy chce postava v jednom kole tasit zbraň (2 akce) a současně
zaútočit (obvykle 3 akce)." L246: shooting weapons, "všechny s výjimkou malých foukaček je třeba držet oběma
rukama": an archer holding her bow has no dagger in hand. An attack that takes the other weapon draws it
(2 actions more) and keeps it in hand; going back to the bow draws again."""

from __future__ import annotations

from typing import Any

import pytest

from rules import ActionRequest, Fighter, RulesError, get_system
from rules.dice import ScriptedDice
from rules.pairs import parse_pairs

S = get_system("cz2d10")
TARGET = "útok:10 obrana:30 zranění:d5+1 životy:12"  # every attack below misses: only the costs matter
MISS = [1, 2, 1, 2]  # a natural 3 misses (no fumble: the confirmation is rolled and misses too)


def _sheet(line: str) -> Any:
    return S.sheet(S.stat_vocabulary().resolve(parse_pairs(line)))


def _act(actor: Any, action: str) -> Any:
    req = ActionRequest(
        Fighter("Eliška", actor), Fighter("Lapka", _sheet(TARGET)), S.options({}), S.settings({}), None, 5
    )
    r = (S.shot if action == "shot" else S.attack)(req, ScriptedDice(list(MISS)))
    assert r.actor_sheet is not None
    return r, S.sheet(r.actor_sheet)


def _archer() -> Any:
    return S.sheet(S.stat_vocabulary().resolve(parse_pairs(S.templates()["archer"])))


def test_the_dagger_is_drawn_for_a_melee_attack() -> None:
    r, after = _act(_archer(), "attack")
    assert r.actor_sheet["actions_left"] == 0  # draw 2 + attack 3 of the 5 actions
    assert after.second_drawn
    drawn = next(n for n in r.notes if n.key == "weapon_drawn")
    assert drawn.params["actions"] == 2 and drawn.side == "actor"


def test_shooting_right_after_the_stab_is_refused_for_lack_of_actions() -> None:
    _, after = _act(_archer(), "attack")
    with pytest.raises(RulesError, match="not_enough_actions"):
        _act(after, "shot")


def test_a_drawn_dagger_stays_in_hand_and_the_bow_is_drawn_back() -> None:
    _, after = _act(_archer(), "attack")
    fresh = after.model_copy(update={"actions_left": 5})  # the next round
    r, again = _act(fresh, "attack")
    assert r.actor_sheet["actions_left"] == 2 and not any(n.key == "weapon_drawn" for n in r.notes)
    r, back = _act(again.model_copy(update={"actions_left": 5}), "shot")
    assert r.actor_sheet["actions_left"] == 1 and not back.second_drawn  # draw 2 + shot 2


def test_the_bow_in_hand_shoots_without_a_draw() -> None:
    r, after = _act(_archer(), "shot")
    assert r.actor_sheet["actions_left"] == 3 and not after.second_drawn
