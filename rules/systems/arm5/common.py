"""Shared pieces of a resolution: rolled totals, penalties, weapons in hand, wounds, state changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.dice import Roller
from rules.errors import RulesError
from rules.model import Modifier, Note, StateChange
from rules.system import Fighter
from rules.systems.arm5.sheet import Sheet, Shield, Weapon
from rules.systems.arm5.stress import StressRoll, stress_die
from rules.systems.arm5.tables import BAND_PL, NONLETHAL, UNCONSCIOUS, WoundBand
from rules.systems.arm5.weapons import WEAPONS


def mod(key: str, value: int) -> Modifier:
    return Modifier(key=key, value=value)


def note(key: str, params: dict[str, Any] | None = None) -> Note:
    return Note(key=key, params=params or {})


@dataclass(frozen=True, slots=True)
class Rolled:
    """A combat total: its modifiers, the stress die (None when no roll was possible) and the total."""

    total: int
    modifiers: list[Modifier]
    die: StressRoll | None

    @property
    def botches(self) -> int:
        return self.die.botches if self.die else 0


def penalty_mods(sheet: Sheet, prefix: str) -> list[Modifier]:
    """Wound and Fatigue penalties (cumulative) for a rolled total; zero penalties are left out."""
    mods = []
    if sheet.wound_penalty:
        mods.append(mod(f"{prefix}_wound_penalty", sheet.wound_penalty))
    if sheet.fatigue_penalty:
        mods.append(mod(f"{prefix}_fatigue_penalty", sheet.fatigue_penalty))
    return mods


def roll_total(roller: Roller, purpose: str, mods: list[Modifier], botch_dice: int) -> Rolled:
    """Modifiers + stress die; a botch makes the whole total 0 (base game B3)."""
    die = stress_die(roller, purpose, botch_dice)
    mods = [*mods, mod(f"{purpose}_die", die.value)]
    total = 0 if die.botched else sum(int(m.value) for m in mods)
    return Rolled(total, mods, die)


def botch_note(rolled: Rolled, roll: str) -> list[Note]:
    if not rolled.die or not rolled.die.zero:
        return []
    if rolled.die.botched:
        return [note("botch", {"roll": roll, "botches": rolled.botches})]
    return [note("zero_no_botch", {"roll": roll, "botch_dice": len(rolled.die.botch_faces)})]


def in_hand(sheet: Sheet, weapon_id: str | None) -> tuple[Weapon, Shield | None]:
    """The weapon used (the sheet's, or one from the table by id) and the shield summed with it."""
    weapon = sheet.weapon
    if weapon_id and weapon_id not in (sheet.weapon.name, "npc"):
        if weapon_id not in WEAPONS and weapon_id not in ("unarmed",):
            raise RulesError("error.arm5.unknown_weapon", weapon=weapon_id, allowed=sorted(WEAPONS))
        weapon = Weapon.model_validate(weapon_id)
    shield = sheet.shield if weapon.ability == "single_weapon" else None
    return weapon, shield


def check_can_act(sheet: Sheet, who: str) -> None:
    if sheet.dead:
        raise RulesError("error.arm5.cannot_act", who=who, state="dead")
    if sheet.incapacitated:
        raise RulesError("error.arm5.cannot_act", who=who, state="incapacitated")
    if sheet.unconscious:
        raise RulesError("error.arm5.cannot_act", who=who, state="unconscious")


def check_reachable(
    target: Sheet, who: str, kind: str, pursue: bool, protects_from: str, forced: bool = False
) -> None:
    """Seed: who left the fight "nie może zostać ponownie zaatakowana, dopóki przeciwnik również się nie
    wycofa i nie rozpocznie pościgu". Melee always; shots and spells too with `all_attacks` (GM). The
    dead are refused unless the GM forced the attack."""
    if target.dead and not forced:
        raise RulesError("error.arm5.target_dead", who=who)
    if not target.left_combat or pursue:
        return
    if kind == "attack" or protects_from == "all_attacks":
        raise RulesError("error.arm5.target_left_combat", who=who)


def changes_of(name: str, before: Sheet, updates: dict[str, Any]) -> list[StateChange]:
    """StateChange per field whose value differs (nested models compared as plain data)."""
    out = []
    for key, after in updates.items():
        old = getattr(before, key)
        old_plain = old.model_dump() if hasattr(old, "model_dump") else old
        new_plain = after.model_dump() if hasattr(after, "model_dump") else after
        if old_plain != new_plain:
            out.append(StateChange(combatant=name, field=key, before=old_plain, after=new_plain))
    return out


def add_name(names: list[str], name: str) -> list[str]:
    return names if name in names else [*names, name]


def action_updates() -> dict[str, Any]:
    """Taking the round's action: it is used, and a held action is taken ("Może za to zadziałać
    (wykonać akcję) w dowolnej, późniejszej kolejności"), so the character no longer delays."""
    return {"action_used": True, "delaying": False}


def own_turn_updates(sheet: Sheet, window: str) -> dict[str, Any]:
    """The character's own turn starts a new 'attacked since my last turn' window."""
    if window == "since_own_last_turn" and sheet.attacked_by:
        return {"attacked_by": []}
    return {}


@dataclass(frozen=True, slots=True)
class WoundOutcome:
    band: WoundBand | None
    updates: dict[str, Any]
    notes: list[Note]


def apply_wound(sheet: Sheet, band: WoundBand | None, nonlethal: bool) -> WoundOutcome:
    """One wound of `band` (or, non-lethal, the seed's Fatigue conversion) onto a sheet."""
    if band is None:
        return WoundOutcome(None, {}, [])
    notes = [note("wound_band", {"band": band, "native": BAND_PL[band]})]
    updates: dict[str, Any] = {}
    wound: WoundBand | None = band
    if nonlethal:
        levels, wound = NONLETHAL[band]
        new_level = sheet.fatigue_level + levels
        if new_level > UNCONSCIOUS:
            notes.append(note("fatigue_overflow", {"levels": new_level - UNCONSCIOUS}))
        updates["fatigue_level"] = min(UNCONSCIOUS, new_level)
        notes.append(note("nonlethal", {"fatigue_levels": levels, "wound": wound or "none"}))
    if wound == "dead":
        updates["dead"] = True
    elif wound is not None:
        counts = sheet.wounds.model_dump()
        counts[wound] += 1
        updates["wounds"] = sheet.wounds.model_copy(update={wound: counts[wound]})
    return WoundOutcome(wound, updates, notes)


def conditions(sheet: Sheet) -> list[str]:
    """Condition keys of a sheet: out-of-fight states, fatigue, engagement and position."""
    out = []
    if sheet.dead:
        out.append("dead")
    if sheet.incapacitated:
        out.append("incapacitated")
    if sheet.unconscious:
        out.append("unconscious")
    elif sheet.fatigue_level:
        out.append(("fresh", "winded", "weary", "tired", "dazed")[sheet.fatigue_level])
    if sheet.engaged_with:
        out.append("engaged")
    if sheet.left_combat:
        out.append("left_combat")
    if sheet.mounted:
        out.append("mounted")
    if sheet.cover != "none":
        out.append(f"cover_{sheet.cover}")
    if sheet.delaying:
        out.append("delaying")
    return out


def fighter_sheet(fighter: Fighter[Any]) -> Sheet:
    sheet = fighter.sheet
    if not isinstance(sheet, Sheet):
        raise RulesError("error.arm5.sheet_type", who=fighter.name)
    return sheet
