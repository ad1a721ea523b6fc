"""Every catalog key a cz2d10 answer can use exists in all four languages: check and versus labels, the
parts and steps of checks, outcomes, locations, the terms inside notes and errors, the problems of sheet
validators, and the name of every sheet field, option and setting a user can type."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from rules.dice import RandomDice
from rules.errors import RulesError
from rules.model import ActionResult, Check, Message, Term
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S
from tests.rules.catalogs import load

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "cs", "pl", "it")
CATALOGS: dict[str, dict[str, str]] = {lang: load(lang, "core", "cz2d10") for lang in LANGS}


def _has(lang: str, kind: str, key: str) -> bool:
    cat = CATALOGS[lang]
    return f"{kind}.cz2d10.{key}" in cat or f"{kind}.{key}" in cat


def _param_keys(value: Any) -> Iterator[tuple[str, str]]:
    if isinstance(value, Term):
        yield value.kind, value.key
    elif isinstance(value, Message):
        yield "problem", value.key.removeprefix("problem.")
        for v in value.params.values():
            yield from _param_keys(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _param_keys(v)


def _check_keys(c: Check) -> Iterator[tuple[str, str]]:
    yield "check", c.label
    for p in c.parts:
        yield "term", p.key
    for s in c.steps:
        yield "term", s.key
        for p in s.detail:
            yield "term", p.key
    for p in c.dice_steps:
        yield "term", p.key
    if c.outcome:
        yield "outcome", c.outcome
    if c.location:
        yield "location", c.location
    if c.versus is not None:
        yield "versus", c.versus.label
        yield from _check_keys(c.versus)


def result_keys(r: ActionResult) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = {("outcome", r.outcome), ("action", r.action)}
    for c in r.checks:
        out |= set(_check_keys(c))
    for n in r.notes:
        out.add(("note", n.key))
        for v in n.params.values():
            out |= set(_param_keys(v))
        assert all(not isinstance(v, str) or v.isdigit() for v in n.params.values()), (n.key, n.params)
    out |= {("die", d.purpose) for d in r.rolls}
    out |= {("term", m.key) for m in [*r.modifiers, *r.defence_modifiers]}
    if r.damage:
        out.add(("damage", r.damage.kind))
    if r.location:
        out.add(("location", r.location))
    if r.wound:
        out.add(("wound", r.wound))
    out |= {("defence", d) for d in r.defences}
    out |= {("condition", c) for c in r.conditions}
    if r.weapon:
        out.add(("weapon", r.weapon))
    for sub in r.attacks:
        out |= result_keys(sub)
    return out


ATTACKER = {"str": 8, "dex": 7, "con": 3, "reaction": 6, "weapon": "medium_axe_1h", "weapon_skill": 7}
DEFENDER = {
    "str": 4,
    "dex": 3,
    "con": 2,
    "weapon": "medium_straight_blade_1h",
    "weapon_skill": 4,
    "shield": "light_shield",
    "guard": 12,
    "armour_parts": {"torso": "mail:5", "head": "plate:3", "limbs": "leather:2"},
    "armour": "mail",
    "armour_dr": 6,
    "helmet_dr": 2,
    "accessories": "plate",
    "accessories_dr": 8,
}
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"flat": True},
    {"charge": True},
    {"targeted": 2, "target_location": "head"},
    {"confined": "very_confined"},
    {"out_of_view": True, "shock": "failed"},
    {"disarm": True},
    {"trip": True},
    {"pull": "reduce"},
    {"stab": True, "target_state": "immobile", "shock": "failed"},
    {"crit_effect": "multiply", "shock": "passed"},
    {"bonus": -12},
]
SETTING_SETS: list[dict[str, Any]] = [
    {"heavy_blows": True, "parry_impact": True},
    {"polygonal": False},
    {"polygonal": False, "confirm_mode": "crit_range", "rounding": "floor"},
    {"location_method": "d100", "hit_table": 3},
    {"duel_system": "vzor2"},
]


def fights() -> Iterator[ActionResult]:
    """Attacks, shots, the vzor 2 exchange, initiative and extra actions over many seeds and settings."""
    bow = {**ATTACKER, "weapon": "medium_bow", "precise_shot": True}
    fist = {"str": 6, "dex": 6, "weapon_skill": {"bare_hands": 7}, "weapon": "bare_hand"}
    npc = {"útok": "14", "obrana": "18", "zranění": "d10+2", "životy": "14", "iniciativa": "2"}
    improvised = {**DEFENDER, "shield": "improvised", "weapon_skill": 0, "guard": 0}
    for seed in range(240):
        st = S.settings(SETTING_SETS[seed % len(SETTING_SETS)])
        opts = OPTION_SETS[seed % len(OPTION_SETS)]
        a, t = [(ATTACKER, DEFENDER), (fist, npc), (ATTACKER, improvised), (ATTACKER, npc)][seed % 4]
        actor, target = Fighter("A", S.sheet(a)), Fighter("T", S.sheet(t))
        dice = RandomDice(seed)
        try:
            r = S.attack(ActionRequest(actor, target, S.options(opts), st), dice)
        except RulesError:
            continue
        yield r
        if r.outcome == "pending_defence":
            ex = r.exchange or {}
            yield S.defend(DefenceRequest(target, actor, ex, st, S.default_defence(ex)), dice)
        try:
            yield S.shot(ActionRequest(Fighter("B", S.sheet(bow)), target, S.options({}), st, distance=40), dice)
        except RulesError:
            pass
        yield S.initiative(ActionRequest(actor, None, S.options({}), st), dice)
        duelist = Fighter("D", S.sheet({**DEFENDER, "weapon_skill": 8}))
        yield S.act("disarm", ActionRequest(duelist, actor, S.options({}), st), dice)


def _missing(keys: set[tuple[str, str]]) -> dict[str, list[str]]:
    out = {}
    for lang in LANGS:
        gone = sorted(f"{k}.cz2d10.{v}" for k, v in keys if not _has(lang, k, v))
        if gone:
            out[lang] = gone
    return out


def test_every_key_of_random_fights_is_in_every_language() -> None:
    keys: set[tuple[str, str]] = set()
    for r in fights():
        keys |= result_keys(r)
    assert not _missing(keys)


def _error_keys(exc: RulesError) -> set[tuple[str, str]]:
    out = {("error", exc.key.removeprefix("error.cz2d10.").removeprefix("error."))}
    for v in exc.params.values():
        out |= set(_param_keys(v))
    return out


def test_error_params_are_terms_in_every_language() -> None:
    st = S.settings({})
    keys: set[tuple[str, str]] = set()
    fighter = Fighter("A", S.sheet(ATTACKER))
    target = Fighter("T", S.sheet(DEFENDER))
    cases = [
        lambda: S.act("fly", ActionRequest(fighter, None, S.options({}), st), RandomDice(1)),
        lambda: S.shot(ActionRequest(fighter, target, S.options({}), st), RandomDice(1)),
        lambda: S.attack(
            ActionRequest(Fighter("B", S.sheet({**ATTACKER, "weapon": "medium_bow"})), target, S.options({}), st),
            RandomDice(1),
        ),
        lambda: S.attack(
            ActionRequest(
                Fighter("C", S.sheet({**ATTACKER, "part_damage": {"right_arm": 99}})), target, S.options({}), st
            ),
            RandomDice(1),
        ),
        lambda: S.set_condition(S.sheet({}), "flying", True),
        lambda: S.sheet({"zbraň": "laser"}),
        lambda: S.sheet({"štít": "dveře"}),
        lambda: S.sheet({"zbroj": "kevlar"}),
        lambda: S.sheet({"zranění": "hodně"}),
        lambda: S.sheet({"wound_thresholds": "5,3,9,12"}),
        lambda: S.sheet({"ovládání": "meč=x"}),
        lambda: S.sheet({"armour_parts": {"torso": "kevlar:3"}}),
        lambda: S.edit_sheet(S.sheet({"kon": "2"}), {"hlava": "abc"}),
    ]
    for case in cases:
        with pytest.raises(RulesError) as exc:
            case()
        keys |= _error_keys(exc.value)
        assert not any(isinstance(v, str) and "_" in v for v in exc.value.params.values()), exc.value.params
    assert ("problem", "cz2d10.unknown_weapon") in keys and ("location", "right_arm") in keys
    assert not _missing(keys)


def _field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def test_every_field_option_and_setting_has_a_name_in_every_language() -> None:
    keys = {("term", k) for m in (S.Sheet, S.Options, S.Settings) for k in _field_names(m)}
    keys |= {("setting", i.name) for i in S.setting_infos()}
    keys |= {("action", a) for a in S.extra_actions}
    keys |= {("weapon", w) for w in S.weapons()}
    keys |= {("condition", c) for c in S.conditions()}
    assert not _missing(keys)


def test_problem_keys_of_the_validators_exist() -> None:
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules/systems/cz2d10").glob("*.py"))
    found = set(re.findall(r'PydanticCustomError\(\s*"cz2d10\.([a-z_]+)"', src))
    found |= {f"unknown_{w}" for w in re.findall(r'_unknown\("([a-z]+)"', src)}
    assert found
    assert not _missing({("problem", "cz2d10." + k) for k in found})


# The seed itself writes "DR" in Czech (redukce zranění, DR); STR, DEX and CON stay English glosses.
NATIVE_ONLY = {"cs": re.compile(r"\b(STR|DEX|CON)\b"), "pl": re.compile(r"\b(STR|DEX|CON|DR)\b")}
NATIVE_ONLY["it"] = re.compile(r"\b(STR|DEX|CON|DR|FOR|DES|COS)\b")


@pytest.mark.parametrize("lang", ["cs", "pl", "it"])
def test_native_texts_carry_no_english_abbreviations(lang: str) -> None:
    """cs/pl/it text is purely native: "Síla", not "STR (síla)"."""
    mine = json.loads((ROOT / f"bot/i18n/{lang}/cz2d10.json").read_text(encoding="utf-8"))
    bad = {k: v for k, v in mine.items() if NATIVE_ONLY[lang].search(v)}
    assert not bad


def test_catalog_placeholders_match_the_english() -> None:
    en = json.loads((ROOT / "bot/i18n/en/cz2d10.json").read_text(encoding="utf-8"))
    ph = re.compile(r"\{(\w+)\}")
    for lang in ("cs", "pl", "it"):
        mine = json.loads((ROOT / f"bot/i18n/{lang}/cz2d10.json").read_text(encoding="utf-8"))

        # Gendered and plural forms are the language's own: compare the messages they belong to.
        def plain(k: str) -> str:
            return re.sub(r"#(m|f|n|one|few|many|other)$", "", k)

        assert {plain(k) for k in mine} == {plain(k) for k in en}, (
            lang,
            sorted({plain(k) for k in en} ^ {plain(k) for k in mine})[:20],
        )
        for k, v in mine.items():
            english = en.get(k) or en.get(plain(k)) or en[plain(k) + "#other"]
            assert set(ph.findall(v)) == set(ph.findall(english)), (lang, k)
