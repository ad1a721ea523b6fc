"""The target's Armour Class against one attack: normal, touch, flat-footed, plus the defender table."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.errors import RulesError
from rules.model import Modifier, Note, Term
from rules.systems.dnd35.hp import effective_conditions, mod
from rules.systems.dnd35.options import TARGET_FLAGS, Options, flagged
from rules.systems.dnd35.settings import Settings
from rules.systems.dnd35.sheet import Sheet
from rules.systems.dnd35.tables import (
    AID_BONUS,
    CHARGE_AC,
    COVER,
    DEFENDER_MODS,
    FIGHTING_DEFENSIVELY_DODGE,
    TOTAL_DEFENSE_DODGE,
)


@dataclass(slots=True)
class ArmorClass:
    value: int
    key: str  # ac / touch_ac / flat_footed_ac / touch_flat_footed_ac
    modifiers: list[Modifier] = field(default_factory=list)  # situational, keys prefixed "ac_"
    notes: list[Note] = field(default_factory=list)
    # What the sheet's AC is made of (ac_base 10, armour, Dex …), before the situational `modifiers`:
    # with them it adds up to `value` (the defender's side of an attack check).
    parts: list[tuple[str, int]] = field(default_factory=list)


def dex_handling(target: Sheet, conds: frozenset[str], opts: Options, actor_invisible: bool) -> str:
    """ "keep", "lose" (Dex bonus and dodge lost) or "zero" (Dex treated as 0: −5)."""
    mode = "keep"
    for cond in conds:
        row = DEFENDER_MODS.get(cond)
        if row is None or not row[2]:
            continue
        if row[2] == "zero":
            return "zero"
        if cond == "flat_footed" and target.uncanny_dodge:
            continue
        if cond == "grappling" and opts.grapple_opponent:
            continue
        mode = "lose"
    if opts.flat_footed and not target.uncanny_dodge:
        mode = "lose"
    if actor_invisible and not target.uncanny_dodge:
        mode = "lose"
    return mode


def dex_to_ac(target: Sheet, conds: frozenset[str]) -> int:
    """Dex modifier to AC, capped by max_dex_bonus; entangled (sheet or option) is −4 Dex."""
    score = target.dex - (4 if "entangled" in conds else 0)
    dex = (score - 10) // 2
    return min(dex, target.max_dex_bonus) if target.max_dex_bonus is not None else dex


def ac_pairs(target: Sheet, conds: frozenset[str], mode: str, touch: bool) -> list[tuple[str, int]]:
    """What the AC is made of, as (term key, value) pairs without zeros: 10 + armour + shield + natural
    armour (not vs touch) + size + deflection + other + Dex (−5 when treated as 0) + dodge bonuses."""
    pairs: list[tuple[str, int]] = [("ac_base", 10)]
    add = pairs.append
    if not touch:
        if target.armor_bonus:
            add(("armor_bonus", target.armor_bonus))
        if target.shield_bonus:
            add(("shield_bonus", target.shield_bonus))
        if target.natural_armor:
            add(("natural_armor", target.natural_armor))
    size = target.size_mod
    if size:
        add(("size", size))
    if target.deflection_bonus:
        add(("deflection_bonus", target.deflection_bonus))
    if target.misc_ac:
        add(("misc_ac", target.misc_ac))
    if mode == "zero":
        add(("dex_zero", -5))
        return pairs
    dex = dex_to_ac(target, conds)
    if mode == "lose":
        if dex < 0:
            add(("dex", dex))
        return pairs
    if dex:
        add(("dex", dex))
    if target.dodge_bonuses:
        dodge = sum(target.dodge_bonuses)
        if dodge:
            add(("dodge_bonuses", dodge))
    if "fighting_defensively" in conds:
        add(("ac_fighting_defensively", FIGHTING_DEFENSIVELY_DODGE))
    if "total_defense" in conds:
        add(("ac_total_defense", TOTAL_DEFENSE_DODGE))
    return pairs


def base_ac(target: Sheet, conds: frozenset[str], mode: str, touch: bool) -> int:
    return sum(v for _, v in ac_pairs(target, conds, mode, touch))


def situational(conds: frozenset[str], opts: Options, settings: Settings, ranged: bool) -> list[Modifier]:
    mods: list[Modifier] = []
    col = 1 if ranged else 0
    for cond in sorted(conds):
        row = DEFENDER_MODS.get(cond)
        if row is None:
            continue
        value = row[col]
        if cond == "pinned":
            # A22: −4 against everyone but the pinner (ranged too when the setting says so), once.
            value = 0 if opts.grapple_opponent else (-4 if (not ranged or settings.pinned_ranged_penalty) else 0)
            if "helpless" in conds and not ranged:
                value = 0  # helpless already gives −4 vs melee; never −8
        if value:
            mods.append(mod(f"ac_{cond}", value))
    if "charging" in conds:
        mods.append(mod("ac_charging", CHARGE_AC))
    if opts.cover == "total":
        raise RulesError("error.dnd35.total_cover")
    kind = "cover" if opts.cover == "normal" else opts.cover
    cover = COVER[kind][col]
    if cover:
        mods.append(mod(f"ac_cover_{kind}" if kind != "cover" else "ac_cover", cover))
    if opts.target_aided:
        mods.append(mod("ac_aid_another", AID_BONUS * opts.target_aided))
    if opts.ac_misc:
        mods.append(mod("ac_misc", opts.ac_misc))
    return mods


def armor_class(
    target: Sheet,
    opts: Options,
    settings: Settings,
    *,
    ranged: bool,
    touch: bool,
    actor_invisible: bool,
    flags: frozenset[str] | None = None,
) -> ArmorClass:
    """The AC this attack must reach; `flags` = the target states asserted by options (if known)."""
    conds = effective_conditions(target) | (flagged(opts, TARGET_FLAGS) if flags is None else flags)
    mode = dex_handling(target, conds, opts, actor_invisible)
    pairs = ac_pairs(target, conds, mode, touch)
    mods = situational(conds, opts, settings, ranged)
    value = sum(v for _, v in pairs) + sum(int(m.value) for m in mods)
    key = ("touch_" if touch else "") + ("flat_footed_ac" if mode != "keep" else "ac")
    notes = [Note(key="dex_lost", params={"mode": Term("term", f"dex_{mode}")})] if mode != "keep" else []
    return ArmorClass(value, key, mods, notes, pairs)


def sheet_acs(target: Sheet) -> dict[str, int]:
    """AC, touch AC and flat-footed AC as the sheet stands (for status): the Dex handling its own states
    give (helpless: Dex 0; blinded, stunned, cowering, grappling: no Dex bonus, no dodge), and, when the
    states change it by the attack's kind (helpless −4, prone −4 nablízko / +4 na dálku …), the AC a melee
    and a ranged attack meet."""
    conds = effective_conditions(target)
    ff_mode = "zero" if conds & {"helpless", "pinned"} else "lose"
    if target.uncanny_dodge and ff_mode == "lose":
        ff_mode = "keep"
    mode = ff_mode if ff_mode == "zero" else dex_handling(target, conds - {"flat_footed"}, _NO_OPTIONS, False)
    acs = {
        "ac": base_ac(target, conds, mode, False),
        "touch_ac": base_ac(target, conds, mode, True),
        "flat_footed_ac": base_ac(target, conds, ff_mode, False),
    }
    if conds & DEFENDER_CONDITIONS:
        for key, ranged in (("melee_ac", False), ("ranged_ac", True)):
            shift = sum(int(m.value) for m in situational(conds, _NO_OPTIONS, _SETTINGS, ranged))
            if shift:
                acs[key] = acs["ac"] + shift
    return acs


_NO_OPTIONS = Options()
_SETTINGS = Settings()
DEFENDER_CONDITIONS = frozenset({*DEFENDER_MODS, "charging"})
