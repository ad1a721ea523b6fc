"""Every key an adnd2cp result or error can carry is in bot/i18n/en/adnd2cp.json."""

from __future__ import annotations

import re
from pathlib import Path

from rules.registry import get_system
from rules.systems.adnd2cp.blows import BLOWS, SAVES
from tests.rules.catalogs import load

ROOT = Path(__file__).resolve().parents[2]
CATALOG = load("en", "adnd2cp")
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules/systems/adnd2cp").glob("*.py"))
S = get_system("adnd2cp")


def _found(pattern: str) -> set[str]:
    """Literal keys matched in the package source (prefixes completed at run time are left out)."""
    return {k for k in re.findall(pattern, SOURCE) if not k.endswith(("_", ".")) and k not in BLOWS}


def test_notes() -> None:
    keys = _found(r'\bnote\(\s*"([a-z_0-9]+)"') | _found(r'Note\(\s*key="([a-z_0-9]+)"')
    keys |= {
        "condition_" + k
        for k in _found(r'Condition\(\s*key="([a-z_0-9]+)"')
        if k not in ("dead", "unconscious", "slowed")
    }
    keys |= _found(r'key="(round_blows_(?:paid|declared))"')
    assert keys, "the scan found nothing"
    missing = sorted(k for k in keys if f"note.adnd2cp.{k}" not in CATALOG)
    assert missing == []


def test_errors() -> None:
    keys = _found(r'"error\.adnd2cp\.([a-z_]+)"') | _found(r'_err\(\s*"([a-z_]+)"')
    keys |= _found(r'return "((?:blow|target)_[a-z_]+)"')
    missing = sorted(k for k in keys if f"error.adnd2cp.{k}" not in CATALOG)
    assert missing == []


def test_conditions_wounds_outcomes() -> None:
    for key in _found(r'Condition\(\s*key="([a-z_]+)"') | {"dead", "unconscious"}:
        assert f"condition.adnd2cp.{key}" in CATALOG
    for key in ("unhurt", "wounded", "unconscious", "dead"):
        assert f"wound.adnd2cp.{key}" in CATALOG
    for key in ("dodged", "deflected"):
        assert f"outcome.adnd2cp.{key}" in CATALOG


def test_terms() -> None:
    keys = _found(r'\bmod\(\s*"([a-z_0-9.]+)"') | _found(r'Modifier\(\s*key="([a-z_0-9.]+)"')
    keys |= _found(r'\("([a-z_]+)", (?:str_dmg|a\.weapon|2 if|options\.|4 if|2 \*)')
    keys |= {f"range_{b}" for b in ("short", "medium", "long")} | {"two_weapon_main", "two_weapon_off"}
    keys |= {f"blow.{b}" for b in BLOWS} | {f"blow_effect.{b}" for b in BLOWS} | {f"save.{b}" for b in SAVES}
    keys |= _found(r'\.d\(\s*\d+,\s*"([a-z_]+)"\)') | {
        "damage",
        "damage_brutal",
        "damage_lethal",
        "damage_cleave",
        "damage_deep_thrust",
        "damage_fatal_missile",
        "thac0_minus_ac",
    }
    keys |= _found(r'\("(pool_[a-z0-9_]+)"')
    keys |= set(S.Sheet.model_fields) | set(S.Options.model_fields)
    missing = sorted(k for k in keys if f"term.adnd2cp.{k}" not in CATALOG)
    assert missing == []


def test_settings_actions_weapons_name() -> None:
    assert "system.adnd2cp.name" in CATALOG
    for info in S.setting_infos():
        assert f"setting.adnd2cp.{info.name}" in CATALOG and info.help
    for action in (*S.extra_actions, "cleave", "start_round"):
        assert f"action.adnd2cp.{action}" in CATALOG
    for wid in S.weapons():
        assert f"weapon.adnd2cp.{wid}" in CATALOG


def test_params_in_texts_are_given() -> None:
    for key, text in CATALOG.items():
        assert text.count("{") == text.count("}"), key
