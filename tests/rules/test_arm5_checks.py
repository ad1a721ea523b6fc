"""arm5 checks (issue 11): every compared or applied roll as a line a player checks at a glance.

Scripted faces run 1..10 and face 10 is the d10's "0" (see docs/rules/arm5.md). Each case asserts the
checks' dice, parts, sides, steps and totals; `verify_result` checks that they add up.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.checks import all_dice, verify_result
from rules.dice import RandomDice, ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Check, Die, Message, Part, Step, Term
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM

SWORD = {"name": "sword", "ability": "single_weapon", "atk": 4, "dam": 6}
# Attacker: Dex +1, Str +2, Single Weapon 4, weapon Atk +4 Dam +6 → Attack 9 + die, Damage 8 + advantage.
ATTACKER = {"dex": 1, "str": 2, "single_weapon": 4, "weapon": SWORD}
# Defender: Qik +1, Sta +1, Single Weapon 3, weapon Dfn +1, shield Dfn +3, Protection 5, one Light wound
# → Defense 1 + 3 + 1 + 3 − 1 = 7 + die; Soak 1 + 5 = 6.
DEFENDER = {
    "qik": 1,
    "sta": 1,
    "single_weapon": 3,
    "weapon": {"name": "sword", "ability": "single_weapon", "dfn": 1},
    "shield": {"name": "round", "dfn": 3},
    "armour_prot": 5,
    "wounds": {"light": 1},
}


def fighter(name: str, data: dict[str, Any]) -> Fighter[Any]:
    return Fighter(name, SYSTEM.sheet(data))


def request(actor: dict[str, Any], target: dict[str, Any] | None, **options: Any) -> ActionRequest:
    return ActionRequest(
        fighter("A", actor),
        fighter("D", target) if target is not None else None,
        SYSTEM.options(options),
        SYSTEM.settings({}),
    )


def exchange(actor: dict[str, Any], target: dict[str, Any], faces: list[int]) -> tuple[ActionResult, ActionResult]:
    dice = ScriptedDice(faces)
    req = request(actor, target)
    pending = SYSTEM.attack(req, dice)
    assert pending.exchange is not None and req.target is not None
    done = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings), dice)
    assert dice.remaining == 0
    verify_result(pending)
    verify_result(done)
    return pending, done


def labels(result: ActionResult) -> list[str]:
    return [c.label for c in result.checks]


# --- the stress die --------------------------------------------------------------------------------


def test_stress_die_1_1_7_is_28_shown_as_two_doubled_ones_and_a_kept_7() -> None:
    pending, done = exchange(ATTACKER, DEFENDER, [1, 1, 7, 6])
    attack = done.checks[0]
    assert attack.dice == [Die(10, 1, "doubled"), Die(10, 1, "doubled"), Die(10, 7, "kept")]
    assert attack.multiplier == 4
    assert attack.parts == [
        Part("atk_dex", 1, "actor"),
        Part("atk_single_weapon", 4, "actor"),
        Part("atk_weapon", 4, "actor"),
    ]
    assert (attack.raw, attack.total, done.total) == (28 + 9, 37, 37)
    before = pending.checks[0]  # the attack half shows the same line, not yet compared
    assert (before.dice, before.total, before.versus) == (attack.dice, 37, None)


def test_a_0_after_a_1_counts_10() -> None:
    _, done = exchange(ATTACKER, DEFENDER, [1, 10, 6])
    attack = done.checks[0]
    assert attack.dice == [Die(10, 1, "doubled"), Die(10, 10, "kept")] and attack.multiplier == 2
    assert attack.total == 20 + 9


def test_a_botch_shows_its_botch_dice_and_sets_the_total_to_0() -> None:
    _, done = exchange(ATTACKER, DEFENDER, [10, 10, 2])
    attack = done.checks[0]
    assert attack.dice == [Die(10, 0, "kept"), Die(10, 0, "botch")]  # read as the 0s they are
    assert attack.raw == 9  # the first "0" counts nothing; the modifiers stay …
    assert attack.steps == [Step("set", "botch", 0, 0, "actor")]  # … until the botch makes it 0
    assert attack.total == done.total == 0 and attack.outcome == "miss"


def test_a_0_without_a_botch_just_adds_0() -> None:
    _, done = exchange(ATTACKER, DEFENDER, [5, 10, 3])
    defence = done.checks[0].versus
    assert defence is not None
    assert defence.dice == [Die(10, 0, "kept"), Die(10, 3, "botch")]
    assert defence.steps == [] and defence.total == 7 == done.against


# --- the exchange ------------------------------------------------------------------------------------


def test_attack_total_vs_the_defenders_own_defense_check() -> None:
    _, done = exchange(ATTACKER, DEFENDER, [1, 7, 6])
    assert labels(done) == ["attack", "damage"]
    attack = done.checks[0]
    assert (attack.label, attack.side, attack.total, attack.outcome) == ("attack", "actor", 23, "hit")
    defence = attack.versus
    assert defence is not None
    assert (defence.label, defence.side) == ("defence", "target")
    assert defence.dice == [Die(10, 6)]
    assert defence.parts == [
        Part("def_qik", 1, "target"),
        Part("def_single_weapon", 3, "target"),
        Part("def_weapon", 1, "target"),
        Part("def_shield", 3, "target"),
        Part("def_wound_penalty", -1, "target"),
    ]
    assert defence.total == 13 == done.against


def test_attack_advantage_leads_the_damage_and_soak_is_one_step_with_its_own_parts() -> None:
    # The "+2 Siła +6 Obr broni +10 Attack Advantage +5 Pancerz = 18 − 5 → 13" mixed Soak's parts
    # among the damage parts; now Soak is one step whose detail holds them, on the defender's side.
    _, done = exchange(ATTACKER, DEFENDER, [1, 7, 6])
    damage = done.checks[1]
    assert damage.label == "damage" and damage.side == "actor"
    assert done.margin == done.checks[0].total - done.checks[0].versus.total == 10  # type: ignore[union-attr]
    assert damage.parts == [
        Part("dmg_advantage", 10, "both"),
        Part("dmg_str", 2, "actor"),
        Part("dmg_weapon", 6, "actor"),
    ]
    assert damage.raw == 18
    soak = Step("minus", "soak", 6, 12, "target", [Part("soak_sta", 1, "target"), Part("soak_armour", 5, "target")])
    assert damage.steps == [soak]
    assert damage.total == 12 == done.damage.applied  # type: ignore[union-attr]
    assert damage.outcome == "heavy" == done.wound  # Size 0: 11-15 Ciężka rana
    assert done.damage is not None and {m.key for m in done.damage.modifiers} == {
        "dmg_str",
        "dmg_weapon",
        "dmg_advantage",
    }
    assert sum(m.value for m in done.damage.modifiers) == done.damage.rolled


def test_soak_that_stops_the_blow_floors_the_damage_at_0() -> None:
    weak = {**ATTACKER, "str": 0, "weapon": {**SWORD, "dam": 0}}
    _, done = exchange(weak, DEFENDER, [6, 7])  # advantage 1, Soak 6
    damage = done.checks[1]
    assert [(s.op, s.key, s.value, s.total) for s in damage.steps] == [
        ("minus", "soak", 6, -5),
        ("min", "soaked", 0, 0),
    ]
    assert damage.total == 0 == done.damage.applied and damage.outcome == "no_wound"  # type: ignore[union-attr]


def test_a_helpless_defender_shows_a_defense_of_0_without_a_die() -> None:
    _, done = exchange(ATTACKER, {**DEFENDER, "fatigue_level": 5}, [5])
    defence = done.checks[0].versus
    assert defence is not None and defence.dice == [] and defence.total == 0 and defence.side == "target"


def test_the_attack_check_travels_in_the_exchange_and_an_older_exchange_is_rebuilt() -> None:
    dice = ScriptedDice([1, 1, 7, 10, 10])
    req = request(ATTACKER, DEFENDER)
    pending = SYSTEM.attack(req, dice)
    assert pending.exchange is not None and req.target is not None
    assert json.loads(json.dumps(pending.exchange)) == pending.exchange  # plain JSON, Terms included
    old = {k: v for k, v in pending.exchange.items() if k != "attack_checks"}
    new = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings), ScriptedDice([10, 10]))
    rebuilt = SYSTEM.defend(DefenceRequest(req.target, req.actor, old, req.settings), ScriptedDice([10, 10]))
    assert new.checks == rebuilt.checks
    assert new.checks[0].multiplier == 4 and new.checks[0].versus.steps[0].key == "botch"  # type: ignore[union-attr]


# --- initiative, disengaging, magic ----------------------------------------------------------------


def test_initiative_stress_roll_and_its_rolloff() -> None:
    sheet = {"qik": 2, "encumbrance": 1, "weapon": "long_sword", "wounds": {"light": 1}}
    result = SYSTEM.initiative(request(sheet, None), ScriptedDice([1, 4, 7]))
    verify_result(result)
    init, rolloff = result.checks
    assert init.label == "initiative" and init.dice == [Die(10, 1, "doubled"), Die(10, 4)] and init.multiplier == 2
    assert init.parts == [
        Part("init_qik", 2, "actor"),
        Part("init_weapon", 2, "actor"),
        Part("init_encumbrance", -1, "actor"),
        Part("init_wound_penalty", -1, "actor"),
    ]
    assert init.total == 8 + 2 == result.total
    assert (rolloff.label, rolloff.dice, rolloff.total) == ("initiative_rolloff", [Die(10, 7)], 7)
    assert result.tiebreak == [2, 7]


MAJA = {"qik": 1, "single_weapon": 3, "weapon": {"name": "sword", "ability": "single_weapon", "dfn": 3}}
BIG = {"str": 3, "single_weapon": 2, "weapon": {"name": "axe", "ability": "single_weapon", "atk": 3, "dam": 6}}


def test_disengage_shows_the_defense_and_the_reaction_attack_as_two_checks() -> None:
    # Seed: the withdrawing character rolls Defense instead of Attack; each opponent who attacked rolls
    # an Attack again. Maja's Defense 7 + 2 = 9 against Big's Attack 5 + 9 = 14: stopped, and hit for 5.
    req = ActionRequest(
        fighter("Maja", {**MAJA, "attacked_by": ["Big"]}), fighter("Big", BIG), SYSTEM.options({}), SYSTEM.settings({})
    )
    result = SYSTEM.act("disengage", req, ScriptedDice([2, 9]))
    verify_result(result)
    assert labels(result) == ["disengage_defence", "damage"]
    defence = result.checks[0]
    assert defence.side == "actor" and defence.dice == [Die(10, 2)]
    assert defence.parts == [
        Part("def_qik", 1, "actor"),
        Part("def_single_weapon", 3, "actor"),
        Part("def_weapon", 3, "actor"),
    ]
    attack = defence.versus
    assert attack is not None and attack.label == "reaction_attack" and attack.side == "target"
    assert attack.dice == [Die(10, 9)]
    assert attack.parts == [Part("atk_single_weapon", 2, "target"), Part("atk_weapon", 3, "target")]
    assert (defence.total, attack.total, defence.outcome) == (9, 14, "retreat_blocked")
    assert (result.total, result.against) == (9, 14)
    assert {m.key for m in result.modifiers if m.value} == {
        "def_qik",
        "def_single_weapon",
        "def_weapon",
        "disengage_defence_die",
    }
    assert {m.key for m in result.defence_modifiers if m.value} == {
        "atk_single_weapon",
        "atk_weapon",
        "reaction_attack_die",
    }
    damage = result.checks[1]  # Big (the target of this call) hits Maja (its actor)
    assert damage.side == "target" and damage.parts[0] == Part("dmg_advantage", 5, "both")
    assert damage.steps[0].side == "actor" and damage.total == 14 and damage.outcome == "heavy" == result.wound


def test_a_reaction_attack_off_turn_is_compared_with_the_kept_defense() -> None:
    declared = SYSTEM.act(
        "disengage",
        ActionRequest(
            fighter("Maja", {**MAJA, "attacked_by": ["Big"], "mounted": True, "riding": 2}),
            None,
            SYSTEM.options({}),
            SYSTEM.settings({}),
        ),
        ScriptedDice([8]),
    )
    verify_result(declared)
    assert labels(declared) == ["disengage_defence"] and declared.checks[0].versus is None
    assert declared.actor_sheet is not None
    req = ActionRequest(
        fighter("Big", BIG), fighter("Maja", declared.actor_sheet), SYSTEM.options({}), SYSTEM.settings({})
    )
    result = SYSTEM.act("reaction_attack", req, ScriptedDice([6]))
    verify_result(result)
    attack = result.checks[0]
    assert (attack.label, attack.side, attack.dice, attack.total) == ("reaction_attack", "actor", [Die(10, 6)], 11)
    kept = attack.versus
    assert kept is not None and kept.dice == [] and kept.side == "target"
    assert kept.parts == [Part("disengage_defence", 15, "target"), Part("def_riding", 2, "target")]
    assert (kept.total, result.against, attack.outcome) == (17, 17, "defence_holds")


CREATURE = {"sta": 3, "armour_prot": 2, "size": 1}


def test_spell_damage_against_a_rolled_soak_then_damage_minus_soak() -> None:
    # Digest worked example 2: Pilum of Fire +15 with a stress die 1,1,3 = 12 → 27, Soak 5 + 4 = 9.
    mage = {"spells": [{"name": "Pilum of Fire", "damage": 15}]}
    req = ActionRequest(
        fighter("Mag", mage), fighter("Bestia", CREATURE), SYSTEM.options({}), SYSTEM.settings({}), "Pilum of Fire"
    )
    result = SYSTEM.act("magic_attack", req, ScriptedDice([1, 1, 3, 4]))
    verify_result(result)
    spell, damage = result.checks
    assert spell.label == "spell_damage" and spell.multiplier == 4
    assert spell.dice == [Die(10, 1, "doubled"), Die(10, 1, "doubled"), Die(10, 3)]
    assert spell.parts == [Part("spell_damage", 15, "actor")] and spell.total == 27 == result.total
    soak = spell.versus
    assert soak is not None and (soak.label, soak.side, soak.dice) == ("soak", "target", [Die(10, 4)])
    assert soak.parts == [Part("soak_sta", 3, "target"), Part("soak_armour", 2, "target")]
    assert soak.total == 9 == result.against
    assert damage.parts == [Part("spell_damage_total", 27, "actor")]
    assert damage.steps == [Step("minus", "soak", 9, 18, "target")]
    assert damage.total == 18 == result.damage.applied and damage.outcome == "heavy"  # type: ignore[union-attr]
    assert result.damage is not None and [m.key for m in result.damage.modifiers] == [
        "spell_damage",
        "spell_damage_die",
    ]
    assert {m.key for m in result.defence_modifiers} == {"soak_sta", "soak_armour", "soak_die"}


def test_a_botched_spell_damage_die_is_a_0_with_no_soak() -> None:
    req = ActionRequest(
        fighter("Mag", {}), fighter("Bestia", CREATURE), SYSTEM.options({"spell_damage": 15}), SYSTEM.settings({})
    )
    result = SYSTEM.act("magic_attack", req, ScriptedDice([10, 10]))
    verify_result(result)
    (spell,) = result.checks
    assert spell.dice == [Die(10, 0, "kept"), Die(10, 0, "botch")]
    assert spell.steps == [Step("set", "botch", 0, 0, "actor")] and spell.outcome == "no_damage"


def test_casting_total_against_the_spell_level() -> None:
    req = ActionRequest(
        fighter("Mag", {}), None, SYSTEM.options({"casting_score": 12, "spell_level": 15}), SYSTEM.settings({})
    )
    result = SYSTEM.act("cast", req, ScriptedDice([5]))
    verify_result(result)
    (cast,) = result.checks
    assert (cast.label, cast.dice, cast.parts, cast.total) == ("casting", [Die(10, 5)], [Part("cast_score", 12)], 17)
    assert cast.versus is not None and (cast.versus.label, cast.versus.total) == ("spell_level", 15)
    assert cast.outcome == "cast_success"


# --- descriptors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sheet", "seen"),
    [
        ({}, "unhurt"),
        ({"fatigue_level": 3}, "unhurt"),  # tired, not wounded
        ({"light": 1}, "wounded"),
        ({"medium": 1}, "wounded"),
        ({"heavy": 1}, "badly_wounded"),
        ({"medium": 1, "light": 1}, "badly_wounded"),
        ({"heavy": 1, "medium": 1}, "near_death"),
        ({"incapacitating": 1}, "down"),
        ({"fatigue_level": 5}, "down"),
        ({"dead": True}, "down"),
        ({"light": 1, "left_combat": True}, "wounded"),  # left the fight, not down
    ],
)
def test_descriptor_follows_the_wounds(sheet: dict[str, Any], seen: str) -> None:
    assert SYSTEM.descriptor(SYSTEM.status(SYSTEM.sheet(sheet))) == seen


# --- player-facing names in validation errors (issue 12 item 9) -------------------------------------


@pytest.mark.parametrize(
    ("data", "key", "problem"),
    [
        ({"soak": "+50", "sta": "2"}, "soak", Message("problem.less_than_equal", {"le": 32, "value": 50})),
        ({"soak": "-20"}, "soak", Message("problem.greater_than_equal", {"ge": -10, "value": -20})),
        ({"soak": "dużo"}, "soak", Message("problem.int_parsing", {"value": "dużo"})),
        ({"attack": "+70", "dex": "2"}, "attack", Message("problem.less_than_equal", {"le": 42, "value": 70})),
        ({"damage": "+99"}, "damage", Message("problem.less_than_equal", {"le": 40, "value": 99})),
    ],
)
def test_shortcut_values_are_refused_under_the_key_the_player_typed(
    data: dict[str, Any], key: str, problem: Message
) -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.sheet(data)
    assert err.value.key == "error.stat_invalid"
    assert err.value.params == {"key": Term("term", key), "problem": problem}


def test_nested_values_are_refused_under_their_own_key() -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.sheet({"single_weapon": 50})
    assert err.value.params["key"] == Term("term", "single_weapon")
    with pytest.raises(RulesError) as err:
        SYSTEM.sheet({"weapon": {"atk": 99}})
    assert err.value.params["key"] == Term("term", "atk")
    with pytest.raises(RulesError) as err:
        SYSTEM.sheet({"wounds": {"grave": 1}})
    assert err.value.key == "error.stat_unknown" and err.value.params["key"] == "grave"


# --- every key a check or a parameter uses is in all four catalogs -----------------------------------

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "pl", "cs", "it")
CATALOGS = {
    lang: {
        **json.loads((ROOT / f"bot/i18n/{lang}/core.json").read_text("utf-8")),
        **json.loads((ROOT / f"bot/i18n/{lang}/arm5.json").read_text("utf-8")),
        **json.loads((ROOT / f"bot/i18n/{lang}/settings_arm5.json").read_text("utf-8")),  # names of settings
    }
    for lang in LANGS
}


def _check_keys(c: Check, versus: bool = False) -> set[str]:
    keys = {f"versus.arm5.{c.label}" if versus else f"check.arm5.{c.label}"}
    keys |= {f"term.arm5.{p.key}" for p in c.parts}
    for s in c.steps:
        keys.add(f"term.arm5.{s.key}")
        keys |= {f"term.arm5.{p.key}" for p in s.detail}
    if c.outcome:
        keys.add(f"outcome.arm5.{c.outcome}")
    if c.versus is not None:
        keys |= {f"check.arm5.{c.versus.label}"} | _check_keys(c.versus, versus=True)
    return keys


def _terms(value: Any) -> set[str]:
    if isinstance(value, Term):
        return {f"{value.kind}.arm5.{value.key}"}
    if isinstance(value, Message):
        return {value.key} | {k for v in value.params.values() for k in _terms(v)}
    if isinstance(value, (list, tuple)):
        return {k for v in value for k in _terms(v)}
    return set()


def _result_keys(r: ActionResult) -> set[str]:
    keys = {k for c in r.checks for k in _check_keys(c)}
    keys |= {f"die.arm5.{d.purpose}" for d in r.rolls}
    keys |= {f"note.arm5.{n.key}" for n in r.notes} | {k for n in r.notes for v in n.params.values() for k in _terms(v)}
    if r.wound:
        keys.add(f"wound.arm5.{r.wound}")
    if r.damage is not None:
        keys.add(f"damage.arm5.{r.damage.kind}" if r.damage.kind == "magic" else f"damage.{r.damage.kind}")
    for sub in r.attacks:
        keys |= _result_keys(sub)
    return keys


def _scenarios() -> list[ActionResult]:
    out: list[ActionResult] = []
    for faces in ([1, 1, 7, 6], [10, 10, 2], [5, 10, 3], [6, 7], [9, 1, 1, 2]):
        out += exchange(ATTACKER, DEFENDER, faces)
    out += exchange({**ATTACKER, "str": 9}, {**DEFENDER, "fatigue_level": 5}, [9])
    out += exchange({**ATTACKER, "str": 0, "weapon": {**SWORD, "dam": 0}}, DEFENDER, [6, 7])  # soaked
    kept = {**MAJA, "disengage_defence": 12, "disengage_pending": ["Big"], "attacked_by": ["Big"]}
    react = ActionRequest(fighter("Big", BIG), fighter("Maja", kept), SYSTEM.options({}), SYSTEM.settings({}))
    out.append(SYSTEM.act("reaction_attack", react, ScriptedDice([9])))
    mage = {"spells": [{"name": "Pilum of Fire", "damage": 15, "casting_score": 9, "level": 10}]}
    for faces in ([1, 1, 3, 4], [10, 3, 5], [10, 10]):
        req = ActionRequest(fighter("Mag", mage), fighter("B", CREATURE), SYSTEM.options({}), SYSTEM.settings({}))
        out.append(SYSTEM.act("magic_attack", req, ScriptedDice(faces)))
    any_zero = SYSTEM.settings({"spell_zero": "any_zero"})
    req = ActionRequest(fighter("Mag", mage), fighter("B", CREATURE), SYSTEM.options({}), any_zero)
    out.append(SYSTEM.act("magic_attack", req, ScriptedDice([10, 3])))
    out.append(
        SYSTEM.act(
            "cast",
            ActionRequest(fighter("Mag", mage), None, SYSTEM.options({}), SYSTEM.settings({})),
            ScriptedDice([5]),
        )
    )
    for faces in ([2, 9], [9, 2], [10, 10, 4]):
        req = ActionRequest(
            fighter("Maja", {**MAJA, "attacked_by": ["Big"], "mounted": True, "riding": 2}),
            fighter("Big", BIG),
            SYSTEM.options({}),
            SYSTEM.settings({}),
        )
        out.append(SYSTEM.act("disengage", req, ScriptedDice(faces)))
    for seed in range(30):
        dice = RandomDice(seed)
        out.append(SYSTEM.initiative(request(ATTACKER, None), dice))
        req = request(ATTACKER, DEFENDER)
        pending = SYSTEM.attack(req, dice)
        assert pending.exchange is not None and req.target is not None
        out += [pending, SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings), dice)]
    return out


def test_every_key_the_checks_and_parameters_use_is_in_all_four_languages() -> None:
    keys: set[str] = set()
    for r in _scenarios():
        verify_result(r)
        keys |= _result_keys(r)
    assert {
        "check.arm5.attack",
        "versus.arm5.defence",
        "versus.arm5.disengage_defence",
        "term.arm5.botch",
        "term.arm5.soaked",
        "outcome.arm5.heavy",
        "outcome.arm5.no_wound",
    } <= keys
    for lang in LANGS:
        missing = sorted(
            k for k in keys if k not in CATALOGS[lang] and k.replace(".arm5.", ".", 1) not in CATALOGS[lang]
        )
        assert not missing, (lang, missing)


def test_error_terms_are_in_all_four_languages() -> None:
    errors = []
    for call in (
        lambda: SYSTEM.attack(request({"dead": True}, DEFENDER), ScriptedDice([5])),
        lambda: SYSTEM.attack(request({"fatigue_level": 5}, DEFENDER), ScriptedDice([5])),
        lambda: SYSTEM.attack(request(ATTACKER, None), ScriptedDice([5])),
        lambda: SYSTEM.attack(request(ATTACKER, DEFENDER, nonlethal=True), ScriptedDice([5])),
        lambda: SYSTEM.attack(request(ATTACKER, DEFENDER, fast_casting=True), ScriptedDice([5])),
        lambda: SYSTEM.act("dance", request(ATTACKER, DEFENDER), ScriptedDice([5])),
        lambda: SYSTEM.sheet({"weapon": "lightsaber"}),
        lambda: SYSTEM.sheet({"shield": "door"}),
        lambda: SYSTEM.sheet({"soak": "+99"}),
    ):
        with pytest.raises(RulesError) as err:
            call()
        errors.append(err.value)
    for e in errors:
        keys = {e.key} | {k for v in e.params.values() for k in _terms(v)}
        for lang in LANGS:
            missing = [k for k in keys if k not in CATALOGS[lang] and k.replace(".arm5.", ".", 1) not in CATALOGS[lang]]
            assert not missing, (lang, e.key, missing)


# --- wording a native reading flagged ---------------------------------------------------------------


def test_polish_wording() -> None:
    pl = CATALOGS["pl"]
    assert pl["wound.arm5.heavy"] == "Ciężka rana" and pl["outcome.arm5.heavy"] == "Ciężka rana"
    assert pl["wound.arm5.light"] == "Lekka rana"
    assert "kościach" not in pl["note.arm5.zero_no_botch"]  # "na 1 kościach": the count no longer leads
    assert pl["check.arm5.soak"] == "Wyparowania" and pl["versus.arm5.defence"] == "przeciw Obronie"
    for lang in ("pl", "cs", "it"):  # purely native: no Polish or English gloss in parentheses
        text = " ".join(CATALOGS[lang][k] for k in CATALOGS[lang] if ".arm5." in k)
        for gloss in ("(Wyparowania)", "(kość fuszerki)", "(Lekkie)", "(Ciężkie)", "(Str)", "(Dex)", "(Qik)"):
            assert gloss not in text, (lang, gloss)


def test_every_rolled_die_is_shown_once() -> None:
    _, done = exchange(ATTACKER, DEFENDER, [1, 1, 7, 10, 10])
    shown = [d for c in done.checks for d in all_dice(c)]
    assert [(d.face, d.role) for d in shown] == [
        (1, "doubled"),
        (1, "doubled"),
        (7, "kept"),
        (0, "kept"),  # a first-roll zero reads 0, as ArM's die shows it (the d10's face 10)
        (0, "botch"),
    ]
    assert [r.face % 10 for r in done.rolls] == [d.face % 10 for d in shown]


def test_an_unknown_key_lists_what_a_player_may_type() -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.sheet({"hp": "10"})
    allowed = [a.strip("`") for a in err.value.params["allowed"]]  # shown as what to type
    assert err.value.key == "error.stat_unknown" and err.value.params["key"] == "hp"
    assert {"soak", "attack", "single_weapon", "light", "str"} <= set(allowed)
    assert not {"action_used", "disengage_botched", "is_npc", "initiative_tiebreak"} & set(allowed)


def test_an_exchange_without_a_readable_attack_is_refused() -> None:
    req = request(ATTACKER, DEFENDER)
    pending = SYSTEM.attack(req, ScriptedDice([5]))
    assert pending.exchange is not None and req.target is not None
    broken = {k: v for k, v in pending.exchange.items() if k != "attack_checks"} | {"attack_modifiers": []}
    with pytest.raises(RulesError) as err:
        SYSTEM.defend(DefenceRequest(req.target, req.actor, broken, req.settings), ScriptedDice([5]))
    assert err.value.key == "error.arm5.bad_exchange"
    mangled = {**pending.exchange, "attack_checks": [{"label": 3, "dice": "x"}]}
    with pytest.raises(RulesError) as err:
        SYSTEM.defend(DefenceRequest(req.target, req.actor, mangled, req.settings), ScriptedDice([5]))
    assert err.value.key == "error.arm5.bad_exchange"
