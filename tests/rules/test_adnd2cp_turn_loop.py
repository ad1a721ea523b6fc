"""What the bot's turn loop needs: field classes, `/encounter edit` keys, status (dead, out of the fight)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("adnd2cp")


def fighter(**data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "fighter", "level": 9}],
        "hp": 60,
        "pool_max": 35,
        "dexterity": 16,
        "weapons": ["long_sword"],
    }
    base.update(data)
    return S.sheet(base)


def act(action: str, actor: Any, dice: list[int], tgt: Any = None, **opts: Any) -> Any:
    req = ActionRequest(
        Fighter("A", actor), Fighter("T", tgt) if tgt is not None else None, S.options(opts), S.settings({})
    )
    if action == "initiative":
        return S.initiative(req, ScriptedDice(dice))
    if action == "attack":
        return S.attack(req, ScriptedDice(dice))
    return S.act(action, req, ScriptedDice(dice))


# --- field classes ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cls", "fields"),
    [
        ("lasting", ["hp", "pool_current", "conditions"]),
        ("build", ["classes", "weapons", "thac0", "ac", "hp_max", "pool_override", "arts", "dodge_pct"]),
        ("turn", ["round_blows", "quick_strike", "initiative_rolled", "readied_defence", "death_at"]),
        ("internal", ["derived"]),
    ],
)
def test_field_classes(cls: str, fields: list[str]) -> None:
    assert all(S.field_classes[f] == cls for f in fields)
    assert set(fields) <= set(S.fields_of(cls))  # type: ignore[arg-type]


def test_after_a_fight_the_character_keeps_its_wounds_and_spent_points_not_the_round() -> None:
    f = S.sheet(act("declare", fighter(), [], blows="combattere_sulla_difensiva").actor_sheet)
    f = S.sheet(act("initiative", f, [4]).actor_sheet)
    orc = S.sheet({"hp": 30, "ac": 6, "thac0": 19, "damage": "1d8"})
    hurt = act("attack", orc, [18, 7], tgt=f)
    f = S.sheet(hurt.target_sheet)
    assert (f.hp, f.pool_current, f.round_blows, f.initiative_rolled) == (53, 32, ["combattere_sulla_difensiva"], True)
    # What the bot does at `/encounter end`: turn fields back to their defaults, the rest stays.
    defaults = {name: S.Sheet.model_fields[name].get_default(call_default_factory=True) for name in S.fields_of("turn")}
    kept = S.sheet({**f.model_dump(), **defaults})
    assert (kept.hp, kept.pool_current) == (53, 32)
    assert (kept.round_blows, kept.specials_used, kept.initiative_rolled, kept.round_no) == ([], 0, False, 0)


# --- /encounter edit ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "value", "field", "expected"),
    [
        ("hp", "-5", "hp", 55),
        ("pf", "-5", "hp", 55),
        ("punti_ferita", "+3", "hp", 63),
        ("pf", "12", "hp", 12),
        ("pf_max", "70", "hp_max", 70),
        ("punti_combattimento", "-4", "pool_current", 31),
        ("cp", "=20", "pool_current", 20),
        ("pool", "+5", "pool_override", 40),
        ("ca", "4", "ac", 4),
        ("forza", "18/50", "strength", 18),
        ("attacchi_rimasti", "0", "attacks_left", 0),
    ],
)
def test_edit_keys(key: str, value: str, field: str, expected: int) -> None:
    edited = S.edit_sheet(fighter(), {key: value})
    assert getattr(edited, field) == expected
    assert S.edit_aliases[key] == field


def test_relative_pool_edit_starts_from_the_computed_pool() -> None:
    computed = S.sheet({"classes": [{"class_name": "fighter", "level": 7}], "intelligence": 16})
    assert computed.pool_override is None and computed.pool_max == 22
    edited = S.edit_sheet(computed, {"pool": "+3"})
    assert edited.pool_max == 25 and edited.pool_current == 22  # the points left are not touched


# The seed leaves death to the base game (digest B8): "Core rule: dead at 0 hp. A well-known optional
# rule: unconscious from 0 to −9 and dead at −10. Setting `adnd2cp.death_at`". An hp edit settles life
# as damage does (tester: an edit to −2 read "Privo/a di sensi" where an attack read "Morto/a").
def test_hp_edit_settles_life_as_damage_does_with_the_default_death_at() -> None:
    f = fighter()
    assert S.status(S.edit_sheet(f, {"pf": "-75"})).dead  # −15: dead under either reading
    knocked = S.edit_sheet(f, {"hp": "=-3"})
    assert S.status(knocked).dead and knocked.conditions[0].key == "dead"  # the default: dead at 0
    orc = S.sheet({"hp": 30, "ac": 6, "thac0": 19, "damage": "1d8"})
    hit = act("attack", orc, [15, 8], tgt=fighter(hp=5))  # 8 damage: 5 → −3, as the edit
    assert S.status(S.sheet(hit.target_sheet)).level == S.status(knocked).level == "dead"


def test_hp_edit_follows_the_death_at_the_last_round_start_recorded() -> None:
    started = S.start_round(Fighter("A", fighter()), S.settings({"death_at": -10}), 1)
    assert started is not None
    optional = S.sheet(started.actor_sheet)
    assert optional.death_at == -10
    knocked = S.edit_sheet(optional, {"hp": "=-3"})
    status = S.status(knocked)
    assert status.level == "unconscious" and status.out_of_fight and not status.dead
    assert S.status(S.edit_sheet(optional, {"hp": "=-10"})).dead
    core = S.start_round(Fighter("A", knocked), S.settings({"death_at": 0}), 2)  # the GM changed the setting
    assert core is not None and S.status(S.sheet(core.actor_sheet)).dead
    healed = S.edit_sheet(knocked, {"hp": "+10"})
    assert healed.hp == 7 and S.status(healed).level == "wounded" and not S.status(healed).out_of_fight
    assert S.status(S.edit_sheet(S.sheet(core.actor_sheet), {"hp": "-2"})).dead  # the dead stay dead at −5


def test_edit_of_an_unknown_key_is_refused() -> None:
    with pytest.raises(RulesError):
        S.edit_sheet(fighter(), {"no_such_field": "3"})


# --- status ---------------------------------------------------------------------------------------------
def test_status_dead_and_out_of_fight() -> None:
    orc = S.sheet({"hp": 30, "ac": 6, "thac0": 19, "damage": "2d8"})
    victim = S.sheet({"hp": 5, "ac": 10})
    r = act("attack", orc, [15, 8, 8], tgt=victim)
    dead = S.status(S.sheet(r.target_sheet))
    assert (dead.level, dead.dead, dead.out_of_fight) == ("dead", True, True)
    alive = S.status(fighter(attacks_left=1))
    assert (alive.dead, alive.out_of_fight, alive.actions_left) == (False, False, None)
    assert alive.numbers["attacks_left"] == 1  # main attacks left this round, shown to the GM
