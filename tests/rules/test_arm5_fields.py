"""Sheet fields by class: what a character keeps after `/encounter end` and what a new fight resets."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rules.dice import ScriptedDice
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM
from rules.systems.arm5.fields import FIELD_CLASSES

KNIGHT = {"dex": 1, "str": 2, "qik": 1, "single_weapon": 4, "weapon": "long_sword", "shield": "round_shield"}


def test_the_digest_per_fight_state_is_turn_class_and_markers_internal() -> None:
    per_fight = (
        "engaged_with",
        "attacked_by",
        "attacked_by_last_round",
        "left_combat",
        "disengage_bonus",
        "disengage_defence",
        "disengage_pending",
        "disengage_failed",
        "action_used",
        "fast_action_used",
        "delaying",
        "initiative",
        "cover",
    )
    assert {f: FIELD_CLASSES[f] for f in per_fight} == dict.fromkeys(per_fight, "turn")
    assert (FIELD_CLASSES["is_npc"], FIELD_CLASSES["hidden"]) == ("internal", "internal")
    assert {FIELD_CLASSES[f] for f in ("wounds", "dead", "fatigue_level")} == {"lasting"}
    assert SYSTEM.fields_of("internal") == ["is_npc", "hidden"]


def test_after_a_fight_the_wound_and_fatigue_stay_and_the_fight_state_goes() -> None:
    """A charge (1 Fatigue level) that hits hard: the defender keeps the wound, not the engagement."""
    attacker = Fighter("Rycerz", SYSTEM.sheet({**KNIGHT, "initiative": 12}))
    defender = Fighter("Zbój", SYSTEM.sheet({"sta": 2, "armour_prot": 12, "initiative": 7}))
    req = ActionRequest(attacker, defender, SYSTEM.options({"charge": True}), SYSTEM.settings({}))
    dice = ScriptedDice([9, 2])  # Attack 1+4+4+4(charge)+9 = 22 vs Defense 0+2 = 2: advantage 20
    pending = SYSTEM.attack(req, dice)
    assert pending.exchange is not None
    result = SYSTEM.defend(DefenceRequest(defender, attacker, pending.exchange, req.settings), dice)
    assert (result.total, result.against, result.wound) == (22, 2, "heavy")
    assert result.actor_sheet is not None and result.target_sheet is not None

    def after_the_fight(sheet: dict[str, Any]) -> dict[str, Any]:
        kept = SYSTEM.fields_of("build", "lasting", "internal")
        return SYSTEM.sheet({k: v for k, v in sheet.items() if k in kept}).model_dump()

    knight = after_the_fight(result.actor_sheet)
    assert knight["fatigue_level"] == 1  # the charge's Fatigue level is lasting
    assert knight["engaged_with"] == [] and knight["action_used"] is False and knight["initiative"] is None
    assert knight["weapon"]["name"] == "long_sword" and knight["abilities"]["single_weapon"] == 4
    bandit = after_the_fight(result.target_sheet)
    assert bandit["wounds"]["heavy"] == 1  # damage 2+6+20 = 28 − Soak 14 = 14: Ciężkie
    assert bandit["engaged_with"] == [] and bandit["attacked_by"] == []


def test_the_docs_table_lists_every_field_in_its_class() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs/rules/arm5.md").read_text(encoding="utf-8")
    section = docs.split("## Sheet fields by class", 1)[1].split("\n## ", 1)[0]
    documented: dict[str, str] = {}
    for row in re.findall(r"^\| (build|lasting|turn|internal) \| (.+?) \|", section, flags=re.M):
        for field in re.findall(r"`([a-z_]+)`", row[1]):
            documented[field] = row[0]
    assert documented == dict(FIELD_CLASSES)
