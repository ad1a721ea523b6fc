"""Supplementary attacks (attacchi supplementari) and the weapon's enchantment (incantamento), with
scripted dice."""

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
# A +2 long sword (incantamento +2) in the hands of a 6th-level fighter, THAC0 15.
MAGIC_SWORD = {"id": "long_sword", "magic": 2}


def fighter(**data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": 6}],
        "thac0": 15,
        "hp": 60,
        "pool_max": 40,
        "weapons": [MAGIC_SWORD],
    }
    base.update(data)
    return S.sheet(base)


def attack(actor: Any, tgt: Any, dice: list[int], settings: dict[str, Any] | None = None, **opts: Any) -> ActionResult:
    req = ActionRequest(Fighter("A", actor), Fighter("T", tgt), S.options(opts), S.settings(settings or {}))
    source = ScriptedDice(dice)
    result = S.attack(req, source)
    assert source.remaining == 0
    return described(result)


def mod(result: ActionResult, key: str) -> int | float | None:
    return next((m.value for m in result.modifiers if m.key == key), None)


def notes(result: ActionResult) -> list[str]:
    return [n.key for n in result.notes]


# Seed: "gli attacchi supplementari non permettono l'attivazione di incantamenti, poteri speciali od
# effetti di magie presenti sull'arma (siano essi sia ad attivazione passiva che attiva)" — and among the
# supplementary attacks "gli attacchi di opportunità (o attacchi alle spalle), quelli ottenuti tramite
# l'uso di punti combattimento (si pensi al colpo speciale di combattimento Attacco Extra)".
@pytest.mark.parametrize("kind", ["supplementary", "opportunity"])
def test_a_supplementary_attack_does_not_activate_the_enchantment(kind: str) -> None:
    main = attack(fighter(), S.sheet({"hp": 40, "ac": 5}), [8, 5])
    assert (main.total, main.outcome) == (10, "hit") and mod(main, "magic") == 2
    assert main.damage is not None and main.damage.applied == 5 + 2
    extra = attack(fighter(), S.sheet({"hp": 40, "ac": 5}), [8], **{kind: True})
    assert (extra.total, extra.against, extra.outcome) == (8, 10, "miss")  # the +2 to hit is gone too
    assert mod(extra, "magic") is None and "no_enchantment_on_supplementary" in notes(extra)
    again = attack(fighter(), S.sheet({"hp": 40, "ac": 5}), [10, 5], **{kind: True})
    assert again.damage is not None and again.damage.applied == 5 and again.damage.modifiers == []


def test_the_extra_attack_of_attacco_extra_is_supplementary_too() -> None:
    declared = S.act(
        "declare",
        ActionRequest(Fighter("A", fighter()), None, S.options({"blows": "attacco_extra"}), S.settings({})),
        ScriptedDice([]),
    )
    assert declared.actor_sheet is not None
    actor = S.sheet(declared.actor_sheet)
    extra = attack(actor, S.sheet({"hp": 40, "ac": 5}), [11, 5], extra_attack=True)
    # −1 to hit on every attack of the round (Attacco Extra), no enchantment on the extra attack itself
    assert mod(extra, "extra_attack_round") == -1 and mod(extra, "magic") is None
    assert (extra.total, extra.outcome) == (10, "hit") and extra.damage is not None
    assert extra.damage.applied == 5


def test_gm_setting_reads_incantamenti_as_special_powers_only() -> None:
    keep = {"supplementary_keeps_magic_bonus": True}
    extra = attack(fighter(), S.sheet({"hp": 40, "ac": 5}), [8, 5], settings=keep, supplementary=True)
    assert mod(extra, "magic") == 2 and extra.outcome == "hit"
    assert extra.damage is not None and extra.damage.applied == 7
    assert "no_enchantment_on_supplementary" not in notes(extra)
    assert S.settings({}).supplementary_keeps_magic_bonus is False  # default: no magic bonus


def test_still_no_combat_points_on_a_supplementary_attack() -> None:
    with pytest.raises(RulesError) as err:
        attack(fighter(), S.sheet({"hp": 40, "ac": 5}), [8], opportunity=True, blows="colpo_preciso")
    assert err.value.key == "error.adnd2cp.blows_on_supplementary"


# Seed (Fendente Frontale): "qualsiasi colpo di combattimento speciale, effetto di arte od incantamento
# sarà applicato solo sul bersaglio principale".
def test_frontal_cleave_enchantment_only_on_the_main_target() -> None:
    r = attack(fighter(), S.sheet({"hp": 40, "ac": 5}), [15, 5, 4], blows="fendente_frontale", second_target_ac=5)
    assert r.damage is not None and r.damage.applied == 5 + 2 - 1  # enchantment, cleave −1
    second = r.attacks[0]
    assert second.outcome == "hit" and second.damage is not None
    assert second.damage.applied == 4 - 1 and all(m.key != "magic" for m in second.damage.modifiers)
