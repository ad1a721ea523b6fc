"""adnd2cp: the Italian QA group's findings (rest in a fight, stopping a bleeding, the intentions phase,
the Dex-lost note, a mistyped blow, a free dodge, odds after the round's attacks, the sheet's words,
Incapacitare's follow-up saves, Combattere sulla Difensiva over the Dexterity cap). Seed quotes inline."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import Term
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from rules.systems.adnd2cp.pool import pool_breakdown
from tests.rules.test_adnd2cp_rounds import act, fighter, new_round, sheet_after

S = get_system("adnd2cp")


def bleeding(**data: Any) -> Any:
    return S.sheet({"hp": 20, "conditions": [{"key": "bleeding", "rounds": 3}], **data})


def refused(key: str, *args: Any, **kw: Any) -> RulesError:
    with pytest.raises(RulesError) as err:
        act(*args, **kw)
    assert err.value.key == f"error.adnd2cp.{key}", err.value.key
    return err.value


# --- 1. common rest ---------------------------------------------------------------------------------
def test_no_common_rest_inside_an_encounter() -> None:
    # Seed: "RIPOSO COMUNE - … è necessario che si riposi … senza porre in essere alcuna delle seguenti
    # azioni interruttive: * Non effettui alcuna azione stancante"
    tired = new_round(fighter(pool_current=10), 1)
    refused("rest_in_fight", "rest", tired, hours=8)
    paused = act("rest", tired, settings={"rest_in_fight": True}, hours=8)  # the GM's paused fight
    assert sheet_after(paused).pool_current == 35
    after_the_fight = tired.model_copy(update={"round_no": 0})  # /encounter end drops the turn fields
    assert sheet_after(act("rest", after_the_fight, hours=1)).pool_current == 10 + 4


# --- 2. stopping a bleeding -------------------------------------------------------------------------
def test_stopping_a_bleeding_needs_the_healing_proficiency() -> None:
    # Seed: "L'emorragia potrà essere fermata prima da chi possiede la competenza healing ed abbia a
    # disposizione due bendaggi con una prova nell'abilità"
    err = refused("stop_bleeding_needs_healing", "stop_bleeding", fighter(), tgt=bleeding(), check="passed")
    assert err.params["name"] == "A" and "cure" in err.params and "saves" in err.params
    # "oppure con una magia di cure light wounds (od … qualsiasi altra cura magica …)": no check
    cured = act("stop_bleeding", fighter(), tgt=bleeding(), cure=True)
    assert cured.conditions == [] and cured.rolls == []


def test_the_healing_check_is_asked_for_and_can_be_rolled() -> None:
    healer = fighter(proficiencies=["healing"])
    refused("healing_check_needed", "stop_bleeding", healer, tgt=bleeding())
    rolled = act("stop_bleeding", healer, [61], tgt=bleeding(), check_pct=60)
    (shown,) = rolled.checks
    assert (shown.label, shown.total, shown.outcome) == ("healing_check", 61, "failed")
    assert shown.versus is not None and shown.versus.total == 60
    assert "bleeding" in rolled.conditions


def test_one_healing_check_per_victim_and_the_whole_round() -> None:
    # Seed: "si consideri una azione fisica complessa incompatibile con il combattimento e dalla durata di
    # un intero round e si noti che una sola prova può essere effettuata sulla vittima"
    healer = new_round(fighter(proficiencies=["healing"]), 1)
    failed = act("stop_bleeding", healer, tgt=bleeding(), check="failed")
    victim, busy = sheet_after(failed, "target"), sheet_after(failed)
    assert victim.has("bleeding") and victim.has("bleeding_tended")
    assert busy.has("tending_wound") and busy.attacks_left == 0
    refused("tending_wound", "attack", busy, [15, 4], tgt=S.sheet({"hp": 20}))
    refused("tending_wound", "attack", busy, [15, 4], tgt=S.sheet({"hp": 20}), opportunity=True)
    other_healer = fighter(proficiencies=["healing"])
    refused("bleeding_check_done", "stop_bleeding", other_healer, tgt=victim, check="passed")
    # the victim's own saves and a magic cure are still there
    assert act("stop_bleeding", other_healer, tgt=victim, cure=True).conditions == []
    # the next round frees the healer
    assert not new_round(busy, 2).has("tending_wound")


def test_no_healing_check_after_attacking_in_the_round() -> None:
    healer = new_round(fighter(proficiencies=["healing"]), 1)
    attacked = sheet_after(act("attack", healer, [2], tgt=S.sheet({"hp": 20, "ac": 0})))
    refused("tending_needs_the_round", "stop_bleeding", attacked, tgt=bleeding(), check="passed")


def test_tending_ones_own_wound_takes_ones_own_round() -> None:
    me = new_round(fighter(proficiencies=["healing"], conditions=[{"key": "bleeding", "rounds": 3}]), 1)
    r = act("stop_bleeding", me, check="passed")
    after = sheet_after(r, "target")
    assert not after.has("bleeding") and after.has("tending_wound")


def test_the_one_check_mark_goes_with_the_bleeding() -> None:
    tended = S.sheet({"hp": 20, "conditions": [{"key": "bleeding", "rounds": 1}, {"key": "bleeding_tended"}]})
    assert new_round(tended, 2).conditions == []


# --- 3. the intentions phase ------------------------------------------------------------------------
def test_a_declaration_is_no_ones_turn() -> None:
    # Seed: "La decisione di utilizzare questi colpi di combattimento deve essere dichiarata nella fase
    # delle intenzioni": between rounds and at a round's start, whoever's turn it is.
    assert S.is_reaction("declare", S.options({"blows": "combattere_sulla_difensiva"}))
    assert not S.is_reaction("rest", S.options({}))


def test_a_declaration_after_the_round_got_going_says_when_to_declare() -> None:
    f = new_round(fighter(), 1)
    attacked = sheet_after(act("attack", f, [2], tgt=S.sheet({"hp": 20, "ac": 0})))
    err = refused("round_blow_too_late", "declare", attacked, blows="combattere_sulla_difensiva")
    assert err.params["option"].params["key"] == Term("typed_option", "next_round")
    later = act("declare", attacked, blows="combattere_sulla_difensiva", next_round=True)
    assert sheet_after(later).pending_round_blows == ["combattere_sulla_difensiva"]
    dodger = new_round(fighter(arts=["schivata"], dodge_pct=20), 1)
    readied = sheet_after(act("defend", dodger, dodge=True))
    refused("round_blow_too_late", "declare", readied, blows="combattere_sulla_difensiva")


def test_the_bot_can_say_someone_else_has_acted() -> None:
    """The shared `round_acted` (anyone has acted this round) closes the intentions phase too."""
    from dataclasses import dataclass

    @dataclass(frozen=True, slots=True)
    class Later(ActionRequest):
        round_acted: bool = False

    f = new_round(fighter(), 1)
    opts, settings = S.options({"blows": "combattere_sulla_difensiva"}), S.settings({})
    fresh = S.act("declare", Later(Fighter("A", f), None, opts, settings), ScriptedDice([]))
    assert fresh.total == 3
    with pytest.raises(RulesError) as err:
        S.act("declare", Later(Fighter("A", f), None, opts, settings, round_acted=True), ScriptedDice([]))
    assert err.value.key == "error.adnd2cp.round_blow_too_late"


# --- 5. the Dex-lost note ---------------------------------------------------------------------------
def test_the_dex_lost_note_gives_the_ac_without_dexterity() -> None:
    orc = S.sheet({"hp": 30, "ac": 6, "dexterity": 16})
    r = act("attack", fighter(thac0=19), [4], tgt=orc, rear=True)
    (lost,) = [n for n in r.notes if n.key == "dex_ac_lost"]
    assert lost.params == {"ac": 8, "lost": 2}  # 19 − 8 − 2 (rear) = 9, the number the roll line shows
    assert r.against == 9


# --- 7. a mistyped blow -----------------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["colpo_precisso", "preciso"])
def test_a_mistyped_blow_gets_a_guess_and_the_list(typed: str) -> None:
    err = refused("unknown_blow_near", "attack", fighter(), [15], tgt=S.sheet({"hp": 9}), blows=typed)
    assert err.params["suggestion"].params["name"] == Term("blow", "colpo_preciso")
    assert Term("blow", "colpo_preciso") in err.params["allowed"]
    plain = refused("unknown_blow", "attack", fighter(), [15], tgt=S.sheet({"hp": 9}), blows="palla_di_fuoco")
    assert plain.params["allowed"]


# --- 9. a free dodge --------------------------------------------------------------------------------
def test_a_plain_dodge_readied_shows_no_bare_total() -> None:
    r = act("defend", fighter(arts=["schivata"], dodge_pct=20), dodge=True)
    assert r.total is None and r.checks == [] and [n.key for n in r.notes] == ["defence_readied_free"]


# --- 11. odds after the round's attacks -------------------------------------------------------------
def test_odds_after_the_rounds_main_attack_are_answered() -> None:
    f = new_round(fighter(), 1)
    done = sheet_after(act("attack", f, [2], tgt=S.sheet({"hp": 20, "ac": 0})))
    assert done.attacks_left == 0
    req = ActionRequest(Fighter("A", done), Fighter("T", S.sheet({"hp": 20, "ac": 6})), S.options({}), S.settings({}))
    assert S.odds(req).lines  # the attack itself is still refused
    refused("no_attacks_left", "attack", done, [15], tgt=S.sheet({"hp": 20}))


# --- 12. the sheet's words --------------------------------------------------------------------------
def test_the_wizard_group_reads_as_italian_and_the_pool_names_the_column() -> None:
    mage = S.sheet({"classes": [{"class_name": "mage", "level": 3}], "hp": 8})
    assert "wizard" not in S.sheet_line(mage)
    from rules.systems.adnd2cp.words import GROUPS

    assert GROUPS["wizard"][0] == "arcanista"
    expert = S.sheet(
        {
            "classes": [{"class_name": "fighter", "level": 5}],
            "hp": 40,
            "weapons": [{"id": "long_sword", "rank": "esperto"}],
        }
    )
    parts = {k: d for k, _, d in pool_breakdown(expert, False).parts}
    assert parts["pool_mastery"] == ("long_sword", "esperto", "mastery_best")


# --- 13. Incapacitare's follow-up saves -------------------------------------------------------------
def test_incapacitate_saves_need_incapacitare_and_list_both() -> None:
    err = refused("not_under_incapacitate", "incapacitate_saves", fighter(), tgt=S.sheet({"hp": 30}), saves_failed=2)
    assert err.params == {"name": "T"}
    hit = S.sheet({"hp": 30, "conditions": [{"key": "incapacitate_saves", "rounds": 2}]})
    r = act("incapacitate_saves", fighter(), tgt=hit, saves_failed=2)
    assert r.notes[0].params["passed"] == [Term("outcome", "failed")] * 2 and "incapacitated" in r.conditions


def test_incapacitares_second_follow_up_round_still_takes_the_saves() -> None:
    # Seed: "dovrà superare tali tiri salvezza anche nei due round di combattimento immediatamente successivi"
    hit = S.sheet({"hp": 30, "conditions": [{"key": "incapacitate_saves", "rounds": 2}]})
    first = new_round(hit, 2)
    second = new_round(first, 3)
    assert second.has("incapacitate_saves")
    act("incapacitate_saves", fighter(), tgt=second, saves_failed=0)
    assert not new_round(second, 4).has("incapacitate_saves")


# --- 14. Combattere sulla Difensiva over the Dexterity cap -----------------------------------------
def test_a_defensive_copy_beyond_the_dex_cap_is_refused_when_declared() -> None:
    # Seed: "può concedere al massimo un bonus complessivo alla classe armatura di uno solo punto superiore
    # rispetto al massimo bonus … in considerazione del limite razziale applicabile alla destrezza"
    quick = new_round(fighter(dexterity=18), 1)  # Dex 18: −4 AC, the racial limit 4 → one copy helps
    err = refused(
        "defensive_over_dex_cap", "declare", quick, blows="combattere_sulla_difensiva,combattere_sulla_difensiva"
    )
    assert err.params["copies"] == 2 and err.params["cap"] == 1
    assert act("declare", quick, blows="combattere_sulla_difensiva").total == 3
    slow = new_round(fighter(dexterity=10), 1)  # no Dex bonus: two copies both help
    assert act("declare", slow, blows="combattere_sulla_difensiva,combattere_sulla_difensiva").total == 8
    refused(
        "defensive_over_dex_cap",
        "declare",
        quick,
        blows="combattere_sulla_difensiva,combattere_sulla_difensiva",
        next_round=True,
    )
