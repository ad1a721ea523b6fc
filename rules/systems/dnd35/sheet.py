"""The D&D 3.5 combatant sheet (digest §2) and its weapons, with the quick-NPC shortcut keys."""

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from rules.bounds import field_limits, within, within_stored
from rules.notation import parse_dice
from rules.systems.dnd35.tables import (
    CONDITION_ALIASES,
    CONDITIONS,
    SIZES,
    TURN_CONDITIONS,
    UNARMED_DAMAGE,
    WEAPONS,
    SizeId,
    table_key,
    weapon_key,
)
from rules.systems.dnd35.words import (
    ARMOR_CATEGORY_NAMES,
    CONDITION_NAMES,
    FEAT_NAMES,
    SIZE_NAMES,
    lookup,
)

# Field names `str`, `int` shadow the builtins inside the class body; annotate through aliases.
Int = int
Str = str
Category = Literal["light", "one_handed", "two_handed", "thrown", "projectile", "unarmed", "natural"]
# Declared bounds (issue 12), wide enough for the SRD's monsters and epic characters (the Tarrasque: 858 hp,
# Str 45, base attack +48, attack +57, Fort +38; a great wyrm's natural armour +39, fly 250 ft): anything
# outside is refused, and what the rules write (hp after massive damage, nonlethal, counters) is clipped.
HP = 10_000  # hit points, temporary hit points, nonlethal damage, healing
BONUS = 150  # a total attack bonus, a save, a skill
AC_BONUS = 100  # one AC component (armour, shield, natural, deflection)
MISC = 200  # the other AC bonus and initiative bonus the `ac`/`touch`/`init` shortcuts compute
FEET = 1000  # speed, range increment, distance moved
SkillValue = Annotated[Int, Field(ge=-50, le=BONUS)]
_DODGE = (0, 50)
DodgeBonus = Annotated[Int, Field(ge=_DODGE[0], le=_DODGE[1])]
# Quick-NPC shortcut keys stored in other fields, with the bounds they declare (checked as typed).
SHORTCUT_BOUNDS: dict[Str, tuple[Int, Int]] = {
    "ac": (-50, BONUS),  # a Colossal Dex 1 creature has AC −3 before armour
    "touch": (-50, BONUS),
    "hp": (1, HP),
    "attack": (-50, BONUS),
    "init": (-BONUS, BONUS),
    "range": (1, FEET),
}
_CRIT = re.compile(r"^\s*(?:(\d+)(?:\s*-\s*20)?)?\s*(?:/?\s*[x×]\s*(\d+))?\s*$", re.IGNORECASE)


def ability_mod(score: int) -> int:
    """floor((score − 10) / 2) [SRD-EXT]."""
    return (score - 10) // 2


def norm_key(text: Str) -> Str:
    return "_".join(text.strip().lower().replace("-", " ").split())


class Weapon(BaseModel):
    """A weapon as the SRD equipment tables give it (Medium values unless you enter others)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Str = Field(min_length=1, max_length=64)
    category: Category = "one_handed"
    damage: Str = "1d6"
    threat_min: Int = Field(20, ge=2, le=20)
    crit_mult: Int = Field(2, ge=2, le=10)
    range_increment_ft: Int | None = Field(None, ge=1, le=FEET)
    reach_ft: Int = Field(5, ge=0, le=100)
    damage_types: list[Str] = Field(default_factory=list)
    nonlethal: bool = False
    extra_damage_dice: list[Str] = Field(default_factory=list, max_length=10)
    flat_bonus: Int = Field(0, ge=-50, le=AC_BONUS)
    attack_bonus: Int = Field(0, ge=-50, le=AC_BONUS)  # enhancement / masterwork bonus to attack rolls
    # quick NPC: total attack bonus instead of BAB + ability + size
    attack_override: Int | None = Field(None, ge=-50, le=BONUS)
    add_str: bool | None = None  # None = by category; True = always (sling); False = never (quick NPC)
    bow_kind: Literal["none", "normal", "composite"] = "none"
    composite_rating: Int | None = Field(None, ge=0, le=50)
    finesse: bool = False
    double: bool = False
    lance: bool = False
    set_vs_charge: bool = False
    trip_weapon: bool = False
    reach: bool = False
    usable_prone: bool = False

    @field_validator("damage", "extra_damage_dice")
    @classmethod
    def _dice(cls, value: Any) -> Any:
        for text in value if isinstance(value, list) else [value]:
            parse_dice(text)
        return value

    @property
    def key(self) -> Str:
        return weapon_key(self.name)

    @property
    def is_light(self) -> bool:
        return self.category in ("light", "unarmed")

    @property
    def is_ranged_only(self) -> bool:
        return self.category in ("thrown", "projectile")


def table_weapon(name: Str, size: Str = "medium") -> Weapon | None:
    """A shipped SRD weapon by name (case-insensitive), damage scaled to the wielder's size."""
    from rules.systems.dnd35.tables import LARGE_DAMAGE, SMALL_DAMAGE

    key = table_key(name)
    if key is None:
        return None
    data = WEAPONS[key]
    fields = {k: v for k, v in data.items() if k != "cz"}
    damage = Str(fields["damage"])
    if key == "unarmed":
        damage = UNARMED_DAMAGE.get(size, damage)
    elif size == "small":
        damage = SMALL_DAMAGE.get(damage, damage)
    elif size == "large":
        damage = LARGE_DAMAGE.get(damage, damage)
    fields["damage"] = damage
    return Weapon(name=key, **fields)


def _int(value: Any, key: Str) -> Int:
    """A whole number from `+3`, `-1`, `12`; the key as the user typed it names what was refused."""
    try:
        return Int(Str(value).strip().replace("+", "", 1)) if isinstance(value, Str) else Int(value)
    except ValueError:
        raise PydanticCustomError(
            "dnd35.not_whole_number", "{key}: not a whole number: {value}", {"key": key, "value": Str(value)}
        ) from None


def _int_or_raw(value: Str) -> Int | Str:
    """A sheet field's number, or the text as typed: the field's own validation then names the field."""
    try:
        return Int(value.strip().replace("+", "", 1))
    except ValueError:
        return value


def _parse_crit(text: Any) -> tuple[Int, Int]:
    """`19-20/x2`, `19-20`, `x3`, `20/x3`, `18` → (threat_min, crit_mult)."""
    m = _CRIT.match(Str(text).replace("–", "-").replace("—", "-"))
    if not m or not (m.group(1) or m.group(2)):
        raise PydanticCustomError(
            "dnd35.crit_format", "crit: expected like 19-20/x2, got {value}", {"value": Str(text)}
        )
    return Int(m.group(1) or 20), Int(m.group(2) or 2)


_INT_FIELDS = (
    "str",
    "dex",
    "con",
    "int",
    "wis",
    "cha",
    "bab",
    "hp_max",
    "hp_current",
    "nonlethal",
    "temp_hp",
    "armor_bonus",
    "shield_bonus",
    "natural_armor",
    "deflection_bonus",
    "misc_ac",
    "initiative_misc",
    "fort_save",
    "ref_save",
    "will_save",
    "speed_ft",
    "legs",
    "aoo_used",
)
SHORTCUTS = ("ac", "touch", "hp", "attack", "damage", "crit", "init", "weapon", "range")


def _quick_weapon(data: dict[Str, Any]) -> Weapon | None:
    """Build the quick NPC weapon from `weapon`, `attack`, `damage`, `crit`, `range` shortcuts."""
    name = data.pop("weapon", None)
    attack = data.pop("attack", None)
    damage = data.pop("damage", None)
    crit = data.pop("crit", None)
    rng = data.pop("range", None)
    if name is None and attack is None and damage is None and crit is None and rng is None:
        return None
    size = Str(data.get("size", "medium"))
    from rules.systems.dnd35.notation import weapon_fields

    listed = data.get("weapons")
    if name is not None:
        fields: dict[Str, Any] = weapon_fields(Str(name), size, own=True)
    elif isinstance(listed, list) and listed:
        # `útok:+8 zranění:2k8+7 zbraně:kyj`: the stat block's numbers are the first listed weapon's (the
        # ogre attacks with its club), not a nameless weapon's put before it.
        first = listed.pop(0)
        fields = dict(first.model_dump() if isinstance(first, Weapon) else first)
    else:
        fields = {"name": "attack"}
    if attack is not None:
        fields["attack_override"] = _int(attack, "attack")
        within("attack", fields["attack_override"], *SHORTCUT_BOUNDS["attack"])
    if damage is not None:
        fields["damage"] = Str(damage).strip()
        fields["add_str"] = False  # a stat-block damage line already includes Strength
    if crit is not None:
        fields["threat_min"], fields["crit_mult"] = _parse_crit(crit)
        within("crit", fields["threat_min"], *field_limits(Weapon, "threat_min"))
        within("crit", fields["crit_mult"], *field_limits(Weapon, "crit_mult"))
    if rng is not None:
        fields["range_increment_ft"] = _int(rng, "range")
        within("range", fields["range_increment_ft"], *SHORTCUT_BOUNDS["range"])
    return Weapon(**fields)


QUICK_WEAPON_KEYS = frozenset({"attack", "damage", "crit", "range"})
# A quick NPC's `weapon` (`zbraň:`) names its first weapon: a GM's edit renames that one (a typo fixed).
QUICK_WEAPON_EDIT_KEYS = QUICK_WEAPON_KEYS | {"weapon"}


def is_quick_weapon(weapon: Weapon) -> bool:
    """A weapon made from a quick NPC line: its attack bonus or its damage given as a whole."""
    return weapon.attack_override is not None or weapon.add_str is False


def hp_as_maximum(sheet: "Sheet", changes: Mapping[Str, Any]) -> Mapping[Str, Any]:
    """`/character set`'s `hp` (`životy`) is the maximum, as in the line a character is made from; the
    current HP moves with it by the same amount (hit points gained with a level come with it; damage taken
    stays), never above the new maximum. The shortcut alone fills only fields a sheet lacks, and a stored
    sheet lacks none of them."""
    if "hp" not in changes or {"hp_max", "hp_current"} & set(changes):
        return changes
    top = _int_or_raw(Str(changes["hp"]))
    if not isinstance(top, Int):
        return changes  # the sheet's own check names what is wrong
    now = sheet.hp_current if sheet.hp_current is not None else sheet.hp_max
    rest = {k: v for k, v in changes.items() if k != "hp"}
    return {**rest, "hp_max": top, "hp_current": min(top, now + top - sheet.hp_max)}


def edited_weapon(sheet: "Sheet", changes: dict[Str, Any]) -> dict[Str, Any]:
    """The sheet's first weapon with the quick NPC keys of a GM's edit applied: `attack:+2` changes its
    whole attack bonus by 2 (from the one the sheet makes with it now), `attack:5` or `attack:=5` sets it."""
    from rules.systems.dnd35.attack import attack_bonus_now

    first = sheet.weapons[0]
    fields = first.model_dump()
    if "weapon" in changes:
        # `zbraň:válečná_sekera` fixes the quick weapon's name: the table's weapon (its dice type, critical,
        # range) with the NPC's own numbers kept — its whole attack bonus and its damage line.
        from rules.systems.dnd35.notation import weapon_fields

        renamed = weapon_fields(Str(changes["weapon"]).strip().lstrip("="), sheet.size, own=True)
        if first.attack_override is not None:
            renamed["attack_override"] = first.attack_override
        if first.add_str is False:
            renamed["damage"], renamed["add_str"] = first.damage, False
        fields = renamed
    if "attack" in changes:
        text = Str(changes["attack"]).strip().replace("−", "-")
        if text.startswith("="):
            fields["attack_override"] = _int(text[1:], "attack")
        elif text[:1] in "+-":
            fields["attack_override"] = attack_bonus_now(sheet, first) + _int(text, "attack")
        else:
            fields["attack_override"] = _int(text, "attack")
        within("attack", fields["attack_override"], *SHORTCUT_BOUNDS["attack"])
    if "damage" in changes:
        fields["damage"] = Str(changes["damage"]).strip().lstrip("=")
        fields["add_str"] = False
    if "crit" in changes:
        fields["threat_min"], fields["crit_mult"] = _parse_crit(Str(changes["crit"]).lstrip("="))
    if "range" in changes:
        fields["range_increment_ft"] = _int(Str(changes["range"]).lstrip("="), "range")
        within("range", fields["range_increment_ft"], *SHORTCUT_BOUNDS["range"])
    return fields


def _given_within_bounds(data: dict[Str, Any], keys: tuple[Str, ...]) -> None:
    """The fields a shortcut computes from, refused under their own names when out of bounds (before the
    shortcut's own number would be blamed for them)."""
    for key in keys:
        if data.get(key) is not None and not isinstance(data[key], bool):
            within(key, _int(data[key], key), *field_limits(Sheet, key))


_AC_INPUTS = ("dex", "max_dex_bonus", "deflection_bonus", "misc_ac", "armor_bonus", "shield_bonus", "natural_armor")


def _ac_parts(data: dict[Str, Any]) -> tuple[Int, Int]:
    """(AC, touch AC) the other given fields produce, with misc_ac as given (for the `ac` shortcut)."""
    dex = ability_mod(_int(data.get("dex", 10), "dex"))
    cap = data.get("max_dex_bonus")
    if cap is not None:
        dex = min(dex, _int(cap, "max_dex_bonus"))
    size = SIZES[Str(data.get("size", "medium"))].attack_ac if data.get("size", "medium") in SIZES else 0
    dodge = sum(_int(v, "dodge_bonuses") for v in data.get("dodge_bonuses") or [])
    touch = 10 + dex + size + _int(data.get("deflection_bonus", 0), "deflection_bonus") + dodge
    touch += _int(data.get("misc_ac", 0), "misc_ac")
    armour = sum(_int(data.get(k, 0), k) for k in ("armor_bonus", "shield_bonus", "natural_armor"))
    return touch + armour, touch


def _apply_ac(data: dict[Str, Any]) -> None:
    ac = data.pop("ac", None)
    touch = data.pop("touch", None)
    if ac is None and touch is None:
        return
    _given_within_bounds(data, _AC_INPUTS)
    for bonus in data.get("dodge_bonuses") or []:
        within("dodge_bonuses", _int(bonus, "dodge_bonuses"), *_DODGE)
    if touch is not None:
        typed = _int(touch, "touch")
        within("touch", typed, *SHORTCUT_BOUNDS["touch"])
        _, now_touch = _ac_parts(data)
        data["misc_ac"] = _int(data.get("misc_ac", 0), "misc_ac") + typed - now_touch
        within_stored("touch", typed, data["misc_ac"], field_limits(Sheet, "misc_ac"))
    if ac is not None:
        typed = _int(ac, "ac")
        within("ac", typed, *SHORTCUT_BOUNDS["ac"])
        now_ac, _ = _ac_parts(data)
        diff = typed - now_ac
        key = "natural_armor" if touch is not None else "misc_ac"
        if touch is not None and diff < 0:
            raise PydanticCustomError(
                "dnd35.ac_below_touch", "AC {ac} is lower than touch AC {touch}", {"ac": ac, "touch": touch}
            )
        data[key] = _int(data.get(key, 0), key) + diff
        within_stored("ac", typed, data[key], field_limits(Sheet, key))


def _table_weapons(data: dict[Str, Any]) -> None:
    """`weapons` in the one-line notation (`notation.py`): shipped SRD weapons by their Czech or English
    names, "dlouhý_meč+1, dýka", or weapons of one's own with their numbers in parentheses; a list may mix
    such strings with weapon objects."""
    weapons = data.get("weapons")
    if isinstance(weapons, list) and not any(isinstance(w, Str) for w in weapons):
        return
    if not isinstance(weapons, (Str, list)):
        return
    from rules.systems.dnd35.notation import parse_weapons

    size = Str(data.get("size", "medium"))
    data["weapons"] = parse_weapons(weapons, size if size in SIZES else "medium")


# House default (the seed gives none): hit points of d8 hit dice, one per point of base attack bonus (at
# least one), the first at its maximum 8 and each further one 5 (its average 4.5 rounded up), each with the
# Constitution modifier and at least 1 ("a missing number becomes an input the GM can give": the sheet's
# warnings say what was assumed).
HIT_DIE_FIRST = 8
HIT_DIE_NEXT = 5


def hit_dice_of(bab: Int) -> Int:
    return max(1, bab)


def default_hp(data: dict[Str, Any]) -> Int | None:
    """The assumed hit points of a sheet given none, or None when Con or BAB are not readable numbers
    (their own validation then names them)."""
    try:
        con = ability_mod(_int(data.get("con", 10), "con"))
        dice = hit_dice_of(_int(data.get("bab", 0), "bab"))
    except PydanticCustomError:
        return None
    if isinstance(data.get("con"), bool) or isinstance(data.get("bab"), bool):
        return None
    hp = max(1, HIT_DIE_FIRST + con) + (dice - 1) * max(1, HIT_DIE_NEXT + con)
    return max(1, min(hp, HP))


def expand_shortcuts(raw: dict[Str, Any]) -> dict[Str, Any]:
    """Map quick NPC keys (`ac:15 hp:11 attack:+3 damage:1d8+1 crit:19-20/x2 init:+1`) onto fields."""
    data = dict(raw)
    for key in _INT_FIELDS:
        if isinstance(data.get(key), Str):
            data[key] = _int_or_raw(data[key])
    for key, table in (("size", SIZE_NAMES), ("armor_category", ARMOR_CATEGORY_NAMES)):
        if isinstance(data.get(key), Str):
            data[key] = lookup(table, data[key]) or data[key].strip().lower()
    from rules.systems.dnd35.notation import conditions_list, feats_list, parse_skills

    if isinstance(data.get("feats"), Str):
        data["feats"] = feats_list(data["feats"])
    for key in ("conditions", "turn_conditions"):
        if isinstance(data.get(key), Str):
            data[key] = conditions_list(data[key])
    if isinstance(data.get("skills"), Str):
        data["skills"] = parse_skills(data["skills"])
    if isinstance(data.get("dodge_bonuses"), (Str, Int)):
        data["dodge_bonuses"] = [_int(p, "dodge_bonuses") for p in re.split(r"[,\s]+", Str(data["dodge_bonuses"])) if p]
    if "hp" in data:
        hp = _int(data.pop("hp"), "hp")
        within("hp", hp, *(SHORTCUT_BOUNDS["hp"] if "hp_max" not in data else field_limits(Sheet, "hp_current")))
        data.setdefault("hp_max", hp)
        data.setdefault("hp_current", hp)
    if "init" in data:
        total = _int(data.pop("init"), "init")
        within("init", total, *SHORTCUT_BOUNDS["init"])
        _given_within_bounds(data, ("dex",))
        data["initiative_misc"] = total - ability_mod(_int(data.get("dex", 10), "dex"))
        within_stored("init", total, data["initiative_misc"], field_limits(Sheet, "initiative_misc"))
    if "hp_max" not in data:
        default = default_hp(data)
        if default is not None:
            data["hp_max"] = default
    _apply_ac(data)
    _table_weapons(data)
    quick = _quick_weapon(data)
    if quick is not None:
        data["weapons"] = [quick, *(data.get("weapons") or [])]
    return data


class Sheet(BaseModel):
    """A D&D 3.5 combatant: abilities, attack, AC parts, hit points and current state."""

    model_config = ConfigDict(extra="forbid")

    side: Literal["pc", "npc"] = "npc"
    size: SizeId = "medium"
    str: Int = Field(10, ge=0, le=99)
    dex: Int = Field(10, ge=0, le=99)
    con: Int = Field(10, ge=0, le=99)
    int: Int = Field(10, ge=0, le=99)
    wis: Int = Field(10, ge=0, le=99)
    cha: Int = Field(10, ge=0, le=99)
    bab: Int = Field(0, ge=0, le=60)
    hp_max: Int = Field(1, ge=1, le=HP)
    hp_current: Int | None = Field(None, ge=-HP, le=HP)
    nonlethal: Int = Field(0, ge=0, le=HP)
    temp_hp: Int = Field(0, ge=0, le=HP)
    armor_bonus: Int = Field(0, ge=0, le=AC_BONUS)
    shield_bonus: Int = Field(0, ge=0, le=AC_BONUS)
    natural_armor: Int = Field(0, ge=0, le=AC_BONUS)
    deflection_bonus: Int = Field(0, ge=0, le=AC_BONUS)
    dodge_bonuses: list[DodgeBonus] = Field(default_factory=list)
    max_dex_bonus: Int | None = Field(None, ge=0, le=50)
    misc_ac: Int = Field(0, ge=-MISC, le=MISC)
    initiative_misc: Int = Field(0, ge=-MISC, le=MISC)
    fort_save: Int = Field(0, ge=-50, le=BONUS)
    ref_save: Int = Field(0, ge=-50, le=BONUS)
    will_save: Int = Field(0, ge=-50, le=BONUS)
    speed_ft: Int = Field(30, ge=0, le=FEET)
    armor_category: Literal["none", "light", "medium", "heavy"] = "none"
    legs: Int = Field(2, ge=0, le=100)
    stable: bool = False  # exceptionally stable (bull rush, trip, overrun +4)
    feats: list[Str] = Field(default_factory=list)
    skills: dict[Str, SkillValue] = Field(default_factory=dict)
    uncanny_dodge: bool = False
    crit_immune: bool = False
    conditions: list[Str] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    # One fight's state (see `fields.py`): flat-footed, stances, readied/delaying, grapple; AoOs this round.
    turn_conditions: list[Str] = Field(default_factory=list)
    aoo_used: Int = Field(0, ge=0, le=50)  # at most 1 + Dex modifier (Combat Reflexes): Dex 99 gives 45
    # The actions taken on one's turn this round (`acting.spend_turn`): a standard and a move action, or
    # one full-round action; a charge is a full-round action of its own.
    turn_actions: list[Literal["standard", "move", "full_round", "charge"]] = Field(default_factory=list, max_length=4)

    @model_validator(mode="before")
    @classmethod
    def _shortcuts(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return expand_shortcuts(data)
        return data

    @field_validator("feats")
    @classmethod
    def _feats(cls, value: list[Str]) -> list[Str]:
        return sorted({lookup(FEAT_NAMES, v) or norm_key(v) for v in value if v.strip()})

    @field_validator("skills")
    @classmethod
    def _skills(cls, value: dict[Str, Int]) -> dict[Str, Int]:
        from rules.systems.dnd35.notation import skill_key

        return {skill_key(k): v for k, v in value.items()}

    @field_validator("conditions", "turn_conditions")
    @classmethod
    def _conditions(cls, value: list[Str]) -> list[Str]:
        out: list[Str] = []
        for raw in value:
            key = norm_key(raw)
            key = CONDITION_ALIASES.get(key, key)
            if key not in CONDITIONS:
                key = lookup(CONDITION_NAMES, raw) or key
            if key not in CONDITIONS:
                raise PydanticCustomError("dnd35.unknown_condition", "unknown condition {value}", {"value": raw})
            if key not in out:
                out.append(key)
        return out

    @model_validator(mode="after")
    def _hp_default(self) -> "Sheet":
        if self.hp_current is None:
            object.__setattr__(self, "hp_current", self.hp_max)
        self._split_turn_conditions()
        from rules.systems.dnd35.hp import sync_state_conditions

        synced = sync_state_conditions(self)
        if synced != self.conditions:
            object.__setattr__(self, "conditions", synced)
        return self

    def _split_turn_conditions(self) -> None:
        """One fight's conditions live in `turn_conditions`, whichever list they were typed into
        (sheets stored before the split kept flat-footed, stances … in `conditions`)."""
        both = [*self.conditions, *(c for c in self.turn_conditions if c not in self.conditions)]
        lasting = [c for c in both if c not in TURN_CONDITIONS]
        turn = [c for c in both if c in TURN_CONDITIONS]
        if lasting != self.conditions or turn != self.turn_conditions:
            object.__setattr__(self, "conditions", lasting)
            object.__setattr__(self, "turn_conditions", turn)

    # --- derived values ---------------------------------------------------------------------
    @property
    def all_conditions(self) -> frozenset[Str]:
        """Lasting and one-fight conditions together."""
        return frozenset(self.conditions) | frozenset(self.turn_conditions)

    @property
    def hp(self) -> Int:
        return self.hp_current if self.hp_current is not None else self.hp_max

    def mod(self, ability: Str) -> Int:
        score: Int = getattr(self, ability)
        if ability == "dex" and "entangled" in self.conditions:
            score -= 4  # entangled: −4 Dex (footnote)
        return ability_mod(score)

    @property
    def size_mod(self) -> Int:
        return SIZES[self.size].attack_ac

    @property
    def dex_to_ac(self) -> Int:
        dex = self.mod("dex")
        return min(dex, self.max_dex_bonus) if self.max_dex_bonus is not None else dex

    @property
    def initiative_mod(self) -> Int:
        return self.mod("dex") + self.initiative_misc

    def has_feat(self, feat: Str) -> bool:
        return feat in self.feats

    def find_weapon(self, name: Str) -> Weapon | None:
        key = weapon_key(name)
        for weapon in self.weapons:
            if weapon.key == key:
                return weapon
        alias = table_key(name)  # "dlouhý meč" finds the sheet's "Longsword"
        if alias is not None:
            for weapon in self.weapons:
                if table_key(weapon.name) == alias:
                    return weapon
        return None
