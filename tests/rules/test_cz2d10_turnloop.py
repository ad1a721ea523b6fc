"""What the bot's turn loop needs from cz2d10: field classes, reactions and their limits, GM edits,
conditions that act exactly like the rules' own, status (dead, actions left), helpless targets, waiting."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.fields import FIELD_CLASSES

BASIC = {"polygonal": False}
POLY = {"polygonal": True}
# attack = avg(6, 6) + 6 // 2 = 9; medium sword: d5, crit 18 ×2, STR/3 = 2
FIGHTER = {"str": 6, "dex": 6, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}
DUMMY = {"dex": 2, "hp": 30, "weapon": "light_straight_blade"}  # defence 13 + 2 = 15
BOW = {"dex": 6, "weapon": "medium_bow", "weapon_skill": 4}  # shot attack 6 + 2 = 8
ROOT = Path(__file__).resolve().parents[2]


def req(
    actor: dict[str, Any],
    target: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    weapon: str | None = None,
    names: tuple[str, str] = ("A", "T"),
    distance: float | None = None,
    **options: Any,
) -> ActionRequest:
    tgt = Fighter(names[1], S.sheet(target)) if target is not None else None
    return ActionRequest(
        Fighter(names[0], S.sheet(actor)), tgt, S.options(options), S.settings(settings or BASIC), weapon, distance
    )


def vs(actor: Any, target: Any, settings: dict[str, Any] | None = None, **options: Any) -> ActionRequest:
    """A request between two sheets (dicts or Sheet objects) named A and T."""
    a = actor if not isinstance(actor, dict) else S.sheet(actor)
    t = target if not isinstance(target, dict) else S.sheet(target)
    return ActionRequest(Fighter("A", a), Fighter("T", t), S.options(options), S.settings(settings or BASIC))


def mods(r: Any) -> dict[str, int | float]:
    return {m.key: m.value for m in [*r.modifiers, *r.defence_modifiers]}


def dump(sheet: Any) -> dict[str, Any]:
    return dict(sheet.model_dump(by_alias=True))


def same_exchange(a: Any, b: Any, automatic_stab: bool = False) -> None:
    """Two attack results that must be identical in everything the rules computed."""
    assert (a.total, a.against, a.outcome, a.margin) == (b.total, b.against, b.outcome, b.margin)
    assert mods(a) == mods(b)
    skip = {"stab_automatic"} if automatic_stab else set()
    assert [n.key for n in a.notes if n.key not in skip] == [n.key for n in b.notes if n.key not in skip]
    assert (a.damage.model_dump() if a.damage else None) == (b.damage.model_dump() if b.damage else None)


# ---- A1 field classes -------------------------------------------------------------------------------------
def test_fight_state_is_turn_and_damage_is_lasting() -> None:
    turn = set(S.fields_of("turn"))
    assert {"initiative_roll", "actions_left", "counter_attacks_used", "attackers", "attacks_on"} <= turn
    assert {"reflexes_against", "waiting", "charging", "defence_mode", "prone", "acceleration"} <= turn
    assert set(S.fields_of("lasting")) == {"hp", "stun", "part_damage", "amputated", "dead", "fainted"}
    assert {"str_", "weapon", "armour_parts", "battle_reflexes", "hp_max"} <= set(S.fields_of("build"))


def test_a_fought_sheet_without_its_turn_fields_keeps_the_wounds_and_forgets_the_round() -> None:
    r = S.attack(req(FIGHTER, {"dex": 2, "con": 4}, POLY), ScriptedDice([5, 5, 3, 5, 5]))  # 5 dmg, torso
    assert r.target_sheet is not None and r.actor_sheet is not None
    kept = {k: v for k, v in r.target_sheet.items() if FIELD_CLASSES.get("str_" if k == "str" else k) != "turn"}
    after = S.sheet(kept)
    assert after.part_damage == {"torso": 5} and after.attackers == []  # type: ignore[attr-defined]
    actor = S.sheet({k: v for k, v in r.actor_sheet.items() if FIELD_CLASSES.get(k) != "turn"})
    assert actor.actions_left is None and actor.attacks_on == {} and not actor.has_acted  # type: ignore[attr-defined]


def test_the_docs_table_lists_every_field_with_its_class() -> None:
    doc = (ROOT / "docs/rules/cz2d10.md").read_text(encoding="utf-8")
    section = doc.split("## Sheet fields by class", 1)[1].split("\n## ", 1)[0]
    listed: dict[str, str] = {}
    for cls, cell in re.findall(r"^\| (build|lasting|turn|internal) \| (.+) \|$", section, re.M):
        for name in re.findall(r"`([a-z_]+)`", cell):
            listed[name] = cls
    assert listed == dict(FIELD_CLASSES)


# ---- A2 reactions ----------------------------------------------------------------------------------------
def test_reactions_are_the_counter_attack_held_actions_the_defence_disarm_and_the_shock() -> None:
    assert S.reaction_options == {"counter_attack", "held"}
    assert S.reaction_actions == {"disarm", "shock"}
    assert S.is_reaction("attack", S.options({"counter_attack": True}))
    assert S.is_reaction("move", S.options({"held": True}))
    assert not S.is_reaction("move", S.options({}))


def test_counter_attack_before_ones_turn_needs_an_action_left_from_last_round() -> None:
    # L375: "tuto akci musí mít k dispozici, musela mu z tohoto kola zbýt, pokud v něm byl již na řadě,
    # nebo z minulého kola" — before its turn this round only last round's leftovers (actions_reserve) pay
    fresh_round = {**FIGHTER, "has_acted": True, "actions_reserve": 0}
    with pytest.raises(RulesError, match="counter_no_reserve") as info:
        S.attack(req(fresh_round, DUMMY, counter_attack=True), ScriptedDice([]))
    assert info.value.params == {"needed": 1, "reserve": 0}
    after_turn = {**fresh_round, "acted_this_round": True, "actions_left": 2}
    r = S.attack(req(after_turn, DUMMY, counter_attack=True), ScriptedDice([1, 2]))
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 1
    assert r.actor_sheet["counter_attacks_used"] == 1 and mods(r)["counter_attack"] == 2


@pytest.mark.parametrize(
    ("dex", "lunges", "limit"),
    [(9, 0, 1), (9, 1, 4), (6, 2, 4), (12, 2, 6), (1, 1, 1)],
)
def test_counter_attack_limit_per_round(dex: int, lunges: int, limit: int) -> None:
    # L375: "Standardně … jen 1 protiútok, se schopností protivýpad tolik, kolik je 1/2 její obratnosti,
    # se dvěma schopnostmi protivýpad 6 …, ne však více, než jsou 2 / 3 její obratnosti"
    a = {**FIGHTER, "dex": dex, "counter_lunge": lunges, "has_acted": True, "actions_reserve": 5}
    a["counter_attacks_used"] = limit - 1
    S.attack(req(a, DUMMY, counter_attack=True), ScriptedDice([2, 2, 3, 3, 3]))
    with pytest.raises(RulesError, match="counter_limit") as info:
        S.attack(req({**a, "counter_attacks_used": limit}, DUMMY, counter_attack=True), ScriptedDice([]))
    assert info.value.params == {"limit": limit}


def test_a_new_round_gives_the_counter_attacks_back_and_keeps_leftovers_as_reserve() -> None:
    a = S.sheet({**FIGHTER, "has_acted": True, "acted_this_round": True, "actions_left": 2})
    a = a.model_copy(update={"counter_attacks_used": 1, "waiting": True, "reflexes_against": {"X": 1}})
    up = S.start_round(Fighter("A", a), S.settings(BASIC), 2)
    assert up is not None and up.actor_sheet is not None
    s = up.actor_sheet
    assert (s["counter_attacks_used"], s["actions_reserve"], s["actions_left"]) == (0, 2, 5)
    assert s["waiting"] is False and s["reflexes_against"] == {}


def test_held_actions_need_a_wait_this_round() -> None:
    # L357: "Vyčkávání sebere postavě jednu akci, zbylé může použít kdykoliv během zbytku kola"
    with pytest.raises(RulesError, match="not_waiting"):
        S.attack(req(FIGHTER, DUMMY, held=True), ScriptedDice([]))
    waited = S.act("wait", req(FIGHTER), ScriptedDice([]))
    assert waited.actor_sheet is not None and waited.actor_sheet["waiting"] is True
    assert waited.actor_sheet["actions_left"] == 4
    r = S.attack(req(waited.actor_sheet, DUMMY, held=True), ScriptedDice([1, 2]))
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 1
    moved = S.act("step", req(r.actor_sheet, held=True), ScriptedDice([]))
    assert moved.actor_sheet is not None and moved.actor_sheet["actions_left"] == 0


def test_covering_an_ally_out_of_turn_uses_held_actions() -> None:
    # L450 krytí spolubojovníků is taken up like a stance; out of turn only through waiting (L357)
    waited = S.act("wait", req(FIGHTER), ScriptedDice([]))
    ally = {"dex": 3}
    cover = S.act("cover_ally", req(waited.actor_sheet or {}, ally, held=True, stance="partial"), ScriptedDice([]))
    assert S.is_reaction("cover_ally", S.options({"held": True}))
    assert cover.actor_sheet is not None and cover.actor_sheet["actions_left"] == 3
    assert cover.target_sheet is not None and cover.target_sheet["covered_bonus"] == 1
    with pytest.raises(RulesError, match="not_waiting"):
        S.act("cover_ally", req(FIGHTER, ally, held=True), ScriptedDice([]))


def test_disarm_in_defence_is_paid_out_of_turn() -> None:
    # before its own turn this round the defender pays from last round's leftovers when it has them
    reserve = {**FIGHTER, "has_acted": True, "actions_reserve": 1}
    r = S.act("disarm", req(reserve, DUMMY), ScriptedDice([6, 6, 1, 1]))
    assert r.actor_sheet is not None and r.actor_sheet["actions_reserve"] == 0
    assert r.actor_sheet["actions_left"] is None  # its coming turn keeps all five
    spent = {**FIGHTER, "acted_this_round": True, "actions_left": 0}
    with pytest.raises(RulesError, match="not_enough_actions"):
        S.act("disarm", req(spent, DUMMY), ScriptedDice([]))


# ---- A3 /encounter edit -----------------------------------------------------------------------------------
def test_edit_basic_hp_counts_from_full_when_no_hp_is_stored() -> None:
    sheet = S.sheet({"hp_max": 12, "str": 3})
    assert S.edit_sheet(sheet, {"hp": "-5"}).hp == 7  # type: ignore[attr-defined]
    assert S.edit_sheet(sheet, {"životy": "-5"}).hp == 7  # type: ignore[attr-defined]
    assert S.edit_sheet(sheet, {"zivoty": "=-2"}).hp == -2  # type: ignore[attr-defined]
    assert S.edit_sheet(S.edit_sheet(sheet, {"hp": "4"}), {"hp": "+3"}).hp == 7  # type: ignore[attr-defined]
    assert S.edit_sheet(sheet, {"síla": "+2"}).str_ == 5  # type: ignore[attr-defined]
    assert S.edit_sheet(sheet, {"str": "-1"}).str_ == 2  # type: ignore[attr-defined]
    assert S.edit_sheet(S.sheet({"con": 3}), {"max_životy": "+3"}).hp_max == 15  # type: ignore[attr-defined]


def test_edit_polygonal_parts_by_their_czech_names() -> None:
    sheet = S.sheet({"con": 3})  # torso 12 HP, head and limbs 8
    hurt = S.edit_sheet(sheet, {"hp": "-5", "hlava": "-3", "Pravá ruka": "2", "leva_noha": "=1"})
    assert hurt.part_damage == {"torso": 5, "head": 3, "right_arm": 6, "left_leg": 7}  # type: ignore[attr-defined]
    st = S.status(hurt)
    assert st.hp == 7 and st.numbers["hp_head"] == 5 and st.numbers["hp_right_arm"] == 2
    healed = S.edit_sheet(hurt, {"pravá_ruka": "+10", "trup": "+2"})
    assert healed.part_damage == {"torso": 3, "head": 3, "left_leg": 7}  # type: ignore[attr-defined]


def test_edit_round_state_and_stun() -> None:
    sheet = S.sheet({"reaction": 5})
    assert S.edit_sheet(sheet, {"akce": "-1"}).actions_left == 4  # type: ignore[attr-defined]
    assert S.edit_sheet(sheet, {"omráčení": "+4"}).stun == 4  # type: ignore[attr-defined]
    assert S.edit_sheet(sheet, {"omraceni": "+4", "zastrašení": "2"}).intimidation == 2  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="stat_invalid"):
        S.edit_sheet(sheet, {"omráčení": "+5000"})
    with pytest.raises(RulesError, match="stat_invalid"):
        S.edit_sheet(sheet, {"hlava": "-5000"})
    with pytest.raises(RulesError, match="stat_invalid"):
        S.edit_sheet(sheet, {"hlava": "moc"})


# ---- A4 conditions act like the rules' own ---------------------------------------------------------------
def test_conditions_list_and_catalog() -> None:
    assert S.conditions() == [
        "prone",
        "immobile",
        "unaware",
        "non_dodging",
        "off_balance",
        "intimidated",
        "fainted",
        "dead",
    ]


def test_prone_condition_equals_a_trip_that_felled_the_target() -> None:
    hook = {**FIGHTER, "weapon": "halberd"}  # reach 8 > 2, hooked, 6 levels
    slow = {**DUMMY, "reaction": -3}
    tripped = S.attack(req(hook, slow, trip=True), ScriptedDice([5, 5, 10, 10, 1, 1]))  # margin ≥ 10
    assert tripped.target_sheet is not None and tripped.target_sheet["prone"] is True
    own = S.sheet(tripped.target_sheet)
    gm = S.set_condition(S.sheet({**slow, "attackers": ["A"]}), "prone", True)
    for dice in ([6, 6, 2], [1, 2]):
        a = S.attack(vs(S.sheet(FIGHTER), own, BASIC), ScriptedDice(dice))
        b = S.attack(vs(S.sheet(FIGHTER), gm, BASIC), ScriptedDice(dice))
        same_exchange(a, b)
        assert mods(a)["def_dex_two_thirds"] == 1  # L393: "její obratnost je pouze dvoutřetinová"
    shot_own = S.shot(vs(BOW, own), ScriptedDice([6, 6, 3]))
    shot_gm = S.shot(vs(BOW, gm), ScriptedDice([6, 6, 3]))
    same_exchange(shot_own, shot_gm)
    assert mods(shot_gm)["prone_target"] == -6


def test_immobile_and_unaware_conditions_equal_the_target_state_option() -> None:
    for condition, state in (("immobile", "immobile"), ("unaware", "non_defending")):
        gm = S.set_condition(S.sheet(DUMMY), condition, True)
        own = S.attack(req(FIGHTER, DUMMY, target_state=state), ScriptedDice([4, 5, 3, 5, 5]))
        put = S.attack(
            vs(S.sheet(FIGHTER), gm, BASIC),
            ScriptedDice([4, 5, 3, 5, 5]),
        )
        same_exchange(own, put)
        assert condition in S.status(gm).conditions


def test_non_dodging_condition_equals_a_defender_without_actions() -> None:
    # L362: "bojující osoba, jíž nezbyly žádné akce na to, aby se pohnula … si nemůže započítat obratnost"
    own = S.attack(req(FIGHTER, {**DUMMY, "actions_left": 0}), ScriptedDice([4, 4, 2]))
    gm = S.set_condition(S.sheet(DUMMY), "non_dodging", True)
    put = S.attack(
        vs(S.sheet(FIGHTER), gm, BASIC),
        ScriptedDice([4, 4, 2]),
    )
    same_exchange(own, put)
    assert own.against == 13 and "def_dex" not in mods(put)


def test_off_balance_condition_equals_a_kick() -> None:
    kicker = {**FIGHTER, "weapon_skill": 4, "weapon": None}
    kick = S.attack(req(kicker, DUMMY, weapon="bare_kick"), ScriptedDice([1, 2]))  # a miss still unsettles
    assert kick.actor_sheet is not None and kick.actor_sheet["off_balance"] == 3  # L383: −3 below 6 levels
    own = S.sheet(kick.actor_sheet)
    gm = S.set_condition(own.model_copy(update={"off_balance": 0}), "off_balance", True)
    assert gm == own and "off_balance" in S.status(gm).conditions
    on_gm = S.attack(
        vs(S.sheet(FIGHTER), gm, BASIC),
        ScriptedDice([5, 5, 1]),
    )
    assert mods(on_gm)["def_off_balance"] == -3
    assert S.set_condition(gm, "off_balance", False).off_balance == 0  # type: ignore[attr-defined]


def test_intimidated_condition_is_the_first_intimidation_level() -> None:
    # L368: "Úspěch v testu znamená, že napadený má postih -1 k útoku i obraně"
    own = S.sheet({**DUMMY, "intimidation": 1})
    gm = S.set_condition(S.sheet(DUMMY), "intimidated", True)
    assert own == gm
    r = S.attack(vs(S.sheet(FIGHTER), gm, BASIC), ScriptedDice([3, 3, 2]))
    assert mods(r)["def_intimidation"] == -1 and r.outcome == "hit"  # 15 vs 14
    assert S.set_condition(gm, "intimidated", False).intimidation == 0  # type: ignore[attr-defined]


def test_fainted_condition_equals_stun_at_the_serious_level() -> None:
    # L467: "ve chvíli, kdy dosáhnou vážného omráčení … postava omdlévá"; torso 9 HP -> serious at 5
    own = S.sheet({"dex": 4, "stun": 5})
    gm = S.set_condition(S.sheet({"dex": 4}), "fainted", True)
    for sheet in (own, gm):
        st = S.status(sheet)
        assert "fainted" in st.conditions and st.out_of_fight and not st.dead
    a = S.attack(vs(S.sheet(FIGHTER), own, POLY), ScriptedDice([2, 3, 2, 5, 5]))
    b = S.attack(vs(S.sheet(FIGHTER), gm, POLY), ScriptedDice([2, 3, 2, 5, 5]))
    same_exchange(a, b)
    awake = S.set_condition(own, "fainted", False)
    assert not S.status(awake).out_of_fight and awake.stun == 4  # type: ignore[attr-defined]


def test_dead_condition_equals_a_destroyed_head() -> None:
    big = {**FIGHTER, "str": 30}  # STR part 10: the head (5 HP, CON 0) is destroyed
    r = S.attack(req(big, {"dex": 2}, POLY), ScriptedDice([5, 5, 3, 1, 1]))
    assert r.target_sheet is not None
    own = S.sheet(r.target_sheet)
    gm = S.set_condition(S.sheet({"dex": 2}), "dead", True)
    for sheet in (own, gm):
        st = S.status(sheet)
        assert st.dead and st.out_of_fight and "dead" in st.conditions
        with pytest.raises(RulesError, match="out_of_fight"):
            S.attack(vs(sheet, S.sheet(FIGHTER), POLY), ScriptedDice([]))
    assert not S.status(S.set_condition(gm, "dead", False)).dead


# ---- A5 status -------------------------------------------------------------------------------------------
def test_status_shows_the_actions_left_after_every_action() -> None:
    assert S.status(S.sheet({"reaction": 5})).actions_left == 5
    assert S.status(S.sheet({"reaction": -7})).actions_left == 3  # very low initiative: 3 actions
    r = S.attack(req(FIGHTER, DUMMY), ScriptedDice([1, 2]))
    assert S.status(S.sheet(r.actor_sheet or {})).actions_left == 2


def test_an_unusable_torso_puts_the_character_out_of_the_fight() -> None:
    # L497: "smrtelné zranění, nebo takové, jehož postih je vyšší než kondice postavy, znamená nepoužitelnost
    # dané části těla. V případě, že jde o hlavu či trup, je postava okamžitě vyřazena z boje"
    severe = S.sheet({"con": 3, "part_damage": {"torso": 9}})  # 12 HP torso: severe (9 ≥ 9), −6 > CON 3
    st = S.status(severe)
    assert st.out_of_fight and not st.dead and "unusable_torso" in st.conditions
    serious = S.sheet({"con": 3, "part_damage": {"torso": 6}})  # serious, −3 is not above CON 3
    assert not S.status(serious).out_of_fight
    with pytest.raises(RulesError, match="out_of_fight"):
        S.attack(vs(severe, S.sheet(DUMMY), POLY), ScriptedDice([]))


def test_out_of_the_fight_cannot_spend_actions_but_may_take_its_shock() -> None:
    out = {**DUMMY, "fainted": True}
    with pytest.raises(RulesError, match="out_of_fight"):
        S.act("step", req(out), ScriptedDice([]))
    r = S.act("shock", req({**out, "last_damage": 2}, shock="failed"), ScriptedDice([]))
    assert r.actor_sheet is not None and r.actor_sheet["stun"] == 2


# ---- A6 helpless targets -------------------------------------------------------------------------------
def test_an_unconscious_target_is_immobile_and_stabbed() -> None:
    # L366 nehybný: "má obranu rovnou pouze 13 a útok na něj se děje podle pravidel pro probodnutí";
    # L418: "Nehybným cílem se myslí cíl neschopný akce (svázaný, v bezvědomí…)"
    out = {**DUMMY, "dex": 5, "stun": 15, "hp": 30}  # stun ≥ 15 = the serious level of 30: fainted
    r = S.attack(req(FIGHTER, out), ScriptedDice([8, 9, 3, 3, 2]))  # natural 17: in the stab range (18 − 1)
    assert r.against == 13 and "def_dex" not in mods(r)
    assert [n.key for n in r.notes][:1] == ["stab_automatic"]
    assert r.outcome == "crit"  # threat 17 confirmed (6 + 9 > 13); the stab crit is a mortal wound (L380)
    assert r.target_sheet is not None and r.target_sheet["hp"] <= 0
    tied = S.attack(req(FIGHTER, {**DUMMY, "dex": 5, "immobile": True}, stab=True), ScriptedDice([8, 9, 3, 3, 2]))
    same_exchange(r, tied, automatic_stab=True)


def test_a_flat_blow_on_a_helpless_target_is_a_flat_stab() -> None:
    # L381: "Probodnutí naplocho … cíli je způsobeno omráčení, ovšem testuje na něj běžný … šok … a šok nemůže
    # přerůst do fyzické roviny"
    out = {**DUMMY, "fainted": True}
    r = S.attack(req(FIGHTER, out, flat=True, shock="failed"), ScriptedDice([4, 4, 3]))
    assert r.outcome == "hit" and r.damage is not None and r.damage.kind == "stun"
    assert r.damage.applied == 2 * 2 + 3  # automatic critical damage: STR part ×2 + d5
    assert any(n.key == "shock_test" for n in r.notes) and not any(n.key == "secondary_shock" for n in r.notes)
    assert r.target_sheet is not None and r.target_sheet["hp"] == 30 and r.target_sheet["stun"] == 14


def test_a_shot_at_an_unconscious_target_gets_the_immobile_bonus_not_a_stab() -> None:
    # L418: "Cíl, který se nehýbe, dává střelci bonus +4 na zásah"
    r = S.shot(req(BOW, {**DUMMY, "fainted": True}), ScriptedDice([3, 3, 2]))
    assert mods(r)["immobile_target"] == 4 and r.against == 13
    assert not any(n.key == "stab_automatic" for n in r.notes)


# ---- A7 waiting -------------------------------------------------------------------------------------------
def test_waiting_to_a_later_count_changes_the_initiative() -> None:
    rolled = S.initiative(req(FIGHTER), ScriptedDice([6, 6]))  # 12 + initiative 5 - slowdown 1 = 16
    a = rolled.actor_sheet or {}
    r = S.act("wait", req(a, new_initiative=9), ScriptedDice([]))
    assert (r.outcome, r.total, r.tiebreak) == ("initiative_changed", 9, [4])
    assert r.actor_sheet is not None and r.actor_sheet["initiative_roll"] == 9
    assert r.actor_sheet["waiting"] is True and r.actor_sheet["actions_left"] == 4
    with pytest.raises(RulesError, match="wait_only_later"):
        S.act("wait", req(a, new_initiative=17), ScriptedDice([]))


def test_a_wait_lasts_the_round_and_the_next_round_returns_to_the_rolled_count() -> None:
    """L357 vyčkávání: "zbylé může použít kdykoliv během zbytku kola" — the wait ends with the round."""
    from rules import ActionRequest, Fighter, ScriptedDice, get_system

    system = get_system("cz2d10")
    settings = system.settings({})
    sheet = system.sheet({"reakce": 5, "initiative_roll": 14, "actions_left": 5})
    waited = system.act(
        "wait",
        ActionRequest(Fighter("Jana", sheet), None, system.options({"new_initiative": 6}), settings),
        ScriptedDice([]),
    )
    assert waited.outcome == "initiative_changed" and waited.total == 6
    after = system.sheet(waited.actor_sheet or {})
    upkeep = system.start_round(Fighter("Jana", after), settings, 2, ScriptedDice([]))
    assert upkeep is not None and upkeep.outcome == "initiative_changed" and upkeep.total == 14
    back = system.sheet(upkeep.actor_sheet or {})
    assert back.initiative_roll == 14 and back.initiative_before_wait is None  # type: ignore[attr-defined]
