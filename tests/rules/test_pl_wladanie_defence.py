"""Parry (parowanie) and dodge (unik): the pending exchange and the defender's answer."""

from __future__ import annotations

from typing import Any

import pytest

from rules.__main__ import resolve
from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter

S = get_system("pl_wladanie")
SWORD = {"id": "sword", "damage_dice": "1k8", "strength_category": "1/2"}
ATTACKER = {"strength": 6, "weapon_skills": {"sword": 5}, "weapons": [SWORD]}
SHIELD = {"coverage": 6, "armour": 2, "protected_parts": ["torso"], "parry_modifier": 3}
DEFENDER = {"physical_defence": 12, "parry_skill": 4, "dodge_skill": 6, "shield": SHIELD}


def request(
    target: dict[str, Any],
    *,
    settings: dict[str, Any] | None = None,
    distance: float | None = None,
    **options: Any,
) -> ActionRequest:
    return ActionRequest(
        Fighter("Attacker", S.sheet(ATTACKER)),
        Fighter("Defender", S.sheet(target)),
        S.options(options),
        S.settings(settings or {}),
        None,
        distance,
    )


def exchange(req: ActionRequest, faces: list[int], choice: str | None, ranged: bool = False) -> ActionResult:
    dice = ScriptedDice(faces)
    pending = S.shot(req, dice) if ranged else S.attack(req, dice)
    assert pending.outcome == "pending_defence"
    assert pending.changes == [] and pending.target_sheet is None  # nothing changes yet
    assert req.target is not None
    result = S.defend(DefenceRequest(req.target, req.actor, pending.exchange or {}, req.settings, choice), dice)
    assert dice.remaining == 0
    verify_result(pending)
    verify_result(result)
    return result


def test_pending_exchange_offers_parry_dodge_none() -> None:
    pending = S.attack(request(DEFENDER), ScriptedDice([10]))
    assert pending.outcome == "pending_defence"
    assert pending.defences == ["parry", "dodge", "none"]
    assert pending.exchange is not None and pending.exchange["total"] == 15
    assert S.has_active_defence


def test_full_attack_then_shield_parry_stops_the_hit() -> None:
    result = exchange(request(DEFENDER), [10, 8], "parry")  # attack 15; parry 8 + 4 + 3 = 15 >= 15
    assert result.outcome == "parried"
    assert result.total == 15 and result.against == 15 and result.against_key == "parry" and result.margin == 0
    assert {m.key: m.value for m in result.modifiers} == {"wladanie": 5}
    assert {m.key: m.value for m in result.defence_modifiers} == {"parry_skill": 4, "shield_parry": 3}
    assert [r.purpose for r in result.rolls] == ["attack", "parry"]
    bonus = Term("term", "cost_bonus_action")
    assert any(n.key == "defence_action" and n.params["cost"] == bonus for n in result.notes)
    assert result.damage is None and result.target_sheet is None


def test_shield_parry_is_a_wladanie_test_with_the_shield() -> None:
    # "Tarcza ... zwykle zapewniają one jakiś modyfikator do testów władania nimi, gdy się ich używa do
    # parowania": a shield parry tests the władanie of the shield (its own skill) plus its modifier.
    skilled = {**DEFENDER, "weapon_skills": {"shield": 7}}
    result = exchange(request(skilled), [10, 5], "parry")  # attack 15; parry 5 + 7 + 3 = 15 >= 15
    assert result.outcome == "parried" and result.against == 15
    assert {m.key: m.value for m in result.defence_modifiers} == {"shield_skill": 7, "shield_parry": 3}
    assert not any(n.key == "no_shield_skill" for n in result.notes)
    without = exchange(request(DEFENDER), [10, 5, 5], "parry")  # same dice, parowanie 4: 12 < 15
    assert without.outcome == "hit" and without.against == 12
    assert any(n.key == "no_shield_skill" and n.params["shield"] == Term("term", "shield") for n in without.notes)


@pytest.mark.parametrize(
    ("shield", "skills"),
    [
        ({**SHIELD, "id": "pawęż"}, {"pawęż": 6}),  # the shield's own id
        ({**SHIELD, "skill": "tarcze"}, {"tarcze": 6, "shield": 1}),  # a named skill key wins
        (SHIELD, {"tarcza": 6}),  # the Polish generic key
    ],
)
def test_shield_skill_keys(shield: dict[str, Any], skills: dict[str, int]) -> None:
    sheet = S.sheet({**DEFENDER, "shield": shield, "weapon_skills": skills})
    assert sheet.shield_skill == 6  # type: ignore[attr-defined]


def test_default_defence_compares_the_shield_wladanie() -> None:
    # parry with the shield 2 + 3 = 5 < dodge 6; władanie tarczą 4 + 3 = 7 >= 6
    weak = {**DEFENDER, "weapon_skills": {"shield": 2}}
    assert S.default_defence(S.attack(request(weak), ScriptedDice([10])).exchange or {}) == "dodge"
    strong = {**DEFENDER, "weapon_skills": {"shield": 4}}
    assert S.default_defence(S.attack(request(strong), ScriptedDice([10])).exchange or {}) == "parry"


def test_failed_parry_lets_the_hit_through_with_damage() -> None:
    result = exchange(request(DEFENDER), [10, 7, 5], "parry")  # parry 14 < 15
    assert result.outcome == "hit" and result.margin == 1
    assert [r.purpose for r in result.rolls] == ["attack", "parry", "damage"]
    assert result.damage is not None and result.damage.rolled == 5 + 3
    # the shield covers the torso: 15 beats coverage 6 → no reduction
    assert result.damage.applied == 8
    assert result.target_sheet is not None and result.target_sheet["damage_taken"] == 8


def test_dodge_with_back_and_prone_modifiers() -> None:
    req = request(DEFENDER, from_back=True, prone=True)
    pending = S.attack(req, ScriptedDice([1]))  # 6 vs 12 - 5 - 10 = -3
    assert pending.outcome == "pending_defence"
    result = exchange(req, [1, 12, 2], "dodge")  # dodge 12 + 6 - 5 - 10 = 3 < 6
    found = {m.key: m.value for m in [*result.modifiers, *result.defence_modifiers]}
    assert found["active_from_back"] == -5 and found["active_prone"] == -10
    assert found["defence_from_back"] == -5 and found["defence_prone"] == -10
    assert result.against == 3 and result.outcome == "hit"


def test_weapon_parry_without_shield_costs_a_regular_action() -> None:
    target = {"physical_defence": 12, "parry_skill": 4, "weapons": [{**SWORD, "parry_modifier": 1}]}
    result = exchange(request(target), [10, 10], "parry")
    assert result.outcome == "parried" and result.against == 15
    regular = Term("term", "cost_regular_action")
    assert any(n.key == "defence_action" and n.params["cost"] == regular for n in result.notes)


def test_flanking_does_not_touch_parry_unless_set() -> None:
    plain = exchange(request(DEFENDER, flanking=True), [5, 5], "dodge")
    assert plain.against == 11 and plain.outcome == "dodged"
    setting = exchange(
        request(DEFENDER, flanking=True, settings={"flank_affects_active_defence": True}), [5, 5, 1], "dodge"
    )
    assert setting.against == 6 and setting.outcome == "hit"


def test_none_keeps_the_hit_test_numbers() -> None:
    result = exchange(request(DEFENDER), [10, 5], "none")
    assert result.outcome == "hit" and result.against == 12 and result.against_key == "physical_defence"
    assert result.margin == 3


def test_gm_resolution_records_the_defence_and_keeps_the_hit() -> None:
    result = exchange(request(DEFENDER, settings={"parry_resolution": "gm"}), [10, 20, 5], "dodge")
    assert result.outcome == "hit"
    assert any(n.key == "gm_adjudicates_defence" and n.params["defence"] == 26 for n in result.notes)


def test_default_defence_choices() -> None:
    best = S.attack(request(DEFENDER), ScriptedDice([10]))
    assert S.default_defence(best.exchange or {}) == "parry"  # 4 + 3 >= 6
    dodgy = S.attack(request({**DEFENDER, "dodge_skill": 9}), ScriptedDice([10]))
    assert S.default_defence(dodgy.exchange or {}) == "dodge"
    fixed = S.attack(request(DEFENDER, settings={"default_defence": "none"}), ScriptedDice([10]))
    assert S.default_defence(fixed.exchange or {}) == "none"
    result = exchange(request(DEFENDER), [10, 1, 5], None)  # default = parry, fails
    assert result.against_key == "parry" and result.outcome == "hit"


def test_surprised_defender_cannot_parry() -> None:
    # "Atakowany nie może parować i unikać ataków": no prompt, the blow lands at once.
    req = request(DEFENDER, surprise=True)
    result = S.attack(req, ScriptedDice([10, 4]))
    assert result.outcome == "hit" and result.against_key == "physical_defence_unprepared"
    assert result.exchange is None and result.defences == []
    assert [r.purpose for r in result.rolls] == ["attack", "damage"]


def test_an_exchange_that_offers_only_none_refuses_a_parry() -> None:
    # An exchange stored before surprise attacks resolved at once: a parry asked for is refused, the blow lands.
    req = request(DEFENDER)
    pending = S.attack(req, ScriptedDice([10]))
    assert req.target is not None and pending.exchange is not None
    exchange = {**pending.exchange, "defences": ["none"]}
    result = S.defend(DefenceRequest(req.target, req.actor, exchange, req.settings, "parry"), ScriptedDice([4]))
    assert result.outcome == "hit"
    assert any(n.key == "defence_not_allowed" for n in result.notes)
    assert [r.purpose for r in result.rolls] == ["attack", "damage"]
    with pytest.raises(RulesError) as err:
        S.defend(DefenceRequest(req.target, req.actor, exchange, req.settings, "block"), ScriptedDice([10]))
    assert err.value.key == "error.pl_wladanie.defence_unknown"


def test_ranged_parry_needs_a_shield_by_default() -> None:
    bow = {"id": "bow", "damage_dice": "1k8", "ranged_kind": "shooting", "max_range_m": 50}
    archer = {"weapon_skills": {"bow": 5}, "weapons": [bow]}

    def shot(target: dict[str, Any], settings: dict[str, Any] | None = None) -> list[str]:
        req = ActionRequest(
            Fighter("A", S.sheet(archer)),
            Fighter("T", S.sheet(target)),
            S.options({}),
            S.settings(settings or {}),
            None,
            4,
        )
        return S.shot(req, ScriptedDice([20])).defences

    assert shot(DEFENDER) == ["parry", "dodge", "none"]
    assert shot({"physical_defence": 12}) == ["dodge", "none"]
    assert shot({"physical_defence": 12}, {"ranged_parry": "always"}) == ["parry", "dodge", "none"]
    assert shot(DEFENDER, {"ranged_parry": "never"}) == ["dodge", "none"]


def test_cli_whole_exchange_and_two_step_exchange() -> None:
    base = {
        "system": "pl_wladanie",
        "action": "attack",
        "actor": {"name": "A", **ATTACKER},
        "target": {"name": "D", **DEFENDER},
    }
    whole = resolve({**base, "dice": [10, 8], "defence": "parry"})
    assert whole["outcome"] == "parried"
    default = resolve({**base, "dice": [10, 1, 5], "defence": None})
    assert default["outcome"] == "hit" and default["against_key"] == "parry"
    pending = resolve({**base, "dice": [10]})
    assert pending["outcome"] == "pending_defence"
    answer = resolve(
        {
            "system": "pl_wladanie",
            "action": "parry",
            "actor": {"name": "D", **DEFENDER},
            "target": {"name": "A", **ATTACKER},
            "exchange": pending["exchange"],
            "choice": "dodge",
            "dice": [9, 5],
        }
    )
    assert answer["outcome"] == "dodged" and answer["against"] == 15


def test_foreign_or_broken_exchange_is_refused() -> None:
    req = request(DEFENDER)
    assert req.target is not None
    for bad in ({"system": "dnd35", "total": 3}, {"system": "pl_wladanie"}):
        with pytest.raises(RulesError) as err:
            S.defend(DefenceRequest(req.target, req.actor, bad, req.settings, "none"), ScriptedDice([1]))
        assert err.value.key == "error.pl_wladanie.bad_exchange"
    pending = S.attack(req, ScriptedDice([10]))
    broken = {**(pending.exchange or {}), "plan": {"dice": "1k8"}}
    with pytest.raises(RulesError) as err:
        S.defend(DefenceRequest(req.target, req.actor, broken, req.settings, "none"), ScriptedDice([1]))
    assert err.value.key == "error.pl_wladanie.bad_exchange"


def test_strength_category_note_shows_the_raised_category() -> None:
    axe = {"id": "axe", "damage_dice": "2k6", "strength_category": "1", "two_handed": True}
    attacker = Fighter("Wit", S.sheet({"strength": 6, "weapons": [axe]}))
    req = ActionRequest(attacker, Fighter("D", S.sheet({"of": 5})), S.options({}), S.settings({}))
    dice = ScriptedDice([10, 5, 3])
    pending = S.attack(req, dice)
    assert req.target is not None
    result = S.defend(DefenceRequest(req.target, attacker, pending.exchange or {}, req.settings, "none"), dice)
    assert any(n.key == "strength_category" and n.params["category"] == "1,5" for n in result.notes)
    assert result.damage is not None and result.damage.rolled == 17
