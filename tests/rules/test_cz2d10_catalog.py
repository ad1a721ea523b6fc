"""Every key a cz2d10 result or error can carry has an English catalog entry."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rules.dice import RandomDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S
from tests.rules.catalogs import load

ROOT = Path(__file__).resolve().parents[2]
CATALOG: dict[str, str] = load("en", "cz2d10")
SRC = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules/systems/cz2d10").glob("*.py"))


def test_static_note_and_error_keys() -> None:
    for key in set(re.findall(r'Note(?:\.model_construct)?\(key="([a-z_]+)"', SRC)):
        assert f"note.cz2d10.{key}" in CATALOG, key
    for key in set(re.findall(r'err\("([a-z_0-9]+)"', SRC)):
        assert f"error.cz2d10.{key}" in CATALOG, key
    for key in (
        "slow_very_low",
        "disarm_failed",
        "trip_failed",
        "destroyed",
        "amputation",
        "parry_impact_test",
    ):
        assert f"note.cz2d10.{key}" in CATALOG


def _keys(r: ActionResult) -> set[str]:
    out = {f"term.cz2d10.{m.key}" for m in [*r.modifiers, *r.defence_modifiers]}
    out |= {f"term.cz2d10.{d.purpose}" for d in r.rolls}
    out |= {f"note.cz2d10.{n.key}" for n in r.notes}
    out |= {f"condition.cz2d10.{c}" for c in r.conditions}
    if r.damage:
        out |= {f"term.cz2d10.{m.key}" for m in r.damage.modifiers}
    if r.location:
        out.add(f"location.cz2d10.{r.location}")
    if r.wound:
        out.add(f"wound.cz2d10.{r.wound}")
    out |= {f"defence.cz2d10.{d}" for d in r.defences}
    out |= {f"term.cz2d10.{c.field}" for c in r.changes}
    return out


def test_random_fights_only_emit_known_keys() -> None:
    option_sets: list[dict[str, Any]] = [
        {},
        {"flat": True},
        {"charge": True},
        {"targeted": 2, "target_location": "head"},
        {"confined": "confined"},
        {"out_of_view": True},
        {"disarm": True},
        {"trip": True},
        {"pull": "reduce"},
    ]
    missing: set[str] = set()
    a = {"str": 8, "dex": 7, "con": 3, "reaction": 6, "weapon": "medium_axe_1h", "weapon_skill": 7}
    t = {
        "dex": 3,
        "con": 2,
        "weapon": "medium_straight_blade_1h",
        "weapon_skill": 4,
        "shield": "light_shield",
        "guard": 2,
        "armour_parts": {"torso": "mail:5", "head": "plate:3"},
        "armour": "mail",
        "armour_dr": 5,
    }
    for seed in range(300):
        for poly in (True, False):
            opts = option_sets[seed % len(option_sets)]
            settings = S.settings({"polygonal": poly, "heavy_blows": True, "parry_impact": True})
            req = ActionRequest(Fighter("A", S.sheet(a)), Fighter("T", S.sheet(t)), S.options(opts), settings)
            try:
                r = S.attack(req, RandomDice(seed))
            except RulesError as exc:
                missing |= {exc.key} - CATALOG.keys()
                continue
            missing |= _keys(r) - CATALOG.keys()
            st = S.status(S.sheet(r.target_sheet or t))
            missing |= {f"condition.cz2d10.{c}" for c in st.conditions} - CATALOG.keys()
            missing |= {f"term.cz2d10.{k}" for k in st.numbers} - CATALOG.keys()
            missing |= {f"wound.cz2d10.{st.level}"} - CATALOG.keys()
    assert not missing


def test_settings_actions_weapons_and_options_are_catalogued() -> None:
    for info in S.setting_infos():
        assert f"setting.cz2d10.{info.name}" in CATALOG
    for act in S.extra_actions:
        assert f"action.cz2d10.{act}" in CATALOG
    for wid in S.weapons():
        assert f"weapon.cz2d10.{wid}" in CATALOG
    for key in S.option_values():
        assert f"term.cz2d10.{key}" in CATALOG
    assert "system.cz2d10.name" in CATALOG
