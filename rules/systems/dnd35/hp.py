"""Hit points, nonlethal damage and the HP states (digest §10): disabled, dying, stable, dead …"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.bounds import clip, clip_update
from rules.model import Modifier, Note, StateChange
from rules.systems.dnd35.sheet import HP, Sheet
from rules.systems.dnd35.tables import DEAD_AT, HP_STATES, TURN_CONDITIONS

# "Když tvé stínové zranění převýší současný počet tvých životů, padáš v bezvědomí k zemi": knocked out
# by nonlethal damage, a creature also falls prone (and stays prone when it comes to).
_STATE_CONDITIONS: dict[str, tuple[str, ...]] = {
    "dead": ("dead",),
    "dying": ("dying", "unconscious"),
    "stable": ("stable", "unconscious"),
    "disabled": ("disabled",),
    "unconscious": ("unconscious", "prone"),
    "staggered": ("staggered",),
    "unhurt": (),
    "wounded": (),
}


@lru_cache(maxsize=2048)
def mod(key: str, value: int) -> Modifier:
    """A shared Modifier instance (results never mutate them): keeps the hot path light."""
    return Modifier(key=key, value=value)


@lru_cache(maxsize=256)
def note(key: str) -> Note:
    """A shared parameterless Note instance."""
    return Note(key=key)


HELPLESS_STATES = frozenset({"dead", "dying", "stable", "unconscious"})


def hp_state(hp: int, hp_max: int, nonlethal: int, conditions: list[str]) -> str:
    """The wound key: lethal states first (A14), then the nonlethal comparison."""
    if "dead" in conditions or hp <= DEAD_AT:
        return "dead"
    if hp < 0:
        return "stable" if "stable" in conditions else "dying"
    if hp == 0:
        return "unconscious" if nonlethal > 0 else "disabled"
    if nonlethal > hp:
        return "unconscious"
    if nonlethal == hp:
        return "staggered"
    return "unhurt" if hp >= hp_max and nonlethal == 0 else "wounded"


def sheet_state(sheet: Sheet) -> str:
    return hp_state(sheet.hp, sheet.hp_max, sheet.nonlethal, sheet.conditions)


def with_state(conditions: list[str], state: str) -> list[str]:
    """Replace the HP-state conditions by those of `state`, keeping every other condition."""
    kept = [c for c in conditions if c not in HP_STATES]
    return kept + [c for c in _STATE_CONDITIONS[state] if c not in kept]


def sync_state_conditions(sheet: Sheet) -> list[str]:
    """HP-state conditions as the numbers say (a GM-set `unconscious` stays while HP are positive)."""
    state = sheet_state(sheet)
    synced = with_state(sheet.conditions, state)
    if "unconscious" in sheet.conditions and "unconscious" not in synced and state in ("unhurt", "wounded"):
        synced.append("unconscious")
    return synced


def effective_conditions(sheet: Sheet) -> frozenset[str]:
    """Sheet conditions (lasting and one-fight) plus `helpless` when unconscious, dying, stable or dead."""
    conds = sheet.all_conditions
    if conds & HELPLESS_STATES:
        return conds | {"helpless"}
    return conds


def diff(name: str, before: Sheet, after: Sheet, fields: tuple[str, ...]) -> list[StateChange]:
    if before is after:
        return []
    out = []
    old, new = before.__dict__, after.__dict__
    for f in fields:
        a, b = old[f], new[f]
        if a != b:
            out.append(StateChange(name, f, a, b))
    return out


HP_FIELDS = ("hp_current", "temp_hp", "nonlethal", "conditions", "turn_conditions", "aoo_used")


def condition_list(sheet: Sheet) -> list[str]:
    """Every condition on the sheet, lasting ones first (what results show as `conditions`)."""
    return [*sheet.conditions, *sheet.turn_conditions]


def with_conditions(sheet: Sheet, add: tuple[str, ...] = (), remove: tuple[str, ...] = ()) -> Sheet:
    """The sheet with conditions added/removed, each kept in its list (one-fight ones in turn_conditions)."""
    if not add and not (sheet.conditions or sheet.turn_conditions):
        return sheet  # nothing to take off (most attackers, on every attack)
    lasting = [c for c in sheet.conditions if c not in remove]
    turn = [c for c in sheet.turn_conditions if c not in remove]
    for cond in add:
        bucket = turn if cond in TURN_CONDITIONS else lasting
        if cond not in bucket:
            bucket.append(cond)
    if lasting == sheet.conditions and turn == sheet.turn_conditions:
        return sheet
    return fast_copy(sheet, {"conditions": lasting, "turn_conditions": turn})


def set_hp(
    sheet: Sheet,
    *,
    hp: int | None = None,
    temp: int | None = None,
    nonlethal: int | None = None,
    conditions: list[str] | None = None,
) -> Sheet:
    """A sheet copy with new HP numbers and the HP-state conditions re-evaluated."""
    hp = sheet.hp if hp is None else clip(hp, -HP, HP)  # massive damage piles up past any sheet
    nl = sheet.nonlethal if nonlethal is None else clip(nonlethal, 0, HP)
    conds = sheet.conditions if conditions is None else conditions
    state = hp_state(hp, sheet.hp_max, nl, conds)
    update: dict[str, Any] = {"hp_current": hp, "nonlethal": nl, "conditions": with_state(conds, state)}
    if temp is not None:
        update["temp_hp"] = temp
    return fast_copy(sheet, update)


def fast_copy(sheet: Sheet, update: dict[str, Any]) -> Sheet:
    """`model_copy(update=...)` without its generic overhead (same result for a plain model)."""
    new = Sheet.__new__(Sheet)
    data = dict(sheet.__dict__)
    data.update(clip_update(Sheet, update))  # numbers the rules write stay inside the declared bounds
    object.__setattr__(new, "__dict__", data)
    object.__setattr__(new, "__pydantic_fields_set__", sheet.__pydantic_fields_set__ | update.keys())
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


# What an attack changes on its attacker (the turn's bookkeeping, a disabled attacker's 1 HP) and on its
# target (hit points, conditions): plain values, a number or a list of words.
PLAIN_STATE = ("hp_current", "nonlethal", "temp_hp", "conditions", "turn_conditions", "aoo_used", "turn_actions")
# The last sheets dumped whole, by identity: a sheet an attack changed only in PLAIN_STATE is dumped from
# its starting sheet's dump (the bot hands the same sheet object again while its stored text is unchanged)
# instead of a whole `model_dump()` of every attacker and every target hit.
_DUMPS: dict[int, tuple[Sheet, dict[str, Any]]] = {}
_OTHER_FIELDS: tuple[str, ...] = tuple(f for f in Sheet.model_fields if f not in PLAIN_STATE)


def dumped(new: Sheet, start: Sheet) -> dict[str, Any]:
    """`new.model_dump()`, built from `start`'s (cached) dump when only PLAIN_STATE differs (a dump is data:
    nobody changes it in place, so its nested lists may be shared)."""
    was, now = start.__dict__, new.__dict__
    for key in _OTHER_FIELDS:
        if now[key] is not was[key]:
            return new.model_dump()
    found = _DUMPS.get(id(start))
    if found is None or found[0] is not start:
        if len(_DUMPS) >= 256:
            _DUMPS.clear()
        found = _DUMPS[id(start)] = (start, start.model_dump())
    out = found[1].copy()
    for key in PLAIN_STATE:
        value = now[key]
        out[key] = value.copy() if isinstance(value, list) else value
    return out


def apply_damage(sheet: Sheet, amount: int, kind: str, temp_absorbs_nonlethal: bool = False) -> Sheet:
    """Temporary HP absorb first; lethal lowers hp_current, nonlethal raises the nonlethal pool."""
    temp = sheet.temp_hp
    absorbed = 0
    if temp and (kind == "lethal" or temp_absorbs_nonlethal):
        absorbed = min(temp, amount)
    rest = amount - absorbed
    conds = sheet.conditions
    if kind == "lethal":
        if rest > 0 and "stable" in conds:
            conds = [c for c in conds if c != "stable"]  # a stable character hurt again is dying again
        return set_hp(sheet, hp=sheet.hp - rest, temp=temp - absorbed, conditions=conds)
    return set_hp(sheet, nonlethal=sheet.nonlethal + rest, temp=temp - absorbed)


def heal(sheet: Sheet, amount: int) -> Sheet:
    """Healing: HP up to hp_max, the same amount of nonlethal removed; any healing stabilises."""
    hp = min(sheet.hp_max, sheet.hp + amount) if sheet.hp < sheet.hp_max else sheet.hp
    nonlethal = max(0, sheet.nonlethal - amount)
    conds = [c for c in sheet.conditions if c != "stable"]
    if hp < 0 and amount > 0:
        conds.append("stable")
    return set_hp(sheet, hp=hp, nonlethal=nonlethal, conditions=conds)
