"""Polygonal system: the overall wound level is the body's (head and torso); a limb's wound is shown as
that limb's condition (the tester's 06_limb_wound_headline: „Lapka — Smrtelné zranění · Životy 12/12 ·
Nepoužitelná: pravá ruka“).

L497: "smrtelné zranění, nebo takové, jehož postih je vyšší než kondice postavy, znamená nepoužitelnost
dané části těla. V případě, že jde o hlavu či trup, je postava okamžitě vyřazena z boje, jako by
v normálním systému utrpěla smrtelné zranění." """

from __future__ import annotations

from typing import Any

import pytest

from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.settings import Settings

POLY = Settings(polygonal=True)
BODY = {"con": 3}  # torso 12, head and each limb 8


def _status(damage: dict[str, int]) -> Any:
    return S.status_in(S.sheet({**BODY, "part_damage": damage}), POLY)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("damage", "condition", "level"),
    [
        (2, "light_wound_right_arm", "limb_wound"),
        (4, "serious_wound_right_arm", "limb_wound"),
        (8, "unusable_right_arm", "limb_unusable"),
    ],
)
def test_an_arm_wound_is_the_arms_not_the_characters(damage: int, condition: str, level: str) -> None:
    # QA finding 6: not "unhurt" either (H10, "Postihy za zranění různých částí těla se sčítají"), but not the
    # limb's own level: that one is the character's only for the head and torso (L497)
    st = _status({"right_arm": damage})
    assert st.level == level and not st.out_of_fight
    assert condition in st.conditions
    assert [c for c in st.conditions if c.endswith("right_arm")] == [condition]  # one condition per limb


def test_the_body_gives_the_level() -> None:
    st = _status({"torso": 6, "left_leg": 8})
    assert st.level == "serious" and "unusable_left_leg" in st.conditions
    assert not any(c.endswith("_wound_torso") for c in st.conditions)  # the body's wound is the level


def test_a_mortal_head_wound_still_puts_the_character_out() -> None:
    st = _status({"head": 8, "right_arm": 2})
    assert st.level == "mortal" and st.out_of_fight
    assert "light_wound_right_arm" in st.conditions


def test_a_hidden_npc_with_a_limb_wound_is_not_described_as_dying() -> None:
    # the descriptor follows the level: a lost arm is "badly wounded", neither unhurt nor near death
    assert S.descriptor(_status({"right_arm": 8})) == "badly_wounded"
    assert S.descriptor(_status({"left_leg": 4})) == "wounded"
    assert S.descriptor(_status({})) == "unhurt"


def test_a_seriously_wounded_leg_does_not_read_unhurt() -> None:
    st = _status({"right_leg": 5})  # the tester's repro_06: „Nezraněný/á · Životy 12/12 · Vážné zranění: pravá noha“
    assert st.level == "limb_wound" and st.hp == st.hp_max == 12
    assert "serious_wound_right_leg" in st.conditions


def test_an_amputated_limb_reads_unusable() -> None:
    st = S.status_in(S.sheet({**BODY, "amputated": ["left_arm"], "part_damage": {"left_arm": 20}}), POLY)  # type: ignore[arg-type]
    assert st.level == "limb_unusable" and not st.out_of_fight
