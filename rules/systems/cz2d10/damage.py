"""Damage (D1–D9): STR part by grip, armour DR × damage-type coefficient × light/thrown factor, wounds."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules.systems.cz2d10.derive import (
    hp_max,
    part_armour,
    part_hp,
    rnd,
    rnd_ratio,
    stun_pool,
    thresholds,
    wound_con,
)
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.tables import MATERIALS, Weapon

_SHARES = {"1R": (1, 3), "2R": (2, 3), "vrh": (1, 4)}  # (numerator, denominator)


def str_part(sheet: Sheet, weapon: Weapon, settings: Settings) -> int:
    """D1: STR/3 one-handed, 2·STR/3 two-handed, STR/4 thrown (and the sling), none for bows/crossbows."""
    share = _SHARES.get(weapon.grip)
    return rnd_ratio(share[0] * sheet.str_, share[1], settings.rounding) if share is not None else 0


def armour_factor(weapon: Weapon, settings: Settings) -> Fraction:
    """L243: +50 % vs light or thrown weapons, +100 % vs light thrown and vs bare hands."""
    return _FACTORS[_factor_index(weapon, settings)]


def armour_factor_of(index: int) -> Fraction:
    """The armour factor by its index (`_factor_index`)."""
    return _FACTORS[index]


def _factor_index(weapon: Weapon, settings: Settings) -> int:
    """The armour factor as an index into _FACTORS (a cheap cache key: a Fraction's hash is not)."""
    if weapon.family == "bare_hands":
        return 2
    light = weapon.weight == "light"
    thrown = weapon.thrown or (weapon.id == "sling" and settings.sling_is_thrown)
    if light and thrown:
        return 2
    return 1 if light or thrown else 0


_FACTORS = (Fraction(1), Fraction(3, 2), Fraction(2))


def armour_slots(
    sheet: Sheet, part: str | None, settings: Settings, skip_accessories: bool
) -> list[tuple[str, str, int]]:
    """(piece, material, DR) that protect against this hit: the part's armour (polygonal), or the body
    armour, helmet and accessories as the `basic_armour_dr` setting joins them."""
    if settings.polygonal and part is not None:
        mat, dr = part_armour(sheet, part)
        return [("armour", mat.id, dr)] if dr else []
    body = ("armour", sheet.armour or "generic", sheet.armour_dr)
    helmet = ("helmet", sheet.helmet or sheet.armour or "generic", sheet.helmet_dr)
    acc = (
        "accessories",
        sheet.accessories or sheet.armour or "generic",
        0 if skip_accessories else sheet.accessories_dr,
    )
    if settings.basic_armour_dr == "body_only":
        pieces = [body]
    elif settings.basic_armour_dr == "max":
        pieces = [max((body, helmet, acc), key=lambda p: p[2])]
    else:
        pieces = [body, helmet, acc]
    return [p for p in pieces if p[2] > 0]


def armour_pieces(sheet: Sheet, part: str | None, settings: Settings, skip_accessories: bool) -> list[tuple[str, int]]:
    """(material, DR) pieces that protect against this hit."""
    return [(mat, dr) for _, mat, dr in armour_slots(sheet, part, settings, skip_accessories)]


def reduction(pieces: list[tuple[str, int]], dtype: str, weapon: Weapon, settings: Settings) -> int:
    if not pieces:
        return 0
    return _reduction(tuple(pieces), dtype, _factor_index(weapon, settings), settings.rounding)


@lru_cache(maxsize=1024)
def _reduction(pieces: tuple[tuple[str, int], ...], dtype: str, factor: int, rounding: str) -> int:
    """D5: the pieces' DR × the damage type's coefficient, × the light/thrown factor, rounded as a whole."""
    raw = sum((Fraction(dr) * Fraction(MATERIALS[m].coef[dtype]) for m, dr in pieces), Fraction(0))
    return rnd(raw * _FACTORS[factor], rounding)


def apply_damage(
    t: Sheet,
    amount: int,
    kind: str,
    part: str | None,
    settings: Settings,
    mortal: bool,
    flat_limb: bool,
) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """Sheet updates and notes for `amount` of damage (after armour) on `part` (None = basic system)."""
    upd: dict[str, Any] = {}
    notes: list[tuple[str, dict[str, Any]]] = []
    if kind == "stun":
        gain = amount
        if flat_limb:
            gain = rnd_ratio(amount, 3, settings.rounding)
            cap = thresholds(stun_pool(t, settings))[1] - 1
            gain = max(0, min(gain, cap - t.stun))
        upd["stun"] = t.stun + gain
        return upd, notes
    if part is None:
        top = hp_max(t, settings)
        hp = (t.hp if t.hp is not None else top) - amount
        if mortal:
            hp = min(hp, top - thresholds(top, t.wound_thresholds)[3])
        upd["hp"] = hp
        upd.setdefault("hp_max", t.hp_max if t.hp_max is not None else top)
        return upd, notes
    dmg = dict(t.part_damage)
    dmg[part] = dmg.get(part, 0) + amount
    hp = part_hp(t, part, settings)
    if mortal:
        dmg[part] = max(dmg[part], hp)
    amputated = list(t.amputated)
    if dmg[part] > hp + wound_con(t) and part not in amputated:
        if part in ("head", "torso"):
            upd["dead"] = True
            notes.append(("destroyed", {"part": part}))
        else:
            amputated.append(part)
            overflow = min(amount, dmg[part] - (hp + wound_con(t)))
            notes.append(
                (
                    "amputation",
                    {
                        "part": part,
                        "overflow": overflow,
                        "stun_on_success": thresholds(hp)[1],
                        "stun_on_failure": hp,
                    },
                )
            )
            if overflow > 0:
                dmg["torso"] = dmg.get("torso", 0) + overflow
                if dmg["torso"] > part_hp(t, "torso", settings) + wound_con(t):
                    upd["dead"] = True
                    notes.append(("destroyed", {"part": "torso"}))
    upd["part_damage"] = dmg
    if amputated != t.amputated:
        upd["amputated"] = amputated
    return upd, notes
