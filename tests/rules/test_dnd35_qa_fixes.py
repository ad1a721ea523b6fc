"""dnd35: the QA findings of a Czech table (weapon names, standing up, stances, withdrawing, delaying,
resting, quick NPC weapons, opposed-check margins, sunder). Rule readings quote the seed
(shared/seeds/002_48e41cbd1ba2704b.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import ActionRequest, Fighter, RulesError, ScriptedDice, get_system
from rules.model import ActionResult, Term

S = get_system("dnd35")
HERO = {"str": "16", "dex": "14", "bab": "6", "hp": "40", "weapons": "longsword"}
ORC = {"str": "14", "dex": "12", "bab": "3", "hp": "30", "natural_armor": "4", "weapons": "greataxe"}


def refusal(call: Any) -> RulesError:
    with pytest.raises(RulesError) as refused:
        call()
    return refused.value


def req(
    actor: Any, target: Any = None, opts: dict[str, Any] | None = None, settings: dict[str, Any] | None = None
) -> ActionRequest:
    return ActionRequest(actor, target, S.options(opts or {}), S.settings(settings or {}))


def fighter(name: str, stats: dict[str, Any]) -> Fighter[Any]:
    return Fighter(name, S.sheet(stats))


def act(action: str, r: ActionRequest, faces: list[int] | None = None) -> ActionResult:
    dice = ScriptedDice(faces or [])
    if action == "attack":
        return S.attack(r, dice)
    return S.act(action, r, dice)


# --- 1. an unknown weapon name lists the table's names ----------------------------------------------------
def test_an_unknown_weapon_names_the_similar_table_weapons() -> None:
    err = refusal(lambda: S.sheet({"weapons": "velká_sekera"}))
    problem = err.params["problem"]
    assert problem.key == "problem.dnd35.unknown_weapon_name"
    assert "obouruční_sekera" in problem.params["like"] and "válečná_sekera" in problem.params["like"]


def test_a_weapon_name_like_none_lists_every_table_weapon() -> None:
    problem = refusal(lambda: S.sheet({"weapons": "laser"})).params["problem"]
    assert problem.key == "problem.dnd35.unknown_weapon_name_list"
    names = problem.params["all"].split(", ")
    assert "obouruční_sekera" in names and "dlouhý_meč" in names and "těžká_kuše" in names
    assert "heavy_mace" not in names  # English ids only where no Czech name reads back


# --- 5. renaming a quick NPC's weapon keeps its attack bonus and damage line ------------------------------
def test_renaming_a_quick_weapon_keeps_the_npcs_numbers() -> None:
    npc = S.sheet({"ac": "13", "hp": "5", "attack": "+4", "damage": "1k8+3", "weapon": "sekyra"})
    fixed = S.edit_sheet(npc, {"weapon": "válečná_sekera"})
    assert [w.name for w in fixed.weapons] == ["battleaxe"]  # the typo is replaced, not kept as a second
    axe = fixed.weapons[0]
    assert (axe.attack_override, axe.damage, axe.add_str, axe.crit_mult) == (4, "1k8+3", False, 3)
    hit = act("attack", req(Fighter("Skřet", fixed), fighter("Alena", HERO)), [15, 4])
    assert hit.total == 19 and hit.damage is not None and hit.damage.applied == 7


def test_a_characters_weapon_line_is_not_renamed_by_weapon() -> None:
    hero = S.sheet(HERO)
    edited = S.edit_sheet(hero, {"weapon": "dýka"})
    assert [w.name for w in edited.weapons] == ["dagger", "longsword"]  # as before: a weapon put first


# --- 17. the stat block's numbers belong to the first listed weapon ---------------------------------------
def test_quick_numbers_with_a_weapon_list_are_that_weapons() -> None:
    ogre = S.sheet({"ac": "16", "hp": "29", "attack": "+8", "damage": "2k8+7", "weapons": "kyj"})
    assert [w.name for w in ogre.weapons] == ["club"]
    club = ogre.weapons[0]
    assert (club.attack_override, club.damage, club.add_str) == (8, "2k8+7", False)
    hit = act("attack", req(Fighter("Ogr", ogre), fighter("Alena", HERO)), [15, 5, 5])
    assert hit.weapon == "club" and hit.total == 23


# --- 13. special attacks on the dead are refused as attacks are; no internal weapon id in notes ----------
@pytest.mark.parametrize("action", ["trip", "disarm", "grapple", "sunder", "bull_rush", "overrun", "feint"])
def test_special_attacks_on_the_dead_are_refused_unless_forced(action: str) -> None:
    dead = fighter("Ork", {**ORC, "hp_current": "-12"})
    err = refusal(lambda: act(action, req(fighter("Alena", HERO), dead), [15] * 12))
    assert err.key == "error.dnd35.target_dead" and err.params["name"] == "Ork"


def test_a_forced_trip_on_the_dead_goes_through() -> None:
    dead = fighter("Ork", {**ORC, "hp_current": "-12"})
    r = ActionRequest(fighter("Alena", HERO), dead, S.options({}), S.settings({}), forced=True)
    assert S.act("trip", r, ScriptedDice([15, 15, 2])).action == "trip"


def test_disarming_a_quick_npc_names_its_weapon_in_the_readers_words() -> None:
    npc = fighter("Skřet", {"ac": "13", "hp": "20", "attack": "+4", "damage": "1k8+3"})
    result = act("disarm", req(fighter("Alena", HERO), npc), [1, 18, 2])  # its AoO misses
    dropped = [n for n in result.notes if n.key == "weapon_dropped"]
    assert dropped and dropped[0].params["weapon"] == Term("term", "quick_weapon"), result.notes


# --- 18. sunder: damage all taken by hardness leaves the item unharmed ------------------------------------
def test_sunder_below_hardness_leaves_the_item_undamaged() -> None:
    npc = fighter("Ork", {**ORC, "weapons": "longsword"})
    # its AoO misses (1), opposed 18 vs 2, then a longsword d8 (6) + Str 3 = 9 against hardness 10
    result = act("sunder", req(fighter("Alena", HERO), npc), [1, 18, 2, 6])
    assert result.outcome == "item_undamaged", result.outcome
    assert result.damage is not None and result.damage.applied == 0
    assert [n.key for n in result.notes if n.key.startswith("item_")] == ["item_undamaged"]


# --- 2. standing up: "Postavit se zpět na nohy je pohybová akce"; "Postavit se z lehu | ano |" -------------
def test_standing_up_ends_prone_as_a_move_action_that_provokes() -> None:
    prone = fighter("Alena", {**HERO, "conditions": "prone"})
    result = act("stand_up", req(prone, settings={"action_economy": True}))
    assert result.outcome == "stood_up" and "prone" not in result.conditions
    assert [n.key for n in result.notes] == ["stand_up_provokes"]
    assert result.actor_sheet is not None and result.actor_sheet["turn_actions"] == ["move"]


def test_standing_up_when_not_prone_is_refused_by_name() -> None:
    err = refusal(lambda: act("stand_up", req(fighter("Alena", HERO))))
    assert err.key == "error.dnd35.not_prone" and err.params["name"] == "Alena"


# --- 8. withdraw: "Ústup z boje nablízko je úplná akce … dvojnásobek své rychlosti" -----------------------
def test_withdraw_is_a_full_round_action_at_double_speed() -> None:
    result = act("withdraw", req(fighter("Alena", HERO), settings={"action_economy": True}))
    assert result.outcome == "withdrawn"
    assert result.notes[0].key == "withdraw_move" and result.notes[0].params["feet"] == 60
    assert result.actor_sheet is not None and result.actor_sheet["turn_actions"] == ["full_round"]


def test_restricted_withdraw_is_a_standard_action_at_speed_and_refused_when_blind() -> None:
    disabled = fighter("Alena", {**HERO, "hp_current": "0"})
    result = act("withdraw", req(disabled))
    assert result.notes[0].params["feet"] == 30 and "withdraw_restricted" in [n.key for n in result.notes]
    blind = fighter("Alena", {**HERO, "conditions": "blinded"})
    assert refusal(lambda: act("withdraw", req(blind))).key == "error.dnd35.withdraw_blinded"


# --- 3. a stance ends at the owner's next turn even when it takes no action --------------------------------
def test_a_stance_whose_owners_turn_passed_without_an_action_ends_at_the_next_round() -> None:
    attacked = act("attack", req(fighter("Borek", HERO), fighter("Vlk", ORC), {"fighting_defensively": True}), [2])
    borek = Fighter("Borek", S.sheet(attacked.actor_sheet or {}))
    assert "fighting_defensively" in borek.sheet.turn_conditions
    # round 2: the action of round 1 was counted, so the stance holds until Borek's turn
    r2 = S.start_round(borek, S.settings({}), 2)
    assert r2 is not None and "fighting_defensively" in r2.conditions
    borek = Fighter("Borek", S.sheet(r2.actor_sheet or {}))
    # round 3: Borek's round-2 turn passed with no action: the bonus is over ("po stejnou dobu")
    r3 = S.start_round(borek, S.settings({}), 3)
    assert r3 is not None and "fighting_defensively" not in r3.conditions


def test_the_turn_hook_ends_the_stances_when_the_turn_starts() -> None:
    borek = fighter("Borek", {**HERO, "conditions": "fighting_defensively"})
    started = S.start_turn(borek, S.settings({}), 2)  # type: ignore[attr-defined]
    assert started is not None and started.conditions == []
    assert [n.key for n in started.notes] == ["stances_ended"]
    assert S.start_turn(fighter("Borek", HERO), S.settings({}), 2) is None  # type: ignore[attr-defined]
    kept = S.start_turn(borek, S.settings({"stance_expiry": "round_start"}), 2)  # type: ignore[attr-defined]
    assert kept is None


# --- 16. delaying: the answer says how to step in and who passes the turn; refused after acting -----------
def test_a_delay_says_how_to_step_in() -> None:
    result = act("delay", req(fighter("Borek", HERO)))
    assert result.outcome == "delaying"
    assert [n.key for n in result.notes] == ["delaying_how"] and result.notes[0].params["name"] == "Borek"


def test_a_delay_after_acting_this_round_is_refused() -> None:
    attacked = act("attack", req(fighter("Borek", HERO), fighter("Vlk", ORC)), [2])
    borek = Fighter("Borek", S.sheet(attacked.actor_sheet or {}))
    err = refusal(lambda: act("delay", req(borek)))
    assert err.key == "error.dnd35.delay_after_acting" and err.params["used"] == [Term("term", "turn_standard")]
    # stepping in later (new_initiative) is no new delay: still accepted
    assert act("delay", req(borek, opts={"new_initiative": 3})).outcome == "initiative_changed"


# --- 6. trip and grapple: the margin is the opposed check's -----------------------------------------------
def test_a_failed_trip_shows_the_opposed_checks_margin() -> None:
    # the touch attack 18 + 6 + 3 hits; Str 18 + 3 = 21 against the orc's 19 + 2 = 21: a tie, the orc's
    # modifier is lower → the trip wins by 0; then 10 + 3 = 13 against 20 + 2 = 22: fails by 9
    lost = act("trip", req(fighter("Alena", HERO), fighter("Ork", {**ORC, "weapons": ""})), [18, 10, 20])
    assert lost.outcome == "trip_failed" and lost.margin == -9


def test_a_grapple_shows_the_opposed_checks_margin() -> None:
    orc = fighter("Ork", {**ORC, "weapons": ""})
    won = act("grapple", req(fighter("Alena", HERO), orc), [18, 15, 5, 2])
    # grapple checks: 15 + BAB 6 + Str 3 = 24 against 5 + BAB 3 + Str 2 = 10
    assert won.outcome == "grappling" and won.margin == 14


# --- 14. the status's AC follows the states ---------------------------------------------------------------
def test_a_helpless_characters_status_shows_the_ac_attacks_meet() -> None:
    dying = S.sheet({**HERO, "hp_current": "-2", "armor_bonus": "2", "conditions": "fighting_defensively"})
    numbers = S.status(dying).numbers
    # 10 + armour 2 − 5 (Dex treated as 0), no dodge bonuses; −4 against melee (helpless)
    assert (numbers["ac"], numbers["touch_ac"], numbers["melee_ac"]) == (7, 5, 3)
    assert "ranged_ac" not in numbers
    prone = S.status(S.sheet({**HERO, "conditions": "prone"})).numbers
    assert (prone["ac"], prone["melee_ac"], prone["ranged_ac"]) == (12, 8, 16)
    assert "melee_ac" not in S.status(S.sheet(HERO)).numbers


# --- speed: sheets dumped from the starting sheet's dump are the whole dump ------------------------------
@pytest.mark.parametrize("faces", [[1], [18, 5], [20, 20, 8, 8]])
def test_sheets_built_from_a_cached_dump_equal_a_whole_dump(faces: list[int]) -> None:
    r = req(fighter("Alena", HERO), fighter("Ork", {**ORC, "conditions": "prone"}))
    for _ in range(2):  # the second time from the cache
        result = act("attack", r, list(faces))
        assert result.actor_sheet == S.sheet(result.actor_sheet or {}).model_dump()
        assert result.actor_sheet is not None and result.actor_sheet["turn_actions"] == ["standard"]
        if result.target_sheet is not None:
            assert result.target_sheet == S.sheet(result.target_sheet).model_dump()
    assert r.actor.sheet.turn_actions == [] and r.target is not None and r.target.sheet.hp == 30


def test_many_uncounted_attacks_in_one_round_keep_a_valid_sheet() -> None:
    orc = fighter("Ork", ORC)
    for _ in range(6):  # a GM's many attacks with action_economy off: the sheet holds at most 4 actions
        result = act("attack", req(orc, fighter("Zeď", {"hp": "900", "ac": "1"})), [10, 3])
        orc = Fighter("Ork", S.sheet(result.actor_sheet or orc.sheet.model_dump()))
    assert orc.sheet.turn_actions == ["standard"]
