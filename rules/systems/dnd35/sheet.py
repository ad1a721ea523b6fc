"""The D&D 3.5 combatant sheet (digest §2) and its weapons, with the quick-NPC shortcut keys."""

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

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

# Field names `str`, `int` shadow the builtins inside the class body; annotate through aliases.
Int = int
Str = str
Category = Literal["light", "one_handed", "two_handed", "thrown", "projectile", "unarmed", "natural"]
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
    range_increment_ft: Int | None = Field(None, ge=1)
    reach_ft: Int = Field(5, ge=0)
    damage_types: list[Str] = Field(default_factory=list)
    nonlethal: bool = False
    extra_damage_dice: list[Str] = Field(default_factory=list)
    flat_bonus: Int = 0
    attack_bonus: Int = 0  # enhancement / masterwork bonus to attack rolls
    attack_override: Int | None = None  # quick NPC: total attack bonus instead of BAB + ability + size
    add_str: bool | None = None  # None = by category; True = always (sling); False = never (quick NPC)
    bow_kind: Literal["none", "normal", "composite"] = "none"
    composite_rating: Int | None = Field(None, ge=0)
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
    base = table_weapon(Str(name), size) if name is not None else None
    fields: dict[Str, Any] = base.model_dump() if base else {"name": Str(name or "attack")}
    if attack is not None:
        fields["attack_override"] = _int(attack, "attack")
    if damage is not None:
        fields["damage"] = Str(damage).strip()
        fields["add_str"] = False  # a stat-block damage line already includes Strength
    if crit is not None:
        fields["threat_min"], fields["crit_mult"] = _parse_crit(crit)
    if rng is not None:
        fields["range_increment_ft"] = _int(rng, "range")
    return Weapon(**fields)


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
    if touch is not None:
        _, now_touch = _ac_parts(data)
        data["misc_ac"] = _int(data.get("misc_ac", 0), "misc_ac") + _int(touch, "touch") - now_touch
    if ac is not None:
        now_ac, _ = _ac_parts(data)
        diff = _int(ac, "ac") - now_ac
        key = "natural_armor" if touch is not None else "misc_ac"
        if touch is not None and diff < 0:
            raise PydanticCustomError(
                "dnd35.ac_below_touch", "AC {ac} is lower than touch AC {touch}", {"ac": ac, "touch": touch}
            )
        data[key] = _int(data.get(key, 0), key) + diff


def _table_weapons(data: dict[Str, Any]) -> None:
    """`weapons` may name shipped SRD weapons: ["longsword", "dagger"] or "longsword, dagger"."""
    weapons = data.get("weapons")
    if isinstance(weapons, Str):
        weapons = [p for p in re.split(r"\s*,\s*", weapons.strip()) if p]
    if not isinstance(weapons, list) or not any(isinstance(w, Str) for w in weapons):
        return
    size = Str(data.get("size", "medium"))
    out: list[Any] = []
    for w in weapons:
        if isinstance(w, Str):
            found = table_weapon(w, size if size in SIZES else "medium")
            if found is None:
                raise PydanticCustomError(
                    "dnd35.unknown_weapon_name",
                    "weapons: unknown weapon {value}; give its stats as an object",
                    {"value": w},
                )
            out.append(found)
        else:
            out.append(w)
    data["weapons"] = out


def expand_shortcuts(raw: dict[Str, Any]) -> dict[Str, Any]:
    """Map quick NPC keys (`ac:15 hp:11 attack:+3 damage:1d8+1 crit:19-20/x2 init:+1`) onto fields."""
    data = dict(raw)
    for key in _INT_FIELDS:
        if isinstance(data.get(key), Str):
            data[key] = _int_or_raw(data[key])
    if isinstance(data.get("size"), Str):
        data["size"] = data["size"].strip().lower()
    for key in ("feats", "conditions", "turn_conditions"):
        if isinstance(data.get(key), Str):
            data[key] = [p for p in re.split(r"[,\s]+", data[key]) if p]
    if isinstance(data.get("dodge_bonuses"), (Str, Int)):
        data["dodge_bonuses"] = [
            _int(p, "dodge_bonuses") for p in re.split(r"[,\s]+", Str(data["dodge_bonuses"])) if p
        ]
    if "hp" in data:
        hp = _int(data.pop("hp"), "hp")
        data.setdefault("hp_max", hp)
        data.setdefault("hp_current", hp)
    if "init" in data:
        total = _int(data.pop("init"), "init")
        data["initiative_misc"] = total - ability_mod(_int(data.get("dex", 10), "dex"))
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
    bab: Int = Field(0, ge=0, le=40)
    hp_max: Int = Field(1, ge=1)
    hp_current: Int | None = None
    nonlethal: Int = Field(0, ge=0)
    temp_hp: Int = Field(0, ge=0)
    armor_bonus: Int = Field(0, ge=0)
    shield_bonus: Int = Field(0, ge=0)
    natural_armor: Int = Field(0, ge=0)
    deflection_bonus: Int = Field(0, ge=0)
    dodge_bonuses: list[Int] = Field(default_factory=list)
    max_dex_bonus: Int | None = Field(None, ge=0)
    misc_ac: Int = 0
    initiative_misc: Int = 0
    fort_save: Int = 0
    ref_save: Int = 0
    will_save: Int = 0
    speed_ft: Int = Field(30, ge=0)
    armor_category: Literal["none", "light", "medium", "heavy"] = "none"
    legs: Int = Field(2, ge=0)
    stable: bool = False  # exceptionally stable (bull rush, trip, overrun +4)
    feats: list[Str] = Field(default_factory=list)
    skills: dict[Str, Int] = Field(default_factory=dict)
    uncanny_dodge: bool = False
    crit_immune: bool = False
    conditions: list[Str] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    # One fight's state (see `fields.py`): flat-footed, stances, readied/delaying, grapple; AoOs this round.
    turn_conditions: list[Str] = Field(default_factory=list)
    aoo_used: Int = Field(0, ge=0)

    @model_validator(mode="before")
    @classmethod
    def _shortcuts(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return expand_shortcuts(data)
        return data

    @field_validator("feats")
    @classmethod
    def _feats(cls, value: list[Str]) -> list[Str]:
        return sorted({norm_key(v) for v in value if v.strip()})

    @field_validator("skills")
    @classmethod
    def _skills(cls, value: dict[Str, Int]) -> dict[Str, Int]:
        return {norm_key(k): v for k, v in value.items()}

    @field_validator("conditions", "turn_conditions")
    @classmethod
    def _conditions(cls, value: list[Str]) -> list[Str]:
        out: list[Str] = []
        for raw in value:
            key = norm_key(raw)
            key = CONDITION_ALIASES.get(key, key)
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
