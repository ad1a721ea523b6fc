"""adnd2cp: a whole character in one line. The notation of the structured fields (weapons with their
grade, enchantment and own numbers, classes with their group, lists, conditions) is read back into an
equal character; a quick NPC's single weapon is written as its quick keys; a piece that cannot be read
is refused naming it."""

from __future__ import annotations

import shlex
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.pairs import parse_pairs
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("adnd2cp")
STATS = S.stat_vocabulary()


def sheet(line: str) -> Any:
    return S.sheet(STATS.resolve(parse_pairs(line)))


def kept(s: Any) -> dict[str, Any]:
    data = s.model_dump(mode="json")
    return {k: data[k] for k in S.fields_of("build", "lasting")}


def round_trips(s: Any) -> str:
    line = S.sheet_line(s)
    assert kept(sheet(line)) == kept(s), line
    return line


RICH = (
    "tipo:png classe:guerriero/ladro livello:9/10 forza:18/91 destrezza:17 intelligenza:16 ca:-2 pf:31 pf_max:74 "
    "taglia:grande attacchi:5/2 "
    "'armi:spada_lunga@gran_maestro(+2;specializzata;nome=Lama del Vespro;colpire=+1;limite_forza=4),"
    "spada_corta@maestro(affine=spada_lunga),pugnale@campione(gemella=sai),"
    "arco_lungo@esperto(arco_tarato;munizioni=freccia_da_caccia;gittata=60/120/180),"
    "artiglio(danni=1d4;danni_grandi=1d6;uso=attacco_fisico;tipo=taglio/punta;naturale=artiglio;taglia=piccola),"
    "sai@abile(non_competente;taglia_costo=grande),ascia_runica(danni=2d6;mani=2;uso=corpo_a_corpo/lancio;altra)' "
    "gradi_arti:3 arti:deflettere_i_colpi,schivata,contrattacco deflessione:7 percentuale_schivata:30 "
    "competenze:quickness,healing pc_extra:4 punti_combattimento:11 limite_destrezza_corazza:2 "
    "tratti:aberrazione,rigenerazione "
    "'condizioni:emorragia(round=3;fonte=Orco 1),arma_conficcata(valore=2),sorpreso'"
)


def test_a_rich_character_round_trips() -> None:
    s = sheet(RICH)
    assert len(s.weapons) == 7 and s.weapons[0].name == "Lama del Vespro" and s.weapons[0].magic == 2
    assert s.weapons[1].relation == "affine" and s.weapons[1].related_to == "long_sword"
    assert s.weapons[3].ranges == [60, 120, 180] and s.weapons[3].strength_rated_bow
    assert s.weapons[4].damage_type == ["S", "P"] and s.weapons[4].delivery == ["natural"]
    assert not s.weapons[5].proficient and s.weapons[5].cost_size == "L"
    assert s.weapons[6].delivery == ["melee", "thrown"] and s.weapons[6].relation == "other"
    assert s.strength_pct == 91 and s.kind == "npc" and s.size == "L"
    assert [c.key for c in s.conditions] == ["bleeding", "impaled", "surprised"]
    assert s.conditions[0].source == "Orco 1" and s.conditions[1].value == 2
    line = round_trips(s)
    assert len(line) <= 1000  # what /character show prints fits a stats line
    assert "armi:spada_lunga@gran_maestro(+2;specializzata;" in line
    assert "classe:guerriero/ladro livello:9/10" in line and "forza:18/91" in line


def test_what_the_tables_give_is_left_to_them_and_what_is_set_by_hand_is_written() -> None:
    s = sheet("classe:guerriero livello:5 forza:17 destrezza:16 ca:3 pf:40 arma:spada_lunga")
    line = round_trips(s)
    assert "thac0" not in line and "forza_colpire" not in line and "destrezza_tiro" not in line
    by_hand = sheet("classe:guerriero livello:5 forza:17 thac0:14 forza_danni:+3 ca:3 pf:40")
    line = round_trips(by_hand)
    assert "thac0:14" in line and "forza_danni:3" in line
    # a level raised after a copy still derives THAC0 from the class
    again = sheet(S.sheet_line(s).replace("livello:5", "livello:7"))
    assert again.thac0 == 14


@pytest.mark.parametrize(
    "line",
    [
        "ca:6 pf:15 thac0:19 dv:1 danni:1d8",
        "ca:6 pf:15 thac0:19 attacco:+2",
        "ca:5 pf:9 arma:ascia_da_battaglia attacco:+1 danni:1d10 abilità_arma:esperto",
        "classe:guerriero livello:5 forza:17 ca:3 pf:42 arma:spada_lunga",
    ],
)
def test_a_quick_npc_is_written_as_its_quick_keys(line: str) -> None:
    written = round_trips(sheet(line))
    assert "armi:" not in written


def test_every_template_round_trips_in_native_words() -> None:
    for line in S.templates().values():
        written = round_trips(sheet(line))
        assert written.startswith("classe:") and "ca:" in written and "pf:" in written


def test_a_dead_or_dying_character_round_trips() -> None:
    s = sheet("classe:guerriero livello:2 pf:-4 pf_max:16 condizioni:privo_di_sensi")
    assert S.sheet_line(s).startswith("classe:guerriero livello:2 ca:10 pf:-4 pf_max:16")
    round_trips(s)


def test_a_sheet_the_rules_wrote_round_trips() -> None:
    """After blows and damage (pool spent, conditions with their sources), the line still makes it again."""
    actor = sheet("classe:guerriero livello:9 forza:17 intelligenza:16 pf:60 armi:spada_lunga@maestro")
    target = sheet("tipo:mostro dv:4 intelligenza:8 ca:5 pf:40 thac0:17 danni:1d8")
    req = ActionRequest(
        Fighter("Brak", actor),
        Fighter("Orco", target),
        S.options({"blows": "taglio_profondo", "save": "failed"}),
        S.settings({}),
    )
    result = S.attack(req, ScriptedDice([18, 6]))
    assert result.outcome == "hit"
    after_actor, after_target = S.sheet(result.actor_sheet or {}), S.sheet(result.target_sheet or {})
    assert after_target.has("bleeding") and after_actor.pool_current < after_actor.pool_max
    round_trips(after_actor)
    round_trips(after_target)


def test_a_line_with_spaces_is_quoted_so_it_pastes_back() -> None:
    s = sheet("'armi:spada_lunga(nome=Lama del Vespro)' pf:10")
    line = S.sheet_line(s)
    assert "'armi:spada_lunga(nome=Lama del Vespro)'" in line
    assert shlex.split(line)  # one shell-like line
    round_trips(s)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("armi:spada_lunga@sommo", "problem.adnd2cp.weapon_notation"),
        ("armi:spada_lunga(+1;volante)", "problem.adnd2cp.weapon_notation"),
        ("armi:spada_lunga(uso=volo)", "problem.adnd2cp.weapon_notation"),
        ("armi:spada_lunga(+1", "problem.adnd2cp.weapon_notation"),
        ("armi:spada_lunga(gittata=lontano)", "problem.adnd2cp.weapon_notation"),
        ("condizioni:ubriaco", "problem.adnd2cp.condition_notation"),
        ("condizioni:emorragia(round=tre)", "problem.adnd2cp.condition_notation"),
        ("classe:sciamano@gnomo", "problem.adnd2cp.class_notation"),
    ],
)
def test_a_piece_that_cannot_be_read_is_refused_naming_it(line: str, problem: str) -> None:
    with pytest.raises(RulesError) as err:
        sheet(line)
    assert err.value.params["problem"].key == problem


def test_weapon_numbers_are_bounded_as_in_the_model() -> None:
    with pytest.raises(RulesError):
        sheet("armi:spada_lunga(+11)")
    with pytest.raises(RulesError):
        sheet("armi:spada_lunga(danni=1d6-1d4)")


# --- editing the first weapon with the quick keys ------------------------------------------------------
def test_quick_keys_change_the_first_weapon() -> None:
    s = sheet("classe:guerriero livello:3 armi:spada_lunga@esperto,arco_corto pf:20")
    edited = S.edit_sheet(s, STATS.resolve(parse_pairs("attacco:+2 danni:1d10")))
    first, second = edited.weapons
    assert (first.id, first.to_hit_bonus, first.damage, first.damage_large, first.rank) == (
        "long_sword",
        2,
        "1d10",
        "1d10",
        "esperto",
    )
    assert second.id == "short_bow"
    swapped = S.update_sheet(s, STATS.resolve(parse_pairs("arma:ascia_da_battaglia abilità_arma:campione")))
    assert [(w.id, w.rank) for w in swapped.weapons] == [("battle_axe", "campione"), ("short_bow", "none")]
    assert swapped.pool_max > s.pool_max  # Campione scores more than Esperto


def test_no_weapon_named_takes_the_first_that_can_make_the_attack() -> None:
    archer = sheet(S.templates()["archer"])
    foe = sheet("ca:8 pf:30")
    req = ActionRequest(Fighter("A", archer), Fighter("F", foe), S.options({}), S.settings({}))
    melee, shot = S.attack(req, ScriptedDice([10, 3])), S.shot(req, ScriptedDice([10, 3]))
    assert melee.weapon == "short_sword" and shot.weapon == "long_bow"


# --- what a fight hands back, and /character set with the line's keys -----------------------------------
def test_a_character_kept_after_a_fight_still_follows_its_tables() -> None:
    """The bot keeps only build and lasting fields (not `derived`): THAC0 and the Strength bonuses are
    still the tables', so a new level or score changes them, and the line does not freeze them."""
    s = sheet("classe:guerriero livello:5 forza:17 ca:3 pf:40 arma:spada_lunga")
    back = S.sheet(kept(s))
    assert S.sheet_line(back) == S.sheet_line(s)
    raised = S.update_sheet(back, STATS.resolve(parse_pairs("livello:7")))
    assert raised.thac0 == 14 and [(c.class_name, c.level) for c in raised.classes] == [("fighter", 7)]
    stronger = S.update_sheet(back, STATS.resolve(parse_pairs("forza:18/00")))
    assert (stronger.str_to_hit, stronger.str_damage) == (3, 6)
    by_hand = S.update_sheet(back, STATS.resolve(parse_pairs("thac0:12")))
    assert S.update_sheet(by_hand, STATS.resolve(parse_pairs("livello:9"))).thac0 == 12


def test_class_and_level_keys_change_the_classes() -> None:
    two = sheet("classe:guerriero/mago livello:5/4 intelligenza:16 pf:20")
    raised = S.update_sheet(two, STATS.resolve(parse_pairs("livello:7/6")))
    assert [(c.class_name, c.level) for c in raised.classes] == [("fighter", 7), ("mage", 6)]
    assert raised.pool_max == 14 + 8
    renamed = S.update_sheet(sheet("pf:9"), STATS.resolve(parse_pairs("classe:ladro livello:3")))
    assert [(c.class_name, c.group, c.level) for c in renamed.classes] == [("thief", "rogue", 3)]
    assert renamed.thac0 == 19  # the tables' THAC0 once a class gives one


def test_the_percentage_saves_round_trip() -> None:
    # Seed (Incapacitare): "immediatamente due tiri salvezza su robustezza considerandosi debilitata o
    # incapacitata"; the campaign's chances live on the sheet (ts_robustezza …) and must survive the line.
    s = sheet("classe:guerriero livello:1 ts_robustezza:45 ts_riflessi:40 ts_coraggio:35")
    line = round_trips(s)
    assert "ts_robustezza:45" in line and "ts_riflessi:40" in line and "ts_coraggio:35" in line
    assert (s.save_toughness, s.save_reflexes, s.save_courage) == (45, 40, 35)
    assert "ts_" not in S.sheet_line(sheet("classe:guerriero livello:1"))  # none set: none written


def test_every_build_field_set_by_hand_survives_the_line() -> None:
    """A build field the line forgets is lost when the line is pasted back (the saves once were): a
    character with every build field off its default round-trips."""
    line = (
        "tipo:png classe:guerriero/ladro livello:9/10 dv:4+1 forza:18/91 destrezza:17 intelligenza:16 ca:-2 "
        "thac0:9 pf:31 pf_max:74 taglia:grande attacchi:5/2 armi:spada_lunga@maestro(+1),pugnale gradi_arti:2 "
        "arti:schivata deflessione:7 percentuale_schivata:30 maestria_schivata_pct:20 limite_razziale_destrezza:3 "
        "limite_destrezza_corazza:2 competenze:quickness pc_extra:4 pool:30 tratti:aberrazione "
        "ts_robustezza:45 ts_riflessi:40 ts_coraggio:0 multiclasse:no"
    )
    s = sheet(line)
    data = s.model_dump(mode="json")
    defaults = {k: f.get_default(call_default_factory=True) for k, f in S.Sheet.model_fields.items()}
    assert [k for k in S.fields_of("build") if data[k] == defaults[k]] == [], data
    round_trips(s)
