"""Small shared helpers: picking the weapon, state-change lists, conditions after damage."""

from __future__ import annotations

from typing import Any

from rules.errors import RulesError
from rules.model import StateChange, Term
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import Condition, Sheet, WeaponEntry

SYSTEM_ID = "adnd2cp"
# The sheet's own lower bound on hit points: damage stops there so a sheet always validates.
HP_FLOOR: int = next(m.ge for m in Sheet.model_fields["hp"].metadata if getattr(m, "ge", None) is not None)
_TRACKED = (
    "hp",
    "pool_current",
    "attacks_left",
    "attacks_made",
    "extra_attacks_left",
    "specials_used",
    "round_blows",
    "pending_round_blows",
    "quick_strike",
    "opportunity_attacks_made",
)


def blow_terms(ids: list[str]) -> list[Term]:
    """Blow ids as catalog terms (the bot names them in the reader's language)."""
    return [Term("blow", bid) for bid in ids]


def weapon_term(weapon_id: str) -> Term:
    return Term("weapon", weapon_id)


def _norm(text: str) -> str:
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def pick_weapon(sheet: Sheet, weapon: str | None) -> WeaponEntry:
    """The sheet's weapon by id or name, a built-in weapon by id, or the sheet's first weapon."""
    if weapon:
        key = _norm(weapon)
        for w in sheet.weapons:
            if _norm(w.id) == key or (w.name and _norm(w.name) == key):
                return w
        if _is_builtin(key):
            return WeaponEntry.model_validate({"id": key})
        return _unknown(weapon, sheet)
    if sheet.weapons:
        return sheet.weapons[0]
    return WeaponEntry.model_validate({"id": "fist"})


def _is_builtin(key: str) -> bool:
    from rules.systems.adnd2cp import weapons

    return weapons.builtin(key) is not None


def _unknown(weapon: str, sheet: Sheet) -> WeaponEntry:
    from rules.systems.adnd2cp import weapons

    raise RulesError(
        "error.adnd2cp.unknown_weapon",
        weapon=weapon,
        allowed=[weapon_term(w.id) for w in sheet.weapons] + [weapon_term(w) for w in sorted(weapons.names())],
    )


def changes(name: str, before: Sheet, after: Sheet) -> list[StateChange]:
    if before is after:
        return []
    out = []
    old_values, new_values = before.__dict__, after.__dict__
    for field in _TRACKED:
        old, new = old_values[field], new_values[field]
        if old != new:
            out.append(StateChange(combatant=name, field=field, before=old, after=new))
    if before.conditions != after.conditions:
        out.append(
            StateChange(
                combatant=name,
                field="conditions",
                before=[c.key for c in before.conditions],
                after=[c.key for c in after.conditions],
            )
        )
    return out


def with_condition(conds: list[Condition], cond: Condition) -> list[Condition]:
    return [c for c in conds if c.key != cond.key] + [cond]


def without(conds: list[Condition], *keys: str) -> list[Condition]:
    return [c for c in conds if c.key not in keys]


def hp_after_loss(sheet: Sheet, loss: int) -> int:
    """Hit points after losing `loss`, never below the sheet's lower bound (a corpse takes no more)."""
    return max(HP_FLOOR, sheet.hp - loss)


def life_conditions(conds: list[Condition], hp: int, settings: Settings) -> list[Condition]:
    """Dead at 0 (core) or at -10; unconscious from 0 to -9 with the -10 reading."""
    conds = without(conds, "dead", "unconscious")
    if hp <= settings.death_at:
        return [*conds, Condition(key="dead")]
    if hp <= 0:
        return [*conds, Condition(key="unconscious")]
    return conds


def dump(sheet: Sheet) -> dict[str, Any]:
    return sheet.model_dump()
