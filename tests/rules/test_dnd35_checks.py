"""dnd35 checks (issue 11): every compared or applied roll as a check a player can add up at a glance, with
its dice, parts, sides and steps; ids in parameters as catalog terms; refusals as catalog problems."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules import ActionRequest, Fighter, RulesError, ScriptedDice, get_system
from rules.checks import verify_result
from rules.model import ActionResult, Check, Message, Status, Term

S = get_system("dnd35")
# Str 16 (+3), Dex 14 (+2), BAB +6; a longsword 1d8 19-20/×2
HERO = {"str": "16", "dex": "14", "bab": "6", "hp": "40", "weapons": "longsword"}
# AC 15 = 10 + Dex +1 + natural armour 4; Str 14 (+2), Dex 12 (+1), BAB +3, a greataxe
ORC = {"str": "14", "dex": "12", "bab": "3", "hp": "30", "natural_armor": "4", "weapons": "greataxe"}


def fighters(
    actor: dict[str, Any] | None = None, target: dict[str, Any] | None = None
) -> tuple[Fighter[Any], Fighter[Any]]:
    return Fighter("Ana", S.sheet({**HERO, **(actor or {})})), Fighter("Orc", S.sheet({**ORC, **(target or {})}))


def act(
    action: str,
    faces: list[int],
    opts: dict[str, Any] | None = None,
    actor: dict[str, Any] | None = None,
    target: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> ActionResult:
    a, t = fighters(actor, target)
    req = ActionRequest(a, t, S.options(opts or {}), S.settings(settings or {}))
    dice = ScriptedDice(faces)
    if action == "attack":
        result = S.attack(req, dice)
    elif action == "initiative":
        result = S.initiative(req, dice)
    else:
        result = S.act(action, req, dice)
    assert dice.remaining == 0, f"{dice.remaining} faces left unused"
    verify_result(result)
    return result


def shown(c: Check) -> list[tuple[str, int | float, str]]:
    return [(p.key, p.value, p.side) for p in c.parts]


def faces(c: Check) -> list[int]:
    return [d.face for d in c.dice]


# --- attack against AC ------------------------------------------------------------------------------
def test_attack_vs_ac_with_strength_bab_and_flanking_on_the_attackers_side() -> None:
    r = act("attack", [12, 5], {"flanking": True})
    attack, damage = r.checks
    assert (attack.label, attack.side, faces(attack)) == ("attack", "actor", [12])
    assert shown(attack) == [("bab", 6, "actor"), ("str", 3, "actor"), ("flanking", 2, "actor")]
    assert attack.total == r.total == 23 and attack.outcome == "hit"
    ac = attack.versus
    assert ac is not None and (ac.label, ac.side, ac.total) == ("ac", "target", r.against) == ("ac", "target", 15)
    assert shown(ac) == [("ac_base", 10, "target"), ("natural_armor", 4, "target"), ("dex", 1, "target")]
    assert (damage.label, faces(damage), shown(damage), damage.total) == (
        "damage",
        [5],
        [("str_damage", 3, "actor")],
        8,
    )
    assert r.damage is not None and r.damage.applied == damage.total


def test_a_defence_side_penalty_belongs_to_the_versus_check() -> None:
    r = act("attack", [15, 5], {"target_prone": True})
    attack = r.checks[0]
    assert all(p.side == "actor" for p in attack.parts)
    assert attack.versus is not None and ("ac_prone", -4, "target") in shown(attack.versus)
    assert attack.versus.total == r.against == 11 and attack.outcome == "hit"


def test_touch_and_flat_footed_ac_are_the_versus_labels() -> None:
    touch = act("attack", [1], {"touch": True}).checks[0].versus
    assert touch is not None and touch.label == "touch_ac"
    assert shown(touch) == [("ac_base", 10, "target"), ("dex", 1, "target")]  # no natural armour vs touch
    flat = act("attack", [1], {"flat_footed": True}).checks[0].versus
    assert flat is not None and flat.label == "flat_footed_ac" and flat.total == 14
    assert "dex" not in [p.key for p in flat.parts]
    both = act("attack", [1], {"touch": True, "flat_footed": True}).checks[0].versus
    assert both is not None and (both.label, both.total) == ("touch_flat_footed_ac", 10)


def test_dex_lost_note_names_the_handling_as_a_term_not_a_code_word() -> None:
    r = act("attack", [1], {"flat_footed": True})
    note = next(n for n in r.notes if n.key == "dex_lost")
    assert note.params == {"mode": Term("term", "dex_lose")}
    helpless = act("attack", [1], {"helpless": True})
    assert next(n for n in helpless.notes if n.key == "dex_lost").params["mode"] == Term("term", "dex_zero")
    versus = helpless.checks[0].versus
    assert versus is not None and ("dex_zero", -5, "target") in shown(versus)


def test_natural_20_and_1_are_the_attack_checks_outcome() -> None:
    r = act("attack", [20, 1, 4], target={"natural_armor": "30"})  # 20 hits anything; confirm 1 fails
    attack, confirm, damage = r.checks
    assert attack.outcome == "natural_20" and attack.total is not None and attack.versus is not None
    assert attack.total < attack.versus.total  # type: ignore[operator]
    assert (confirm.label, confirm.outcome) == ("confirm", "threat_not_confirmed")
    assert damage.label == "damage"
    assert act("attack", [1], {}, actor={"bab": "30"}).checks[0].outcome == "natural_1"


# --- threat, confirmation, critical damage ------------------------------------------------------------
def test_a_threat_and_its_confirmation_roll_as_a_second_check_then_damage_rolled_twice() -> None:
    r = act("attack", [19, 11, 6, 2])
    attack, confirm, damage = r.checks
    assert attack.outcome == "hit" and faces(attack) == [19]
    assert (confirm.label, faces(confirm), confirm.total, confirm.outcome) == ("confirm", [11], 20, "crit")
    assert shown(confirm) == shown(attack) and confirm.versus is not None and confirm.versus.label == "ac"
    # "Hoď zranění (se všemi opravami) tolikrát, kolik určuje dané číslo": 1d8+3 twice
    assert damage.label == "crit_damage" and faces(damage) == [6, 2]
    assert shown(damage) == [("str_damage", 3, "actor"), ("str_damage", 3, "actor")]
    assert damage.total == r.damage.applied == 14  # type: ignore[union-attr]
    assert r.outcome == "crit"


def test_extra_dice_are_not_multiplied_and_are_shown() -> None:
    r = act("attack", [20, 15, 3, 4, 5, 6], {"extra_damage": "2d6"})
    damage = r.checks[-1]
    assert [(d.sides, d.face) for d in damage.dice] == [(8, 3), (8, 4), (6, 5), (6, 6)]
    assert damage.total == 3 + 4 + 3 + 3 + 5 + 6


def test_minimum_damage_is_a_min_step() -> None:
    r = act("attack", [15, 2], {"damage_misc": -10})
    damage = r.checks[-1]
    assert damage.raw == -5 and [(s.op, s.key, s.total) for s in damage.steps] == [("min", "minimum_damage", 1)]
    assert damage.total == r.damage.applied == 1  # type: ignore[union-attr]


def test_nonlethal_damage_has_its_own_label() -> None:
    r = act("attack", [15, 5], {"nonlethal": True})
    assert [c.label for c in r.checks] == ["attack", "nonlethal_damage"]
    assert ("nonlethal_swap", -4, "actor") in shown(r.checks[0])
    assert r.damage is not None and r.damage.kind == "nonlethal"


def test_massive_damage_save_is_the_targets_check_against_dc_15() -> None:
    r = act("attack", [15, 8, 9], settings={"massive_damage_threshold": 5}, target={"fort_save": "4"})
    save = r.checks[-1]
    assert (save.label, save.side, faces(save), shown(save)) == (
        "massive_save",
        "target",
        [9],
        [("fort_save", 4, "target")],
    )
    assert save.versus is not None and (save.versus.label, save.versus.total) == ("massive_dc", 15)
    assert save.outcome == "not_saved" and r.wound == "dead"


# --- damage reduction (sunder: the item's hardness) ------------------------------------------------
def test_sunder_damage_minus_the_items_hardness_as_a_minus_step() -> None:
    # the orc's greataxe is a two-handed blade: hardness 10; Ana's longsword hits it for 1d8+3
    r = act("sunder", [18, 5, 8], target={"bab": "0", "str": "10"}, actor={"feats": "improved_sunder"})
    opposed, damage = r.checks
    assert (opposed.label, opposed.versus.label, opposed.versus.side) == ("sunder", "sunder_defender", "target")  # type: ignore[union-attr]
    assert damage.label == "item_damage" and damage.raw == 11
    assert [(s.op, s.key, s.value, s.side, s.total) for s in damage.steps] == [("minus", "hardness", 10, "target", 1)]
    assert r.damage is not None and damage.total == r.damage.applied == 1 and r.damage.reduced_by == 10
    weak = act("sunder", [18, 5, 2], target={"bab": "0", "str": "10"}, actor={"feats": "improved_sunder"})
    damage = weak.checks[-1]
    assert [(s.op, s.key, s.total) for s in damage.steps] == [("minus", "hardness", -5), ("min", "minimum_zero", 0)]
    assert weak.damage is not None and weak.damage.applied == damage.total == 0


# --- full attack ----------------------------------------------------------------------------------------
def test_full_attack_sub_attacks_each_with_their_own_checks() -> None:
    r = act("attack", [15, 4, 10, 1], {"full_attack": True}, actor={"bab": "10"})
    assert r.checks == [] and len(r.attacks) == 2
    first, second = r.attacks
    assert [c.label for c in first.checks] == ["attack", "damage"] and first.checks[0].parts[0].value == 10
    assert [c.label for c in second.checks] == ["attack", "damage"] and second.checks[0].parts[0].value == 5
    assert [faces(c) for c in first.checks + second.checks] == [[15], [4], [10], [1]]
    assert r.damage is not None and r.damage.applied == sum(s.checks[-1].total for s in r.attacks)  # type: ignore[misc]


def test_two_weapon_penalties_are_the_attackers_parts() -> None:
    r = act(
        "attack",
        [15, 4, 15, 3],
        {"full_attack": True, "two_weapon": True},
        actor={"bab": "5", "weapons": "longsword, dagger"},
    )
    keys = [[p.key for p in s.checks[0].parts] for s in r.attacks]
    assert keys[0][-1] == "two_weapon_primary" and keys[1][-1] == "two_weapon_off_hand"
    assert r.attacks[1].checks[1].parts == [] or r.attacks[1].checks[1].parts[0].key == "str_damage"


# --- opposed checks and the attack of opportunity inside them ---------------------------------------------
def test_trip_touch_attack_then_opposed_strength_with_the_defenders_side() -> None:
    r = act("trip", [14, 15, 8], target={"weapons": []})
    touch, opposed = r.checks
    assert touch.label == "touch_attack" and touch.versus is not None and touch.versus.label == "touch_ac"
    assert (opposed.label, faces(opposed), shown(opposed)) == ("trip", [15], [("str", 3, "actor")])
    versus = opposed.versus
    assert versus is not None and (versus.label, versus.side, faces(versus)) == ("trip_defender", "target", [8])
    assert shown(versus) == [("str", 2, "target")]
    assert opposed.outcome == "opposed_won" and r.outcome == "tripped"


def test_the_attack_of_opportunity_inside_a_trip_keeps_the_actions_sides() -> None:
    r = act("trip", [17, 6, 14, 15, 8])  # the armed orc's AoO first (17 hits, greataxe 1d12 6), then the trip
    (aoo,) = r.attacks
    attack, damage = aoo.checks
    assert aoo.actor == "Orc" and attack.side == "target" and all(p.side == "target" for p in attack.parts)
    assert attack.versus is not None and attack.versus.side == "actor"
    assert all(p.side == "actor" for p in attack.versus.parts)
    assert damage.side == "target" and all(p.side == "target" for p in damage.parts)
    assert [c.label for c in r.checks] == ["touch_attack", "trip"]
    assert r.checks[0].side == "actor"


def test_an_unarmed_attack_provokes_an_aoo_whose_checks_are_the_targets() -> None:
    r = act("attack", [5, 12, 3], actor={"weapons": []})  # the orc's AoO misses (5), then Ana's punch
    aoo = r.attacks[0]
    assert aoo.checks[0].side == "target" and aoo.checks[0].versus.side == "actor"  # type: ignore[union-attr]
    assert r.checks[0].side == "actor" and r.checks[0].versus.side == "target"  # type: ignore[union-attr]


def test_grapple_touch_attack_opposed_check_and_nonlethal_damage() -> None:
    r = act("grapple", [14, 12, 5, 2], target={"weapons": []})
    touch, opposed, damage = r.checks
    assert touch.label == "touch_attack"
    assert shown(opposed) == [("bab", 6, "actor"), ("str", 3, "actor")]
    assert opposed.versus is not None and shown(opposed.versus) == [("bab", 3, "target"), ("str", 2, "target")]
    assert damage.label == "nonlethal_damage" and damage.total == 2 + 3


def test_opposed_tie_shows_how_it_was_decided() -> None:
    # Ana +3 vs the orc +2 (bull rush): 10+3 = 11+2 → the higher modifier wins
    r = act("bull_rush", [10, 11], target={"weapons": []})
    assert r.checks[0].outcome == "tie_higher_modifier" and r.outcome == "pushed"
    same = act("bull_rush", [10, 10, 4, 9], target={"weapons": [], "str": "16"})  # equal totals and bonuses: again
    assert [c.outcome for c in same.checks] == ["tie_reroll", "opposed_lost"]
    defender = act("bull_rush", [10, 11], target={"weapons": []}, settings={"opposed_tie_rule": "defender_wins"})
    assert defender.checks[0].outcome == "tie_defender_wins"


def test_feint_bluff_against_sense_motive_plus_bab() -> None:
    r = act("feint", [12, 9], actor={"skills": {"bluff": 5}}, target={"skills": {"sense_motive": 2}})
    (c,) = r.checks
    assert (c.label, shown(c)) == ("feint", [("bluff", 5, "actor")])
    assert c.versus is not None and shown(c.versus) == [("sense_motive", 2, "target"), ("bab", 3, "target")]


# --- concealment, initiative, dying -----------------------------------------------------------------------
def test_concealment_miss_chance_is_its_own_d100_check() -> None:
    r = act("attack", [15, 17], {"concealment": "concealment"})
    attack, miss = r.checks
    assert attack.outcome == "hit"
    assert (miss.label, [(d.sides, d.face) for d in miss.dice], miss.total, miss.outcome) == (
        "concealment",
        [(100, 17)],
        17,
        "concealment_miss",
    )
    assert miss.versus is not None and (miss.versus.label, miss.versus.total) == ("miss_chance", 20)
    assert r.outcome == "miss" and r.damage is None
    passed = act("attack", [15, 21, 5], {"concealment": "concealment"})
    assert [c.label for c in passed.checks] == ["attack", "concealment", "damage"]
    assert passed.checks[1].outcome == "concealment_passed"


def test_initiative_d20_dex_misc_and_the_roll_off() -> None:
    r = act("initiative", [13, 7], actor={"initiative_misc": "4"})
    main, rolloff = r.checks
    assert (main.label, faces(main), shown(main), main.total) == (
        "initiative",
        [13],
        [("dex", 2, "actor"), ("initiative_misc", 4, "actor")],
        19,
    )
    assert main.total == r.total and (rolloff.label, rolloff.total) == ("initiative_tiebreak", 7)
    assert r.tiebreak == [6, 7]


def test_the_dying_d100_roll_in_start_round() -> None:
    dying = Fighter("Orc", S.sheet({**ORC, "hp_current": "-3"}))
    r = S.start_round(dying, S.settings({}), 2, ScriptedDice([42]))
    assert r is not None
    verify_result(r)
    (c,) = r.checks
    assert (c.label, c.side, [(d.sides, d.face) for d in c.dice], c.outcome) == (
        "stabilize",
        "actor",
        [(100, 42)],
        "hp_lost",
    )
    assert c.versus is not None and (c.versus.label, c.versus.total) == ("stabilize_chance", 10)
    stable = S.start_round(dying, S.settings({}), 2, ScriptedDice([10]))
    assert stable is not None and stable.checks[0].outcome == "stabilized"


def test_heal_check_aid_another_and_coup_de_grace() -> None:
    heal = act("heal_check", [11], actor={"skills": {"heal": 4}}, target={"hp_current": "-2"})
    assert heal.checks[0].total == 15 and heal.checks[0].versus.total == 15 and heal.outcome == "success"  # type: ignore[union-attr]
    aid = act("aid_another", [2])
    assert aid.checks[0].versus is not None and (aid.checks[0].versus.label, aid.checks[0].versus.total) == (
        "aid_ac",
        10,
    )
    coup = act("coup_de_grace", [3, 4, 5], target={"conditions": "helpless", "hp": "60", "fort_save": "2"})
    damage, save = coup.checks
    assert damage.label == "crit_damage" and faces(damage) == [3, 4] and damage.total == 13
    assert save.side == "target" and save.versus is not None and save.versus.total == 10 + 13
    assert [(p.key, p.value, p.side) for p in save.versus.parts] == [
        ("dc_base", 10, "other"),
        ("damage_dealt", 13, "actor"),
    ]


# --- every result adds up and shows every die; every key is in the catalogs ----------------------------------
def _tree(r: ActionResult) -> list[ActionResult]:
    return [r, *(x for sub in r.attacks for x in _tree(sub))]


def _dice_of(c: Check) -> list[tuple[int, int]]:
    return [(d.sides, d.face) for d in c.dice] + (_dice_of(c.versus) if c.versus is not None else [])


SCENARIOS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]] = [
    ("attack", {}, {}, {}),
    ("attack", {"full_attack": True, "two_weapon": True}, {"bab": "16", "weapons": "longsword, dagger"}, {}),
    ("attack", {"concealment": "total", "extra_damage": "1d6", "set_vs_charge": True}, {}, {}),
    ("attack", {"nonlethal": True, "flat_footed": True, "touch": True}, {}, {"massive_damage_threshold": 3}),
    ("attack", {}, {"weapons": []}, {}),
    ("trip", {}, {}, {}),
    ("grapple", {}, {}, {}),
    ("disarm", {}, {}, {}),
    ("sunder", {}, {}, {}),
    ("bull_rush", {"charge": True}, {}, {}),
    ("overrun", {}, {}, {}),
    ("feint", {}, {}, {}),
    ("aid_another", {}, {}, {}),
    ("initiative", {}, {}, {}),
]


def _scenario_results() -> list[ActionResult]:
    from rules import RandomDice

    out: list[ActionResult] = []
    for action, opts, actor, settings in SCENARIOS:
        for seed in range(40):
            a, t = fighters(actor)
            req = ActionRequest(a, t, S.options(opts), S.settings(settings))
            dice = RandomDice(seed)
            try:
                r = S.attack if action == "attack" else S.initiative if action == "initiative" else None
                out.append(r(req, dice) if r is not None else S.act(action, req, dice))
            except RulesError:
                continue
    for action in ("grapple_damage", "pin", "escape_grapple"):
        for seed in range(10):
            a, t = fighters({"conditions": "grappling"})
            out.append(
                S.act(action, ActionRequest(a, t, S.options({"lethal": True}), S.settings({})), RandomDice(seed))
            )
    return out


@pytest.fixture(scope="module")
def results() -> list[ActionResult]:
    return _scenario_results()


def test_every_result_adds_up_and_shows_every_die_it_rolled(results: list[ActionResult]) -> None:
    for r in results:
        verify_result(r)
        shown_dice = Counter(d for x in _tree(r) for c in x.checks for d in _dice_of(c))
        # a full attack's and a special action's top result lists every roll, its sub-results' too;
        # an attack's own result lists its own (the AoO it provoked lists its own)
        rolled = Counter((d.sides, d.face) for d in r.rolls)
        if r.action in ("attack", "shot") and r.checks:
            rolled += Counter((d.sides, d.face) for sub in r.attacks for d in sub.rolls)
        assert shown_dice == rolled, (r.action, r.outcome)
        if r.damage is not None and r.damage.applied and r.checks:
            assert any(c.total == r.damage.applied and c.raw is not None for c in r.checks)


def _catalog(lang: str) -> dict[str, str]:
    import json
    from pathlib import Path

    merged: dict[str, str] = {}
    for name in ("core.json", "dnd35.json"):
        merged.update(json.loads(Path(f"bot/i18n/{lang}/{name}").read_text("utf-8")))
    return merged


def _keys(r: ActionResult) -> set[str]:
    keys: set[str] = set()

    def walk(c: Check, versus: bool) -> None:
        keys.add(f"{'versus' if versus else 'check'}.dnd35.{c.label}")
        keys.update(f"term.dnd35.{p.key}" for p in c.parts)
        keys.update(f"term.dnd35.{s.key}" for s in c.steps)
        keys.update(f"term.dnd35.{p.key}" for s in c.steps for p in s.detail)
        if c.outcome:
            keys.add(f"outcome.dnd35.{c.outcome}")
        if c.versus is not None:
            walk(c.versus, True)

    for x in _tree(r):
        for c in x.checks:
            walk(c, False)
        for n in x.notes:
            keys.update(f"{v.kind}.dnd35.{v.key}" for v in n.params.values() if isinstance(v, Term))
    return keys


@pytest.mark.parametrize("lang", ["en", "cs", "pl", "it"])
def test_every_label_part_step_and_outcome_has_its_catalog_text(lang: str, results: list[ActionResult]) -> None:
    catalog = _catalog(lang)
    needed = set().union(*(_keys(r) for r in results))
    assert {"check.dnd35.attack", "versus.dnd35.ac", "term.dnd35.ac_base"} <= needed
    missing = sorted(k for k in needed if k not in catalog)
    assert not missing, missing


@pytest.mark.parametrize("lang", ["en", "cs", "pl", "it"])
def test_every_field_option_and_setting_has_a_name(lang: str) -> None:
    from rules.systems.dnd35.sheet import SHORTCUTS, Weapon

    catalog = _catalog(lang)
    names = [*S.Sheet.model_fields, *S.Options.model_fields, *S.Settings.model_fields, *SHORTCUTS, *Weapon.model_fields]
    assert not [n for n in names if f"term.dnd35.{n}" not in catalog]
    items = S.Options.model_fields["item"].annotation.__args__[0].__args__  # type: ignore[union-attr]
    assert not [i for i in items if f"term.dnd35.item_{i}" not in catalog]


# --- no code words in refusals --------------------------------------------------------------------------
def _refusal(fn: Any) -> RulesError:
    with pytest.raises(RulesError) as info:
        fn()
    return info.value


def test_refusals_name_conditions_actions_and_reasons_as_terms() -> None:
    a, t = fighters({"conditions": "flat_footed"})
    aoo = ActionRequest(a, t, S.options({"attack_of_opportunity": True, "cover": "normal"}), S.settings({}))
    err = _refusal(lambda: S.attack(aoo, ScriptedDice([])))
    assert err.params["reasons"] == [Term("condition", "flat_footed"), Term("term", "target_cover")]
    err = _refusal(lambda: S.act("dance", aoo, ScriptedDice([])))
    assert Term("action", "trip") in err.params["allowed"]
    out = Fighter("Ana", S.sheet({**HERO, "conditions": "unconscious"}))
    err = _refusal(lambda: S.attack(ActionRequest(out, t, S.options({}), S.settings({})), ScriptedDice([])))
    assert Term("condition", "unconscious") in err.params["conditions"]
    err = _refusal(lambda: S.act("stabilize", ActionRequest(a, None, S.options({}), S.settings({})), ScriptedDice([])))
    assert err.params["state"] == Term("wound", "unhurt")
    err = _refusal(lambda: S.set_condition(a.sheet, "sleepy", True))
    assert Term("condition", "prone") in err.params["allowed"]


@pytest.mark.parametrize(
    ("stats", "problem"),
    [
        ({"init": "fast"}, Message("problem.dnd35.not_whole_number", {"key": Term("term", "init"), "value": "fast"})),
        ({"crit": "often"}, Message("problem.dnd35.crit_format", {"value": "often"})),
        ({"ac": "10", "touch": "15"}, Message("problem.dnd35.ac_below_touch", {"ac": "10", "touch": "15"})),
        (
            {"weapons": "dlouhy_mc"},
            Message(
                "problem.dnd35.unknown_weapon_name",
                {"value": "dlouhy_mc", "like": "dlouhý_meč, dlouhý_luk, dlouhé_kopí, složený_dlouhý_luk"},
            ),
        ),
    ],
)
def test_sheet_refusals_are_catalog_problems(stats: dict[str, str], problem: Message) -> None:
    err = _refusal(lambda: S.sheet(stats))
    assert err.key == "error.stat_refused" and err.params["problem"] == problem


def test_a_number_field_typed_wrong_is_named_by_the_field() -> None:
    err = _refusal(lambda: S.sheet({"dex": "quick"}))
    assert err.key == "error.stat_invalid" and err.params["key"] == Term("term", "dex")
    err = _refusal(lambda: S.sheet({"conditions": "sleepy"}))
    assert err.params["problem"] == Message("problem.dnd35.unknown_condition", {"value": "sleepy"})


# --- descriptor ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("stats", "expected"),
    [
        ({"hp": "20"}, "unhurt"),
        ({"hp": "20", "hp_current": "15"}, "wounded"),
        ({"hp": "20", "nonlethal": "8"}, "wounded"),  # 12 of 20 left after nonlethal damage
        ({"hp": "20", "nonlethal": "12"}, "badly_wounded"),  # 8 of 20
        ({"hp": "20", "hp_current": "2"}, "near_death"),
        ({"hp": "20", "hp_current": "0"}, "near_death"),  # disabled
        ({"hp": "20", "hp_current": "5", "nonlethal": "5"}, "near_death"),  # staggered
        ({"hp": "20", "hp_current": "-3"}, "down"),  # dying
    ],
)
def test_descriptor_counts_nonlethal_damage(stats: dict[str, str], expected: str) -> None:
    status: Status = S.status(S.sheet(stats))
    assert S.descriptor(status) == expected


def verified(out: dict[str, Any]) -> dict[str, Any]:
    """A dumped result (`rules.__main__.resolve`) whose checks, and its sub-results', add up (the other
    dnd35 test files run every result they build through this)."""
    from rules.checks import load_checks, verify

    for c in load_checks(out.get("checks", [])):
        verify(c, f"{out.get('action')}: ")
    for sub in out.get("attacks", []):
        verified(sub)
    return out
