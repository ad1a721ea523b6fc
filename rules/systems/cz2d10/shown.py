"""How cz2d10's rolls are shown: the `Check`s of a result (label, dice, signed parts, steps, versus) and
the catalog terms that replace ids in notes and errors. Plain dataclasses only (no validation per part).

Labels (`check.cz2d10.<label>`) and versus labels (`versus.cz2d10.<label>`) are listed in
docs/rules/cz2d10.md ("Checks")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from rules.checks import add_step, check, load_checks, minus, totalled
from rules.model import Check, Die, Note, Part, Side, Term, term

ACTOR: Side = "actor"
TARGET: Side = "target"
OTHER: Side = "other"


def number(value: Fraction | float | int) -> int | float:
    """A value as a check shows it: an int when whole."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def parts(pairs: Iterable[tuple[str, int | float]], side: Side = ACTOR) -> list[Part]:
    return [Part(k, v, side) for k, v in pairs]


def d10s(faces: Sequence[int]) -> list[Die]:
    return [Die(10, f) for f in faces]


# ---- attack and defence ----------------------------------------------------------------------------
def attack_check(faces: Sequence[int], mods: Iterable[tuple[str, int]], label: str = "attack") -> Check:
    """2d10 + the attacker's parts (M1 value, skill, focus, wounds, situational bonuses)."""
    ps, raw = [], sum(faces)
    for k, v in mods:
        ps.append(Part(k, v, ACTOR))
        raw += v
    if type(raw) is not int:  # not the rules' own integers: let `check` add it up
        return check(label, dice=d10s(faces), parts=ps)
    return totalled(label, ACTOR, d10s(faces), ps, raw)


def attack_from_exchange(ex: dict[str, Any]) -> Check:
    """The attack half carried in the exchange (vzor 2), or rebuilt from its rolls and parts."""
    if ex.get("checks"):
        return load_checks(ex["checks"])[0]
    faces = [int(r["face"]) for r in ex["rolls"] if r["purpose"] == "attack"][:2]
    return attack_check(faces, [(str(k), int(v)) for k, v in ex["mods"]])


def crit_range_check(ex: dict[str, Any]) -> Check:
    """The lowest natural roll that threatens a crit: the weapon's, widened by the attacker's abilities and a
    stab, narrowed by the defender's guard and armour (never above 20)."""
    ps = [Part(str(k), int(v), side) for k, v, side in ex["crit_parts"] if v or k == "crit_weapon"]
    c = check("crit_range", parts=ps)
    if c.total is not None and c.total > 20:
        add_step(c, "max", "crit_cap", 20, OTHER)
    return c


# ---- damage ------------------------------------------------------------------------------------------
def damage_dice(groups: Sequence[tuple[int, int, int]], faces: Sequence[int]) -> tuple[list[Die], list[Part]]:
    """The damage dice by size; a subtracted die (`1d6-1d4`) shows as a die that does not count plus a part."""
    dice: list[Die] = []
    minus_parts: list[Part] = []
    it = iter(faces)
    for count, sides, sign in groups:
        for _ in range(count):
            face = next(it)
            if sign > 0:
                dice.append(Die(sides, face))
            else:
                dice.append(Die(sides, face, "dropped"))
                minus_parts.append(Part("subtracted_die", -face))
    return dice, minus_parts


def rounding_step(c: Check, mode: str, key: str = "rounding") -> None:
    """Round a running total the way `derive.rnd` rounds a fraction: half up, or down."""
    if c.total is None or float(c.total).is_integer():
        return
    add_step(c, "floor" if mode == "floor" else "round", key, 0, OTHER)


def armour_steps(c: Check, pieces: Sequence[tuple[str, Fraction, int | float, list[Part]]], mode: str) -> None:
    """D5: each armour piece takes DR × coefficient (× the light/thrown factor) off — `pieces`: (key, that
    amount exactly, the amount as shown, its factors) — and the reduction is rounded as a whole, which
    shows as one rounding of the running total: the reduction rounded down is the damage rounded up, and
    rounded half up it is the damage rounded half down (a half goes to the armour)."""
    for key, _, shown, detail in pieces:
        minus(c, key, shown, TARGET, detail)
    # the exact reduction (one piece, the usual polygonal case: its own amount, no Fraction sum)
    exact = pieces[0][1] if len(pieces) == 1 else sum((p[1] for p in pieces), Fraction(0))
    if exact.denominator == 1:
        return
    if mode == "floor":
        add_step(c, "ceil", "armour_rounding", 0, OTHER)
    else:
        half = exact.denominator == 2  # a Fraction is kept reduced: a half left over is denominator 2
        add_step(c, "floor" if half else "round", "armour_rounding", 0, OTHER)


def no_negative(c: Check, key: str = "no_negative_damage") -> None:
    if c.total is not None and c.total < 0:
        add_step(c, "min", key, 0, OTHER)


# ---- terms instead of ids ------------------------------------------------------------------------------
# note key -> {param: (catalog kind, key prefix)}: ids in these params are shown as catalog terms.
_NOTE_TERMS: dict[str, dict[str, tuple[str, str]]] = {
    "damage_type": {"type": ("term", "")},
    "crit_effect": {"effect": ("term", "crit_")},
    "destroyed": {"part": ("location", "")},
    "amputation": {"part": ("location", "")},
    "stopped_by": {"component": ("term", "stop_")},
    "auto_counter_attack": {"reason": ("term", "counter_reason_")},
    "defence_bought": {"components": ("term", "def_")},
}


def _term(value: Any, kind: str, prefix: str) -> Any:
    if isinstance(value, str):
        return term(kind, prefix + value)
    if isinstance(value, list):
        return [_term(v, kind, prefix) for v in value]
    return value


def _has_ids(params: dict[str, Any], table: dict[str, tuple[str, str]]) -> bool:
    for p in table:
        if isinstance(params.get(p), (str, list)):
            return True
    return False


def termed(notes: Iterable[Note]) -> list[Note]:
    """Notes whose id parameters are catalog terms (the bot shows them in the reader's language)."""
    out = []
    for n in notes:
        table = _NOTE_TERMS.get(n.key)
        if table is not None and _has_ids(n.params, table):
            params = {k: _term(v, *table[k]) if k in table else v for k, v in n.params.items()}
            n = Note(n.key, params)
        out.append(n)
    return out


def termed_note(key: str, params: dict[str, Any]) -> Note:
    """`termed([Note(key, params)])[0]`: one note made with its terms."""
    table = _NOTE_TERMS.get(key)
    if table is not None and _has_ids(params, table):
        params = {k: _term(v, *table[k]) if k in table else v for k, v in params.items()}
    return Note(key, params)


def terms(kind: str, keys: Iterable[str], prefix: str = "") -> list[Term]:
    return [Term(kind, prefix + k) for k in keys]
