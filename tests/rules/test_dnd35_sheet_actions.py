"""dnd35 sheets (quick-NPC shortcuts), status, initiative, round upkeep and extra actions."""

from typing import Any

import pytest
from pydantic import ValidationError

from rules.__main__ import resolve
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.dnd35.sheet import Sheet
from tests.rules.test_dnd35_checks import verified

SYSTEM = get_system("dnd35")


def run(action: str, actor: dict[str, Any], target: dict[str, Any] | None, dice: list[int], **kw: Any) -> Any:
    request: dict[str, Any] = {"system": "dnd35", "action": action, "actor": actor, "dice": dice, **kw}
    if target is not None:
        request["target"] = target
    return verified(resolve(request))


def sheet(data: dict[str, Any]) -> Sheet:
    return SYSTEM.sheet(data)  # type: ignore[return-value]


# --- sheet and shortcuts --------------------------------------------------------------------------
def test_quick_npc_line() -> None:
    s = sheet({"ac": "15", "hp": "11", "attack": "+3", "damage": "1d8+1", "crit": "19-20/x2", "init": "+1"})
    assert SYSTEM.status(s).numbers["ac"] == 15
    assert (s.hp_max, s.hp_current) == (11, 11)
    weapon = s.weapons[0]
    assert (weapon.attack_override, weapon.damage, weapon.threat_min, weapon.crit_mult) == (3, "1d8+1", 19, 2)
    assert weapon.add_str is False
    assert s.initiative_mod == 1


def test_ac_shortcut_accounts_for_dex_and_size() -> None:
    s = sheet({"ac": 15, "dex": 14, "size": "small"})
    assert s.misc_ac == 2
    assert SYSTEM.status(s).numbers["ac"] == 15


def test_ac_and_touch_shortcuts() -> None:
    s = sheet({"ac": 16, "touch": 12, "dex": 12})
    numbers = SYSTEM.status(s).numbers
    assert (numbers["ac"], numbers["touch_ac"], numbers["flat_footed_ac"]) == (16, 12, 15)


def test_init_shortcut_is_the_total_modifier() -> None:
    assert sheet({"init": 5, "dex": 14}).initiative_misc == 3


def test_weapon_shortcut_takes_table_weapon_and_overrides() -> None:
    s = sheet({"weapon": "Greataxe", "attack": 7})
    w = s.weapons[0]
    assert (w.name, w.damage, w.crit_mult, w.attack_override, w.add_str) == ("greataxe", "1d12", 3, 7, None)
    small = sheet({"weapon": "longsword", "size": "small"})
    assert small.weapons[0].damage == "1d6"


@pytest.mark.parametrize(
    ("text", "threat", "mult"),
    [("x3", 20, 3), ("18-20", 18, 2), ("19-20/×2", 19, 2), ("20/x4", 20, 4), ("17–20/×2", 17, 2)],
)
def test_crit_shortcut_forms(text: str, threat: int, mult: int) -> None:
    w = sheet({"damage": "1d6", "crit": text}).weapons[0]
    assert (w.threat_min, w.crit_mult) == (threat, mult)


def test_unknown_key_and_condition_refused() -> None:
    with pytest.raises(ValidationError):
        Sheet.model_validate({"armour": 3})
    with pytest.raises(RulesError):
        SYSTEM.sheet({"conditions": ["prnoe"]})
    with pytest.raises(RulesError):
        SYSTEM.sheet({"damage": "1x8"})


def test_condition_and_feat_normalisation() -> None:
    s = sheet({"conditions": "Flat-Footed, prone", "feats": ["Weapon Finesse", "weapon-finesse"]})
    assert s.conditions == ["prone"] and s.turn_conditions == ["flat_footed"]
    assert s.feats == ["weapon_finesse"]


def test_state_conditions_follow_hit_points_on_load() -> None:
    assert sheet({"hp": 8, "hp_current": 0}).conditions == ["disabled"]
    assert sheet({"hp": 8, "hp_current": 5, "conditions": ["dying"]}).conditions == []
    assert sheet({"hp": 8, "conditions": ["unconscious"]}).conditions == ["unconscious"]


def test_status_numbers_and_levels() -> None:
    s = sheet({"hp": 10, "hp_current": -3, "dex": 14, "armor_bonus": 4})
    status = SYSTEM.status(s)
    assert status.level == "dying" and status.out_of_fight
    assert "helpless" in status.conditions
    # helpless: Dex treated as 0 in every AC the status shows (QA finding 14), −4 more against melee
    assert status.numbers["ac"] == 9 and status.numbers["touch_ac"] == 5
    assert status.numbers["flat_footed_ac"] == 9 and status.numbers["melee_ac"] == 5


def test_weapons_autocomplete_and_no_parry() -> None:
    names = SYSTEM.weapons()
    for key in (
        "longsword",
        "shortsword",
        "dagger",
        "greataxe",
        "greatsword",
        "shortbow",
        "longbow",
        "light_crossbow",
        "heavy_crossbow",
        "club",
        "quarterstaff",
        "handaxe",
        "javelin",
        "spear",
        "rapier",
        "scimitar",
        "warhammer",
        "battleaxe",
        "mace",
        "morningstar",
        "unarmed",
    ):
        assert key in names
    assert SYSTEM.has_active_defence is False
    alternatives = SYSTEM.parry_alternatives()
    assert "fighting_defensively" in alternatives and "total_defense" in alternatives
    for key in alternatives:
        assert key in SYSTEM.Options.model_fields or key in SYSTEM.extra_actions
    req = DefenceRequest(Fighter("a", sheet({})), Fighter("b", sheet({})), {}, SYSTEM.settings({}))
    with pytest.raises(RulesError) as err:
        SYSTEM.defend(req, ScriptedDice([]))
    assert err.value.key == "error.no_active_defence"


def test_settings_have_defaults_and_help() -> None:
    for info in SYSTEM.setting_infos():
        assert info.help
    assert SYSTEM.settings({}).reroll_initiative_each_round is False  # type: ignore[attr-defined]


# --- initiative and rounds ------------------------------------------------------------------------
def test_initiative_total_tiebreak_and_flat_footed() -> None:
    out = run("initiative", {"dex": 15, "initiative_misc": 4}, None, [11, 7])
    assert out["total"] == 11 + 2 + 4
    assert out["tiebreak"] == [6, 7]
    assert [r["purpose"] for r in out["rolls"]] == ["initiative", "initiative_tiebreak"]
    assert out["actor_sheet"]["turn_conditions"] == ["flat_footed"]
    off = run("initiative", {}, None, [11, 7], settings={"flat_footed_at_start": False})
    assert "actor_sheet" not in off


def test_acting_ends_flat_footed() -> None:
    out = run("attack", {"conditions": ["flat_footed"]}, {"hp": 5}, [1], weapon="club")
    assert out["actor_sheet"]["conditions"] == []


def test_start_round_clears_flat_footed_after_round_one() -> None:
    f = Fighter("x", sheet({"conditions": ["flat_footed"]}))
    st = SYSTEM.settings({})
    assert SYSTEM.start_round(f, st, 1) is None
    result = SYSTEM.start_round(f, st, 2)
    assert result is not None and result.actor_sheet is not None
    assert result.actor_sheet["conditions"] == []


def test_stances_expire_at_next_action_or_round_start() -> None:
    out = run("attack", {"conditions": ["fighting_defensively", "charging"]}, {"hp": 5}, [1], weapon="club")
    assert out["actor_sheet"]["conditions"] == []
    # taken in the round that just ended (an action counted): it lasts until the owner's next turn
    acted = Fighter("x", sheet({"conditions": ["total_defense"], "turn_actions": ["standard"]}))
    kept = SYSTEM.start_round(acted, SYSTEM.settings({}), 3)
    assert kept is not None and kept.conditions == ["total_defense"]
    # a round without an action of its owner: its turn passed, the stance is over (QA finding 3)
    f = Fighter("x", sheet({"conditions": ["total_defense"]}))
    ended = SYSTEM.start_round(f, SYSTEM.settings({}), 3)
    assert ended is not None and ended.conditions == [] and [n.key for n in ended.notes] == ["stances_ended_round"]
    result = SYSTEM.start_round(f, SYSTEM.settings({"stance_expiry": "round_start"}), 3)
    assert result is not None and result.conditions == []


def test_dying_roll_to_death_at_minus_10() -> None:
    f = Fighter("x", sheet({"hp": 10, "hp_current": -9}))
    result = SYSTEM.start_round(f, SYSTEM.settings({}), 4, ScriptedDice([11]))  # type: ignore[call-arg]
    assert result is not None and result.wound == "dead"
    edge = SYSTEM.start_round(f, SYSTEM.settings({}), 4, ScriptedDice([10]))  # type: ignore[call-arg]
    assert edge is not None and edge.wound == "stable"
    none = SYSTEM.start_round(f, SYSTEM.settings({"auto_stabilize_rolls": False}), 4, ScriptedDice([]))  # type: ignore[call-arg]
    assert none is None


# --- extra actions --------------------------------------------------------------------------------
def test_total_defense_action() -> None:
    out = run("total_defense", {"dex": 12}, None, [])
    assert "total_defense" in out["actor_sheet"]["turn_conditions"]


def test_delay_and_ready_set_a_new_count() -> None:
    out = run("delay", {}, None, [], options={"new_initiative": 8})
    assert out["total"] == 8 and out["outcome"] == "initiative_changed"
    out = run("ready", {}, None, [])
    assert out["outcome"] == "readied" and "readied" in out["actor_sheet"]["turn_conditions"]
    out = run("ready", {"conditions": ["readied"]}, None, [], options={"new_initiative": 12})
    assert out["total"] == 12 and out["actor_sheet"]["turn_conditions"] == []


def test_stabilize_action_requires_dying() -> None:
    out = run("stabilize", {"hp": 5, "hp_current": -2}, None, [3])
    assert out["outcome"] == "stabilized"
    with pytest.raises(RulesError):
        run("stabilize", {"hp": 5}, None, [3])


def test_heal_check_and_heal() -> None:
    dying = {"name": "V", "hp": 8, "hp_current": -3}
    ok = run("heal_check", {"skills": {"Heal": 4}}, dying, [11])
    assert ok["outcome"] == "success" and ok["target_sheet"]["conditions"] == ["stable", "unconscious"]
    bad = run("heal_check", {"skills": {"heal": 4}}, dying, [10])
    assert bad["outcome"] == "failure" and "target_sheet" not in bad
    healed = run("heal", {}, dying, [], options={"amount": 3})
    assert healed["target_sheet"]["hp_current"] == 0 and healed["wound"] == "disabled"


def test_aid_another_vs_ac_10() -> None:
    assert run("aid_another", {}, {"hp": 5, "ac": 20}, [10], weapon="club")["outcome"] == "success"
    assert run("aid_another", {}, {"hp": 5}, [9], weapon="club")["outcome"] == "failure"


def test_coup_de_grace() -> None:
    victim = {"hp": 30, "conditions": ["helpless"], "fort_save": 0}
    out = run("coup_de_grace", {"str": 10}, victim, [4, 5, 10], weapon="longsword")
    assert out["damage"]["applied"] == 9 and out["damage"]["multiplier"] == 2
    assert out["wound"] == "dead"  # Fort 10 < DC 19
    with pytest.raises(RulesError):
        run("coup_de_grace", {}, {"hp": 30}, [4, 5], weapon="longsword")


def test_trip_touch_attack_then_opposed_check() -> None:
    target = {"hp": 10, "str": 12, "dex": 14, "size": "small"}
    out = run("trip", {"str": 14}, target, [15, 12, 9])
    # attacker 12 + 2 = 14; defender 9 + max(1, 2) − 4 = 7
    assert out["outcome"] == "tripped"
    assert "prone" in out["target_sheet"]["conditions"]
    lose = run("trip", {"str": 14}, {"hp": 10, "legs": 4}, [10, 5, 9])
    assert lose["outcome"] == "trip_failed"


def test_trip_tie_goes_to_higher_modifier_then_reroll() -> None:
    out = run("trip", {"str": 14}, {"hp": 10, "str": 10}, [10, 8, 10, 3, 2])
    assert out["outcome"] == "tripped"  # 8+2 = 10+0: higher modifier (+2) wins
    same = run("trip", {}, {"hp": 10}, [10, 5, 5, 7, 3])
    assert same["outcome"] == "tripped"  # tie with equal modifiers → re-roll
    defender = run("trip", {}, {"hp": 10}, [10, 5, 5], settings={"opposed_tie_rule": "defender_wins"})
    assert defender["outcome"] == "trip_failed"


def test_extra_actions_listed_and_unknown_refused() -> None:
    req = ActionRequest(Fighter("a", sheet({})), None, SYSTEM.options({}), SYSTEM.settings({}))
    with pytest.raises(RulesError):
        SYSTEM.act("fly", req, ScriptedDice([]))


def test_weapon_aliases_and_czech_names() -> None:
    out = run(
        "attack",
        {"weapons": [{"name": "Longsword", "damage": "1d8", "flat_bonus": 1}]},
        {"hp": 9},
        [15, 3],
        weapon="Dlouhý meč",
    )
    assert out["weapon"] == "Longsword" and out["damage"]["applied"] == 4
    assert run("attack", {}, {"hp": 9}, [15, 3], weapon="unarmed strike")["damage"]["kind"] == "nonlethal"
    assert run("shot", {}, {"hp": 9}, [15, 3], weapon="Lehká kuše")["weapon"] == "light_crossbow"


def test_pin_and_escape() -> None:
    pinned = run("pin", {"str": 14, "conditions": ["grappling"]}, {"hp": 9, "conditions": ["grappling"]}, [10, 11])
    assert pinned["outcome"] == "pinned"  # 12 vs 11
    assert set(pinned["target_sheet"]["turn_conditions"]) == {"grappling", "pinned"}
    free = run(
        "escape_grapple",
        {"str": 14, "conditions": ["grappling", "pinned"]},
        {"hp": 9, "conditions": ["grappling"]},
        [10, 13],
    )
    assert free["outcome"] == "grapple_failed"  # 12 vs 13
    escaped = run(
        "escape_grapple",
        {"str": 14, "conditions": ["grappling", "pinned"]},
        {"hp": 9, "conditions": ["grappling"]},
        [10, 5],
    )
    assert escaped["outcome"] == "escaped"
    assert escaped["actor_sheet"]["turn_conditions"] == [] and escaped["target_sheet"]["turn_conditions"] == []


def test_coup_de_grace_with_a_bow_when_adjacent() -> None:
    victim = {"hp": 30, "conditions": ["helpless"], "fort_save": 30}
    out = run("coup_de_grace", {}, victim, [4, 5, 6, 20], weapon="longbow")
    assert out["damage"]["multiplier"] == 3 and out["damage"]["applied"] == 15
    assert out["wound"] == "wounded"
    with pytest.raises(RulesError):
        run("coup_de_grace", {}, victim, [4], weapon="javelin")


def test_weapons_by_table_name() -> None:
    s = sheet({"weapons": ["Longsword", "dagger"], "size": "small"})
    assert [(w.name, w.damage) for w in s.weapons] == [("longsword", "1d6"), ("dagger", "1d3")]
    assert [w.name for w in sheet({"weapons": "greataxe, light crossbow"}).weapons] == [
        "greataxe",
        "light_crossbow",
    ]
    with pytest.raises(RulesError):
        SYSTEM.sheet({"weapons": ["vorpal thing"]})
