"""Conditions a GM puts on (`/encounter effect add`) change the results exactly as the rules' own
mechanism does (same scripted dice, same totals), and helpless targets are hit automatically."""

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
WEAPONS = ["long_sword", "footman_mace", "dagger", "halberd"]


def fighter(**data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": 6}],
        "thac0": 15,
        "hp": 60,
        "pool_max": 40,
        "weapons": WEAPONS,
    }
    base.update(data)
    return S.sheet(base)


def target(**data: Any) -> Any:
    data.setdefault("hp", 40)
    data.setdefault("ac", 5)
    return S.sheet(data)


def hit(
    actor: Any, tgt: Any, dice: list[int], weapon: str = "long_sword", shot: bool = False, **opts: Any
) -> ActionResult:
    settings = opts.pop("settings", {})
    req = ActionRequest(Fighter("A", actor), Fighter("T", tgt), S.options(opts), S.settings(settings), weapon)
    source = ScriptedDice(dice)
    result = (S.shot if shot else S.attack)(req, source)
    assert source.remaining == 0
    return described(result)


def victim_of(result: ActionResult) -> Any:
    assert result.target_sheet is not None
    return S.sheet(result.target_sheet)


def gm(sheet: Any, condition: str) -> Any:
    on = S.set_condition(sheet, condition, True)
    assert condition in S.status(on).conditions
    return on


def same(a: ActionResult, b: ActionResult) -> None:
    """The same attack under the rules' condition and under the GM's: same numbers and outcome."""
    assert (a.total, a.against, a.outcome, a.modifiers) == (b.total, b.against, b.outcome, b.modifiers)
    assert a.defence_modifiers == b.defence_modifiers
    assert (a.damage.applied if a.damage else None) == (b.damage.applied if b.damage else None)


def initiative(sheet: Any, die: int) -> ActionResult:
    req = ActionRequest(Fighter("T", sheet), None, S.options({}), S.settings({}))
    return described(S.initiative(req, ScriptedDice([die])))


def next_round(sheet: Any, round_no: int = 2) -> tuple[Any, ActionResult | None]:
    res = S.start_round(Fighter("T", sheet), S.settings({}), round_no)
    return (S.sheet(res.actor_sheet) if res is not None and res.actor_sheet else sheet), res


# --- the blows' conditions --------------------------------------------------------------------------------
def test_pain_penalty_as_causare_grande_dolore_leaves_it() -> None:
    # Seed: "o subire una penalità di -2 al tiro per colpire a tutti gli attacchi successivi del round"
    rules = victim_of(hit(fighter(), target(), [15, 3], blows="causare_grande_dolore", save="failed"))
    assert rules.has("pain_penalty")
    by_gm = gm(target(), "pain_penalty")
    same(hit(rules, fighter(), [12, 4]), hit(by_gm, fighter(), [12, 4]))
    assert next_round(by_gm)[0].conditions == next_round(rules)[0].conditions == []


def test_lose_attacks_as_causare_grande_dolore_leaves_it() -> None:
    # Seed: "o perdere tutti gli attacchi successivi del round in cui è stata colpita"
    rules = victim_of(
        hit(fighter(), target(hp=40, attacks_left=2), [15, 4], blows="causare_grande_dolore", save="failed")
    )
    by_gm = gm(target(hp=40, attacks_left=2), "lose_attacks")
    assert rules.attacks_left == by_gm.attacks_left == 0
    for sheet in (rules, by_gm):
        with pytest.raises(RulesError) as err:
            hit(sheet, fighter(), [12])
        assert err.value.key == "error.adnd2cp.no_attacks_left"


def test_slowed_next_as_rallentamento_leaves_it() -> None:
    # Seed: "o subire una penalità di +4 all'iniziativa nel round successivo a quello in cui è stata colpita"
    rules = victim_of(hit(fighter(), target(), [15, 4], weapon="footman_mace", blows="rallentamento", save="failed"))
    by_gm = gm(target(), "slowed_next")
    a, b = initiative(next_round(rules)[0], 3), initiative(next_round(by_gm)[0], 3)
    assert a.total == b.total == 3 + 1 + 4 and a.modifiers == b.modifiers


def test_bleeding_as_taglio_profondo_leaves_it() -> None:
    # Seed: "o perdere 2 punti ferita alla fine di ogni round a partire da quello in cui è stato ferito"
    rules = victim_of(hit(fighter(), target(), [15, 4], blows="taglio_profondo", save="failed"))
    by_gm = gm(target(hp=36), "bleeding")
    assert rules.hp == by_gm.hp == 36
    for _ in range(2):
        rules, r_res = next_round(rules)
        by_gm, g_res = next_round(by_gm)
        assert rules.hp == by_gm.hp
    assert rules.hp == 32
    assert r_res is not None and g_res is not None
    assert "bleeding_saves_due" in [n.key for n in r_res.notes] and "bleeding_saves_due" in [n.key for n in g_res.notes]
    stopped = S.act(
        "stop_bleeding",
        ActionRequest(Fighter("A", fighter()), Fighter("T", by_gm), S.options({"cure": True}), S.settings({})),
        ScriptedDice([]),
    )
    assert stopped.conditions == []


def test_impaled_as_impalamento_leaves_it() -> None:
    # Seed: "penalità di - 2 ai tiri per colpire e di + 2 all'iniziativa ... e non vedrà applicarsi il
    # bonus di destrezza alla sua classe armature"
    rules = victim_of(
        hit(fighter(), target(ac=3, dex_ac_adjustment=2), [15, 4], weapon="halberd", blows="impalamento", save="failed")
    )
    by_gm = gm(target(ac=3, dex_ac_adjustment=2, hp=36), "impaled")
    same(hit(fighter(), rules, [10, 4]), hit(fighter(), by_gm, [10, 4]))  # no Dex: needed 15 − 5
    same(hit(rules, fighter(), [11]), hit(by_gm, fighter(), [11]))  # −2 to hit: 9 misses 10
    assert initiative(rules, 3).total == initiative(by_gm, 3).total == 3 + 1 + 2


def test_guard_opened_as_lancio_di_apertura_leaves_it() -> None:
    # Seed: "riceverà un bonus di +1 al tiro per colpire e di +1 al dado base dei danni"
    rules = victim_of(
        hit(fighter(), target(), [15, 2], weapon="dagger", shot=True, blows="lancio_di_apertura", save="failed")
    )
    by_gm = gm(target(hp=38), "guard_opened")
    a, b = hit(fighter(), rules, [9, 5]), hit(fighter(), by_gm, [9, 5])
    same(a, b)
    assert a.outcome == "hit" and a.damage is not None and a.damage.applied == 6
    assert not victim_of(a).has("guard_opened") and not victim_of(b).has("guard_opened")


@pytest.mark.parametrize(("failed", "condition"), [(1, "debilitated"), (2, "incapacitated")])
def test_incapacitare_conditions(failed: int, condition: str) -> None:
    # Seed: "considerandosi debilitata o incapacitata per il resto del round in corso rispettivamente se ne
    # fallisca uno od entrambi"
    rules = victim_of(
        hit(fighter(), target(), [15, 4], weapon="footman_mace", blows="incapacitare", saves_failed=failed)
    )
    by_gm = gm(target(hp=36), condition)
    assert rules.condition(condition) == by_gm.condition(condition)
    assert S.status(rules).out_of_fight == S.status(by_gm).out_of_fight == (condition == "incapacitated")


def test_disarmed_is_recorded_like_disarmare() -> None:
    rules = victim_of(hit(fighter(), target(), [19], blows="disarmare", save="failed"))
    assert rules.has("disarmed") and gm(target(), "disarmed").has("disarmed")


# --- the base game's conditions (AD&D 2e combat modifiers) -----------------------------------------------
def test_surprised_condition_is_the_surprised_option() -> None:
    dodgy = target(ac=3, dex_ac_adjustment=2)
    a = hit(fighter(), dodgy, [9, 4], surprised=True)
    b = hit(fighter(), gm(dodgy, "surprised"), [9, 4])
    same(a, b)
    # the defender's side: AC 3 loses its Dex 2, and +1 against a surprised defender lowers the number needed
    assert (a.against, a.total, a.outcome) == (15 - 5 - 1, 9, "hit")


@pytest.mark.parametrize("condition", ["stunned", "prone"])
def test_stunned_or_prone_defender_plus_four(condition: str) -> None:
    plain = hit(fighter(), target(), [6, 4], modifier=4)
    marked = hit(fighter(), gm(target(), condition), [6, 4])
    assert (plain.outcome, plain.margin) == (marked.outcome, marked.margin) == ("hit", 0)
    assert (plain.total, plain.against, marked.total, marked.against) == (10, 10, 6, 6)
    assert [(m.key, m.value) for m in marked.defence_modifiers] == [("target_" + condition, -4)]
    assert S.status(gm(target(), condition)).out_of_fight == (condition == "stunned")


# --- helpless, unconscious, dead: hit automatically --------------------------------------------------------
@pytest.mark.parametrize(
    "victim",
    [
        {"conditions": ["helpless"]},
        {"hp_max": 40, "hp": -3, "conditions": ["unconscious"]},
        {"hp_max": 40, "hp": -12, "conditions": ["dead"]},
    ],
)
def test_helpless_targets_are_hit_automatically(victim: dict[str, Any]) -> None:
    awake = hit(fighter(), target(ac=-2), [1])
    assert awake.outcome == "miss"
    r = hit(fighter(), target(ac=-2, **victim), [1, 5, 6], blows="attacco_letale")
    assert r.outcome == "hit" and "helpless_hit" in [n.key for n in r.notes]
    assert r.damage is not None and r.damage.dice == [5, 6]  # the special blow is not voided


def test_unconscious_from_the_death_setting_then_hit_automatically() -> None:
    down = victim_of(hit(fighter(), target(hp=4, ac=5), [15, 7], settings={"death_at": -10}))
    assert S.status(down).level == "unconscious" and S.status(down).out_of_fight and not S.status(down).dead
    r = hit(fighter(), down, [2, 8], settings={"death_at": -10})
    assert r.outcome == "hit" and S.status(victim_of(r)).dead


def test_incapacitated_is_helpless_only_with_the_setting() -> None:
    out = gm(target(ac=-2), "incapacitated")
    assert hit(fighter(), out, [2]).outcome == "miss"
    assert hit(fighter(), out, [2, 4], settings={"incapacitated_is_helpless": True}).outcome == "hit"


def test_conditions_go_off_and_unknown_ones_are_refused() -> None:
    on = gm(target(), "helpless")
    assert S.set_condition(on, "helpless", False).conditions == []
    assert S.set_condition(on, "helpless", True) == on  # putting it on twice changes nothing
    with pytest.raises(RulesError) as err:
        S.set_condition(target(), "frightened", True)  # names its attacker: only Fine Sanguinaria gives it
    assert err.value.key == "error.adnd2cp.unknown_condition"
    assert "dead" not in S.conditions() and "unconscious" not in S.conditions()
