"""What a stats line left to the rules' defaults, and what it gave that the rules ignore: shown with the new
character or NPC instead of silent defaults (`sheet_warnings`). Notes `note.cz2d10.<key>`; ids as Terms.

The numbers are the default settings' (the polygonal system with the seed's part HP); a note that only
holds in one system says so."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.model import Note, Term
from rules.systems.cz2d10.derive import armour_slowdown, has_armour, part_hp, quick_body_hp, wound_con
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import SHORTCUTS, Sheet
from rules.systems.cz2d10.tables import NPC_WEAPON, WEAPONS
from rules.systems.cz2d10.words import stat_vocabulary

_POLYGONAL = Settings()


def _given(data: Mapping[str, Any]) -> set[str]:
    """The stats keys a line gave, whatever it called them (Czech, English, the model's field names)."""
    vocabulary = stat_vocabulary()
    out: set[str] = set()
    for typed in data:
        name = SHORTCUTS.get(str(typed).lower(), str(typed))
        key = vocabulary.key_of(str(typed)) or vocabulary.key_of(name) or name
        out.add("str" if key == "str_" else key)
    if "hp" in out:
        out.add("hp_max")
    return out


def _terms(keys: Sequence[str]) -> list[Term]:
    return [Term("term", k) for k in keys]


def _defaults(given: set[str], s: Sheet) -> list[Note]:
    """Numbers the line did not give that the rules use, counted as 0; bare hands; no weapon skill."""
    notes: list[Note] = []
    used = []
    if s.attack_fixed is None:
        used += ["str", "dex"]
    elif s.weapon not in (None, NPC_WEAPON.id) or s.weapon_damage is None:
        used += ["str"]  # the STR part of damage (D1) still counts
    if s.defence_fixed is None and "dex" not in used:
        used.append("dex")
    if s.initiative_fixed is None:
        used.append("reaction")
    if not quick_body_hp(s):
        used.append("con")
    zero = [k for k in used if k not in given]
    if zero:
        notes.append(Note(key="assumed_zero", params={"keys": _terms(zero)}))
    if s.weapon is None and s.off_weapon is None:
        notes.append(Note(key="assumed_bare_hands"))
    if s.weapon == NPC_WEAPON.id and "weapon" not in given:
        damage = s.weapon_damage or NPC_WEAPON.damage
        notes.append(Note(key="assumed_npc_weapon", params={"damage": damage, "reach": NPC_WEAPON.reach[1]}))
        if s.weapon_damage is None:
            notes.append(Note(key="assumed_npc_damage", params={"damage": NPC_WEAPON.damage}))
    if s.attack_fixed is None and s.weapon_skill in (0, {}) and not s.shield_skill:
        notes.append(Note(key="assumed_no_weapon_skill", params={"penalty": -5}))
    return notes


def _hit_points(given: set[str], s: Sheet) -> list[Note]:
    torso = part_hp(s, "torso", _POLYGONAL)
    limb = part_hp(s, "right_arm", _POLYGONAL)
    head = part_hp(s, "head", _POLYGONAL)
    if quick_body_hp(s):
        notes = [Note(key="assumed_quick_parts", params={"torso": torso, "limb": limb, "con": wound_con(s)})]
        return [*notes, Note(key="ignored_toughness")] if s.toughness else notes
    notes = []
    if "hp_max" not in given:
        notes.append(Note(key="assumed_part_hp", params={"torso": torso, "limb": limb, "head": head}))
    else:
        notes.append(Note(key="ignored_hp_polygonal", params={"hp": s.hp_max, "torso": torso}))
    return notes


def _fixed(given: set[str], s: Sheet) -> list[Note]:
    """A quick NPC's ready numbers replace what they are made of."""
    notes = []
    checks = (
        ("initiative_fixed", ("reaction", "initiative_bonus", "slowdown")),
        ("attack_fixed", ("dex", "weapon_skill")),
        ("defence_fixed", ("dex", "guard", "shield_skill", "dodging", "combat_instincts")),
    )
    for fixed, parts in checks:
        ignored = [k for k in parts if k in given]
        if getattr(s, fixed) is not None and ignored:
            notes.append(Note(key=f"ignored_{fixed}", params={"keys": _terms(ignored)}))
    everywhere = [k for k in ("attack_fixed", "defence_fixed") if getattr(s, k) is not None]
    if everywhere:
        notes.append(Note(key="fixed_everywhere", params={"keys": _terms(everywhere)}))
    return notes


def _armour(given: set[str], s: Sheet) -> list[Note]:
    notes = []
    bare = [k for k in ("armour", "helmet", "accessories") if getattr(s, k) not in (None, "generic")]
    bare = [k for k in bare if not getattr(s, f"{k}_dr") and k in given]
    if bare:
        notes.append(Note(key="ignored_armour_without_dr", params={"keys": _terms(bare)}))
    basic = s.armour_dr or s.helmet_dr or s.accessories_dr
    if s.armour_parts and basic:
        notes.append(Note(key="armour_parts_replace_basic"))
    elif s.armour_parts:
        notes.append(Note(key="armour_parts_polygonal_only"))
    for piece in ("helmet", "accessories"):
        if getattr(s, f"{piece}_dr") and getattr(s, piece) is None:
            params = {"piece": Term("term", piece), "material": Term("material", s.armour or "generic")}
            notes.append(Note(key="assumed_piece_material", params=params))
    if s.guard and s.defence_fixed is None and has_armour(s) and not s.armour_compatibility:
        if not (s.partial_armour_compatibility and armour_slowdown(s, True) <= 2):
            notes.append(Note(key="guard_needs_compatibility"))
    if "slowdown" in given:
        notes.append(Note(key="slowdown_replaces_equipment", params={"slowdown": s.slowdown}))
    return notes


def _other(given: set[str], s: Sheet) -> list[Note]:
    notes = []
    tables = [k for k in ("wound_thresholds", "wound_penalties") if k in given]
    if tables:
        notes.append(Note(key="basic_system_only", params={"keys": _terms(tables)}))
    if s.hp is not None and s.hp_max is not None and s.hp < s.hp_max and not s.part_damage:
        notes.append(Note(key="hp_below_max_basic_only", params={"hp": s.hp, "hp_max": s.hp_max}))
    if s.guard and s.shield_skill:
        notes.append(Note(key="guard_or_shield_skill"))
    weapon = WEAPONS.get(s.weapon or "")
    if "reach" in given and (weapon is None or weapon.kind == "ranged"):
        notes.append(Note(key="ignored_reach"))
    elif s.reach is not None and weapon is not None and not weapon.reach[0] <= s.reach <= weapon.reach[1]:
        low, high = weapon.reach
        notes.append(
            Note(
                key="reach_outside_table",
                params={"reach": s.reach, "weapon": Term("weapon", weapon.id), "low": low, "high": high},
            )
        )
    if "weapon_damage" in given and s.weapon not in (None, NPC_WEAPON.id):
        notes.append(
            Note(
                key="damage_replaces_table",
                params={"weapon": Term("weapon", s.weapon or ""), "damage": s.weapon_damage},
            )
        )
    if s.off_hand_penalty and s.off_weapon is None and not s.dual_weapon:
        notes.append(Note(key="ignored_off_hand_penalty"))
    return notes


def sheet_warnings(data: Mapping[str, Any], sheet: Sheet) -> list[Note]:
    given = _given(data)
    return [
        *_defaults(given, sheet),
        *_hit_points(given, sheet),
        *_fixed(given, sheet),
        *_armour(given, sheet),
        *_other(given, sheet),
    ]
