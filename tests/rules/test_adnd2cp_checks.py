"""What a player reads: every roll of adnd2cp as a check that adds up, with each number on its own side,
and every key it names in the four catalogs. Scripted dice throughout."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.checks import all_dice, verify_result
from rules.dice import RandomDice, ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Check, Message, Part, Step, Term
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter
from tests.rules.catalogs import load

S = get_system("adnd2cp")
ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "it", "cs", "pl")
CATALOGS = {lang: load(lang, "core", "adnd2cp") for lang in LANGS}


# --- helpers: described results ------------------------------------------------------------------
def flat(result: ActionResult) -> list[ActionResult]:
    return [result, *(r for sub in result.attacks for r in flat(sub))]


def described(result: ActionResult) -> ActionResult:
    """Every check adds up; every die rolled is shown in exactly one check of its own result; the
    compared totals and the damage applied are checks' totals; every key named is in the catalogs."""
    verify_result(result)
    for r in flat(result):
        shown = Counter((d.sides, d.face) for c in r.checks for d in all_dice(c))
        assert shown == Counter((d.sides, d.face) for d in r.rolls), f"{r.action}: rolled {r.rolls}, shown {r.checks}"
        if r.total is not None and r.against is not None:
            assert any(c.total == r.total and c.versus and c.versus.total == r.against for c in r.checks), r.action
        if r.action == "initiative":
            assert r.checks[0].total == r.total
        if r.damage is not None and (r.damage.rolled or r.damage.applied):
            assert any(c.label == "damage" and c.total == r.damage.applied for c in r.checks), r.action
    assert_in_catalogs(result)
    return result


def _terms(value: Any) -> Iterator[Term | Message]:
    if isinstance(value, (Term, Message)):
        yield value
        if isinstance(value, Message):
            for v in value.params.values():
                yield from _terms(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _terms(v)


def _has(lang: str, kind: str, key: str) -> bool:
    cat = CATALOGS[lang]
    return f"{kind}.adnd2cp.{key}" in cat or f"{kind}.{key}" in cat


def _check_keys(c: Check) -> Iterator[tuple[str, str]]:
    yield "check", c.label
    if c.outcome:
        yield "outcome", c.outcome
    for p in [*c.parts, *(d for s in c.steps for d in s.detail)]:
        yield "term", p.key
    for s in c.steps:
        yield "term", s.key
    if c.versus is not None:
        yield "versus", c.versus.label
        yield from _check_keys(c.versus)


def used_keys(result: ActionResult) -> set[tuple[str, str]]:
    keys: set[tuple[str, str]] = set()
    for r in flat(result):
        keys |= {("outcome", r.outcome), ("action", r.action)} if r.action not in ("attack", "shot") else set()
        keys |= {("die", d.purpose) for d in r.rolls}
        keys |= {("term", m.key) for m in [*r.modifiers, *r.defence_modifiers]}
        keys |= {("note", n.key) for n in r.notes}
        keys |= {("condition", k) for k in r.conditions}
        if r.wound:
            keys.add(("wound", r.wound))
        if r.against_key:
            keys.add(("term", r.against_key))
        for c in r.checks:
            keys |= set(_check_keys(c))
        for n in r.notes:
            for t in _terms(list(n.params.values())):
                keys.add((t.kind, t.key) if isinstance(t, Term) else ("message", t.key))
    return keys


def assert_in_catalogs(result: ActionResult) -> None:
    for lang in LANGS:
        missing = sorted(
            f"{kind}.{key}"
            for kind, key in used_keys(result)
            if not (CATALOGS[lang].get(key) if kind == "message" else _has(lang, kind, key))
        )
        assert missing == [], f"{lang} lacks {missing}"


# --- helpers: combatants and actions ---------------------------------------------------------------
def fighter(**data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": 6}],
        "thac0": 15,
        "hp": 60,
        "pool_max": 40,
        "weapons": ["long_sword", "two_handed_sword", "footman_mace", "short_sword", "long_bow", "halberd"],
    }
    base.update(data)
    return S.sheet(base)


def target(**data: Any) -> Any:
    data.setdefault("hp", 40)
    data.setdefault("ac", 5)
    return S.sheet(data)


def attack(
    actor: Any,
    tgt: Any,
    dice: list[int],
    weapon: str = "long_sword",
    shot: bool = False,
    others: tuple[Fighter[Any], ...] = (),
    settings: dict[str, Any] | None = None,
    **opts: Any,
) -> ActionResult:
    req = ActionRequest(
        Fighter("Bruna", actor),
        Fighter("Orco", tgt),
        S.options(opts),
        S.settings(settings or {}),
        weapon,
        others=others,
    )
    source = ScriptedDice(dice)
    result = (S.shot if shot else S.attack)(req, source)
    assert source.remaining == 0, "every scripted die is used"
    return described(result)


def act(
    action: str, actor: Any, tgt: Any | None, dice: list[int], weapon: str | None = None, **opts: Any
) -> ActionResult:
    req = ActionRequest(
        Fighter("Bruna", actor),
        Fighter("Orco", tgt) if tgt is not None else None,
        S.options(opts),
        S.settings({}),
        weapon,
    )
    source = ScriptedDice(dice)
    result = S.initiative(req, source) if action == "initiative" else S.act(action, req, source)
    assert source.remaining == 0
    return described(result)


def parts(c: Check | None) -> list[tuple[str, int | float, str]]:
    assert c is not None
    return [(p.key, p.value, p.side) for p in c.parts]


def steps(c: Check) -> list[tuple[str, str, int | float, int | float, str]]:
    return [(s.op, s.key, s.value, s.total, s.side) for s in c.steps]


def dice(c: Check) -> list[tuple[int, int, str]]:
    return [(d.sides, d.face, d.role) for d in c.dice]


def labels(result: ActionResult) -> list[str]:
    return [c.label for c in result.checks]


def one(result: ActionResult, label: str) -> Check:
    found = [c for c in result.checks if c.label == label]
    assert len(found) == 1, labels(result)
    return found[0]


# --- the to-hit roll against the number needed ----------------------------------------------------
def test_to_hit_roll_against_the_number_needed_thac0_minus_ac() -> None:
    """d20 + Str to-hit + magic + Colpo Preciso vs THAC0 (the attacker's) − AC (the target's)."""
    bruna = fighter(strength=17, weapons=[{"id": "long_sword", "magic": 1}])
    r = attack(bruna, target(ac=6), [9, 5], blows="colpo_preciso")
    to_hit = r.checks[0]
    assert to_hit.label == "attack" and to_hit.side == "actor" and dice(to_hit) == [(20, 9, "kept")]
    assert parts(to_hit) == [("str", 1, "actor"), ("magic", 1, "actor"), ("blow.colpo_preciso", 1, "actor")]
    assert (to_hit.raw, to_hit.total, to_hit.outcome) == (12, 12, "hit")
    assert to_hit.versus is not None and to_hit.versus.label == "needed" and to_hit.versus.side == "target"
    assert parts(to_hit.versus) == [("thac0", 15, "actor"), ("ac", -6, "target")]
    assert to_hit.versus.total == 9 == r.against and r.total == 12
    assert labels(r) == ["attack", "damage"]


def test_a_negative_armour_class_adds_to_the_number_needed() -> None:
    r = attack(fighter(), target(ac=-2), [20, 3])
    assert parts(r.checks[0].versus) == [("thac0", 15, "actor"), ("ac", 2, "target")]
    assert r.checks[0].versus is not None and r.checks[0].versus.total == 17
    assert r.checks[0].outcome == "hit"  # a natural 20


@pytest.mark.parametrize(
    ("opts", "condition", "expected"),
    [
        ({"rear": True}, None, [("dex_ac_lost", -2, "target"), ("rear", -2, "target")]),
        ({"surprised": True}, None, [("dex_ac_lost", -2, "target"), ("surprised", -1, "target")]),
        ({}, "prone", [("target_prone", -4, "target")]),
        ({}, "stunned", [("target_stunned", -4, "target")]),
    ],
)
def test_the_defenders_situation_lowers_the_number_needed_on_its_side(
    opts: dict[str, Any], condition: str | None, expected: list[tuple[str, int, str]]
) -> None:
    """Rear, surprised, prone, stunned: the defender's numbers, so they sit in the versus check."""
    tgt = target(ac=3, dex_ac_adjustment=2)
    if condition:
        tgt = S.set_condition(tgt, condition, True)
    r = attack(fighter(), tgt, [10, 4], **opts)
    to_hit = r.checks[0]
    assert parts(to_hit) == []  # nothing of the attacker's
    assert parts(to_hit.versus) == [("thac0", 15, "actor"), ("ac", -3, "target"), *expected]
    assert [(m.key, m.value) for m in r.defence_modifiers] == [(k, v) for k, v, _ in expected if k != "dex_ac_lost"]
    assert r.margin == r.total - r.against


def test_fighting_defensively_and_the_opened_guard_are_the_defenders() -> None:
    guarded = target(ac=4, dex_ac_adjustment=1, round_blows=["combattere_sulla_difensiva"])
    r = attack(fighter(), guarded, [13, 4])
    assert parts(r.checks[0].versus)[2:] == [("blow.combattere_sulla_difensiva", 1, "target")]
    opened = S.set_condition(target(ac=5), "guard_opened", True)
    r = attack(fighter(), opened, [10, 4])
    assert parts(r.checks[0].versus)[2:] == [("guard_opened", -1, "target")]
    damage = one(r, "damage")  # +1 to the base die, up to its maximum
    assert dice(damage) == [(8, 4, "kept")] and parts(damage) == [("guard_opened", 1, "target")]
    assert damage.total == 5


def test_the_attackers_own_conditions_stay_on_its_side() -> None:
    hurt = S.set_condition(fighter(), "pain_penalty", True)
    r = attack(hurt, target(), [12, 4], blows="colpo_preciso")
    assert parts(r.checks[0]) == [("blow.colpo_preciso", 1, "actor"), ("pain", -2, "actor")]


def test_a_miss_shows_the_roll_and_no_damage() -> None:
    r = attack(fighter(), target(ac=2), [5])
    assert labels(r) == ["attack"] and r.checks[0].outcome == "miss" and r.damage is None


# --- damage ------------------------------------------------------------------------------------------
def test_damage_dice_strength_and_blows_then_the_damage_reduction() -> None:
    bruna = fighter(strength=18, strength_pct=76)  # +2 to hit, +4 damage
    r = attack(bruna, target(), [15, 6], blows="attacco_di_forza", damage_reduction=3)
    damage = one(r, "damage")
    assert dice(damage) == [(8, 6, "kept")]
    assert parts(damage) == [("str", 4, "actor"), ("blow.attacco_di_forza", 1, "actor")]
    assert damage.raw == 11
    assert steps(damage) == [("minus", "damage_reduction", 3, 8, "target")]
    assert r.damage is not None and (r.damage.rolled, r.damage.reduced_by, r.damage.applied) == (11, 3, 8)


def test_a_reduction_larger_than_the_damage_takes_only_what_there_is() -> None:
    r = attack(fighter(), target(), [15, 2], damage_reduction=5)
    assert steps(one(r, "damage")) == [("minus", "damage_reduction", 2, 0, "target")]


def test_a_negative_total_stops_at_zero_as_a_step() -> None:
    weak = fighter(strength=3)  # −3 to hit, −1 damage
    r = attack(weak, target(ac=10), [18, 1], damage_modifier=-2)
    damage = one(r, "damage")
    assert damage.raw == -2 and steps(damage) == [("min", "no_negative_damage", 0, 0, "actor")]
    assert r.damage is not None and r.damage.applied == 0


def test_the_bonus_built_into_the_die_is_its_own_part() -> None:
    r = attack(fighter(), target(), [15, 3], weapon="footman_mace")  # 1d6+1
    assert dice(one(r, "damage")) == [(6, 3, "kept")] and parts(one(r, "damage")) == [("die_bonus", 1, "actor")]
    assert one(r, "damage").total == 4


def test_backstab_multiplies_the_weapon_dice_as_a_step_bonuses_after() -> None:
    thief = S.sheet(
        {
            "classes": [{"class_name": "thief", "level": 5}],
            "thac0": 18,
            "hp": 20,
            "strength": 17,
            "weapons": ["footman_mace"],
        }
    )
    r = attack(thief, target(ac=10), [10, 4], weapon="footman_mace", backstab=True)
    assert parts(r.checks[0]) == [("str", 1, "actor"), ("backstab", 4, "actor")]
    damage = one(r, "damage")
    assert dice(damage) == [(6, 4, "kept")] and parts(damage) == [("die_bonus", 1, "actor")] and damage.raw == 5
    assert steps(damage) == [("times", "backstab", 3, 15, "actor"), ("plus", "str", 1, 16, "actor")]
    assert r.damage is not None and r.damage.applied == 16 and r.damage.multiplier == 3


def test_lethal_attack_rolls_the_dice_twice_and_the_bonuses_once() -> None:
    r = attack(fighter(strength=17), target(), [17, 5, 7], blows="attacco_letale")
    damage = one(r, "damage")
    assert dice(damage) == [(8, 5, "kept"), (8, 7, "kept")] and parts(damage) == [("str", 1, "actor")]
    assert damage.total == 13


def test_lethal_attack_on_monster_damage_is_half_again_rounded_up() -> None:
    ogre = S.sheet({"hd": "4", "int": "8", "thac0": "15", "hp": "30", "damage": "1d8+1"})
    r = attack(ogre, target(ac=5), [18, 4], weapon="attack", blows="attacco_letale")
    damage = one(r, "damage")
    assert dice(damage) == [(8, 4, "kept")] and parts(damage) == [("die_bonus", 1, "actor")]
    assert steps(damage) == [
        ("times", "blow.attacco_letale", 1.5, 7.5, "actor"),
        ("ceil", "round_up", 0, 8, "actor"),
    ]
    assert r.damage is not None and r.damage.applied == 8


@pytest.mark.parametrize(("first", "second", "kept"), [([2], [6], "second"), ([5], [3], "first"), ([4], [4], "first")])
def test_brutal_attack_keeps_the_higher_roll_and_drops_the_other(
    first: list[int], second: list[int], kept: str
) -> None:
    r = attack(
        fighter(), target(), [16, *first, *second], weapon="two_handed_sword", blows="attacco_brutale", charge=True
    )
    damage = one(r, "damage")
    roles = ["kept", "dropped"] if kept == "first" else ["dropped", "kept"]
    assert dice(damage) == [(10, first[0], roles[0]), (10, second[0], roles[1])]
    assert damage.total == max(first[0], second[0])


# --- riders of special blows -------------------------------------------------------------------------
def test_saves_are_d100_checks_against_the_chance_with_its_bonuses() -> None:
    huge = target(size="H", proficiencies=["pain_tolerance"], hp=80)
    r = attack(
        fighter(),
        huge,
        [15, 1, 1, 1, 66],
        weapon="two_handed_sword",
        blows="causare_grande_dolore",
        save_pct=40,
        pain_tolerance_passed=True,
    )
    assert labels(r) == ["attack", "save.causare_grande_dolore", "damage"]
    save = one(r, "save.causare_grande_dolore")
    assert save.side == "target" and dice(save) == [(100, 66, "kept")] and save.total == 66
    assert save.versus is not None and save.versus.label == "save_chance"
    assert parts(save.versus) == [
        ("save_pct", 40, "target"),
        ("size_huge", 10, "target"),
        ("pain_tolerance", 15, "target"),
    ]
    assert save.versus.total == 65 and save.outcome == "failed"
    note = next(n for n in r.notes if n.key == "save")
    assert note.params["blow"] == Term("blow", "causare_grande_dolore")
    assert note.params["kind"] == Term("term", "save_kind.toughness")
    assert note.params["passed"] == [Term("outcome", "failed")]


def test_incapacitare_rolls_two_saves_each_its_own_check() -> None:
    r = attack(fighter(), target(), [15, 4, 10, 90], weapon="footman_mace", blows="incapacitare", save_pct=50)
    saves = [c for c in r.checks if c.label == "save.incapacitare"]
    assert [(c.total, c.outcome) for c in saves] == [(10, "passed"), (90, "failed")]


def test_a_save_given_by_the_gm_rolls_nothing_and_shows_nothing() -> None:
    r = attack(fighter(), target(), [15, 4], weapon="footman_mace", blows="rallentamento", save="failed")
    assert labels(r) == ["attack", "damage"]


@pytest.mark.parametrize(("save", "size", "dice_in", "extra"), [(5, "S", [], 1), (5, "M", [2], 2), (96, "M", [7], 7)])
def test_deep_thrust_extra_damage_has_its_own_check_and_adds_as_a_step(
    save: int, size: str, dice_in: list[int], extra: int
) -> None:
    weapon = {"id": "spear", "size": size, "damage": "1d8"}
    r = attack(
        fighter(weapons=[weapon]),
        target(),
        [15, 4, save, *dice_in],
        weapon="spear",
        blows="trafiggere_in_profondita",
        save_pct=50,
    )
    assert labels(r) == ["attack", "save.trafiggere_in_profondita", "damage_deep_thrust", "damage"]
    more = one(r, "damage_deep_thrust")
    assert more.total == extra and [d.face for d in more.dice] == dice_in
    damage = one(r, "damage")
    assert steps(damage) == [("plus", "blow.trafiggere_in_profondita", extra, 4 + extra, "actor")]
    assert r.damage is not None and r.damage.applied == 4 + extra


def test_fatal_missile_further_rolls_replace_its_penalty_and_add_the_base_damage() -> None:
    archer = fighter(dexterity=16)  # +1 missile
    r = attack(
        archer, target(ac=5), [14, 15, 3, 4, 6], weapon="long_bow", shot=True, blows="proiettile_fatale", range="short"
    )
    assert labels(r) == ["attack", "attack_fatal_missile", "attack_fatal_missile", "damage_fatal_missile", "damage"]
    first, again, last = r.checks[0], r.checks[1], r.checks[2]
    assert parts(first) == [("dex_missile", 1, "actor"), ("blow.proiettile_fatale", -2, "actor")]
    assert parts(again) == [("dex_missile", 1, "actor"), ("blow.proiettile_fatale", -5, "actor")]
    assert (again.total, again.outcome) == (11, "hit") and (last.total, last.outcome) == (-4, "miss")
    assert again.versus is first.versus
    assert one(r, "damage_fatal_missile").total == 6
    assert steps(one(r, "damage")) == [("plus", "blow.proiettile_fatale", 6, 10, "actor")]


# --- dodge and deflection ----------------------------------------------------------------------------
def test_dodge_is_a_d100_against_the_dodge_chance_capped_by_the_art() -> None:
    dodger = target(dodge_pct=45, arts=["schivata"], pool_max=10)
    r = attack(
        fighter(),
        dodger,
        [15, 50],
        settings={"deflection_over_cap": "clamp"},
        target_blows="evasione_migliorata",
        evasion_bonus=10,
    )
    dodge = one(r, "dodge")
    assert dodge.side == "target" and dice(dodge) == [(100, 50, "kept")] and dodge.outcome == "dodged"
    assert dodge.versus is not None and dodge.versus.label == "dodge_chance"
    assert parts(dodge.versus) == [("dodge_pct", 45, "target"), ("blow.evasione_migliorata", 10, "target")]
    assert steps(dodge.versus) == [("max", "dodge_cap", 50, 50, "target")]
    assert r.outcome == "dodged" and labels(r) == ["attack", "dodge"]


def test_an_opened_guard_takes_ten_percent_off_the_dodge() -> None:
    dodger = S.set_condition(target(dodge_pct=30), "guard_opened", True)
    r = attack(fighter(), dodger, [15, 25, 5], dodge=True)
    dodge = one(r, "dodge")
    assert steps(dodge.versus) == [("minus", "guard_opened", 10, 20, "target")]
    assert dodge.outcome == "not_dodged" and r.outcome == "hit"


def test_a_deflection_decided_by_the_gm_rolls_nothing() -> None:
    r = attack(fighter(), target(deflection_score=6), [15], deflected=True)
    assert r.outcome == "deflected" and labels(r) == ["attack"]


# --- the cleave and other attacks --------------------------------------------------------------------
def test_frontal_cleave_second_target_is_its_own_result_with_its_own_dice() -> None:
    second = Fighter("Goblin", S.set_condition(target(ac=7, hp=10), "prone", True))
    r = attack(fighter(), target(ac=5), [13, 5, 3], blows="fendente_frontale", second_target="Goblin", others=(second,))
    assert [d.purpose for d in r.rolls] == ["attack", "damage"]
    cleave = r.attacks[0]
    assert cleave.action == "cleave" and cleave.target == "Goblin"
    assert [(d.purpose, d.face) for d in cleave.rolls] == [("damage_cleave", 3)]
    same = cleave.checks[0]
    assert same.label == "attack_cleave" and same.dice == [] and parts(same) == [("attack", r.total, "actor")]
    assert parts(same.versus) == [("thac0", 15, "actor"), ("ac", -7, "target"), ("target_prone", -4, "target")]
    assert same.outcome == "hit" and cleave.against == 4
    assert parts(cleave.checks[1]) == [("blow.fendente_frontale", -1, "actor")] and cleave.checks[1].total == 2


def test_an_extra_attack_is_its_own_result_without_blows_or_enchantment() -> None:
    bruna = fighter(weapons=[{"id": "long_sword", "magic": 2}], round_blows=["attacco_extra"], extra_attacks_left=1)
    r = attack(bruna, target(), [12, 5], extra_attack=True)
    assert parts(r.checks[0]) == [("extra_attack_round", -1, "actor")]
    assert parts(one(r, "damage")) == []


def test_two_weapon_off_hand_penalty_is_a_part() -> None:
    r = attack(fighter(dexterity=16), target(), [16, 4], weapon="short_sword", hand="off")
    assert parts(r.checks[0]) == [("two_weapon_off", -3, "actor")]


# --- initiative and the other rolls -----------------------------------------------------------------
def test_initiative_is_the_pure_roll_plus_the_speed_factor_colpo_rapido_apart() -> None:
    quick = fighter(quick_strike=1, initiative_rolled=True)
    r = act("initiative", quick, None, [4], weapon="long_sword")
    init = r.checks[0]
    assert init.label == "initiative" and dice(init) == [(10, 4, "kept")]
    assert parts(init) == [("speed_factor", 5, "actor"), ("blow.colpo_rapido", -1, "actor")]
    assert init.total == r.total == 8


def test_colpo_rapido_never_takes_the_factor_below_one() -> None:
    quick = fighter(quick_strike=2, initiative_rolled=True, weapons=["dagger"])
    r = act("initiative", quick, None, [3], weapon="dagger")
    assert parts(r.checks[0]) == [("speed_factor", 2, "actor"), ("blow.colpo_rapido", -1, "actor")]


def test_pulling_out_an_impaled_weapon_shows_its_dice() -> None:
    stuck = S.set_condition(target(hp=30), "impaled", True)
    r = act("pull_out", fighter(), stuck, [7], weapon="halberd")
    assert labels(r) == ["damage"] and dice(r.checks[0]) == [(10, 7, "kept")] and r.checks[0].total == 7


def test_stopping_the_bleeding_with_saves_shows_both() -> None:
    bleeding = S.set_condition(target(), "bleeding", True)
    r = act("stop_bleeding", fighter(), bleeding, [20, 80], save_pct=50, save_modifier=30)
    assert [(c.label, c.total, c.outcome) for c in r.checks] == [
        ("save.bleeding", 20, "passed"),
        ("save.bleeding", 80, "failed"),
    ]
    assert parts(r.checks[0].versus) == [("save_pct", 50, "target")]  # pure: no modifier
    assert r.notes[0].key == "bleeding_goes_on"
    cured = act("stop_bleeding", fighter(), bleeding, [], cure=True)  # a magic cure: nothing rolled
    assert cured.checks == [] and cured.notes[0].key == "bleeding_stopped_by_cure"


def test_incapacitate_follow_up_saves_take_the_gms_bonus() -> None:
    r = act(
        "incapacitate_saves",
        fighter(),
        target(conditions=[{"key": "incapacitate_saves", "rounds": 1}]),
        [56, 58],
        save_pct=50,
        save_modifier=5,
    )
    assert [c.outcome for c in r.checks] == ["failed", "failed"]
    assert parts(r.checks[0].versus) == [("save_pct", 50, "target"), ("save_modifier", 5, "target")]
    assert r.notes[0].params["passed"] == [Term("outcome", "failed")] * 2


# --- no code words --------------------------------------------------------------------------------
def test_blows_and_weapons_in_notes_and_errors_are_terms() -> None:
    r = attack(fighter(pool_max=20), target(ac=4), [10, 6], blows="colpo_preciso, attacco_di_forza")
    paid = next(n for n in r.notes if n.key == "blows_paid")
    assert paid.params["blows"] == [Term("blow", "colpo_preciso"), Term("blow", "attacco_di_forza")]
    with pytest.raises(RulesError) as err:
        attack(fighter(), target(), [], blows="colpo_fantasma")
    assert err.value.params["allowed"][0] == Term("blow", "attacco_brutale")
    with pytest.raises(RulesError) as err:
        attack(fighter(), target(), [], weapon="footman_mace", blows="taglio_profondo")
    assert err.value.key == "error.adnd2cp.blow_damage_type"
    assert err.value.params["name"] == Term("blow", "taglio_profondo")
    assert err.value.params["weapon"] == Term("weapon", "footman_mace")
    with pytest.raises(RulesError) as err:
        S.set_condition(target(), "asleep", True)
    assert Term("condition", "prone") in err.value.params["allowed"]


def test_a_readied_defence_that_lapses_says_why_in_catalog_words() -> None:
    tired = target(arts=["schivata"], dodge_pct=20, pool_max=3)
    readied = act("defend", tired, None, [], blows="evasione_migliorata", evasion_bonus=10)
    assert readied.notes[0].params["defence"] == [Term("blow", "evasione_migliorata")]
    broke = S.sheet({**S.sheet(readied.actor_sheet or {}).model_dump(), "pool_current": 0})
    r = attack(fighter(), broke, [5])
    lapsed = next(n for n in r.notes if n.key == "defence_lapsed")
    assert lapsed.params["reason"] == Message("error.adnd2cp.not_enough_points", {"cost": 3, "points": 0})


def test_no_active_defence_offers_its_options_as_terms() -> None:
    with pytest.raises(RulesError) as err:
        S.defend(DefenceRequest(Fighter("A", target()), Fighter("B", fighter()), {}, S.settings({})), RandomDice(1))
    assert err.value.key == "error.no_active_defence"
    assert err.value.params["instead"] == [Term("option", k) for k in S.parry_alternatives()]
    for lang in LANGS:
        assert all(_has(lang, "option", k) for k in S.parry_alternatives())


@pytest.mark.parametrize(
    ("stats", "problem"),
    [
        ({"attack": "+x"}, "problem.adnd2cp.attack_bonus"),
        ({"str": "18/xx"}, "problem.adnd2cp.strength"),
        ({"class": "fighter", "level": "sette"}, "problem.adnd2cp.level"),
        ({"attacks_per_round": "tre"}, "problem.adnd2cp.attack_rate"),
        ({"damage": "1d6-1d4"}, "problem.adnd2cp.damage_dice"),
        ({"weapons": [{"id": "club", "damage": "bastone"}]}, "problem.adnd2cp.damage_dice"),
    ],
)
def test_refused_sheet_values_are_catalog_problems(stats: dict[str, Any], problem: str) -> None:
    with pytest.raises(RulesError) as err:
        S.sheet(stats)
    found = err.value.params["problem"]
    assert isinstance(found, Message) and found.key == problem and "value" in found.params
    for lang in LANGS:
        assert problem in CATALOGS[lang]
    if err.value.key == "error.stat_invalid":
        key = err.value.params["key"]
        assert isinstance(key, Term) and all(_has(lang, "term", key.key) for lang in LANGS)


def test_a_blow_list_that_is_not_a_list_is_a_catalog_problem() -> None:
    with pytest.raises(RulesError) as err:
        S.options({"blows": 5})
    assert err.value.params["problem"] == Message("problem.adnd2cp.blow_list", {"value": 5})


def test_every_field_option_and_setting_has_a_native_name() -> None:
    names = [*S.Sheet.model_fields, *S.Options.model_fields, *S.Settings.model_fields]
    for lang in LANGS:
        assert [n for n in names if f"term.adnd2cp.{n}" not in CATALOGS[lang]] == [], lang


# --- many attacks, all described ---------------------------------------------------------------------
COMBOS: list[tuple[str, dict[str, Any]]] = [
    ("long_sword", {}),
    ("long_sword", {"blows": "colpo_preciso,attacco_di_forza", "damage_reduction": 2}),
    ("long_sword", {"blows": "attacco_letale"}),
    ("long_sword", {"blows": "fendente_frontale", "second_target_ac": 6}),
    ("long_sword", {"blows": "taglio_profondo", "save_pct": 50}),
    ("footman_mace", {"blows": "incapacitare", "save_pct": 40, "rear": True}),
    ("footman_mace", {"blows": "rallentamento", "save_pct": 40, "surprised": True}),
    ("two_handed_sword", {"blows": "attacco_brutale", "charge": True}),
    ("two_handed_sword", {"blows": "causare_grande_dolore", "save_pct": 30}),
    ("halberd", {"blows": "impalamento", "save_pct": 30}),
    ("short_sword", {"blows": "trafiggere_in_profondita", "save_pct": 50, "hand": "off"}),
    ("long_bow", {"blows": "proiettile_fatale", "range": "short"}),
    ("long_sword", {"blows": "disarmare", "save_pct": 50}),
    ("long_sword", {"dodge": True, "damage_modifier": -3}),
]


@pytest.mark.parametrize(("weapon", "opts"), COMBOS)
def test_random_attacks_are_always_described(weapon: str, opts: dict[str, Any]) -> None:
    bruna = fighter(level=9, strength=18, strength_pct=50, dexterity=16, pool_max=60)
    shot = weapon == "long_bow"
    for seed in range(40):
        req = ActionRequest(
            Fighter("Bruna", bruna),
            Fighter("Orco", target(dodge_pct=30, ac=4)),
            S.options(opts),
            S.settings({}),
            weapon,
        )
        described((S.shot if shot else S.attack)(req, RandomDice(seed)))


def test_checks_survive_the_round_trip_as_json() -> None:
    r = attack(fighter(), target(), [15, 4, 50], weapon="footman_mace", blows="rallentamento", save_pct=40)
    again = ActionResult.model_validate_json(r.model_dump_json())
    assert again.checks == r.checks
    assert isinstance(again.checks[0].parts[0] if again.checks[0].parts else Part("x", 0), Part)
    assert all(isinstance(s, Step) for c in again.checks for s in c.steps)


def test_names_shown_as_terms_have_no_placeholders() -> None:
    """Terms are looked up, not formatted: a placeholder in one would show as {source}."""
    kinds = ("term", "condition", "wound", "outcome", "blow", "check", "versus", "option", "defence", "weapon", "die")
    for lang in LANGS:
        bad = [k for k, v in CATALOGS[lang].items() if k.split(".")[0] in kinds and ".adnd2cp." in k and "{" in v]
        assert bad == [], (lang, bad)
