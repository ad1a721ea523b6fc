"""Attack value (M1, M2, R1) and the defence composition (M3–M7, M30, R2) with their modifiers."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.systems.cz2d10.derive import (
    actions_left,
    armour_slowdown,
    has_armour,
    helpless,
    knows_any_weapon,
    rnd_ratio,
    skill_levels,
    weapon_of,
    wound_penalty,
)
from rules.systems.cz2d10.options import Options
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.tables import SHIELDS, Weapon

Mods = list[tuple[str, int]]


@dataclass(slots=True)
class Defence:
    """Ordered components (key, value, vzor-2 action cost) plus free situational modifiers."""

    components: list[tuple[str, int, int]] = field(default_factory=list)
    situational: Mods = field(default_factory=list)
    state: str = "normal"

    def total(self, chosen: set[str] | None = None) -> int:
        comps = sum(v for k, v, _ in self.components if chosen is None or k == "base" or k in chosen)
        return comps + sum(v for _, v in self.situational)


# ---- attack ------------------------------------------------------------------------------------------
_UNKNOWN = -1  # `levels` not given: base_attack asks skill_levels itself


def base_attack(
    sheet: Sheet, weapon: Weapon, opts: Options, settings: Settings, shot: bool, levels: int | None = _UNKNOWN
) -> Mods:
    """M1 / R1: the base part and the weapon-skill part of the attack value (`levels`: skill_levels' answer
    when the caller has it already)."""
    if shot:
        base = ("dex", sheet.dex)
    elif opts.base == "finesse" and sheet.finesse:
        base = ("finesse", sheet.dex)
    elif opts.base == "brute_force" and sheet.brute_force:
        base = ("brute_force", sheet.str_)
    else:
        base = ("str_dex_average", rnd_ratio(sheet.str_ + sheet.dex, 2, settings.rounding))
    if levels == _UNKNOWN:
        levels = skill_levels(sheet, weapon, settings)
    if levels is None:
        return [base, ("no_weapon_skill", -5)]
    if weapon.family == "shield" and sheet.shield_skill:
        return [base, ("shield_skill", sheet.shield_skill // 3)]
    return [base, ("weapon_skill", levels // 2)]


def dex_counts(sheet: Sheet, settings: Settings, left: int | None = None) -> bool:
    """M4: DEX counts with at least one free action left, or after moving from place to place (`left`: the
    sheet's actions left, when the caller has them already)."""
    if sheet.spanning:
        return False
    if left is None:
        left = actions_left(sheet, settings.polygonal)
    return left > 0 or sheet.moved_this_round


def target_state(target: Sheet, opts: Options, settings: Settings, left: int | None = None) -> str:
    """M30 special targets; a target out of the fight (unconscious, dying, dead) cannot act and is immobile
    (L418: "Nehybným cílem se myslí cíl neschopný akce (svázaný, v bezvědomí…)"). `left`: the target's
    actions left, when the caller has them already."""
    if opts.target_state != "auto":
        return opts.target_state
    if helpless(target, settings):
        return "immobile"
    if not target.aware:
        return "non_defending"
    if target.prone:
        return "prone"
    if target.non_dodging or not dex_counts(target, settings, left):
        return "non_dodging"
    return "normal"


def _holds_defensive_weapon(sheet: Sheet, main: Weapon) -> bool:
    if sheet.weapon is None:
        return sheet.bare_hand_fighting
    return not main.ranged


def _guard_allowed(sheet: Sheet, settings: Settings) -> bool:
    if not has_armour(sheet) or sheet.armour_compatibility:
        return True
    return sheet.partial_armour_compatibility and armour_slowdown(sheet, settings.polygonal) <= 2


def _shield_value(sheet: Sheet, vs_missiles: bool, confined: bool) -> int:
    shield = SHIELDS[sheet.shield] if sheet.shield else None
    if shield is None:
        return 0
    bonus = shield.bonus + (shield.slowdown if vs_missiles or confined else 0)
    if sheet.guard >= 1 or sheet.shield_skill >= 1:
        value = bonus
    elif knows_any_weapon(sheet):
        value = bonus // 2
    else:
        value = bonus // 2 - shield.slowdown
    if sheet.shield_specialization >= 1:
        value += 2
    if sheet.shield_specialization >= 2:
        value += 1 + shield.slowdown
    return value


def defence_of(
    target: Sheet, opts: Options, settings: Settings, vs_missiles: bool, state: str, main: Weapon | None = None
) -> Defence:
    """The ordered defence components: 13 | DEX | weapon | second weapon | guard | shield | dodging (`main`:
    `weapon_of(target)` when the caller has it already)."""
    if target.defence_fixed is not None:
        return Defence([("base", target.defence_fixed, 0)], [], state)
    d = Defence([("base", 13, 0)], [], state)
    if state == "immobile":
        return d
    if state in ("normal", "unarmed") and target.mounted:
        d.components.append(("dex_two_thirds", rnd_ratio(2 * target.dex, 3, settings.rounding), 1))
    elif state in ("normal", "unarmed"):
        d.components.append(("dex", target.dex, 1))
    elif state == "non_defending":
        d.components.append(("dex_half", rnd_ratio(target.dex, 2, settings.rounding), 1))
    elif state == "prone":
        d.components.append(("dex_two_thirds", rnd_ratio(2 * target.dex, 3, settings.rounding), 1))
    if main is None:
        main = weapon_of(target)
    armed = state in ("normal", "non_dodging") and _holds_defensive_weapon(target, main)
    if armed and (not vs_missiles or target.deflection):
        lv = skill_levels(target, main, settings) or 0
        if lv // 3:
            d.components.append(("weapon", lv // 3, 2))
        if target.off_weapon:
            lv2 = skill_levels(target, weapon_of(target, off_hand=True), settings) or 0
            if lv2 // 3:
                d.components.append(("second_weapon", rnd_ratio(2 * (lv2 // 3), 3, "half_up"), 1))
        elif target.dual_weapon and target.two_weapon_fighting and lv // 3:
            d.components.append(("second_weapon", rnd_ratio(2 * (lv // 3), 3, "half_up"), 1))
    shield_ok = state in ("normal", "non_dodging") and target.shield is not None
    if (armed or shield_ok) and (not vs_missiles or target.deflection) and state in ("normal", "non_dodging"):
        guard = target.guard // 2 + target.combat_instincts if _guard_allowed(target, settings) else 0
        skill = target.shield_skill // 2 if shield_ok else 0
        cost = 1 if shield_ok or target.off_weapon else 2
        if skill > guard:
            d.components.append(("shield_skill", skill, cost))
        elif guard:
            d.components.append(("guard", guard, cost))
    if shield_ok:
        value = _shield_value(target, vs_missiles, opts.confined != "none")
        if value:
            d.components.append(("shield", value, 1))
    if target.dodging and state in ("normal", "unarmed") and not target.mounted:
        d.components.append(("dodging", target.dodging, 1))
    return d


def target_attacks_per_round(sheet: Sheet) -> int:
    """How many attacks the defender itself makes (two weapons, dual weapon, bare hands; lightning ×2)."""
    n = 2 if (sheet.off_weapon or sheet.dual_weapon or sheet.weapon in (None, "bare_hand")) else 1
    return n * 2 if sheet.lightning_attacks else n


def wound_mod(sheet: Sheet, settings: Settings, off_hand: bool) -> int:
    return wound_penalty(sheet, settings, "left_arm" if off_hand else "right_arm")
