"""Stacking rules, costs and restrictions of combat blows: every refusal names its reason."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from tests.rules.test_adnd2cp_checks import described

S = get_system("adnd2cp")


def fighter(level: int = 6, pool: int = 40, **data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": level}],
        "hp": 60,
        "pool_max": pool,
        "weapons": [
            "long_sword",
            "short_sword",
            "footman_mace",
            "dagger",
            "spear",
            "two_handed_sword",
            "halberd",
            "long_bow",
            "sai",
            "whip",
        ],
    }
    base.update(data)
    return S.sheet(base)


def target(**data: Any) -> Any:
    data.setdefault("hp", 40)
    data.setdefault("ac", 5)
    return S.sheet(data)


def attack(
    actor: Any,
    opts: dict[str, Any],
    weapon: str = "long_sword",
    tgt: Any = None,
    dice: list[int] | None = None,
    settings: dict[str, Any] | None = None,
    shot: bool = False,
    distance: float | None = None,
) -> ActionResult:
    req = ActionRequest(
        Fighter("A", actor),
        Fighter("T", tgt if tgt is not None else target()),
        S.options(opts),
        S.settings(settings or {}),
        weapon,
        distance,
    )
    roll = S.shot if shot else S.attack
    return described(roll(req, ScriptedDice(dice if dice is not None else [2, 1, 1, 1, 1, 1])))


def spent(actor: Any, result: ActionResult) -> int:
    after = result.actor_sheet["pool_current"] if result.actor_sheet else actor.pool_current
    return int(actor.pool_current - after)


def refused(actor: Any, opts: dict[str, Any], reason: str, **kw: Any) -> None:
    with pytest.raises(RulesError) as err:
        attack(actor, opts, **kw)
    assert err.value.key == f"error.adnd2cp.{reason}"


@pytest.mark.parametrize(
    ("blows", "cost"),
    [
        (["colpo_preciso"], 3),
        (["colpo_preciso", "attacco_di_forza"], 6),
        (["colpo_preciso", "colpo_preciso"], 8),
        (["colpo_preciso", "colpo_preciso", "attacco_di_forza"], 11),
        (["colpo_preciso", "attacco_di_forza", "colpo_preciso"], 11),  # order-free
        (["attacco_di_forza", "colpo_preciso", "colpo_preciso"], 11),
        (["attacco_letale", "colpo_preciso"], 9),
        (["colpo_rapido", "colpo_rapido"], 6),
        (["colpo_preciso", "colpo_preciso", "attacco_di_forza", "attacco_di_forza"], 3 + 3 + 2 + 2 + 1 + 4),
    ],
)
def test_digest_check_figures(blows: list[str], cost: int) -> None:
    a = fighter()
    assert spent(a, attack(a, {"blows": blows})) == cost


def test_round_blow_then_two_attacks_costs_ten() -> None:
    a = fighter()
    settings = S.settings({})
    r = S.act(
        "declare",
        ActionRequest(Fighter("A", a), None, S.options({"blows": "combattere_sulla_difensiva"}), settings),
        ScriptedDice([]),
    )
    assert r.actor_sheet is not None
    a1 = S.sheet(r.actor_sheet)
    assert a.pool_current - a1.pool_current == 3
    r1 = attack(a1, {"blows": ["colpo_preciso"]})
    a2 = S.sheet(r1.actor_sheet)
    assert a1.pool_current - a2.pool_current == 4
    r2 = attack(a2, {"blows": ["attacco_di_forza"]})
    a3 = S.sheet(r2.actor_sheet)
    assert a2.pool_current - a3.pool_current == 3
    assert a.pool_current - a3.pool_current == 10


def test_round_blows_outside_the_stack_setting() -> None:
    a = fighter(round_blows=["combattere_sulla_difensiva"])
    assert spent(a, attack(a, {"blows": ["colpo_preciso"]}, settings={"round_blows_in_every_stack": False})) == 3


def test_comma_separated_string() -> None:
    a = fighter()
    assert spent(a, attack(a, {"blows": "Colpo Preciso, attacco_di_forza"})) == 6


def test_three_of_the_same_general_blow_refused() -> None:
    refused(fighter(), {"blows": ["colpo_preciso"] * 3}, "too_many_same_general")


def test_two_round_copies_plus_one_on_attack_refused() -> None:
    a = fighter(round_blows=["combattere_sulla_difensiva"] * 2)
    refused(a, {"blows": ["combattere_sulla_difensiva"]}, "too_many_same_general")


def test_same_special_twice_refused() -> None:
    refused(fighter(level=10), {"blows": ["attacco_letale", "attacco_letale"]}, "special_twice")


def test_one_special_a_round_below_9th_level() -> None:
    refused(fighter(level=8), {"blows": ["attacco_letale", "causare_grande_dolore"]}, "special_limit")
    refused(fighter(level=8, specials_used=1), {"blows": ["attacco_letale"]}, "special_limit")


def test_two_specials_for_warriors_from_9th_level() -> None:
    a = fighter(level=9)
    r = attack(a, {"blows": ["attacco_letale", "causare_grande_dolore"]})
    assert spent(a, r) == 5 + 3 + 1
    refused(fighter(level=9, specials_used=2), {"blows": ["attacco_letale"]}, "special_limit")
    refused(
        fighter(level=9, specials_used=1),
        {"blows": ["attacco_letale", "causare_grande_dolore"]},
        "special_limit",
    )


def test_ninth_level_rule_counts_the_warrior_class_only() -> None:
    multi = S.sheet(
        {
            "classes": [{"class_name": "fighter", "level": 8}, {"class_name": "mage", "level": 9}],
            "hp": 30,
            "pool_max": 40,
            "weapons": ["long_sword"],
        }
    )
    refused(multi, {"blows": ["attacco_letale", "causare_grande_dolore"]}, "special_limit")


def test_fighter_only_setting() -> None:
    ranger = S.sheet(
        {
            "classes": [{"class_name": "ranger", "level": 10}],
            "hp": 30,
            "pool_max": 40,
            "weapons": ["long_sword"],
        }
    )
    attack(ranger, {"blows": ["attacco_letale", "causare_grande_dolore"]})
    refused(
        ranger,
        {"blows": ["attacco_letale", "causare_grande_dolore"]},
        "special_limit",
        settings={"second_special_from": "fighter_only"},
    )


def test_not_enough_points_spends_nothing() -> None:
    a = fighter(pool=5)
    with pytest.raises(RulesError) as err:
        attack(a, {"blows": ["colpo_preciso", "attacco_di_forza"]})
    assert err.value.key == "error.adnd2cp.not_enough_points_stacked"  # 3 + 2 and +1 for the stack
    assert {k: err.value.params[k] for k in ("cost", "points", "own", "surcharge")} == {
        "cost": 6,
        "points": 5,
        "own": 5,
        "surcharge": 1,
    }
    with pytest.raises(RulesError) as alone:
        attack(fighter(pool=2), {"blows": ["colpo_preciso"]})
    assert alone.value.key == "error.adnd2cp.not_enough_points" and alone.value.params == {"cost": 3, "points": 2}
    assert spent(a, attack(a, {"blows": ["colpo_preciso"]})) == 3


def test_violence_with_strength_refused() -> None:
    refused(
        fighter(),
        {"blows": ["attacco_della_violenza", "attacco_di_forza"]},
        "violence_with_strength",
        weapon="two_handed_sword",
    )


def test_supplementary_attacks_take_no_blows() -> None:
    refused(fighter(), {"blows": ["colpo_preciso"], "supplementary": True}, "blows_on_supplementary")
    a = fighter(round_blows=["attacco_extra"], extra_attacks_left=1)
    refused(a, {"blows": ["colpo_preciso"], "extra_attack": True}, "blows_on_supplementary")


def test_round_blow_on_a_later_attack_is_too_late() -> None:
    refused(fighter(attacks_made=1), {"blows": ["combattere_sulla_difensiva"]}, "round_blow_too_late")


def test_round_blows_refused_with_spellcasting() -> None:
    a = fighter()
    with pytest.raises(RulesError) as err:
        S.act(
            "declare",
            ActionRequest(
                Fighter("A", a),
                None,
                S.options({"blows": ["combattere_sulla_difensiva"], "casting": True}),
                S.settings({}),
            ),
            ScriptedDice([]),
        )
    assert err.value.key == "error.adnd2cp.round_blow_with_spell"


def test_attack_blows_cannot_be_declared_for_the_round() -> None:
    with pytest.raises(RulesError) as err:
        S.act(
            "declare",
            ActionRequest(Fighter("A", fighter()), None, S.options({"blows": ["colpo_preciso"]}), S.settings({})),
            ScriptedDice([]),
        )
    assert err.value.key == "error.adnd2cp.attack_blow_at_declaration"


@pytest.mark.parametrize(
    ("blow", "weapon", "reason"),
    [
        ("taglio_profondo", "footman_mace", "blow_damage_type"),
        ("rallentamento", "long_sword", "blow_damage_type"),
        ("incapacitare", "dagger", "blow_damage_type"),
        ("trafiggere_in_profondita", "long_sword", "blow_damage_type"),
        ("impalamento", "spear", "blow_weapon_size"),
        ("attacco_della_violenza", "long_sword", "blow_two_hands"),
        ("attacco_brutale", "halberd", "blow_weapon_list"),
        ("disarmare", "whip", "blow_weapon_list"),
        ("fendente_frontale", "dagger", "blow_weapon_size"),
        ("tiro_a_distanza", "long_sword", "blow_delivery"),
        ("precisione_nella_mira", "long_sword", "blow_delivery"),
        ("scagliare_con_violenza", "long_sword", "blow_delivery"),
        ("lancio_di_apertura", "long_sword", "blow_delivery"),
        ("proiettile_fatale", "long_sword", "blow_delivery"),
    ],
)
def test_weapon_restrictions(blow: str, weapon: str, reason: str) -> None:
    refused(fighter(level=9), {"blows": [blow], "charge": True}, reason, weapon=weapon)


def test_ranged_restrictions() -> None:
    a = fighter()
    refused(a, {"blows": ["attacco_di_forza"]}, "blow_delivery", weapon="long_bow", shot=True)
    bow = fighter(weapons=[{"id": "long_bow", "strength_rated_bow": True}])
    assert spent(bow, attack(bow, {"blows": ["attacco_di_forza"]}, weapon="long_bow", shot=True)) == 2
    refused(a, {"blows": ["colpo_rapido"]}, "blow_delivery", weapon="dagger", shot=True)
    assert spent(a, attack(a, {"blows": ["attacco_di_forza"]}, weapon="dagger", shot=True)) == 2
    refused(
        a,
        {"blows": ["scagliare_con_violenza"], "run_up_m": 5},
        "blow_needs_run_up",
        weapon="dagger",
        shot=True,
    )
    assert spent(a, attack(a, {"blows": ["scagliare_con_violenza"], "run_up_m": 6}, weapon="dagger", shot=True)) == 5
    refused(
        a,
        {"blows": ["proiettile_fatale"], "range": "medium"},
        "blow_short_range_only",
        weapon="long_bow",
        shot=True,
    )
    refused(
        a,
        {"blows": ["proiettile_fatale"]},
        "blow_short_range_only",
        weapon="long_bow",
        shot=True,
        distance=70,
    )


def test_brutal_needs_charge_and_letale_excludes_backstab() -> None:
    refused(fighter(), {"blows": ["attacco_brutale"]}, "blow_needs_charge", weapon="two_handed_sword")
    a = fighter()
    assert spent(a, attack(a, {"blows": ["attacco_brutale"], "charge": True}, weapon="two_handed_sword")) == 4
    refused(fighter(), {"blows": ["attacco_letale"], "backstab": True}, "blow_with_backstab")


@pytest.mark.parametrize(
    ("traits", "size", "blow", "reason"),
    [
        (["undead"], "M", "attacco_letale", "target_no_vital_organs"),
        (["construct"], "M", "taglio_profondo", "target_no_vital_organs"),
        (["unrecognisable_organs"], "M", "impalamento", "target_no_vital_organs"),
        (["immune_pain"], "M", "causare_grande_dolore", "target_immune_pain"),
        (["regenerates_1hp_round"], "M", "taglio_profondo", "target_regenerates"),
        (["aberration"], "M", "attacco_letale", "target_needs_aberration_lore"),
        (["demon"], "M", "rallentamento", "target_needs_demonology"),
        ([], "G", "attacco_letale", "target_gargantuan"),
        ([], "H", "attacco_letale", "target_huge_needs_large"),
        (["undead"], "M", "fine_sanguinaria", "target_not_animal"),
    ],
)
def test_target_restrictions(traits: list[str], size: str, blow: str, reason: str) -> None:
    weapon = {"taglio_profondo": "long_sword", "impalamento": "halberd", "rallentamento": "footman_mace"}.get(
        blow, "long_sword"
    )
    refused(fighter(), {"blows": [blow]}, reason, weapon=weapon, tgt=target(creature_traits=traits, size=size))


def test_lore_and_large_weapons_open_the_way() -> None:
    lore = fighter(proficiencies=["aberration_lore"])
    assert spent(lore, attack(lore, {"blows": ["attacco_letale"]}, tgt=target(creature_traits=["aberration"]))) == 5
    a = fighter()
    assert spent(a, attack(a, {"blows": ["attacco_letale"]}, weapon="two_handed_sword", tgt=target(size="H"))) == 6


@pytest.mark.parametrize(
    ("weapon", "opts", "cost"),
    [
        ("dagger", {"blows": ["trafiggere_in_profondita"]}, 4),
        ("spear", {"blows": ["trafiggere_in_profondita"]}, 6),
        ("halberd", {"blows": ["trafiggere_in_profondita"]}, 8),
        ("dagger", {"blows": ["attacco_letale"]}, 4),
        ("long_sword", {"blows": ["attacco_letale"]}, 5),
        ("two_handed_sword", {"blows": ["attacco_letale"]}, 6),
        ("long_sword", {"blows": ["disarmare"]}, 5),
        ("sai", {"blows": ["disarmare"]}, 4),
    ],
)
def test_costs_by_weapon(weapon: str, opts: dict[str, Any], cost: int) -> None:
    a = fighter()
    assert spent(a, attack(a, opts, weapon=weapon)) == cost


@pytest.mark.parametrize(
    ("ammo", "cost"),
    [
        ("hunting_arrow", 4),
        ("hand_dart", 4),
        ("smooth_stone", 4),
        ("war_arrow", 5),
        ("light_bolt", 5),
        ("lead_bullet", 5),
        ("heavy_bolt", 6),
        ("firearm_bullet", 6),
        ("boulder", 6),
    ],
)
def test_fatal_missile_cost_by_ammunition(ammo: str, cost: int) -> None:
    a = fighter()
    assert spent(a, attack(a, {"blows": ["proiettile_fatale"], "ammo": ammo}, weapon="long_bow", shot=True)) == cost


def test_fatal_missile_needs_ammo() -> None:
    a = fighter(weapons=[{"id": "bow", "delivery": ["missile"], "damage": "1d6", "ranges": [45, 90, 135]}])
    refused(a, {"blows": ["proiettile_fatale"]}, "ammo_needed", weapon="bow", shot=True)


def test_lethal_cost_special_sizes() -> None:
    arquebus = fighter(
        weapons=[
            {
                "id": "arquebus",
                "size": "M",
                "delivery": ["firearm"],
                "damage": "1d10",
                "ranges": [45, 90, 135],
            }
        ]
    )
    assert spent(arquebus, attack(arquebus, {"blows": ["attacco_letale"]}, weapon="arquebus", shot=True)) == 6
    for size, cost in (("H", 8), ("G", 10)):
        giant = S.sheet(
            {
                "hit_dice": "12",
                "intelligence": 10,
                "hp": 80,
                "size": size,
                "weapons": [{"id": "fist_slam", "delivery": ["natural"], "damage": "2d6", "size": "L"}],
            }
        )
        assert spent(giant, attack(giant, {"blows": ["attacco_letale"]}, weapon="fist_slam")) == cost


def test_extra_attack_cost_with_quickness() -> None:
    for profs, cost in (([], 12), (["quickness"], 10)):
        a = fighter(proficiencies=profs)
        r = S.act(
            "declare",
            ActionRequest(Fighter("A", a), None, S.options({"blows": ["attacco_extra"]}), S.settings({})),
            ScriptedDice([]),
        )
        assert r.total == cost


def test_defensive_blows_paid_by_the_target() -> None:
    defender = target(
        arts=["deflettere_i_colpi", "schivata"],
        deflection_score=7,
        dodge_pct=30,
        pool_max=10,
        classes=[{"class_name": "fighter", "level": 4}],
    )
    a = fighter()
    r = attack(a, {"target_blows": ["deflessione_superiore"], "deflection_bonus": 3}, tgt=defender, dice=[2])
    assert r.target_sheet is not None and r.target_sheet["pool_current"] == 10 - 4
    r = attack(a, {"target_blows": ["evasione_migliorata"], "evasion_bonus": 20}, tgt=defender, dice=[2])
    assert r.target_sheet is not None and r.target_sheet["pool_current"] == 10 - 5
    with pytest.raises(RulesError) as err:
        attack(a, {"target_blows": ["deflessione_superiore"], "deflection_bonus": 4}, tgt=defender)
    assert err.value.key == "error.adnd2cp.blow_over_cap"
    with pytest.raises(RulesError) as err:
        attack(a, {"target_blows": ["evasione_migliorata"], "evasion_bonus": 7}, tgt=defender)
    assert err.value.key == "error.adnd2cp.blow_bonus_range"
    with pytest.raises(RulesError) as err:
        attack(a, {"target_blows": ["evasione_migliorata"], "evasion_bonus": 5}, tgt=target())
    assert err.value.key == "error.adnd2cp.blow_needs_art"
    with pytest.raises(RulesError) as err:
        attack(a, {"blows": ["evasione_migliorata"]})
    assert err.value.key == "error.adnd2cp.defensive_blow_on_attack"


def test_defensive_blow_counts_against_the_defenders_special_limit() -> None:
    defender = target(arts=["schivata"], dodge_pct=20, pool_max=10, specials_used=1)
    with pytest.raises(RulesError) as err:
        attack(fighter(), {"target_blows": ["evasione_migliorata"], "evasion_bonus": 5}, tgt=defender)
    assert err.value.key == "error.adnd2cp.special_limit"


def test_unknown_blow() -> None:
    refused(fighter(), {"blows": ["palla_di_fuoco"]}, "unknown_blow")


def test_available_blows() -> None:
    a = fighter(pool=5)
    sword = S.available_blows(a, "long_sword")
    assert "colpo_preciso" in sword and "attacco_letale" in sword
    assert "taglio_profondo" in sword and "rallentamento" not in sword and "attacco_extra" not in sword
    assert "attacco_della_violenza" not in S.available_blows(fighter(), "long_sword")
    assert "attacco_della_violenza" in S.available_blows(fighter(), "two_handed_sword")
    assert "tiro_a_distanza" in S.available_blows(a, "long_bow")
    assert "attacco_di_forza" not in S.available_blows(a, "long_bow")
    assert S.available_blows(fighter(pool=1), "long_sword") == []
    used = fighter(specials_used=1)
    assert all(
        b in ("colpo_rapido", "attacco_di_forza", "colpo_preciso", "combattere_sulla_difensiva")
        for b in S.available_blows(used, "long_sword")
    )
    evader = target(arts=["schivata"], pool_max=5)
    assert "evasione_migliorata" in S.available_blows(evader, None)


def test_round_blows_not_offered_or_declared_after_the_first_attack() -> None:
    late = fighter(attacks_made=1)
    assert "combattere_sulla_difensiva" not in S.available_blows(late, "long_sword")
    assert "combattere_sulla_difensiva" in S.available_blows(fighter(), "long_sword")
    with pytest.raises(RulesError) as err:
        S.act(
            "declare",
            ActionRequest(Fighter("A", late), None, S.options({"blows": "combattere_sulla_difensiva"}), S.settings({})),
            ScriptedDice([]),
        )
    assert err.value.key == "error.adnd2cp.round_blow_too_late"
