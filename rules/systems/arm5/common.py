"""Shared pieces of a resolution: rolled totals, penalties, weapons in hand, wounds, state changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from rules.bounds import clip, field_limits
from rules.checks import add_step, check, fixed, totalled
from rules.dice import Roller
from rules.errors import RulesError
from rules.model import Check, Die, Modifier, Note, Part, Side, StateChange, Term, term
from rules.system import Fighter
from rules.systems.arm5.sheet import Sheet, SheetPart, Shield, Weapon, Wounds
from rules.systems.arm5.stress import ZERO_FACE, Recorded, StressRoll, stress_dice, stress_value
from rules.systems.arm5.tables import NONLETHAL, UNCONSCIOUS, WoundBand
from rules.systems.arm5.weapons import SHIELDS, WEAPONS
from rules.systems.arm5.words import WEAPON_NAMES, lookup
from rules.trusted import trusted
from rules.vocabulary import fold

# Weapon names the catalog knows besides the table's: the default fist, a quick line's, a custom one.
CATALOG_WEAPONS = frozenset({*WEAPONS, *SHIELDS, "fist", "npc", "weapon"})


M = TypeVar("M", bound=BaseModel)
# Per model: its field names, the plain defaults (immutable: None, numbers, text) and the default factories.


def built(cls: type[M], **values: Any) -> M:
    """A rule-made model without validation (`rules.trusted`)."""
    return trusted(cls, values)


def mod(key: str, value: int | float) -> Modifier:
    """A rule-made modifier, `built` by hand (an exchange makes a score of them)."""
    return Modifier(key, value)


def note(key: str, params: dict[str, Any] | None = None) -> Note:
    """A rule-made note (its parameters are already terms and numbers), `built` without validation."""
    return Note(key, params or {})


def dump_notes(notes: list[Note]) -> list[dict[str, Any]]:
    """Notes as plain JSON (for an exchange): a catalog term becomes `{"term": [kind, key]}`."""
    if not notes:  # the usual attack has none
        return []
    return [{"key": n.key, "params": {k: _plain(v) for k, v in n.params.items()}} for n in notes]


def load_notes(data: list[Any]) -> list[Note]:
    if type(data) is list and not data:  # the usual exchange carries none
        return []
    return [Note(key=n["key"], params={k: _term(v) for k, v in n.get("params", {}).items()}) for n in data]


def _plain(value: Any) -> Any:
    if isinstance(value, Term):
        return {"term": [value.kind, value.key]}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _term(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"term"}:
        kind, key = value["term"]
        return Term(str(kind), str(key))
    if isinstance(value, list):
        return [_term(v) for v in value]
    return value


def weapon_term(name: str) -> Term | str:
    """A weapon id as a catalog term; a weapon the player named itself stays as typed."""
    return Term("weapon", name) if name in CATALOG_WEAPONS else name


def modifier_check(
    label: str,
    side: Side,
    dice: list[Die],
    multiplier: int,
    mods: list[Modifier],
    counted: int,
    first: Part | None = None,
) -> Check:
    """A check of `dice` (which count `counted`: dice × multiplier, known to the caller) and the modifiers
    as parts (after `first`; zero ones left out, and the die is the check's dice, not a part). Whole
    numbers are added up as they are met; any other part is summed by `rules.checks.check`."""
    shown = [] if first is None else [first]
    raw = counted
    whole = type(counted) is int
    for m in mods:
        v = m.value
        if v:
            key = m.key  # read once: tested, then shown
            if "_die" in key and key.endswith("_die"):  # `in` first: an operator, a third of a method call
                continue
            shown.append(Part(key, v, side))
            if type(v) is int:
                raw += v
            else:
                whole = False
    if whole:
        return totalled(label, side, dice, shown, raw, multiplier)
    return check(label, side=side, dice=dice, multiplier=multiplier, parts=shown)


@dataclass(slots=True)
class Rolled:
    """A combat total: its modifiers, the stress die (None when no roll was possible), the total and the
    check that shows it (dice × multiplier + parts, a botch as a `set` step to 0)."""

    total: int
    modifiers: list[Modifier]
    die: StressRoll | None
    check: Check

    @property
    def botches(self) -> int:
        return self.die.botches if self.die else 0


def penalty_mods(sheet: Sheet, prefix: str) -> list[Modifier]:
    """Wound and Fatigue penalties (cumulative) for a rolled total; zero penalties are left out."""
    w = sheet.wounds
    if not (w.light or w.medium or w.heavy or sheet.fatigue_level):  # unhurt and fresh: no penalty to read
        return []
    mods = []
    wound, fatigue = sheet.wound_penalty, sheet.fatigue_penalty  # properties: read once each
    if wound:
        mods.append(Modifier(f"{prefix}_wound_penalty", wound))
    if fatigue:
        mods.append(Modifier(f"{prefix}_fatigue_penalty", fatigue))
    return mods


def stress_check(label: str, die: StressRoll, mods: list[Modifier], side: Side, value: int | None = None) -> Check:
    """The check of a stress roll: its dice, the modifiers as parts, and a botch as `set` 0 (`value`:
    the die's, when the caller has it)."""
    dice, multiplier = stress_dice(die)
    c = modifier_check(label, side, dice, multiplier, mods, die.value if value is None else value)
    if die.botched:
        add_step(c, "set", "botch", 0, side)
    return c


def combat_total(base: int, value: int | None) -> int:
    """A rolled total's number: `base` (the modifiers' sum) + the stress die's value; a botch (None)
    makes the whole total 0 (base game B3). Every rolled total of the rules is this."""
    return 0 if value is None else base + value


def roll_total(roller: Roller, purpose: str, mods: list[Modifier], botch_dice: int, side: Side = "actor") -> Rolled:
    """Modifiers + stress die (`combat_total`), with the modifiers and the check that show it. The check
    is labelled by the roll's purpose and belongs to `side` (whose roll it is in the result)."""
    dice = Recorded(roller, purpose)
    total = combat_total(sum([int(m.value) for m in mods]), stress_value(dice.face, dice.botch, max(0, botch_dice)))
    return shown_total(purpose, total, dice.roll, mods, side)


def shown_total(purpose: str, total: int, die: StressRoll, mods: list[Modifier], side: Side) -> Rolled:
    """A rolled total as the result shows it: its modifiers with the die's, and its check."""
    faces = die.faces
    first = faces[0]
    if len(faces) == 1 and first != ZERO_FACE:  # the usual roll (`stress_dice`'s first case): one die, kept
        check = modifier_check(purpose, side, [Die(10, first, "kept")], 1, mods, first)
        return Rolled(total, [*mods, Modifier(f"{purpose}_die", first)], die, check)
    value = die.value
    return Rolled(total, [*mods, Modifier(f"{purpose}_die", value)], die, stress_check(purpose, die, mods, side, value))


def no_roll(label: str, side: Side) -> Rolled:
    """A total of 0 with no die: a helpless defender makes no Defense test."""
    return Rolled(0, [], None, fixed(label, 0, "cannot_defend", side))


def botch_note(rolled: Rolled, roll: str) -> list[Note]:
    die = rolled.die
    if die is None or not die.zero:
        return []
    if die.botched:
        return [note("botch", {"roll": Term("check", roll), "botches": rolled.botches})]
    return [note("zero_no_botch", {"roll": Term("check", roll), "botch_dice": len(die.botch_faces)})]


def in_hand(sheet: Sheet, weapon_id: str | None) -> tuple[Weapon, Shield | None]:
    """The weapon used (the sheet's, or one from the table by id or by its Polish or English name:
    `sztylet`, `Dagger`) and the shield summed with it. The sheet's own weapon is found by its name as
    typed too (`szabla_rodowa`), and a table weapon the sheet holds keeps the sheet's numbers."""
    weapon = sheet.weapon
    if weapon_id and weapon_id not in (sheet.weapon.name, "npc") and fold(weapon_id) != fold(sheet.weapon.name):
        table = lookup(WEAPON_NAMES, weapon_id)
        if table is None:
            raise RulesError(
                "error.arm5.unknown_weapon", weapon=weapon_id, allowed=[Term("weapon", w) for w in sorted(WEAPONS)]
            )
        if table != sheet.weapon.name:
            weapon = Weapon.model_validate(table)
    shield = sheet.shield if weapon.ability == "single_weapon" else None
    return weapon, shield


def check_can_act(sheet: Sheet, who: str) -> None:
    if not sheet.out_of_fight:  # the usual fighter: one property read, not three
        return
    if sheet.dead:
        raise RulesError("error.arm5.cannot_act", who=who, state=Term("condition", "dead"))
    if sheet.incapacitated:
        raise RulesError("error.arm5.cannot_act", who=who, state=Term("condition", "incapacitated"))
    if sheet.unconscious:
        raise RulesError("error.arm5.cannot_act", who=who, state=Term("condition", "unconscious"))


def check_reachable(target: Sheet, who: str, kind: str, pursue: bool, protects_from: str, forced: bool = False) -> None:
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
        if isinstance(old, BaseModel) or isinstance(after, BaseModel):  # most values are plain already
            old, after = plain(old), plain(after)
        if old != after:
            out.append(StateChange(name, key, old, after))
    return out


def plain(value: Any) -> Any:
    """A sheet field's value as plain data (a nested model dumped, as `model_dump` would)."""
    if isinstance(value, BaseModel):
        return value.plain_dump() if isinstance(value, SheetPart) else value.model_dump()
    return value


def add_name(names: list[str], name: str) -> list[str]:
    return names if name in names else [*names, name]


def action_updates() -> dict[str, Any]:
    """Taking the round's action: it is used, and a held action is taken ("Może za to zadziałać
    (wykonać akcję) w dowolnej, późniejszej kolejności"), so the character no longer delays."""
    return {"action_used": True, "delaying": False}


def no_attempt() -> dict[str, Any]:
    """The sheet fields of a disengage attempt in progress, cleared (it ended, or the round did)."""
    return {
        "disengage_defence": None,
        "disengage_botched": False,
        "disengage_pending": [],
        "disengage_failed": False,
        "disengage_carried": False,
    }


def abandoned_attempt(sheet: Sheet) -> tuple[dict[str, Any], list[Note]]:
    """A normal attack after declaring the exit (seed: "Jeśli jednak zmieni zdanie i wykona normalny
    atak, wówczas bonus jest resetowany do zera"): the attempt in progress is dropped with the bonus."""
    if sheet.disengage_defence is None:
        return {}, []
    return no_attempt(), [note("disengage_abandoned")]


def own_turn_updates(sheet: Sheet, window: str) -> dict[str, Any]:
    """The character's own turn starts a new 'attacked since my last turn' window."""
    if window == "since_own_last_turn" and sheet.attacked_by:
        return {"attacked_by": []}
    return {}


_WOUND_BOUNDS = {band: field_limits(Wounds, band) for band in Wounds.model_fields}


@dataclass(slots=True)
class WoundOutcome:
    band: WoundBand | None
    updates: dict[str, Any]
    notes: list[Note]


def wound_taken(band: WoundBand | None, nonlethal: bool) -> WoundBand | None:
    """The wound a hit of `band` leaves: the band itself, or, non-lethal, the seed's lesser wound."""
    if band is None or not nonlethal:
        return band
    return NONLETHAL[band][1]


def apply_wound(sheet: Sheet, band: WoundBand | None, nonlethal: bool, plain: bool = False) -> WoundOutcome:
    """One wound of `band` (or, non-lethal, the seed's Fatigue conversion) onto a sheet (`plain`: the
    wounds update as the dict `plain_dump` makes of it, for a caller that only shows it dumped)."""
    if band is None:
        return WoundOutcome(None, {}, [])
    notes = [Note("wound_band", {"band": term("outcome", band), "size": sheet.size})]
    updates: dict[str, Any] = {}
    wound = wound_taken(band, nonlethal)
    if nonlethal:
        levels = NONLETHAL[band][0]
        new_level = sheet.fatigue_level + levels
        if new_level > UNCONSCIOUS:
            notes.append(note("fatigue_overflow", {"levels": new_level - UNCONSCIOUS}))
        updates["fatigue_level"] = min(UNCONSCIOUS, new_level)
        notes.append(note("nonlethal", {"fatigue_levels": levels, "wound": Term("outcome", wound or "no_wound")}))
    if wound == "dead":
        updates["dead"] = True
    elif wound is not None:
        wounds = sheet.wounds  # one more of the band, kept within its bounds (as model_copy clips it)
        count = clip(getattr(wounds, wound) + 1, *_WOUND_BOUNDS[wound])
        if plain:  # the dump's own dict, its one count replaced (same key order, no second dict merged)
            dumped = wounds.plain_dump()
            dumped[wound] = count
            updates["wounds"] = dumped
        else:
            updates["wounds"] = wounds.clipped_copy({wound: count})
    return WoundOutcome(wound, updates, notes)


def conditions(sheet: Sheet) -> list[str]:
    """Condition keys of a sheet: out-of-fight states, fatigue, engagement and position."""
    s = sheet
    return _conditions(
        s.dead, s.wounds.incapacitating, s.fatigue_level, s.engaged_with, s.left_combat, s.mounted, s.cover, s.delaying
    )


def plain_conditions(dumped: dict[str, Any]) -> list[str]:
    """`conditions` of a sheet from its plain dump (`Sheet.plain_dump`), without making the sheet."""
    d = dumped
    wounds = d["wounds"]["incapacitating"]
    return _conditions(
        d["dead"],
        wounds,
        d["fatigue_level"],
        d["engaged_with"],
        d["left_combat"],
        d["mounted"],
        d["cover"],
        d["delaying"],
    )


def _conditions(
    dead: bool,
    incapacitating: int,
    fatigue_level: int,
    engaged_with: list[str],
    left_combat: bool,
    mounted: bool,
    cover: str,
    delaying: bool,
) -> list[str]:
    out = []
    if dead:
        out.append("dead")
    if incapacitating > 0:  # Sheet.incapacitated
        out.append("incapacitated")
    if fatigue_level >= UNCONSCIOUS:  # Sheet.unconscious
        out.append("unconscious")
    elif fatigue_level:
        out.append(("fresh", "winded", "weary", "tired", "dazed")[fatigue_level])
    if engaged_with:
        out.append("engaged")
    if left_combat:
        out.append("left_combat")
    if mounted:
        out.append("mounted")
    if cover != "none":
        out.append(f"cover_{cover}")
    if delaying:
        out.append("delaying")
    return out


def fighter_sheet(fighter: Fighter[Any]) -> Sheet:
    sheet = fighter.sheet
    if not isinstance(sheet, Sheet):
        raise RulesError("error.arm5.sheet_type", who=fighter.name)
    return sheet
