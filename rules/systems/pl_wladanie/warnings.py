"""What a stats line left to the rules' defaults, or gave that the rules ignore (`sheet_warnings`, issue 13).

Shown with a new character or NPC (catalog `note.pl_wladanie.<key>`), so that nobody fights with a
default they did not know of:

| note | when |
|---|---|
| `assumed_physical_defence {value}` | no obrona fizyczna: the house default 10 |
| `assumed {items}` | values counted where the line gave none: obrona nieprzygotowana = obrona fizyczna; |
|  | parowanie, unik, siła, walka wręcz and the władanie of each weapon 0 |
|  | of each weapon counted as 0 where the line gave none |
| `assumed_unarmed {skill}` | no weapon: the seed's unarmed strike (1k4, 1/8, lekkie, słabe) with walka wręcz |
| `assumed_no_lift {weapons}` | weights or throws without udźwig: heavy-weapon limits and throwing ranges unchecked |
| `assumed_shield {shield, coverage, armour, parry}` | a shield size without numbers: the house preset's |
| `assumed_shield_skill {shield}` | no władanie of the shield: a parry with it tests parowanie |
| `assumed_armour_parts {pieces}` | an armour piece without body parts (and not a kind that has them): korpus |
| `ignored_protection {pieces}` | pokrycie 0 (every hit beats it) or pancerz 0: never reduces damage (shows both) |
| `low_coverage {pieces, defence}` | pokrycie not above the obrona fizyczna: it counts only under a lowered defence |
| `ignored_skills {skills}` | władanie of no weapon, shield or throw on the sheet |
| `ignored_quick_weapon {keys}` | siła_obrażeń or waga without kostki_obrażeń: no weapon was made |
| `ignored_strength {strength, weapons}` | siła given, but every weapon's siła obrażeń is 0: no strength damage |
| `ignored_heavy_trait {weapons}` | the ciężka trait typed: it follows from weight and udźwig |
| `duplicate_weapons {weapons}` | two weapons of one name: only the first can be chosen |
| `ignored_proficiencies` | biegłość is kept but the rules here never read it |
| `ignored_name` | imię on the sheet: the fight shows the name given with the command |
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.model import Message, Note, Term

from . import notation
from .hit_test import THROWING_SKILL_KEYS, UNARMED_SKILL_KEYS
from .sheet import DEFAULT_DEFENCE, FIELD_SHORTCUTS, UNARMED, Sheet, Weapon
from .words import stat_vocabulary

P = "note.pl_wladanie."


def _given(data: Mapping[str, Any]) -> set[str]:
    """The keys a line gave, as the fields or quick keys they resolve to (typed names or keys alike)."""
    vocabulary = stat_vocabulary()
    out = set()
    for key, value in data.items():
        if value is None:
            continue
        out.add(vocabulary.key_of(key) or FIELD_SHORTCUTS.get(key.lower(), key))
    return out


def _item(field: str, value: Any) -> Message:
    return Message(P + "value_item", {"key": Term("term", field), "value": value})


def _has_skill(sheet: Sheet, weapon: Weapon) -> bool:
    if "unarmed" in weapon.traits:
        return True  # walka wręcz, listed with the other skills
    keys = [weapon.skill_key, *(THROWING_SKILL_KEYS if weapon.designed_for_throwing else ())]
    return any(k in sheet.weapon_skills for k in keys)


def _assumed(sheet: Sheet, given: set[str]) -> list[Message]:
    """What the rules count that the line did not give: read off the sheet (a value it holds from before,
    as in `/character set`, is not assumed), unless the line typed it (`parowanie:0` is no assumption)."""
    items: list[Message] = []
    if sheet.physical_defence_unprepared is None:
        items.append(_item("physical_defence_unprepared", sheet.defence_unprepared))
    fists = not sheet.weapons or any("unarmed" in w.traits for w in sheet.weapons)
    for field, needed in (
        ("parry_skill", True),
        ("dodge_skill", True),
        ("strength", any(w.strength_category != "0" for w in sheet.weapons or [UNARMED])),
        ("unarmed_skill", fists and not any(k in sheet.weapon_skills for k in UNARMED_SKILL_KEYS)),
    ):
        if needed and field not in given and getattr(sheet, field) == 0:
            items.append(_item(field, 0))
    for wid in dict.fromkeys(w.id for w in sheet.weapons if not _has_skill(sheet, w)):
        items.append(Message(P + "skill_item", {"weapon": Term("weapon", wid), "value": 0}))
    return items


def _used_skill_keys(sheet: Sheet) -> set[str]:
    used = {w.skill_key for w in sheet.weapons}
    if any("unarmed" not in w.traits for w in sheet.weapons):
        used |= set(THROWING_SKILL_KEYS)  # any weapon may be thrown ("test rzucania (władanie)")
    if not sheet.weapons or any("unarmed" in w.traits for w in sheet.weapons):
        used |= set(UNARMED_SKILL_KEYS)
    if sheet.shield is not None:
        used |= set(sheet.shield.skill_keys)
    return used


def _pieces(sheet: Sheet) -> list[tuple[str, int, int]]:
    found = [(p.id, p.coverage, p.armour) for p in sheet.armour]
    if sheet.shield is not None and (sheet.shield.coverage or sheet.shield.armour):
        found.append((sheet.shield.id, sheet.shield.coverage, sheet.shield.armour))
    return found


def _typed(data: Mapping[str, Any], field: str) -> str | None:
    """The notation text the line gave for a structured field (under its key or any of its names)."""
    vocabulary = stat_vocabulary()
    for key, value in data.items():
        if isinstance(value, str) and (vocabulary.key_of(key) or key) == field:
            return value
    return None


def _defaults(data: Mapping[str, Any], sheet: Sheet, given: set[str]) -> list[Note]:
    notes: list[Note] = []
    if "physical_defence" not in given and sheet.physical_defence == DEFAULT_DEFENCE:
        notes.append(Note(key="assumed_physical_defence", params={"value": DEFAULT_DEFENCE}))
    items = _assumed(sheet, given)
    if items:
        notes.append(Note(key="assumed", params={"items": items}))
    if not sheet.weapons:
        notes.append(Note(key="assumed_unarmed", params={"skill": sheet.unarmed_skill}))
    unchecked = [
        w for w in sheet.weapons
        if w.weight_kg is not None or (w.designed_for_throwing and w.max_range_m is None)
    ]  # fmt: skip
    if sheet.lift_kg is None and unchecked:
        notes.append(Note(key="assumed_no_lift", params={"weapons": [Term("weapon", w.id) for w in unchecked]}))
    shield = sheet.shield
    text = _typed(data, "shield")
    if shield is not None and shield.id in notation.SHIELD_SIZES and shield.id != "shield" and text is not None:
        if "/" not in text:
            params = {"coverage": shield.coverage, "armour": shield.armour, "parry": shield.parry_modifier}
            notes.append(Note(key="assumed_shield", params={"shield": Term("term", shield.id), **params}))
    if shield is not None and sheet.shield_skill is None:
        notes.append(Note(key="assumed_shield_skill", params={"shield": Term("term", shield.id)}))
    text = _typed(data, "armour")
    if text is not None and not notation.is_number(text):
        try:
            bare = [p["id"] for p in notation.parse_armour(text) if "parts" not in p]
        except ValueError:  # the sheet read it, so this cannot happen; say nothing rather than fail
            bare = []
        if bare:
            notes.append(Note(key="assumed_armour_parts", params={"pieces": [Term("term", p) for p in bare]}))
    return notes


def _ignored(data: Mapping[str, Any], sheet: Sheet, given: set[str]) -> list[Note]:
    notes: list[Note] = []
    pieces = _pieces(sheet)
    useless = [p for p, cov, arm in pieces if cov == 0 or arm == 0]
    if useless:
        notes.append(Note(key="ignored_protection", params={"pieces": [Term("term", p) for p in useless]}))
    defence = sheet.physical_defence if sheet.physical_defence is not None else DEFAULT_DEFENCE
    shield = sheet.shield.id if sheet.shield is not None else None
    # a shield covers its own arm twice over: it is low only when even that is not above the defence
    low = [p for p, cov, arm in pieces if 0 < cov * (2 if p == shield else 1) <= defence and arm > 0]
    if low:
        notes.append(Note(key="low_coverage", params={"pieces": [Term("term", p) for p in low], "defence": defence}))
    unused = [k for k in sheet.weapon_skills if k not in _used_skill_keys(sheet)]
    if unused:
        notes.append(Note(key="ignored_skills", params={"skills": unused}))
    quick = [k for k in ("category", "weight") if k in given]
    if quick and "damage" not in given and not any(w.id == "weapon" for w in sheet.weapons):
        notes.append(Note(key="ignored_quick_weapon", params={"keys": [Term("term", k) for k in quick]}))
    heavy = [Term("weapon", w.id) for w in sheet.weapons if "heavy" in w.traits]
    if heavy:
        notes.append(Note(key="ignored_heavy_trait", params={"weapons": heavy}))
    ids = [w.id for w in sheet.weapons]
    twice = list(dict.fromkeys(i for i in ids if ids.count(i) > 1))
    if twice:
        notes.append(Note(key="duplicate_weapons", params={"weapons": [Term("weapon", i) for i in twice]}))
    if sheet.proficiencies:
        notes.append(Note(key="ignored_proficiencies"))
    if sheet.name:
        notes.append(Note(key="ignored_name"))
    return notes


def _strength_unused(sheet: Sheet) -> list[Note]:
    """Siła given, but every weapon has strength damage category 0 ("tylko kategoria 0 nie zapewni
    jakiegokolwiek bonusu do wyniku testu obrażeń"): the strength adds nothing to any blow."""
    if not sheet.strength or not sheet.weapons or any(w.strength_category != "0" for w in sheet.weapons):
        return []
    weapons = [Term("weapon", w.id) for w in sheet.weapons]
    return [Note(key="ignored_strength", params={"strength": sheet.strength, "weapons": weapons})]


def sheet_warnings(data: Mapping[str, Any], sheet: Sheet) -> list[Note]:
    given = _given(data)
    return [*_defaults(data, sheet, given), *_ignored(data, sheet, given), *_strength_unused(sheet)]
