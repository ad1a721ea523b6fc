"""Colpo Rapido declared for the initiative roll (`declare_for_initiative`), paid and applied by the next
roll, with scripted dice. Seed: "Il personaggio deve dichiarare di voler rendere più rapido il proprio
attacco ... nel momento del round in cui costui decide di effettuare l'attacco (ossia al suo tiro puro
dell'iniziativa ...). Orbene, questo colpo di combattimento ridurrà di un punto il fattore iniziativa
dell'attacco (fermo restando l'applicazione di un fattore iniziativa minimo pari a +1). Costo 2 punto
combattimento." """

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


def fighter(**data: Any) -> Any:
    """A 6th-level fighter with a long sword (speed factor 5), pool 20."""
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": 6}],
        "thac0": 15,
        "hp": 60,
        "pool_max": 20,
        "weapons": ["long_sword", "dagger", "long_bow"],
    }
    base.update(data)
    return S.sheet(base)


def request(
    actor: Any, settings: dict[str, Any] | None = None, weapon: str | None = None, **opts: Any
) -> ActionRequest:
    return ActionRequest(Fighter("A", actor), None, S.options(opts), S.settings(settings or {}), weapon)


def declare(actor: Any, settings: dict[str, Any] | None = None, weapon: str | None = None, **opts: Any) -> ActionResult:
    opts.setdefault("blows", "colpo_rapido")
    return S.declare_for_initiative(request(actor, settings, weapon, **opts))


def roll(
    actor: Any, die: int, settings: dict[str, Any] | None = None, weapon: str | None = None, **opts: Any
) -> ActionResult:
    source = ScriptedDice([die])
    result = S.initiative(request(actor, settings, weapon, **opts), source)
    assert source.remaining == 0
    return described(result)


def begin(actor: Any, round_no: int, settings: dict[str, Any] | None = None) -> Any:
    res = S.start_round(Fighter("A", actor), S.settings(settings or {}), round_no)
    return S.sheet(res.actor_sheet) if res is not None and res.actor_sheet else actor


def after(result: ActionResult) -> Any:
    assert result.actor_sheet is not None
    return S.sheet(result.actor_sheet)


def in_round_one(actor: Any, die: int = 6) -> Any:
    """Joined (start_round 1), rolled round 1's initiative, round 1 begun."""
    return begin(after(roll(begin(actor, 1), die)), 1)


def test_declare_then_start_round_then_initiative() -> None:
    f = in_round_one(fighter())
    assert f.initiative_rolled and f.round_no == 1
    declared = declare(f)
    assert declared.outcome == "declared" and declared.action == "declare_initiative"
    note = declared.notes[0]
    assert note.key == "quick_strike_declared" and note.params == {"copies": 1, "cost": 2, "points": 20, "round": 2}
    f = after(declared)
    assert f.pending_round_blows == ["colpo_rapido"] and f.pool_current == 20  # paid at the roll
    f = begin(f, 2)
    assert f.pending_round_blows == ["colpo_rapido"] and not f.initiative_rolled
    rolled = roll(f, 4)
    assert rolled.total == 4 + (5 - 1)  # pure roll 4, long sword factor 5 − 1
    assert [n.key for n in rolled.notes] == ["quick_strike_paid", "quick_strike_factor"]
    f = after(rolled)
    assert (f.pool_current, f.quick_strike, f.pending_round_blows) == (18, 1, [])
    # The copy joins its attack's stack: Colpo Preciso on it pays 3 + 1 surcharge, not 3.
    enemy = S.sheet({"hp": 30, "ac": 5})
    hit = S.attack(
        ActionRequest(Fighter("A", f), Fighter("T", enemy), S.options({"blows": "colpo_preciso"}), S.settings({})),
        ScriptedDice([12, 4]),
    )
    assert after(hit).pool_current == 18 - 4 and after(hit).quick_strike == 0


def test_a_re_roll_in_the_same_round_does_not_pay_again() -> None:
    f = after(roll(begin(after(declare(in_round_one(fighter()))), 2), 4))
    assert (f.pool_current, f.quick_strike) == (18, 1)
    again = roll(f, 7)  # a GM re-roll of the same round
    assert again.total == 7 + 4 and again.actor_sheet is None  # the factor stays, nothing paid again


def test_declared_before_the_first_roll_survives_round_one_start() -> None:
    joined = begin(fighter(), 1)
    f = after(declare(joined))
    assert f.pending_round_blows == ["colpo_rapido"]
    rolled = roll(f, 3)
    assert rolled.total == 3 + 4
    f = begin(after(rolled), 1)  # the bot starts round 1 after the players' rolls
    assert (f.quick_strike, f.pool_current) == (1, 18)


def test_two_copies_and_the_minimum_factor() -> None:
    f = after(declare(in_round_one(fighter()), blows="colpo_rapido, colpo_rapido", weapon="dagger"))
    rolled = roll(begin(f, 2), 5, weapon="dagger")
    assert rolled.total == 5 + 1  # dagger factor 2 − 2 = 0, but never below +1
    assert after(rolled).pool_current == 20 - (2 + 2 + 2)  # two copies: +2 surcharge
    with pytest.raises(RulesError) as err:
        declare(f, weapon="dagger")
    assert err.value.key == "error.adnd2cp.too_many_same_general"


def test_declaration_after_the_roll_without_re_rolls_is_refused() -> None:
    f = in_round_one(fighter())
    with pytest.raises(RulesError) as err:
        declare(f, settings={"reroll_initiative_each_round": False})
    assert err.value.key == "error.adnd2cp.initiative_already_rolled"
    fresh = begin(fighter(), 1)  # not rolled yet: accepted for the coming roll
    assert declare(fresh, settings={"reroll_initiative_each_round": False}).outcome == "declared"


@pytest.mark.parametrize(
    ("opts", "settings", "error"),
    [
        ({"blows": "colpo_preciso"}, {}, "not_declared_at_initiative"),
        ({"blows": "combattere_sulla_difensiva"}, {}, "not_declared_at_initiative"),
        ({"blows": []}, {}, "declare_needs_blows"),
        ({}, {"initiative": "group"}, "quick_strike_without_speed_factor"),
        ({"weapon": "long_bow"}, {}, "blow_delivery"),
    ],
)
def test_what_cannot_be_declared_at_initiative(opts: dict[str, Any], settings: dict[str, Any], error: str) -> None:
    weapon = opts.pop("weapon", None)
    with pytest.raises(RulesError) as err:
        declare(fighter(), settings=settings, weapon=weapon, **opts)
    assert err.value.key == f"error.adnd2cp.{error}"


def with_round_blow_declared(points: int) -> Any:
    """Combattere sulla Difensiva [ROUND] declared for the next round (paid at its start)."""
    f = fighter(pool_current=points)
    return after(S.act("declare", request(f, blows="combattere_sulla_difensiva", next_round=True), ScriptedDice([])))


def test_affordability_counts_what_is_already_declared() -> None:
    with pytest.raises(RulesError) as err:  # 3 for the [ROUND] blow + 2 + 1 surcharge > 5
        declare(with_round_blow_declared(5))
    assert err.value.key == "error.adnd2cp.not_enough_points_stacked" and err.value.params["cost"] == 6
    assert (err.value.params["own"], err.value.params["surcharge"]) == (5, 1)  # the refusal says the +1
    f = begin(after(declare(with_round_blow_declared(6))), 2)
    assert f.pool_current == 3 and f.round_blows == ["combattere_sulla_difensiva"]
    rolled = roll(f, 2)  # Colpo Rapido in the round's stack: 2 + 1
    assert after(rolled).pool_current == 0 and rolled.total == 2 + 4


def test_points_gone_by_the_roll_the_declaration_lapses() -> None:
    f = after(declare(in_round_one(fighter())))
    broke = begin(S.sheet({**f.model_dump(), "pool_current": 1}), 2)
    rolled = roll(broke, 4)
    assert rolled.total == 4 + 5 and [n.key for n in rolled.notes] == ["quick_strike_unaffordable"]
    assert (after(rolled).pool_current, after(rolled).quick_strike, after(rolled).pending_round_blows) == (1, 0, [])


# Seed: "i colpi di combattimento che incidono sull'intero round di combattimento o sull'iniziativa di un
# attacco, indicati con la dicitura [ROUND] ... si cumuleranno con qualsiasi altro colpo di combattimento
# effettuato nel medesimo round" (+1 per different blow). Attacco Extra paid during set-up is still in
# round 1's stack at its roll: the declaration quotes what the roll charges.
def test_the_declaration_quotes_the_surcharge_the_roll_will_charge() -> None:
    f = fighter(pool_max=31, proficiencies=["quickness"])
    f = begin(f, 1)  # joined: round 1 opened, its roll still to come
    f = after(S.act("declare", request(f, blows="attacco_extra"), ScriptedDice([])))
    assert f.pool_current == 21 and f.round_blows == ["attacco_extra"]
    declared = declare(f)
    quoted = declared.notes[0].params["cost"]
    assert quoted == 2 + 1 and declared.total == 3
    rolled = roll(after(declared), 4)
    paid = next(n for n in rolled.notes if n.key == "quick_strike_paid")
    assert paid.params["cost"] == quoted and after(rolled).pool_current == 21 - quoted


def test_a_blow_refused_for_the_stacking_surcharge_says_so() -> None:
    f = after(S.act("declare", request(fighter(pool_current=5), blows="combattere_sulla_difensiva"), ScriptedDice([])))
    assert f.pool_current == 2 and f.round_blows == ["combattere_sulla_difensiva"]
    orc = S.sheet({"hp": 30, "ac": 6})
    req = ActionRequest(Fighter("A", f), Fighter("O", orc), S.options({"blows": "attacco_di_forza"}), S.settings({}))
    with pytest.raises(RulesError) as err:  # Attacco di Forza 2 + 1 for the [ROUND] blow in the stack > 2
        S.attack(req, ScriptedDice([]))
    assert err.value.key == "error.adnd2cp.not_enough_points_stacked"
    params = err.value.params
    assert (params["cost"], params["points"], params["own"], params["surcharge"]) == (3, 2, 2, 1)
    assert [t.key for t in params["blows"]] == ["combattere_sulla_difensiva", "attacco_di_forza"]
