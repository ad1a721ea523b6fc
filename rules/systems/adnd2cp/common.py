"""Small shared helpers: picking the weapon, state-change lists, conditions after damage."""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

from rules.errors import RulesError
from rules.model import Modifier, Note, Side, StateChange, Term
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import Condition, Sheet, WeaponEntry
from rules.trusted import complete, trusted

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

M = TypeVar("M", bound=BaseModel)


def made(model: type[M], **values: Any) -> M:
    """A result model from values the rules made, already of the declared types (`rules.trusted`)."""
    return trusted(model, values)


@cache
def _names(model: type[BaseModel]) -> frozenset[str]:
    return frozenset(model.model_fields)


def whole(model: type[M], **values: Any) -> M:
    """`made` for a model whose every field the rules give: built directly (no defaults to look up by
    the names given, a tuple of up to 26 names hashed per call); the same values and fields set."""
    if values.keys() != _names(model):
        return trusted(model, values)  # its error names what is missing or unknown
    return complete(model, values, set(values))


def note(key: str, params: dict[str, Any], side: Side | None = None) -> Note:
    """`made(Note, key=key, params=params, side=side)`: whose numbers its parameters are (the actor's
    own points, the target's defence …), so the bot keeps only a hidden side's from players; None when
    they are of no one side or of a side hidden anyway."""
    return Note(key, params, side)


def modifier(key: str, value: int | float) -> Modifier:
    """A modifier the rules made: a plain str and number are built without validation (several an
    attack); anything else (a bool, a Fraction) is validated as before."""
    if type(value) is int or type(value) is float:
        return Modifier(key, value)
    return Modifier.model_validate({"key": key, "value": value})


def blow_terms(ids: list[str]) -> list[Term]:
    """Blow ids as catalog terms (the bot names them in the reader's language)."""
    return [Term("blow", bid) for bid in ids]


def weapon_term(weapon_id: str) -> Term:
    return Term("weapon", weapon_id)


def _norm(text: str) -> str:
    return text.strip().lower().replace(" ", "_").replace("-", "_")


_RANGED = ("missile", "firearm", "thrown")
_MELEE = ("melee", "natural")


def pick_weapon(sheet: Sheet, weapon: str | None, ranged: bool | None = None) -> WeaponEntry:
    """The sheet's weapon by id or name (Italian or English for a built-in one), a built-in weapon, or,
    with none named, the sheet's first weapon that can make this attack (`ranged`: a shot or a melee
    attack; None: any), else its first weapon, else a fist."""
    if weapon:
        key = _norm(weapon)
        builtin = _builtin_id(weapon)
        for w in sheet.weapons:
            if _norm(w.id) == key or (w.name and _norm(w.name) == key) or (builtin and w.id == builtin):
                return w
        if builtin:
            return WeaponEntry.model_validate({"id": builtin})
        return _unknown(weapon, sheet)
    if ranged is not None:
        kinds = _RANGED if ranged else _MELEE
        fitting = next((w for w in sheet.weapons if any(d in kinds for d in w.delivery)), None)
        if fitting is not None:
            return fitting
    if sheet.weapons:
        return sheet.weapons[0]
    return WeaponEntry.model_validate({"id": "fist"})


def _builtin_id(typed: str) -> str | None:
    from rules.systems.adnd2cp import weapons, words

    found = words.lookup(words.WEAPONS, typed)
    return found if found is not None and weapons.builtin(found) is not None else None


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
            out.append(StateChange(name, field, old, new))
    if before.conditions != after.conditions:
        names_before, names_after = [c.key for c in before.conditions], [c.key for c in after.conditions]
        out.append(StateChange(name, "conditions", names_before, names_after))
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
    return life_at(conds, hp, settings.death_at)


def life_at(conds: list[Condition], hp: int, death_at: int) -> list[Condition]:
    """`life_conditions` with the death threshold given as a number (dead at or below it)."""
    conds = without(conds, "dead", "unconscious")
    if hp <= death_at:
        return [*conds, Condition(key="dead")]
    if hp <= 0:
        return [*conds, Condition(key="unconscious")]
    return conds


def dump(sheet: Sheet) -> dict[str, Any]:
    return sheet.model_dump()
