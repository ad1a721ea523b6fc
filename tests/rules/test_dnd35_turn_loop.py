"""dnd35 for the bot's turn loop: sheet field classes, attacks of opportunity counted per round, reactions,
GM edits, Status.dead / out_of_fight, helpless targets and coup de grace, delay and ready."""

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

SYSTEM = get_system("dnd35")
DUMMY = {"hp": 40}  # AC 10


def sheet(data: dict[str, Any]) -> Any:
    return SYSTEM.sheet(data)


def request(actor: Any, target: Any = None, weapon: str | None = None, **options: Any) -> ActionRequest:
    settings = SYSTEM.settings(options.pop("settings", {}))
    t = Fighter("T", target) if target is not None else None
    return ActionRequest(Fighter("A", actor), t, SYSTEM.options(options), settings, weapon)


def attack(actor: Any, target: Any, dice: list[int], weapon: str = "longsword", **options: Any) -> ActionResult:
    return SYSTEM.attack(request(actor, target, weapon, **options), ScriptedDice(dice))


def act(action: str, actor: Any, target: Any, dice: list[int], **options: Any) -> ActionResult:
    weapon = options.pop("weapon", None)
    return SYSTEM.act(action, request(actor, target, weapon, **options), ScriptedDice(dice))


# --- A1 field classes -----------------------------------------------------------------------------
def test_one_fight_fields_are_turn_and_damage_is_lasting() -> None:
    assert SYSTEM.fields_of("turn") == ["turn_conditions", "aoo_used", "turn_actions"]
    lasting = SYSTEM.fields_of("lasting")
    assert {"hp_current", "nonlethal", "temp_hp", "conditions"} == set(lasting)
    assert "weapons" in SYSTEM.fields_of("build") and SYSTEM.fields_of("internal") == ["side"]


def test_a_sheet_stored_before_the_split_loads_its_fight_markers_as_turn_conditions() -> None:
    old = sheet({"conditions": ["flat_footed", "prone", "charging", "grappling", "dying"], "hp": 9, "hp_current": -2})
    assert old.turn_conditions == ["flat_footed", "charging", "grappling"]
    assert "prone" in old.conditions and "dying" in old.conditions
    # what the bot keeps after the fight (build + lasting) no longer carries the fight's markers
    kept = {k: v for k, v in old.model_dump().items() if k in SYSTEM.fields_of("build", "lasting")}
    assert "flat_footed" not in SYSTEM.status(sheet(kept)).conditions


# --- A2 reactions: attacks of opportunity per round -------------------------------------------------
def aoo(actor: Any, dice: list[int]) -> ActionResult:
    return attack(actor, sheet(DUMMY), dice, attack_of_opportunity=True)


def test_one_attack_of_opportunity_a_round_then_refused_until_the_next_round() -> None:
    # "Příležitostný útok je jeden útok nablízko, který můžeš navíc provést jen jeden za kolo."
    first = aoo(sheet({}), [5])
    after = sheet(first.actor_sheet or {})
    assert after.aoo_used == 1 and SYSTEM.status(after).numbers["aoo_left"] == 0
    with pytest.raises(RulesError) as err:
        aoo(after, [5])
    assert err.value.key == "error.dnd35.aoo_limit" and err.value.params == {"used": 1, "limit": 1}
    fresh = SYSTEM.start_round(Fighter("A", after), SYSTEM.settings({}), 2, ScriptedDice([]))  # type: ignore[call-arg]
    assert fresh is not None and fresh.actor_sheet is not None and fresh.actor_sheet["aoo_used"] == 0
    assert aoo(sheet(fresh.actor_sheet), [5]).outcome == "miss"


def test_combat_reflexes_adds_the_dex_bonus() -> None:
    # "Jestliže máš odbornost Bojové reflexy, můžeš si k počtu příležitostných útoků … přičíst svůj bonus za Obratnost."
    quick = sheet({"dex": 15, "feats": ["Combat Reflexes"]})
    assert SYSTEM.status(quick).numbers["aoo_left"] == 3
    for _ in range(3):
        quick = sheet(aoo(quick, [5]).actor_sheet or {})
    with pytest.raises(RulesError):
        aoo(quick, [5])
    clumsy = sheet({"dex": 6, "feats": ["combat reflexes"]})  # a Dex penalty never takes the one away
    assert SYSTEM.status(clumsy).numbers["aoo_left"] == 1


def test_a_defender_without_attacks_of_opportunity_left_gets_none_in_a_special_attack() -> None:
    armed = {"hp": 20, "weapons": ["longsword"]}
    fresh = act("grapple", sheet({"hp": 20}), sheet(armed), [2, 1])  # its AoO misses, the grab misses
    assert fresh.attacks and fresh.target_sheet is not None and fresh.target_sheet["aoo_used"] == 1
    spent = act("grapple", sheet({"hp": 20}), sheet({**armed, "aoo_used": 1}), [1])
    assert spent.attacks == [] and [r.purpose for r in spent.rolls] == ["attack"]


def test_reactions_are_declared() -> None:
    assert SYSTEM.is_reaction("attack", SYSTEM.options({"attack_of_opportunity": True}))
    assert SYSTEM.is_reaction("attack", SYSTEM.options({"readied": True}))
    assert SYSTEM.is_reaction("ready", SYSTEM.options({}))
    assert not SYSTEM.is_reaction("attack", SYSTEM.options({"full_attack": True}))


def test_a_readied_attack_goes_off_once() -> None:
    ready = act("ready", sheet({"turn_conditions": ["flat_footed"]}), None, [])
    readier = sheet(ready.actor_sheet or {})
    assert readier.turn_conditions == ["readied"]  # readying is its action: no longer flat-footed
    hit = attack(readier, sheet(DUMMY), [12, 4], readied=True)
    assert hit.outcome == "hit" and hit.actor_sheet is not None and hit.actor_sheet["turn_conditions"] == []
    with pytest.raises(RulesError) as err:
        attack(sheet({}), sheet(DUMMY), [12, 4], readied=True)
    assert err.value.key == "error.dnd35.not_readied"


# --- A3 GM edits -------------------------------------------------------------------------------------
def test_edit_aliases_change_current_values() -> None:
    s = sheet({"hp": 20, "dex": 14})
    assert SYSTEM.edit_sheet(s, {"hp": "-5"}).hp_current == 15  # type: ignore[attr-defined]
    assert SYSTEM.edit_sheet(s, {"životy": "=-3"}).hp_current == -3  # type: ignore[attr-defined]
    assert SYSTEM.edit_sheet(s, {"zivoty": "12"}).hp_current == 12  # type: ignore[attr-defined]
    assert SYSTEM.edit_sheet(s, {"stínové": "+4"}).nonlethal == 4  # type: ignore[attr-defined]
    assert SYSTEM.edit_sheet(s, {"docasne_zivoty": "5"}).temp_hp == 5  # type: ignore[attr-defined]
    assert SYSTEM.status(SYSTEM.edit_sheet(s, {"hp": "-20"})).level == "disabled"
    assert SYSTEM.edit_sheet(s, {"stavy": "prone, blinded"}).conditions == ["prone", "blinded"]  # type: ignore[attr-defined]


def test_edit_armour_class_relative_and_absolute() -> None:
    s = sheet({"hp": 20, "dex": 14, "armor_bonus": 4})  # AC 16
    assert SYSTEM.status(SYSTEM.edit_sheet(s, {"tz": "+2"})).numbers["ac"] == 18
    assert SYSTEM.status(SYSTEM.edit_sheet(s, {"ac": "-1"})).numbers["ac"] == 15
    assert SYSTEM.status(SYSTEM.edit_sheet(s, {"ac": "19"})).numbers["ac"] == 19
    assert SYSTEM.status(SYSTEM.edit_sheet(s, {"tz": "=12"})).numbers["ac"] == 12


# --- A5 status ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "dead", "out"),
    [
        ({"hp": 10}, False, False),
        ({"hp": 10, "hp_current": 0}, False, False),  # disabled still acts
        ({"hp": 10, "nonlethal": 11}, False, True),
        ({"hp": 10, "hp_current": -3}, False, True),
        ({"hp": 10, "hp_current": -3, "conditions": ["stable"]}, False, True),
        ({"hp": 10, "conditions": ["stunned"]}, False, True),
        ({"hp": 10, "conditions": ["helpless"]}, False, True),
        ({"hp": 10, "hp_current": -10}, True, True),
        ({"hp": 10, "conditions": ["dead"]}, True, True),
    ],
)
def test_status_dead_and_out_of_fight(data: dict[str, Any], dead: bool, out: bool) -> None:
    status = SYSTEM.status(sheet(data))
    assert (status.dead, status.out_of_fight, status.actions_left) == (dead, out, None)


# --- A6 helpless targets --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "state",
    [{"hp_current": -3}, {"hp_current": -3, "conditions": ["stable"]}, {"conditions": ["unconscious"]}],
)
def test_helpless_target_dex_zero_and_minus_4_in_melee_only(state: dict[str, Any]) -> None:
    # "Bezmocná postava má postih -4 k TZ vůči útokům nablízko, ale nemá žádný postih vůči útokům na dálku.
    #  … Jeho velikost Obr je ve skutečnosti považováno za 0 - jeho oprava Obr k TZ je tedy -5"
    target = sheet({"hp": 10, "dex": 14, **state})
    melee = attack(sheet({}), target, [1])
    shot = SYSTEM.shot(request(sheet({}), target, "light crossbow"), ScriptedDice([1]))
    assert melee.against == 10 - 5 - 4 and shot.against == 10 - 5


def test_coup_de_grace_is_a_full_round_action_against_the_helpless_only() -> None:
    # "Bezmocnému protivníkovi můžeš úplnou akcí zbraní nablízko zasadit tzv. ránu z milosti"
    victim = sheet({"hp": 30, "conditions": ["helpless"], "fort_save": 2})
    out = act("coup_de_grace", sheet({"str": 12}), victim, [6, 7, 9], weapon="longsword")
    # automatic hit and critical: 2 × (1d8 + 1) = 7 + 8 = 15; Fort 9 + 2 = 11 < DC 10 + 15 → dead
    assert out.outcome == "crit" and out.damage is not None and out.damage.applied == 15
    assert out.wound == "dead" and out.notes[0].params == {"roll": 9, "total": 11, "dc": 25}
    assert "coup_de_grace_provokes" in [n.key for n in out.notes]
    flagged = act("coup_de_grace", sheet({}), sheet({"hp": 30}), [6, 7, 20], weapon="longsword", helpless=True)
    assert flagged.wound == "wounded"  # the option flag says helpless too; a natural 20 saves
    with pytest.raises(RulesError) as err:
        act("coup_de_grace", sheet({}), sheet({"hp": 30, "turn_conditions": ["pinned"]}), [6, 7, 9])
    assert err.value.key == "error.dnd35.target_not_helpless"  # pinned "ale nejsi bezmocný"
    with pytest.raises(RulesError) as err:
        act("coup_de_grace", sheet({"hp": 9, "hp_current": 0}), victim, [6, 7, 9], weapon="longsword")
    assert err.value.key == "error.dnd35.full_round_restricted"


# --- A7 delay and ready -----------------------------------------------------------------------------------
def test_delay_and_ready_change_the_initiative_count() -> None:
    # readied: "jednáš vždy těsně před postavou, jejíž akce spustila tvou připravenou akci"
    ready = act("ready", sheet({"dex": 14, "turn_conditions": ["readied"]}), None, [], new_initiative=9)
    assert (ready.outcome, ready.total) == ("initiative_changed", 9)
    assert ready.tiebreak > [99, 20]  # before everyone else on count 9
    delay = act("delay", sheet({"dex": 14}), None, [], new_initiative=9)
    assert (delay.outcome, delay.total) == ("initiative_changed", 9) and delay.tiebreak < [-99]
    with pytest.raises(RulesError):  # "Postava, která je v bezvědomí nebo umírá, nemůže použít … "
        act("delay", sheet({"hp": 9, "hp_current": -1}), None, [], new_initiative=3)


def test_a_readied_special_action_goes_off_and_a_full_round_one_cannot_be_readied() -> None:
    # "Připravit si můžeš standardní, pohybovou nebo volnou akci."
    readier = sheet({"str": 14, "turn_conditions": ["readied"]})
    trip = act("trip", readier, sheet({"hp": 9}), [15, 12, 3], readied=True)
    assert trip.outcome == "tripped" and trip.actor_sheet is not None
    assert trip.actor_sheet["turn_conditions"] == []
    with pytest.raises(RulesError) as err:
        act("trip", sheet({}), sheet({"hp": 9}), [15, 12, 3], readied=True)
    assert err.value.key == "error.dnd35.not_readied"
    with pytest.raises(RulesError) as err:
        act("coup_de_grace", readier, sheet({"hp": 9, "conditions": ["helpless"]}), [3, 3, 1], readied=True)
    assert err.value.key == "error.dnd35.readied_full_round"
