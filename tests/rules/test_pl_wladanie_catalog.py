"""Every catalog key a pl_wladanie answer uses exists in all four languages, with no code word left: check
labels, versus phrases, parts and steps, outcomes, locations, wounds, conditions, notes, `Term` parameters
and the problems of refused values (issue 11)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.dice import RandomDice, ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Check, Message, Term
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter

S = get_system("pl_wladanie")
ROOT = Path(__file__).resolve().parents[2] / "bot/i18n"
LANGS = ("en", "pl", "cs", "it")


def _catalog(lang: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for name in ("core.json", "pl_wladanie.json"):
        found.update(json.loads((ROOT / lang / name).read_text(encoding="utf-8")))
    return found


CATALOGS = {lang: _catalog(lang) for lang in LANGS}
OWN = {lang: json.loads((ROOT / lang / "pl_wladanie.json").read_text(encoding="utf-8")) for lang in LANGS}

SWORD = {"id": "weapon", "damage_dice": "1k8", "strength_category": "1/2", "weight_kg": 3.5}
FIGHTER = {"strength": 7, "lift_kg": 20, "weapon_skills": {"weapon": 6}, "weapons": [SWORD], "endurance": 1}
SHIELD = {"coverage": 9, "armour": 2, "protected_parts": ["torso"], "parry_modifier": 2}
TARGET = {
    "physical_defence": 14,
    "parry_skill": 5,
    "dodge_skill": 4,
    "shield": SHIELD,
    "armour": [{"parts": ["all"], "coverage": 30, "armour": 20}],
}
FLASK = {"id": "weapon", "damage_dice": "1k6", "weight_kg": 0.5, "designed_for_throwing": True, "ranged_kind": "thrown"}
THROWER = {"lift_kg": 20, "weapon_skills": {"throwing": 3}, "weapons": [FLASK]}
SETTINGS = {"unnamed_location": "table", "initiative_rolloff": True, "wound_thresholds": "lekka:1,ciężka:5,śmierć:40"}


def request(actor: dict[str, Any], target: dict[str, Any] | None, **options: Any) -> ActionRequest:
    others = {"Gob": {"physical_defence": 8}}
    return ActionRequest(
        Fighter("Jagna", S.sheet(actor)),
        Fighter("Zbój", S.sheet(target)) if target is not None else None,
        S.options(options),
        S.settings(SETTINGS),
        None,
        None,
        tuple(Fighter(n, S.sheet(s)) for n, s in others.items()),
    )


def results() -> Iterator[ActionResult]:
    """Many fights: every check label, versus, part, step, outcome, note the system produces."""
    situations: list[dict[str, Any]] = [
        {}, {"from_back": True, "flanking": True}, {"prone": True, "height_advantage": True}, {"surprise": True},
        {"improvised": True, "extra_effort": True}, {"hard_target": True, "modifier": -2},
    ]  # fmt: skip
    for seed in range(30):
        dice = RandomDice(seed)
        for choice in ("parry", "dodge", "none"):
            options = situations[seed % len(situations)]
            actor = {"strength": 30, "unarmed_skill": 4, "endurance": 1} if options.get("hard_target") else FIGHTER
            req = request(actor, TARGET, **options)
            first = S.attack(req, dice)
            yield first
            if first.outcome == "pending_defence":
                assert req.target is not None
                yield S.defend(DefenceRequest(req.target, req.actor, first.exchange or {}, req.settings, choice), dice)
        yield S.shot(request(THROWER, {"physical_defence": 8}, distance_m=9, area=True, landing="Gob"), dice)
        yield S.shot(request(THROWER, TARGET, distance_m=5, prone=True), dice)
        yield S.initiative(request({"initiative_bonus": 2}, None, modifier=1), dice)
        yield S.act("test", request({"parry_skill": 3}, None, st=12, test_skill="parowanie"), dice)
    yield S.act("archer_rush", request({"initiative_result": 30}, {"initiative_result": 10}), ScriptedDice([]))
    upkeep = S.start_round(Fighter("Jagna", S.sheet({"damage_taken": 6})), S.settings(SETTINGS), 2)
    assert upkeep is not None
    yield upkeep


def _flat(result: ActionResult) -> Iterator[ActionResult]:
    yield result
    for sub in result.attacks:
        yield from _flat(sub)


def _checks(c: Check) -> Iterator[Check]:
    yield c
    if c.versus is not None:
        yield from _checks(c.versus)


def _terms(value: Any) -> Iterator[Term]:
    if isinstance(value, Term):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _terms(v)
    elif isinstance(value, Message):
        for v in value.params.values():
            yield from _terms(v)


def used_keys(result: ActionResult) -> set[tuple[str, ...]]:
    """(alternatives …) of catalog keys one answer needs; one of each must exist."""
    p = "pl_wladanie"
    need: set[tuple[str, ...]] = set()
    for r in _flat(result):
        need.add((f"outcome.{p}.{r.outcome}", f"outcome.{r.outcome}"))
        if r.action not in ("attack", "shot", "initiative", "start_round"):  # those have their own embeds
            need.add((f"action.{p}.{r.action}", f"action.{r.action}"))
        if r.location:
            need.add((f"location.{p}.{r.location}",))
        if r.wound:
            need.add((f"wound.{p}.{r.wound}",))
        need.update((f"condition.{p}.{c}",) for c in r.conditions)
        for n in r.notes:
            need.add((f"note.{p}.{n.key}",))
            need.update((f"{t.kind}.{p}.{t.key}",) for t in _terms(list(n.params.values())))
        for top in r.checks:
            for c in _checks(top):
                need.add((f"check.{p}.{c.label}",) if c is top else (f"versus.{p}.{c.label}",))
                if c.outcome:
                    need.add((f"outcome.{p}.{c.outcome}", f"outcome.{c.outcome}"))
                if c.location:
                    need.add((f"location.{p}.{c.location}",))
                keys = [x.key for x in [*c.parts, *c.dice_steps]]
                keys += [s.key for s in c.steps] + [d.key for s in c.steps for d in s.detail]
                need.update((f"term.{p}.{k}",) for k in keys)
    return need


def _missing(need: set[tuple[str, ...]]) -> dict[str, list[tuple[str, ...]]]:
    return {lang: sorted(alts for alts in need if not any(k in CATALOGS[lang] for k in alts)) for lang in LANGS}


def test_every_key_an_answer_uses_is_in_all_four_languages() -> None:
    need: set[tuple[str, ...]] = set()
    labels: set[str] = set()
    for result in results():
        need |= used_keys(result)
        labels |= {c.label for r in _flat(result) for top in r.checks for c in _checks(top)}
    assert _missing(need) == {lang: [] for lang in LANGS}
    # the fights above reach every kind of line the system writes
    assert {"attack", "damage", "location", "parry", "dodge", "physical_defence", "physical_defence_unprepared",
            "area_st", "scatter_landing", "initiative", "tiebreak", "test", "st", "self_injury",
            "archer_initiative"} <= labels  # fmt: skip


@pytest.mark.parametrize(
    "bad",
    [
        {"weapons": [{"id": "axe", "damage_dice": "two dice"}]},
        {"armour": [{"parts": ["ogon"], "coverage": 3}]},
        {"weapons": [{"damage_dice": "1k6", "strength_category": "1/3"}]},
        {"down": "zombie"},
        {"damage_by_location": {"ogon": 3}},
        {"strength": "dużo"},
    ],
)
def test_a_refused_sheet_value_is_named_and_explained_in_every_language(bad: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as err:
        S.sheet(bad)
    key, problem = err.value.params["key"], err.value.params["problem"]
    assert isinstance(key, Term) and isinstance(problem, Message)
    for lang in LANGS:
        assert f"term.pl_wladanie.{key.key}" in CATALOGS[lang], (lang, key)
        assert problem.key in CATALOGS[lang], (lang, problem.key)


@pytest.mark.parametrize(
    "bad",
    [
        {"location_table": "1-2:glowa,3-20:ogon"},
        {"location_table": "1-2:head,4-20:torso"},
        {"location_table": "x:head"},
        {"wound_thresholds": "lekka:5,zadrapanie:2"},
        {"wound_thresholds": "lekka:dużo"},
        {"test_die": "1d100"},
    ],
)
def test_a_refused_setting_is_named_and_explained_in_every_language(bad: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as err:
        S.settings(bad)
    key, problem = err.value.params["key"], err.value.params["problem"]
    for lang in LANGS:
        assert f"term.pl_wladanie.{key.key}" in CATALOGS[lang] and problem.key in CATALOGS[lang], (lang, bad)


def test_every_field_option_and_setting_has_a_name_in_every_language() -> None:
    names = [*S.Sheet.model_fields, *S.Options.model_fields, *S.Settings.model_fields]
    for lang in LANGS:
        assert [n for n in names if f"term.pl_wladanie.{n}" not in OWN[lang]] == [], lang


def test_polish_names_of_parts_and_levels_are_accepted_where_the_problem_says_so() -> None:
    # The problem texts tell a player what to type: those words must work.
    sheet = S.sheet({"armour": [{"parts": ["lewa ręka", "Całe ciało"]}], "down": "Nie żyje"})
    assert sheet.armour[0].parts[0] == "left_arm" and sheet.down == "dead"  # type: ignore[attr-defined]
    settings = S.settings({"wound_thresholds": "lekka:5,ciężka:10,krytyczna:15,poza_walką:20,śmierć:30",
                           "location_table": "1-2:głowa,3-10:korpus,11-20:prawa noga"})  # fmt: skip
    assert settings.wound_thresholds  # type: ignore[attr-defined]
    other = S.sheet({"armour": [{"parts": ["levá ruka", "braccio destro"]}]})
    assert other.armour[0].parts == ["left_arm", "right_arm"]  # type: ignore[attr-defined]
    off = {"id": "pałka", "damage_dice": "1k3", "odpowiednik": "1k4", "improvised": True}
    assert S.sheet({"weapons": [off]}).weapons[0].ladder_dice == "1k4"  # type: ignore[attr-defined]


def test_errors_name_ids_through_the_catalog() -> None:
    with pytest.raises(RulesError) as err:
        S.sheet({"weapons": [SWORD]}).weapon("topór")  # type: ignore[attr-defined]
    assert err.value.params["allowed"] == [Term("weapon", "weapon"), Term("weapon", "unarmed")]
    with pytest.raises(RulesError) as err:
        S.set_condition(S.sheet({}), "stunned", True)
    assert Term("condition", "prone") in err.value.params["allowed"]
    down = request({"down": "dead"}, TARGET)
    with pytest.raises(RulesError) as err:
        S.attack(down, ScriptedDice([1]))
    assert err.value.params["state"] == Term("wound", "dead")
    with pytest.raises(RulesError) as err:
        S.act("test", request({}, None, st=10, test_skill="gotowanie"), ScriptedDice([1]))
    assert Term("term", "parry_skill") in err.value.params["allowed"]
    for lang in LANGS:
        for t in [Term("weapon", "weapon"), Term("weapon", "unarmed"), Term("wound", "dead")]:
            assert f"{t.kind}.pl_wladanie.{t.key}" in CATALOGS[lang]


def test_an_exchange_carries_its_terms_as_plain_json_and_gives_them_back() -> None:
    heavy = {**FIGHTER, "lift_kg": 12}  # 3.5 kg over 2.2 kg: heavy, the cost note carries a Term
    req = request(heavy, {"physical_defence": 1})
    pending = S.attack(req, ScriptedDice([20]))
    assert pending.exchange is not None
    json.dumps(pending.exchange)  # plain JSON, as the bot stores it
    assert req.target is not None
    answer = DefenceRequest(req.target, req.actor, pending.exchange, req.settings, "none")
    result = S.defend(answer, ScriptedDice([3, 5]))
    note = next(n for n in result.notes if n.key == "heavy_no_bonus_action_attacks")
    assert note.params["cost"] == Term("term", "cost_regular_action")


def test_native_texts_carry_no_english_gloss() -> None:
    # English may keep the Polish term in parentheses; the Polish, Czech and Italian texts are purely native.
    english = {"attack", "damage", "defence", "skill", "parry", "dodge", "hit", "wound", "armour", "coverage"}
    for lang in ("pl", "cs", "it"):
        for key, text in OWN[lang].items():
            words = {w.strip("(),.:;").lower() for w in text.split()}
            assert not words & english, (lang, key, text)


def test_wound_and_condition_names_need_no_grammatical_gender_in_polish() -> None:
    # "Stan: Ciężka rana", "Jagna — Nie żyje": noun phrases or verbs, never a masculine adjective alone.
    adjectives = {"ranny", "nieprzytomny", "martwy", "wyłączony", "nieświadomy", "zraniony", "lekko", "ciężko"}
    for key, text in OWN["pl"].items():
        if key.startswith(("wound.", "condition.")):
            assert not {w.lower() for w in text.split()} & adjectives, (key, text)
