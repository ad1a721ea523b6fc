"""Status: wound level, conditions and the numbers the GM sees."""

from __future__ import annotations

from rules.model import Status
from rules.systems.cz2d10.derive import (
    acceleration_price,
    actions_left,
    actions_per_round,
    basic_level,
    fainted,
    hp_max,
    initiative_value,
    level_penalty,
    out_of_fight,
    part_hp,
    part_level,
    part_unusable,
    slowdown_total,
    stun_pool,
    weapon_of,
    wound_con,
    wound_level,
    wound_rank,
)
from rules.systems.cz2d10.options import Options
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.tables import LIMBS, PARTS
from rules.systems.cz2d10.values import base_attack, defence_of, target_state

_OPTS = Options()
BODY = ("head", "torso")


def guess_settings(sheet: Sheet) -> Settings:
    """status() gets no settings: a sheet with per-part damage (or no basic HP) is read as polygonal."""
    poly = bool(sheet.part_damage or sheet.amputated or sheet.armour_parts) or sheet.hp_max is None
    return Settings(polygonal=poly)


# The flag-like conditions, in the order shown (the values `conditions` reads, in the same order).
_FLAG_CONDITIONS = (
    "prone",
    "immobile",
    "unaware",
    "charging",
    "spanning",
    "off_balance",
    "intimidated",
    "stunned",
    "accelerating",
    "dead",
    "non_dodging",
    "waiting",
    "fainted",
)


def conditions(s: Sheet, settings: Settings, per_round: int | None = None) -> list[str]:
    """The sheet's conditions in the order shown (`per_round`: its actions per round, when the caller has
    them already)."""
    # one tuple of values beside the names (not a pair built per condition: this runs after every
    # exchange)
    flags = (
        s.prone,
        s.immobile,
        not s.aware,
        s.charging,
        s.spanning,
        s.off_balance,
        s.intimidation,
        s.stun > 0,
        s.acceleration,
        s.dead,
        s.non_dodging,
        s.waiting,
        fainted(s, settings),
    )
    out = [k for k, v in zip(_FLAG_CONDITIONS, flags, strict=True) if v] if any(flags) else []
    if s.defence_mode != "none":
        out.append(f"{s.defence_mode}_defence")
    if per_round is None:
        per_round = actions_per_round(s, settings.polygonal)
    if per_round < 5:
        out.append("slow")
    if settings.polygonal:
        if s.amputated:
            out += [f"amputated_{p}" for p in s.amputated]
        if s.part_damage:  # only a damaged part can be unusable without being amputated: the others are not asked
            unusable, wounds = _damaged_parts(s, settings)
            out += unusable
            out += wounds
    return out


def _damaged_parts(s: Sheet, settings: Settings) -> tuple[list[str], list[str]]:
    """The unusable parts (`unusable_<part>`), then the limbs' wounds, of the damaged parts left on the body,
    each part's level asked once (two separate walks asked it up to three times a part, after every hit).

    L497: "smrtelné zranění … znamená nepoužitelnost dané části těla. V případě, že jde o hlavu či trup,
    je postava okamžitě vyřazena": a limb's wound is that limb's, not the character's
    (`<level>_wound_<limb>`, from light on, below the level that makes it unusable)."""
    unusable: list[str] = []
    wounds: list[str] = []
    damaged, amputated = s.part_damage, s.amputated
    con: int | None = None
    for p in PARTS:  # LIMBS are PARTS' last four, in the same order
        damage = damaged.get(p)
        if not damage or p in amputated:
            continue
        level = wound_level(damage, part_hp(s, p, settings))  # part_level of a damaged part left on the body
        if level != "mortal":  # part_unusable: a mortal wound, or a penalty larger than CON (L497)
            if con is None:
                con = wound_con(s)
            if not -level_penalty(p, level) > con:
                if level in _LIMB_WOUND_LEVELS and p in _LIMB_SET:
                    wounds.append(f"{level}_wound_{p}")
                continue
        unusable.append(f"unusable_{p}")
    return unusable, wounds


# A limb's wound shown as its own condition (the overall level is the body's): from light on, below the
# level that makes it unusable (shown as `unusable_<part>`).
_LIMB_WOUND_LEVELS = frozenset(("light", "serious", "severe"))
_LIMB_SET = frozenset(LIMBS)


def limb_level(s: Sheet, settings: Settings) -> str:
    """The overall level of a body (head and torso) left unhurt while a limb is wounded: not "unhurt"
    (H10: "Postihy za zranění různých částí těla se sčítají"; a wounded leg burdens everything done standing),
    yet not the limb's own level either, which is the character's only for the head and torso (L497):
    `limb_unusable` (a limb unusable or lost), `limb_wound` (a limb wounded), else `none`."""
    if s.amputated:
        return "limb_unusable"
    level = "none"
    for p in LIMBS:
        if s.part_damage.get(p):
            if part_unusable(s, p, settings):
                return "limb_unusable"
            level = "limb_wound"
    return level


def status_of(s: Sheet, settings: Settings | None = None) -> Status:
    settings = settings or guess_settings(s)
    numbers: dict[str, int | float | str] = {
        "initiative": initiative_value(s, settings.polygonal),
        "slowdown": slowdown_total(s, settings.polygonal),
        "actions_left": actions_left(s, settings.polygonal),
        "actions_per_round": actions_per_round(s, settings.polygonal),
        "stun": s.stun,
        "stun_max": stun_pool(s, settings),
    }
    w = weapon_of(s)
    if s.attack_fixed is not None:
        numbers["attack"] = s.attack_fixed
    else:
        numbers["attack"] = sum(v for _, v in base_attack(s, w, _OPTS, settings, w.kind == "ranged"))
    numbers["defence"] = defence_of(s, _OPTS, settings, False, target_state(s, _OPTS, settings)).total()
    if s.acceleration:
        numbers["acceleration_stun_per_2_rounds"] = acceleration_price(s, settings.polygonal)
    if settings.polygonal:
        worst = "none"  # the body's (head and torso): a limb's wound is that limb's condition
        for p in PARTS:
            hp = part_hp(s, p, settings)
            numbers[f"hp_{p}"] = hp - s.part_damage.get(p, 0)
            if p in BODY:
                level = part_level(s, p, settings)
                worst = level if wound_rank(level) > wound_rank(worst) else worst
        hp_now = part_hp(s, "torso", settings) - s.part_damage.get("torso", 0)
        top = part_hp(s, "torso", settings)
        if worst == "none" and (s.part_damage or s.amputated):
            worst = limb_level(s, settings)
    else:
        worst = basic_level(s, settings)
        top = hp_max(s, settings)
        hp_now = s.hp if s.hp is not None else top
    out = out_of_fight(s, settings)
    level = "dead" if s.dead else ("out_of_fight" if out and worst != "mortal" else worst)
    return Status(
        level=level,
        conditions=conditions(s, settings),
        hp=hp_now,
        hp_max=top,
        numbers=numbers,
        out_of_fight=out,
        dead=s.dead,
        actions_left=actions_left(s, settings.polygonal),
    )
