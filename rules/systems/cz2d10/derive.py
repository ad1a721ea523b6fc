"""Derived numbers of a sheet: rounding, slowdown, initiative, actions, weapon skill, HP and wound levels."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.tables import (
    MATERIALS,
    PART_INFO,
    PARTS,
    SHIELDS,
    WEAPONS,
    Material,
    Weapon,
    lookup_id,
)

WOUND_LEVELS = ("none", "scratch", "light", "serious", "severe", "mortal")


def rnd(x: Fraction | float | int, mode: str) -> int:
    """Round a fraction the text leaves open: half away from zero (default) or floor."""
    if isinstance(x, int):
        return x
    if isinstance(x, Fraction):
        n, d = x.numerator, x.denominator  # integer arithmetic: no new Fractions on the hot path
    else:
        q = Fraction(x)
        n, d = q.numerator, q.denominator
    if d == 1:
        return n
    if mode == "floor":
        return n // d
    return (2 * n + d) // (2 * d) if n >= 0 else -((-2 * n + d) // (2 * d))


def rnd_ratio(n: int, d: int, mode: str) -> int:
    """`rnd(Fraction(n, d), mode)` for d > 0 without building the Fraction (both roundings give the same
    for n/d and its reduced form)."""
    if mode == "floor":
        return n // d
    return (2 * n + d) // (2 * d) if n >= 0 else -((-2 * n + d) // (2 * d))


# ---- equipment ----------------------------------------------------------------------------------
BARE_HAND = WEAPONS["bare_hand"]


def weapon_of(sheet: Sheet, weapon_id: str | None = None, off_hand: bool = False) -> Weapon:
    """The weapon used: the request's, else the sheet's (off-hand: second weapon), else bare hands."""
    wid = lookup_id(weapon_id) if weapon_id else (sheet.off_weapon if off_hand else sheet.weapon)
    weapon_id = wid if weapon_id else None
    w = WEAPONS.get(wid, BARE_HAND) if wid else BARE_HAND
    if sheet.weapon_damage and not off_hand and weapon_id in (None, sheet.weapon):
        w = replace(w, damage=sheet.weapon_damage)
    if sheet.reach is not None and not off_hand and w.kind == "melee" and weapon_id in (None, sheet.weapon):
        w = replace(w, reach=(min(w.reach[0], sheet.reach), sheet.reach))
    return w


def _piece_slowdown(dr: int, k: int | None, fixed: int) -> int:
    if dr <= 0:
        return 0
    return fixed if k is None else max(0, dr - k)


def armour_slowdown(sheet: Sheet, polygonal: bool) -> int:
    """Armour slowdown; a rider counts it 1 lower (min 0) and never above 4 (L428, A27)."""
    total = _armour_slowdown(sheet, polygonal)
    return min(4, max(0, total - 1)) if sheet.mounted else total


def _armour_slowdown(sheet: Sheet, polygonal: bool) -> int:
    if polygonal and sheet.armour_parts:
        total = 0
        for slot, piece in sheet.armour_parts.items():
            m = MATERIALS[piece.material]
            k = m.poly_body_k if slot == "torso" else m.poly_head_k if slot == "head" else m.poly_limbs_k
            total += _piece_slowdown(piece.dr, k, 0)
        return total
    return _worn_slowdown(
        sheet.armour, sheet.armour_dr, sheet.helmet, sheet.helmet_dr, sheet.accessories, sheet.accessories_dr
    )


@lru_cache(maxsize=256)
def _worn_slowdown(
    armour: str | None, armour_dr: int, helmet: str | None, helmet_dr: int, accessories: str | None, acc_dr: int
) -> int:
    """The body armour's, helmet's and accessories' slowdown: their materials and DRs alone decide it (a
    sheet's numbers are worked out afresh for every new sheet object, and a fighter's armour rarely
    changes)."""
    total = 0
    if armour:
        total += _piece_slowdown(armour_dr, MATERIALS[armour].body_k, 0)
    hm = MATERIALS[helmet or armour or "generic"]
    total += _piece_slowdown(helmet_dr, hm.helmet_k, hm.helmet_fixed)
    am = MATERIALS[accessories or armour or "generic"]
    total += _piece_slowdown(acc_dr, am.accessories_k, 0)
    return total


# Derived numbers per sheet object (sheets are frozen; a changed sheet is a new object): the last few,
# keyed by identity and holding the sheet itself, so an id is never reused while its entry lives. An
# attack asks the initiative → actions chain about five times of two sheets: each is worked out once.
class _Derived(NamedTuple):
    sheet: Sheet
    slowdown: int  # the sheet's own `slowdown`, else the computed total
    initiative: int
    per_round: int


_DERIVED: dict[tuple[int, bool], _Derived] = {}


def _derived(sheet: Sheet, polygonal: bool) -> _Derived:
    key = (id(sheet), polygonal)
    hit = _DERIVED.get(key)
    if hit is not None and hit.sheet is sheet:
        return hit
    if len(_DERIVED) > 64:
        _DERIVED.clear()
    slowdown = _slowdown_total(sheet, polygonal) if sheet.slowdown is None else sheet.slowdown
    if sheet.initiative_fixed is not None:
        init = sheet.initiative_fixed
    else:  # I1: reaction + one-off bonuses − slowdown of everything used in this fight
        init = sheet.reaction + sheet.initiative_bonus - slowdown
    per_round = min(5, _class_actions(init, sheet.mounted) + sheet.acceleration)
    out = _DERIVED[key] = _Derived(sheet, slowdown, init, per_round)
    return out


def slowdown_total(sheet: Sheet, polygonal: bool) -> int:
    return _derived(sheet, polygonal).slowdown


# What the derived numbers are computed from (_slowdown_total, armour_slowdown, _derived).
DERIVED_FIELDS = frozenset(
    (
        "slowdown",
        "armour_parts",
        "armour",
        "armour_dr",
        "helmet",
        "helmet_dr",
        "accessories",
        "accessories_dr",
        "mounted",
        "weapon",
        "off_weapon",
        "shield",
        "initiative_fixed",
        "reaction",
        "initiative_bonus",
        "acceleration",
    )
)


def carry_slowdown(before: Sheet, after: Sheet, changed: Iterable[str]) -> None:
    """`after` is `before` with `changed` fields: when none of them moves the derived numbers, `after` gets
    `before`'s cached ones (the sheet after an exchange is asked its actions again at once)."""
    if DERIVED_FIELDS.isdisjoint(changed) and len(_DERIVED) <= 64:
        for polygonal in (False, True):
            hit = _DERIVED.get((id(before), polygonal))
            if hit is not None and hit.sheet is before:
                _DERIVED[(id(after), polygonal)] = _Derived(after, hit.slowdown, hit.initiative, hit.per_round)


def _slowdown_total(sheet: Sheet, polygonal: bool) -> int:
    total = armour_slowdown(sheet, polygonal)
    for wid in (sheet.weapon, sheet.off_weapon):
        if wid:
            total += WEAPONS[wid].slowdown
    if sheet.shield:
        total += SHIELDS[sheet.shield].slowdown
    return total


def initiative_value(sheet: Sheet, polygonal: bool) -> int:
    """I1: reaction + one-off bonuses − slowdown of everything used in this fight (`_derived`)."""
    return _derived(sheet, polygonal).initiative


def base_actions(init: int) -> int:
    """I4 "těhotná želva": 5 actions; −1…−5 loses one, below −5 loses two."""
    return 5 if init >= 0 else (4 if init >= -5 else 3)


def _class_actions(init: int, mounted: bool) -> int:
    """I4 and I6: the actions the initiative class gives; a rider is slow only at very low initiative, and
    then only as if low ("Pro jezdce toto pravidlo neplatí, pokud nemá velmi nízkou iniciativu", L9)."""
    base = base_actions(init)
    if mounted:
        return 5 if base == 4 else 4 if base == 3 else base
    return base


def class_actions(sheet: Sheet, polygonal: bool) -> int:
    return _class_actions(initiative_value(sheet, polygonal), sheet.mounted)


def actions_per_round(sheet: Sheet, polygonal: bool) -> int:
    """I4 with I5: acceleration buys back one action per level (never above 5); riders (I6)."""
    return _derived(sheet, polygonal).per_round


def acceleration_price(sheet: Sheet, polygonal: bool) -> int:
    """Stun per two rounds for the current acceleration level (1 per action bought back)."""
    lost = 5 - class_actions(sheet, polygonal)
    return min(sheet.acceleration, lost)


def may_charge(sheet: Sheet, settings: Settings) -> bool:
    """L8: no charge with negative initiative, even accelerated; L9: a rider at −1…−5 is outside "toto
    pravidlo" (GM setting: the whole paragraph, or only the action count); very low counts as low."""
    init = initiative_value(sheet, settings.polygonal)
    if init >= 0:
        return True
    return sheet.mounted and init >= -5 and settings.rider_low_initiative_charge


def actions_left(sheet: Sheet, polygonal: bool) -> int:
    return _derived(sheet, polygonal).per_round if sheet.actions_left is None else sheet.actions_left


# ---- weapon skill (M2) ----------------------------------------------------------------------------
def _skills(sheet: Sheet) -> dict[str, int]:
    return sheet.weapon_skill if isinstance(sheet.weapon_skill, dict) else {}


def knows_any_weapon(sheet: Sheet) -> bool:
    if isinstance(sheet.weapon_skill, int):
        return sheet.weapon_skill > 0 or sheet.shield_skill > 0
    return any(v > 0 for v in sheet.weapon_skill.values()) or sheet.shield_skill > 0


def skill_levels(sheet: Sheet, weapon: Weapon, settings: Settings) -> int | None:
    """Levels with this weapon after M2 substitutions; None = knows no weapon at all (attack −5)."""
    if weapon.family == "shield" and sheet.shield_skill:
        return sheet.shield_skill
    skills = sheet.weapon_skill
    if isinstance(skills, int):
        return skills if knows_any_weapon(sheet) else None
    # the weapon's own skill, else its category's, else its family's (levels are ints, never None)
    found = skills.get(weapon.id)
    if found is None:
        found = skills.get(weapon.category)
        if found is None:
            found = skills.get(weapon.family)
    if found is not None:
        return found
    if not knows_any_weapon(sheet):
        return None
    best = 0
    for key, levels in skills.items():
        other = _weapon_for_key(key)
        if other is None:
            continue
        if other.family == weapon.family:
            best = max(best, levels - 3)
        elif other.kind == weapon.kind:
            best = max(best, math.floor(Fraction(2, 3) * (levels - 3)))
        elif settings.unskilled_other_kind == "minus_five" and best == 0:
            return None
    return max(0, best)


def _weapon_for_key(key: str) -> Weapon | None:
    if key in WEAPONS:
        return WEAPONS[key]
    for w in WEAPONS.values():
        if key in (w.category, w.family):
            return w
    return None


def max_melee_skill(sheet: Sheet) -> int:
    if isinstance(sheet.weapon_skill, int):
        return sheet.weapon_skill
    melee = [v for k, v in sheet.weapon_skill.items() if (w := _weapon_for_key(k)) is None or w.kind == "melee"]
    return max(melee, default=0)


# ---- armour ---------------------------------------------------------------------------------------
def has_armour(sheet: Sheet) -> bool:
    return bool(
        sheet.armour_dr or sheet.helmet_dr or sheet.accessories_dr or any(p.dr for p in sheet.armour_parts.values())
    )


def part_armour(sheet: Sheet, part: str) -> tuple[Material, int]:
    """Polygonal armour on a body part; without armour_parts the basic pieces map torso/head/limbs."""
    slot = "torso" if part == "torso" else "head" if part == "head" else ("arms" if "arm" in part else "legs")
    if sheet.armour_parts:
        piece = sheet.armour_parts.get(part) or sheet.armour_parts.get(slot)  # type: ignore[call-overload]
        return (MATERIALS[piece.material], piece.dr) if piece else (MATERIALS["generic"], 0)
    if slot == "torso":
        return MATERIALS[sheet.armour or "generic"], sheet.armour_dr
    if slot == "head":
        return MATERIALS[sheet.helmet or sheet.armour or "generic"], sheet.helmet_dr
    return MATERIALS[sheet.accessories or sheet.armour or "generic"], sheet.accessories_dr


# ---- HP and wound levels --------------------------------------------------------------------------
def part_hp(sheet: Sheet, part: str, settings: Settings) -> int:
    """L473: head and limbs 5 (9) + CON, the body 9 + CON, +1 each with toughness (tvrdost). A quick NPC
    (`životy` given, no `kondice`) has its HP on the body and the other parts in the seed's proportion
    5 : 9 (all equal with `polygonal_equal_hp`), at least 1 (house default; with CON the HP given are the
    basic system's and the parts follow the seed)."""
    info = PART_INFO[part]
    if quick_body_hp(sheet):
        assert sheet.hp_max is not None
        if part == "torso" or settings.polygonal_equal_hp:
            return sheet.hp_max
        return max(1, rnd_ratio(sheet.hp_max * info.base_hp, PART_INFO["torso"].base_hp, settings.rounding))
    base = info.equal_hp if settings.polygonal_equal_hp else info.base_hp
    return base + sheet.con + (1 if sheet.toughness else 0)


def quick_body_hp(sheet: Sheet) -> bool:
    """A quick NPC's `životy` are its body HP in the polygonal system too (no CON to count them from)."""
    return sheet.hp_max is not None and sheet.con == 0


def wound_con(sheet: Sheet) -> int:
    """The CON that limits wounds: a part whose penalty is above it is unusable (L497) and damage above
    its HP + CON destroys it (L498). A quick NPC has no CON: the seed's body HP "9 + CON" read backwards,
    body HP − 9, at least 0 (house default), so a 12-HP NPC is not out at its first light wound."""
    if quick_body_hp(sheet):
        assert sheet.hp_max is not None
        return max(0, sheet.hp_max - PART_INFO["torso"].base_hp)
    return sheet.con


def hp_max(sheet: Sheet, settings: Settings) -> int:
    if settings.polygonal:
        return part_hp(sheet, "torso", settings)
    return sheet.hp_max if sheet.hp_max is not None else 9 + sheet.con


def thresholds(hp: int, custom: list[int] | None = None) -> list[int]:
    """Damage taken at which light / serious / severe / mortal start (house placeholder: quarters of HP)."""
    if custom:
        return list(custom)
    return list(_quarters(hp))


@lru_cache(maxsize=128)
def _quarters(hp: int) -> tuple[int, int, int, int]:
    return (max(1, -(-hp // 4)), max(1, -(-hp // 2)), max(1, -(-3 * hp // 4)), max(1, hp))


def wound_level(damage: int, hp: int, custom: list[int] | None = None) -> str:
    if damage <= 0:
        return "none"
    if not custom:  # the quarters of HP: a level per (damage, HP), looked up (a part's level after every hit)
        return _quarter_level(damage, hp)
    return _level(damage, custom)


def _level(damage: int, limits: Iterable[int]) -> str:
    level = "scratch"
    for name, limit in zip(("light", "serious", "severe", "mortal"), limits, strict=True):
        if damage >= limit:
            level = name
    return level


@lru_cache(maxsize=1024)
def _quarter_level(damage: int, hp: int) -> str:
    return _level(damage, _quarters(hp))


def wound_rank(level: str) -> int:
    return WOUND_LEVELS.index(level) if level in WOUND_LEVELS else 0


def part_level(sheet: Sheet, part: str, settings: Settings) -> str:
    if part in sheet.amputated:
        return "mortal"
    damage = sheet.part_damage.get(part, 0)
    return wound_level(damage, part_hp(sheet, part, settings)) if damage > 0 else "none"


def part_penalty(sheet: Sheet, part: str, settings: Settings) -> int:
    return level_penalty(part, part_level(sheet, part, settings))


def level_penalty(part: str, level: str) -> int:
    """A part's penalty at a wound level (none below light)."""
    i = _PENALTY_INDEX.get(level)
    return 0 if i is None else PART_INFO[part].penalties[i]


# A wound level's penalty among (light, serious, severe); a mortal wound takes the severe one.
_PENALTY_INDEX = {"light": 0, "serious": 1, "severe": 2, "mortal": 2}


def part_unusable(sheet: Sheet, part: str, settings: Settings) -> bool:
    """Mortal wound, or a penalty larger than CON, makes a part unusable (L497)."""
    if part in sheet.amputated:
        return True
    if not sheet.part_damage.get(part):
        return False
    level = part_level(sheet, part, settings)  # asked once: part_penalty's own level, read here
    if level == "mortal":
        return True
    return -level_penalty(part, level) > wound_con(sheet)


def basic_damage_taken(sheet: Sheet, settings: Settings) -> int:
    top = hp_max(sheet, settings)
    return top - (sheet.hp if sheet.hp is not None else top)


def basic_level(sheet: Sheet, settings: Settings) -> str:
    return wound_level(basic_damage_taken(sheet, settings), hp_max(sheet, settings), sheet.wound_thresholds)


def wound_penalty(sheet: Sheet, settings: Settings, arm: str = "right_arm") -> int:
    """Penalty to tests: polygonal head + torso + legs + the acting arm; basic: by overall level."""
    if settings.polygonal:
        if not (sheet.part_damage or sheet.amputated):
            return 0  # an unhurt body: every part's penalty is 0
        return sum(part_penalty(sheet, p, settings) for p in ("head", "torso", "right_leg", "left_leg", arm))
    level = basic_level(sheet, settings)
    pens = sheet.wound_penalties or list(PART_INFO["torso"].penalties)
    return {"light": pens[0], "serious": pens[1], "severe": pens[2], "mortal": pens[2]}.get(level, 0)


def stun_pool(sheet: Sheet, settings: Settings) -> int:
    if sheet.stun_max is not None:
        return sheet.stun_max
    return part_hp(sheet, "torso", settings) if settings.polygonal else hp_max(sheet, settings)


def fainted(sheet: Sheet, settings: Settings) -> bool:
    """L467: unconscious once the stun reaches the serious level, or after a failed shock test while a
    body part has a serious or worse wound (the `fainted` flag the shock sets; the GM may set it too)."""
    # no stun never reaches the serious level (at least 1): skip computing the pool
    return sheet.fainted or (sheet.stun > 0 and sheet.stun >= thresholds(stun_pool(sheet, settings))[1])


def faints_after_failed_shock(sheet: Sheet, settings: Settings) -> bool:
    """L467 (polygonal): "kdy má kterákoliv část těla vážné a vyšší zranění a dojde k neúspěchu v testu na
    šok, postava omdlévá" — true when, after the blow, some part is seriously wounded or worse."""
    serious = wound_rank("serious")
    return settings.polygonal and any(wound_rank(part_level(sheet, p, settings)) >= serious for p in PARTS)


def out_of_fight(sheet: Sheet, settings: Settings) -> bool:
    """Cannot act now: dead, fainted, or (L497) the head or the torso unusable — "je postava okamžitě
    vyřazena z boje, jako by v normálním systému utrpěla smrtelné zranění"; basic system: a mortal wound."""
    if sheet.dead or fainted(sheet, settings):
        return True
    if settings.polygonal:
        # an unhurt body (no damage, nothing amputated) has no unusable part: skip asking each
        hurt = sheet.part_damage or sheet.amputated
        return bool(hurt) and any(part_unusable(sheet, p, settings) for p in ("head", "torso"))
    return basic_level(sheet, settings) == "mortal"


def helpless(sheet: Sheet, settings: Settings) -> bool:
    """A target that cannot act (L366 nehybný, L418 "svázaný, v bezvědomí…"): the GM's immobile flag or
    anyone out of the fight."""
    return sheet.immobile or out_of_fight(sheet, settings)


__all__ = ["PARTS", "WOUND_LEVELS"]
