"""dnd35 rule corrections (issue 14), each following the quoted line of the Czech SRD combat chapter."""

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

SYSTEM = get_system("dnd35")
ARMED = {"hp": 30, "weapons": ["longsword"]}  # AC 10, longsword +0, 1d8


def sheet(data: dict[str, Any]) -> Any:
    return SYSTEM.sheet(data)


def request(actor: Any, target: Any, weapon: str | None, settings: dict[str, Any], options: dict[str, Any]) -> Any:
    return ActionRequest(
        Fighter("A", actor), Fighter("T", target), SYSTEM.options(options), SYSTEM.settings(settings), weapon, 10
    )


def act(action: str, actor: dict[str, Any], target: dict[str, Any], dice: list[int], **kw: Any) -> ActionResult:
    weapon, settings = kw.pop("weapon", None), kw.pop("settings", {})
    req = request(sheet(actor), sheet(target), weapon, settings, kw)
    scripted = ScriptedDice(dice)
    if action in ("attack", "shot"):
        return getattr(SYSTEM, action)(req, scripted)  # type: ignore[no-any-return]
    return SYSTEM.act(action, req, scripted)


def keys(result: ActionResult) -> list[str]:
    return [n.key for n in result.notes]


def note(result: ActionResult, key: str) -> dict[str, Any]:
    return next(n.params for n in result.notes if n.key == key)


# --- bull rush during a charge ------------------------------------------------------------------------
def test_bull_rush_charge_aoo_meets_the_charge_minus_2() -> None:
    # "Zatlačení můžeš provést … během zteče"; "Jak začít tlačit: Nejdřív se musíš přesunout do prostoru
    # obránce. Tím provokuješ k příležitostnému útoku" — the AoO comes after the run-up, when the charge's
    # "do začátku tvé příští akce máš postih -2 k TZ" already holds.
    out = act("bull_rush", {"hp": 20}, ARMED, [9, 3, 10, 5], charge=True)
    aoo = out.attacks[0]
    assert (aoo.against, aoo.outcome) == (8, "hit")
    assert "ac_charging" in [m.key for m in aoo.modifiers]
    late = act("bull_rush", {"hp": 20}, ARMED, [9, 10, 5], charge=True, settings={"charge_ac_from": "after_attack"})
    assert (late.attacks[0].against, late.attacks[0].outcome) == (10, "miss")
    assert late.actor_sheet is not None and "charging" in late.actor_sheet["turn_conditions"]


def test_unarmed_charge_aoo_meets_the_charge_minus_2_too() -> None:
    out = act("attack", {"hp": 20}, ARMED, [9, 3, 15, 2], weapon="unarmed", charge=True)
    assert (out.attacks[0].against, out.attacks[0].outcome) == (8, "hit")


# --- bull rush: following is a choice, movement limited --------------------------------------------------
def test_bull_rush_without_following_pushes_5_ft() -> None:
    # "Pokud jsi překonal výsledek ověření Síly obránce, zatlačil jsi ho zpátky o 5 stop. Pokud se chceš
    # pohybovat s ním, zatlačíš ho o dalších 5 stop dál za každý 5 bodů"
    out = act("bull_rush", {"str": 18}, {"hp": 9}, [20, 1])  # 24 vs 1: margin 23
    assert (out.outcome, out.total) == ("pushed", 5)
    assert note(out, "pushed_back_no_follow") == {"feet": 5, "could": 25}


def test_bull_rush_following_is_limited_by_speed_with_the_movement_already_made() -> None:
    # "Nicméně nemůžeš ujít více stop, než je tvoje normální rychlost."
    free = act("bull_rush", {"str": 18}, {"hp": 9}, [20, 1], follow=True)
    assert free.total == 25
    after_run = act("bull_rush", {"str": 18}, {"hp": 9}, [20, 1], follow=True, moved_ft=15)
    assert after_run.total == 15
    assert note(after_run, "pushed_back_followed") == {"feet": 15, "followed": 15, "moved_ft": 15, "limit_ft": 30}
    assert note(after_run, "push_capped") == {"could": 25, "limit_ft": 30}
    spent = act("bull_rush", {"str": 18}, {"hp": 9}, [20, 1], follow=True, moved_ft=30)
    assert spent.total == 5 and note(spent, "pushed_back_followed")["followed"] == 0


def test_bull_rush_move_limit_setting_allows_the_charge_double_speed() -> None:
    action_limit = {"bull_rush_move_limit": "action"}
    charged = act(
        "bull_rush", {"str": 18}, {"hp": 9}, [20, 1], follow=True, moved_ft=40, charge=True, settings=action_limit
    )
    assert charged.total == 20  # 2 × 30 − 40 (margin 25: could 30)
    literal = act("bull_rush", {"str": 18}, {"hp": 9}, [20, 1], follow=True, moved_ft=40, charge=True)
    assert literal.total == 5


# --- disabled: every standard action costs 1 HP, no full-round actions -----------------------------------
DISABLED = {"hp": 10, "hp_current": 0, "str": 12, "skills": {"heal": 2, "bluff": 3}}


@pytest.mark.parametrize(
    ("action", "target", "dice", "options"),
    [
        ("total_defense", {"hp": 9}, [], {}),
        ("aid_another", {"hp": 9}, [15], {}),
        ("trip", {"hp": 9}, [15, 12, 3], {}),
        ("bull_rush", {"hp": 9}, [15, 3], {}),
        ("grapple", {"hp": 9}, [15, 15, 1, 2], {}),
        ("feint", {"hp": 9}, [15, 3], {}),
        ("disarm", {"hp": 9, "weapon": "club"}, [15, 3], {"weapon": "club"}),
        ("heal_check", {"hp": 9, "hp_current": -2}, [15], {}),
        ("overrun", {"hp": 9}, [15, 3], {}),
        ("attack", {"hp": 9}, [15, 3], {"charge": True, "weapon": "club"}),
    ],
)
def test_disabled_pays_1_hp_after_any_standard_action(
    action: str, target: dict[str, Any], dice: list[int], options: dict[str, Any]
) -> None:
    # "pokud uděláš jakoukoliv standardní akci (nebo cokoli jiného vysilujícího), jsi po dokončení dané věci
    # zraněn za 1 život. Pokud ti tvé jednání nezvýšilo počet životů, máš nyní -1 životů a začínáš umírat."
    feats = ["improved grapple", "improved disarm", "improved bull rush", "improved trip"]
    out = act(action, {**DISABLED, "feats": feats}, target, dice, **options)
    assert out.actor_sheet is not None and out.actor_sheet["hp_current"] == -1
    assert "disabled_strain" in keys(out)
    if action == "attack":
        assert "charge_restricted" in keys(out)  # "můžeš se pohnout pouze svou rychlostí"


def test_disabled_feint_with_improved_feint_is_a_move_action_and_costs_nothing() -> None:
    # "Finta pohybovou akcí: odbornost Zlepšená finta ti umožní provádět fintu pohybovou"
    economy = {"action_economy": True}  # the GM counts the turn's actions
    out = act("feint", {**DISABLED, "feats": ["improved feint"]}, {"hp": 9}, [15, 3], settings=economy)
    assert out.actor_sheet is not None and out.actor_sheet["hp_current"] == 0 and "disabled_strain" not in keys(out)
    assert out.actor_sheet["turn_actions"] == ["move"]  # the round's one action under restricted activity


@pytest.mark.parametrize("state", [{"hp_current": 0}, {"nonlethal": 10}])
def test_disabled_or_staggered_cannot_take_full_round_actions(state: dict[str, Any]) -> None:
    # "Každé kolo můžeš provést jen jednu pohybovou nebo standardní akci (… stejně jako nemůžeš provádět úplné akce)"
    actor = {"hp": 10, "bab": 6, **state}
    with pytest.raises(RulesError) as err:
        act("attack", actor, {"hp": 9}, [15, 3, 15, 3], weapon="club", full_attack=True)
    assert err.value.key == "error.dnd35.full_round_restricted"
    single = act("attack", actor, {"hp": 9}, [15, 3], weapon="club")
    assert single.outcome == "hit"


def test_disabled_strain_setting_off() -> None:
    out = act("total_defense", DISABLED, {"hp": 9}, [], settings={"disabled_action_damage": False})
    assert out.actor_sheet is not None and out.actor_sheet["hp_current"] == 0


# --- feint penalties ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("target", "nonhumanoid", "penalty"),
    [
        ({"int": 10}, False, {}),
        ({"int": 10}, True, {"nonhumanoid": -4}),
        ({"int": 2}, True, {"animal_intelligence": -8}),
        ({"int": 1}, False, {"animal_intelligence": -8}),
    ],
)
def test_feint_penalty_is_one_of_two_cases(target: dict[str, Any], nonhumanoid: bool, penalty: dict[str, int]) -> None:
    # "vůči tvoru, který není humanoid, máš postih -4. Vůči tvoru se zvířecí Inteligencí (1 nebo 2) máš postih -8."
    out = act("feint", {"skills": {"bluff": 5}}, {"hp": 9, **target}, [10, 10], target_nonhumanoid=nonhumanoid)
    assert {m.key: m.value for m in out.modifiers} == {"bluff": 5, **penalty}


# --- unarmed attack on an armed defender --------------------------------------------------------------------
def test_unarmed_attack_on_an_armed_defender_provokes_first() -> None:
    # "Příležitostné útoky: Pokud je postava ozbrojena, provokuješ jí k útoku, když na ní útočíš neozbrojen.
    # Příležitostný útok proběhne ještě před tím tvým."
    out = act("attack", {"hp": 20, "str": 12}, ARMED, [12, 5, 15, 2], weapon="unarmed")
    first = out.attacks[0]  # the defender's AoO, rolled first: longsword 12 vs AC 10, 1d8 = 5
    assert (first.actor, first.target, [r.face for r in first.rolls]) == ("T", "A", [12, 5])
    assert [r.face for r in out.rolls] == [15, 2]  # then the unarmed attack: 1d3 + 1 nonlethal
    assert out.actor_sheet is not None and out.actor_sheet["hp_current"] == 15
    assert out.outcome == "hit" and out.target_sheet is not None and out.target_sheet["nonlethal"] == 3
    assert out.target_sheet["aoo_used"] == 1 and "unarmed_aoo" in keys(out)


@pytest.mark.parametrize(
    ("actor", "target", "options"),
    [
        ({"feats": ["improved unarmed strike"]}, ARMED, {}),  # "se pokládá za ozbrojený"
        ({}, {"hp": 30}, {}),  # "ani jiné neozbrojené protivníky"
        ({}, ARMED, {"touch": True}),  # "sesilatel útočící dotykovým kouzlem"
        ({}, {**ARMED, "aoo_used": 1}, {}),  # the defender has no AoO left this round
    ],
)
def test_unarmed_attack_that_provokes_nothing(
    actor: dict[str, Any], target: dict[str, Any], options: dict[str, Any]
) -> None:
    out = act("attack", {"hp": 20, **actor}, target, [15, 2], weapon="unarmed", **options)
    assert out.attacks == [] and [r.purpose for r in out.rolls] == ["attack", "damage"]


def test_an_aoo_that_drops_the_unarmed_attacker_stops_its_attack() -> None:
    out = act("attack", {"hp": 3}, ARMED, [12, 5], weapon="unarmed")
    assert out.outcome == "interrupted" and out.actor_sheet is not None
    assert out.actor_sheet["hp_current"] == -2 and "attack_interrupted" in keys(out)


# --- unconscious from nonlethal falls prone -----------------------------------------------------------------
def test_nonlethal_knockout_falls_prone_and_stays_prone_on_waking() -> None:
    # "Když tvé stínové zranění převýší současný počet tvých životů, padáš v bezvědomí k zemi."
    out = act("attack", {"str": 14}, {"hp": 3}, [15, 2], weapon="unarmed")
    assert out.wound == "unconscious" and "prone" in (out.target_sheet or {})["conditions"]
    lethal_first = act("attack", {}, {"hp": 10, "nonlethal": 6}, [15, 5], weapon="club")  # 10 − 5 < 6
    assert lethal_first.wound == "unconscious" and "prone" in (lethal_first.target_sheet or {})["conditions"]
    awake = SYSTEM.edit_sheet(sheet(out.target_sheet or {}), {"nonlethal": "0"})
    assert SYSTEM.status(awake).level != "unconscious" and "prone" in awake.conditions  # type: ignore[attr-defined]


# --- two-weapon fighting with thrown weapons --------------------------------------------------------------
@pytest.mark.parametrize(
    ("weapons", "feats", "primary", "off"),
    [
        (["javelin", "dart"], [], -4, -8),  # "Šipku nebo šuriken považuj za lehkou zbraň"
        (["dart", "javelin"], [], -6, -10),  # "Boly, oštěpy … považuj za jednoruční zbraně"
        (["shuriken", "shuriken"], ["two weapon fighting"], -2, -2),
        (["javelin", "bolas"], ["two weapon fighting"], -4, -4),
    ],
)
def test_two_weapon_throwing(weapons: list[str], feats: list[str], primary: int, off: int) -> None:
    # "Vrhací zbraně: Stejné pravidlo platí i pro vrh zbraně z každé ruky."
    actor = {"dex": 14, "str": 12, "weapons": weapons, "feats": feats}
    out = act("shot", actor, {"hp": 50}, [18, 2, 18, 2], two_weapon=True)
    first, second = out.attacks
    m1 = {m.key: m.value for m in first.modifiers}
    m2 = {m.key: m.value for m in second.modifiers}
    assert (m1["two_weapon_primary"], m2["two_weapon_off_hand"]) == (primary, off)
    assert m1["dex"] == 2 and m2["dex"] == 2  # ranged attacks use Dex in both hands
    assert first.damage is not None and second.damage is not None
    assert first.damage.applied - 2 == 1 and second.damage.applied - 2 == 0  # Str +1 thrown, off hand ½ → 0


def test_two_weapon_shots_need_throwing_weapons() -> None:
    with pytest.raises(RulesError) as err:
        act("shot", {"weapons": ["longbow", "dart"]}, {"hp": 50}, [15, 2, 15, 2], two_weapon=True)
    assert err.value.key == "error.dnd35.two_weapon_ranged"
