"""The combatant sheet: stats and current state, with the quick-NPC shortcut keys."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any, Literal, Self, cast

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, computed_field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from rules.bounds import clip_update, field_limits, within
from rules.errors import RulesError
from rules.notation import parse_dice
from rules.systems.adnd2cp import oneline, tables, weapons, words
from rules.systems.adnd2cp.tables import Group, Rank, Relation, Size

Delivery = Literal["melee", "thrown", "missile", "firearm", "natural"]
DamageType = Literal["S", "P", "B"]

# Class names the shortcut `class:` understands, with their group (any of their names, see words.py).
CLASS_GROUPS: dict[str, Group] = {cid: cast(Group, group) for cid, (group, _) in words.CLASSES.items()}


# Declared bounds (issue 12), wide enough for the Monstrous Manual (the tarrasque's 70 Hit Dice, a hydra's
# twelve heads) and for epic levels: anything outside is refused, and what the rules write (hp, the pool,
# counters, a condition's rounds and count) is clipped back inside, so a returned sheet loads again.
HP = 10_000
MAX_HIT_DICE = 200  # whole Hit Dice (1 combat point each)
MAX_ATTACKS = 20  # attacks per round (a twelve-headed hydra attacks twelve times)
MAX_POOL = 1000  # the combat-point pool, computed or the GM's
COUNT = 100  # per-round counters
_RATE = re.compile(r"^\d{1,3}(/\d{1,3})?$")
_HIT_DICE_NUMBER = re.compile(r"\d+")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A rule-made copy: every number of the update clipped to its declared bounds. The shallow copy
        is pydantic's own, done directly (its generic `__copy__` goes through `copy.copy` three times,
        and the rules copy a sheet several times an attack)."""
        if deep:
            return super().model_copy(update=clip_update(type(self), update) if update else update, deep=True)
        return self.copy_within(clip_update(type(self), update) if update else {})

    def copy_within(self, update: Mapping[str, Any]) -> Self:
        """A shallow copy with `update` set as it is: values already within their bounds (the sheet's own
        conditions, new ones at their defaults), so not walked again by the clipping."""
        data = self.__dict__.copy()
        fields_set = set(self.__pydantic_fields_set__)
        if update:
            data.update(update)
            fields_set.update(update)
        private = self.__pydantic_private__
        copied = object.__new__(type(self))
        object.__setattr__(copied, "__dict__", data)
        object.__setattr__(copied, "__pydantic_fields_set__", fields_set)
        object.__setattr__(copied, "__pydantic_extra__", None)  # extra="forbid": never any
        object.__setattr__(copied, "__pydantic_private__", dict(private) if private is not None else None)
        return copied


class ClassEntry(_Model):
    class_name: str = ""
    group: Group = "warrior"
    level: int = Field(1, ge=1, le=40)

    @model_validator(mode="before")
    @classmethod
    def _group_from_name(cls, data: Any) -> Any:
        """A class by any of its names (guerriero, fighter …) is stored by its id; its group comes from
        the table unless given (a class the table does not know is a warrior unless given)."""
        if isinstance(data, str):
            data = oneline.parse_class(data)
        if isinstance(data, dict):
            data = dict(data)
            for alias in ("class", "name"):
                if alias in data and "class_name" not in data:
                    data["class_name"] = data.pop(alias)
            if isinstance(data.get("group"), str):
                data["group"] = words.lookup(words.GROUPS, data["group"]) or data["group"]
        if isinstance(data, dict) and data.get("class_name"):
            typed = str(data["class_name"])
            name = words.lookup(words.CLASS_NAMES, typed) or typed.strip().lower().replace(" ", "_")
            data = {**data, "class_name": name}
            data.setdefault("group", CLASS_GROUPS.get(name, "warrior"))
        return data


class WeaponEntry(_Model):
    """One weapon or natural attack; `id` of a built-in weapon fills the fields not given."""

    id: str
    name: str | None = None
    category: str = ""
    rank: Rank = "none"
    relation: Relation = "auto"
    related_to: str | None = None
    size: Literal["S", "M", "L"] = "M"
    damage_type: list[DamageType] = Field(default_factory=lambda: cast(list[DamageType], ["S"]))
    delivery: list[Delivery] = Field(default_factory=lambda: cast(list[Delivery], ["melee"]))
    hands: Literal[1, 2] = 1
    damage: str = "1d6"
    damage_large: str | None = None
    damage_unsplit: bool = False  # monster damage that cannot be split into dice and bonus
    speed_factor: int = Field(0, ge=0, le=20)
    # short, medium, long upper limits in metres
    ranges: list[Annotated[float, Field(ge=0, le=1000)]] | None = Field(None, max_length=3)
    ammo: str | None = None
    strength_rated_bow: bool = False
    max_str_damage_bonus: int | None = Field(None, ge=0, le=20)  # house cap on strength-type damage bonuses
    magic: int = Field(0, ge=-10, le=10)
    to_hit_bonus: int = Field(0, ge=-50, le=50)
    damage_bonus: int = Field(0, ge=-50, le=100)
    specialised: bool = False
    proficient: bool = True
    natural_kind: str | None = None  # bite, claw, tail, punch … (Fendente Frontale refuses bites)
    cost_size: Literal["S", "M", "L"] | None = None  # Attacco Letale cost size, if not the weapon's

    @field_validator("damage", "damage_large")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        """Damage as AD&D writes it (1d8, 2d4, 1d6+1): dice that add up, never subtracted dice."""
        if value is None:
            return value
        try:
            expr = parse_dice(value)
        except RulesError:
            expr = None
        if expr is None or any(sign < 0 for _, _, sign in expr.groups):
            raise PydanticCustomError(
                "adnd2cp.damage_dice", "damage dice such as 1d8 or 1d6+1 are needed, not {value}", {"value": value}
            )
        return value

    @model_validator(mode="before")
    @classmethod
    def _from_builtin(cls, data: Any) -> Any:
        if isinstance(data, str):
            data = {"id": data}
        if not isinstance(data, dict):
            return data
        data = _weapon_aliases(dict(data))
        if data.get("id"):
            base = weapons.builtin(str(data["id"]))
            if base is not None:
                data = {**base, **data}
        return data


def _as_list(value: Any) -> Any:
    if isinstance(value, str):
        return [part.strip() for part in value.replace("/", ",").split(",") if part.strip()]
    if isinstance(value, (set, frozenset, tuple)):
        return sorted(value)
    return value


def _weapon_aliases(data: dict[str, Any]) -> dict[str, Any]:
    """The digest's weapon-entry names: name (as id), damage_dice (S/M, L), die_builtin_bonus; a
    built-in weapon by any of its names (spada_lunga, longsword) is stored by its id."""
    if not data.get("id") and data.get("name"):
        data["id"] = str(data["name"]).strip().lower().replace(" ", "_").replace("-", "_")
    if data.get("id"):
        data["id"] = words.weapon_id(data["id"]) or data["id"]
    dice = data.pop("damage_dice", None)
    if isinstance(dice, (list, tuple)):
        data.setdefault("damage", str(dice[0]))
        if len(dice) > 1:
            data.setdefault("damage_large", str(dice[1]))
    elif dice is not None:
        data.setdefault("damage", str(dice))
    bonus = int(data.pop("die_builtin_bonus", 0) or 0)
    if bonus:
        for key in ("damage", "damage_large"):
            if data.get(key):
                data[key] = f"{data[key]}{bonus:+d}"
    for key in ("damage_type", "delivery"):
        if key in data:
            data[key] = _as_list(data[key])
    if "damage_type" in data and isinstance(data["damage_type"], list):
        data["damage_type"] = [words.lookup(words.DAMAGE_TYPES, t) or t for t in data["damage_type"]]
    if "delivery" in data and isinstance(data["delivery"], list):
        data["delivery"] = [words.lookup(words.DELIVERIES, d) or d for d in data["delivery"]]
    for key, table in (("rank", words.RANKS), ("relation", words.RELATIONS)):
        if isinstance(data.get(key), str):
            data[key] = words.lookup(table, data[key]) or data[key].strip().lower().replace(" ", "_")
    if isinstance(data.get("ammo"), str):
        data["ammo"] = words.lookup(words.AMMO, data["ammo"]) or data["ammo"]
    for key in ("size", "cost_size"):
        if key in data:
            data[key] = normal_size(data[key])
    return data


def normal_size(value: Any) -> Any:
    """ "media", "medium", "m" or "M" -> "M"."""
    if isinstance(value, str):
        return words.lookup(words.SIZES, value) or value.strip().upper()
    return value


class Condition(_Model):
    key: str
    rounds: int | None = Field(None, ge=0, le=1000)  # rounds left (None: until removed)
    value: int = Field(0, ge=-100, le=HP)  # count or amount (impaling weapons, bleeding losses …)
    source: str | None = None  # who caused it (Fine Sanguinaria: the feared attacker)


class ReadiedDefence(_Model):
    """The defender's answer readied off-turn (`defend`) for the next attack on it this round."""

    blows: list[str] = Field(default_factory=list)  # Deflessione Superiore / Evasione Migliorata
    deflection_bonus: int = Field(0, ge=0, le=4)
    evasion_bonus: int = Field(0, ge=0, le=20)
    evasion_mastery: bool = False
    dodge: bool = False  # try the Schivata (d100 against the dodge chance)


DEFAULT_HP = 10
_SHORTCUTS = {
    "int": "intelligence",
    "str": "strength",
    "dex": "dexterity",
    "hd": "hit_dice",
    "points": "pool_current",
    "cp": "pool_current",
    "pool": "pool_override",
}


def _signed(value: Any) -> int:
    try:
        return int(str(value).replace(" ", "").replace("−", "-"))
    except ValueError:
        raise PydanticCustomError(
            "adnd2cp.attack_bonus", "the attack bonus is a whole number such as +3, not {value}", {"value": str(value)}
        ) from None


def _strength(text: str) -> tuple[int, int]:
    """ "18/76" -> (18, 76); "18/00" -> (18, 100)."""
    score, _, pct = text.partition("/")
    try:
        return int(score), 100 if pct.strip() in ("00", "100") else int(pct)
    except ValueError:
        raise PydanticCustomError(
            "adnd2cp.strength", "Strength is a score such as 17 or 18/76, not {value}", {"value": text}
        ) from None


def _level(text: str) -> int:
    try:
        level = int(text)
    except ValueError:
        raise PydanticCustomError(
            "adnd2cp.level", "the level is a whole number (7, or 7/6 for two classes), not {value}", {"value": text}
        ) from None
    within("level", level, *field_limits(ClassEntry, "level"))
    return level


def _expand_shortcuts(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    out.pop("pool_total", None)
    # `pool_max` is computed; written by hand (no `pool_override` key, as a stored sheet always has)
    # it is the GM's override.
    if "pool_max" in out:
        given = out.pop("pool_max")
        if "pool_override" not in out:
            out["pool_override"] = given
    for short, full in _SHORTCUTS.items():
        if short in out:
            out.setdefault(full, out.pop(short))
    if isinstance(out.get("strength"), str) and "/" in out["strength"]:
        out["strength"], out["strength_pct"] = _strength(out["strength"])
    if "hit_dice" in out and "kind" not in out and "class" not in out and "classes" not in out:
        out["kind"] = "monster"
    if isinstance(out.get("kind"), str):
        out["kind"] = words.lookup(words.KINDS, out["kind"]) or out["kind"]
    if "class" in out or "level" in out:
        names = str(out.pop("class", "fighter")).split("/")
        levels = str(out.pop("level", "1")).split("/")
        levels = levels * len(names) if len(levels) == 1 else levels
        out.setdefault(
            "classes",
            [{**oneline.parse_class(n), "level": _level(lv)} for n, lv in zip(names, levels, strict=False)],
        )
    quick = quick_weapon(out)
    if quick:
        out.setdefault("weapons", [quick])
    if "size" in out:
        out["size"] = normal_size(out["size"])
    if "hp" not in out and "hp_max" not in out:
        out["hp"] = DEFAULT_HP  # house default so a bare target ("ac:3") still resolves
    if "attacks" in out and "attacks_per_round" not in out:
        attacks = out.pop("attacks")
        out["attacks_per_round"] = str(len(attacks) if isinstance(attacks, list) else attacks)
    if "hp" in out and "hp_max" not in out:
        if isinstance(out["hp"], (int, str)) and str(out["hp"]).strip().lstrip("+-").isdigit():
            within("hp", int(str(out["hp"]).strip()), *SHORTCUT_BOUNDS["hp"])
        out["hp_max"] = out["hp"]
    if "hp_max" in out and "hp" not in out:
        out["hp"] = out["hp_max"]
    return out


QUICK_WEAPON_KEYS = ("weapon", "attack", "damage", "rank")


def quick_weapon(out: dict[str, Any]) -> dict[str, Any] | None:
    """The quick line's one weapon (`weapon`, `attack`, `damage`, `rank`), taken out of `out`: a weapon
    by name, or with none named the line's own attack (melee or natural, its damage not split)."""
    quick: dict[str, Any] = {}
    if "weapon" in out:
        quick = {"id": str(out.pop("weapon"))}
    if "attack" in out:
        quick.setdefault("id", "attack")
        quick["to_hit_bonus"] = _signed(out.pop("attack"))
        within("attack", quick["to_hit_bonus"], *SHORTCUT_BOUNDS["attack"])
    if "damage" in out:
        quick.setdefault("id", "attack")
        quick["damage"] = str(out.pop("damage"))
        quick.setdefault("damage_large", quick["damage"])
    if "rank" in out:
        quick.setdefault("id", "attack")
        quick["rank"] = out.pop("rank")
    if not quick:
        return None
    if words.weapon_id(quick["id"]) == words.QUICK_ATTACK:
        quick.setdefault("delivery", ["melee", "natural"])
        quick.setdefault("damage_unsplit", "damage" in quick)
    return quick


def _derived_values(out: dict[str, Any]) -> dict[str, int]:
    """Values the published tables give from the scores present (Str, Dex, classes)."""
    found: dict[str, int] = {}
    if out.get("strength") is not None:
        hit, dmg = tables.strength_adjustments(int(out["strength"]), int(out.get("strength_pct", 0) or 0))
        found.update(str_to_hit=hit, str_damage=dmg)
    if out.get("dexterity") is not None:
        missile, ac_adj = tables.dexterity_adjustments(int(out["dexterity"]))
        found.update(dex_missile=missile, dex_ac_adjustment=max(0, -ac_adj))
    if out.get("classes"):
        classes = [c if isinstance(c, ClassEntry) else ClassEntry.model_validate(c) for c in out["classes"]]
        found["thac0"] = min(tables.thac0_for(c.group, c.level) for c in classes)
    return found


def _same_number(given: Any, value: int) -> bool:
    try:
        return int(str(given).replace("−", "-").replace(" ", "")) == value
    except ValueError:
        return False


def _derive_scores(out: dict[str, Any]) -> dict[str, Any]:
    """Fill derivable fields from the scores unless given by hand; `derived` remembers which were
    filled, so a stored sheet re-derives them when a score or level changes. Without `derived` (a
    stats line, or a character the bot kept only the build and lasting fields of after a fight) a
    value equal to the table's is the table's: it follows its score from then on."""
    marked = "derived" in out
    derived = set(out.get("derived") or [])
    values = _derived_values(out)
    for field in DERIVABLE:
        by_hand = field in out and field not in derived
        if by_hand and not marked and field in values and _same_number(out[field], values[field]):
            by_hand = False
        if by_hand:
            continue
        if field in values:
            out[field] = values[field]
            derived.add(field)
        elif field in derived:
            out.pop(field, None)
            derived.discard(field)
    out["derived"] = sorted(derived)
    return out


DERIVABLE = ("thac0", "str_to_hit", "str_damage", "dex_missile", "dex_ac_adjustment")


class Sheet(_Model):
    """AD&D 2e combatant with its combat-point pool (punti combattimento) and round state."""

    kind: Literal["pc", "npc", "monster"] = "pc"
    classes: list[ClassEntry] = Field(default_factory=list)
    intelligence: int = Field(10, ge=0, le=25)
    strength: int | None = Field(None, ge=1, le=25)
    strength_pct: int = Field(0, ge=0, le=100)
    dexterity: int | None = Field(None, ge=1, le=25)
    hit_dice: str | None = Field(None, max_length=20)
    thac0: int = Field(20, ge=-10, le=25)
    ac: int = Field(10, ge=-10, le=10)
    dex_ac_adjustment: int = Field(0, ge=0, le=6)
    racial_max_dex_ac_adjustment: int = Field(4, ge=0, le=6)
    armour_dex_cap: int | None = Field(None, ge=0, le=6)
    hp: int = Field(DEFAULT_HP, ge=-100, le=HP)
    hp_max: int = Field(DEFAULT_HP, ge=1, le=HP)
    size: Size = "M"
    str_to_hit: int = Field(0, ge=-5, le=7)
    str_damage: int = Field(0, ge=-4, le=14)
    dex_missile: int = Field(0, ge=-6, le=5)
    attacks_per_round: str | None = None  # "1", "3/2", "2", "5/2"; derived for warriors when absent
    weapons: list[WeaponEntry] = Field(default_factory=list)
    combat_art_grades: int = Field(0, ge=0, le=50)
    arts: list[str] = Field(default_factory=list)
    deflection_score: int = Field(0, ge=0, le=10)
    dodge_pct: int = Field(0, ge=0, le=100)
    mastery_dodge_pct: int = Field(0, ge=0, le=100)
    # The campaign's percentage saves by kind (the seed names the kinds, not their chances): with one
    # here a blow's save is rolled; without it the GM gives the outcome or the chance with the attack.
    save_reflexes: int | None = Field(None, ge=0, le=100)
    save_toughness: int | None = Field(None, ge=0, le=100)
    save_courage: int | None = Field(None, ge=0, le=100)
    proficiencies: list[str] = Field(default_factory=list)
    extra_pool_points: int = Field(0, ge=0, le=100)
    pool_override: int | None = Field(None, ge=0, le=MAX_POOL)  # GM's pool; None = computed from the seed
    pool_current: int | None = Field(None, ge=-MAX_POOL, le=MAX_POOL)
    creature_traits: list[str] = Field(default_factory=list)
    multi_or_dual_class_warrior: bool | None = None
    conditions: list[Condition] = Field(default_factory=list)
    derived: list[str] = Field(default_factory=list)  # fields filled from Str/Dex/classes (re-derived)
    # --- round state ---
    attacks_left: int | None = Field(None, ge=0, le=MAX_ATTACKS)
    attacks_made: int = Field(0, ge=0, le=COUNT)
    extra_attacks_left: int = Field(0, ge=0, le=5)
    specials_used: int = Field(0, ge=0, le=COUNT)
    round_blows: list[str] = Field(default_factory=list)  # [ROUND] blows paid for the current round
    pending_round_blows: list[str] = Field(default_factory=list)  # declared for the next round
    quick_strike: int = Field(0, ge=0, le=2)  # Colpo Rapido copies paid at initiative, for the next attack
    round_no: int = Field(0, ge=0, le=100_000)  # the round `start_round` last opened for this combatant
    initiative_rolled: bool = False  # the initiative of `round_no` has been rolled
    # The fight's `death_at` setting as the last round start saw it: a GM's hp edit (no settings at
    # hand) settles dead / unconscious by it, as damage does; None before any round start (core: 0).
    death_at: int | None = Field(None, ge=-10, le=0)
    # attacks of opportunity / counter-attacks this round
    opportunity_attacks_made: int = Field(0, ge=0, le=COUNT)
    readied_defence: ReadiedDefence | None = None  # `defend`: used by the next attack on it this round

    _pool: Any = PrivateAttr(default=None)

    @field_validator("attacks_per_round", mode="before")
    @classmethod
    def _rate(cls, value: Any) -> Any:
        """Attacks per round as AD&D writes them: 1, 3/2, 2, 5/2 …"""
        if value is None:
            return value
        text = str(value).replace(" ", "")
        try:  # 1 … 20 attacks, a fraction such as 3/2 or 5/2 (never `1e999999`: Fraction would build it)
            ok = bool(_RATE.match(text)) and 0 < Fraction(text) <= MAX_ATTACKS
        except (ValueError, ZeroDivisionError):
            ok = False
        if not ok:
            raise PydanticCustomError(
                "adnd2cp.attack_rate", "attacks per round such as 1, 3/2 or 2 are needed, not {value}", {"value": text}
            )
        return text

    @field_validator("weapons", mode="before")
    @classmethod
    def _weapon_line(cls, value: Any) -> Any:
        """`armi:spada_lunga@maestro(+1),arco_lungo` (see oneline.py), or the stored list."""
        return oneline.parse_weapons(value) if isinstance(value, str) else value

    @field_validator("arts", mode="before")
    @classmethod
    def _arts(cls, value: Any) -> Any:
        return oneline.parse_words(value, words.ARTS)

    @field_validator("proficiencies", mode="before")
    @classmethod
    def _proficiencies(cls, value: Any) -> Any:
        return oneline.parse_words(value, words.PROFICIENCIES)

    @field_validator("creature_traits", mode="before")
    @classmethod
    def _traits(cls, value: Any) -> Any:
        return oneline.parse_words(value, words.TRAITS)

    @field_validator("conditions", mode="before")
    @classmethod
    def _conditions(cls, value: Any) -> Any:
        """`condizioni:emorragia(round=3),arma_conficcata(valore=2)`, condition names, or the stored list."""
        if isinstance(value, str):
            return oneline.parse_conditions(value)
        if isinstance(value, list):
            return [{"key": words.lookup(words.CONDITIONS, c) or c} if isinstance(c, str) else c for c in value]
        return value

    @field_validator("hit_dice")
    @classmethod
    def _hit_dice(cls, value: str | None) -> str | None:
        """Hit Dice as the Monstrous Manual writes them ("4+1", "1-1", "1/2", "20"): whole dice up to 200."""
        if value is not None:
            for number in _HIT_DICE_NUMBER.findall(value):
                within("hit_dice", int(number) if len(number) <= 6 else 10**6, 0, MAX_HIT_DICE)
        return value

    @model_validator(mode="before")
    @classmethod
    def _shortcuts(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        return _derive_scores(_expand_shortcuts(data))

    @model_validator(mode="after")
    def _derive(self) -> Sheet:
        from rules.systems.adnd2cp.pool import pool_breakdown

        if self.multi_or_dual_class_warrior is None:
            self.multi_or_dual_class_warrior = len(self.classes) > 1 and any(c.group == "warrior" for c in self.classes)
        self._pool = pool_breakdown(self)
        if self.pool_current is None:  # a larger value given by the GM is kept (unlisted sources)
            self.pool_current = self.pool_max
        return self

    @computed_field  # type: ignore[prop-decorator]
    @property
    def pool_max(self) -> int:
        """Combat-point pool (punti combattimento): the GM's override, or the seed's computation."""
        if self.pool_override is not None:
            return self.pool_override
        # The private attribute read straight from pydantic's store: `self._pool` goes through the
        # model's slow `__getattr__`, and this runs in every sheet dump (hot path of every attack).
        private = self.__pydantic_private__
        found = private.get("_pool") if private else None
        return min(MAX_POOL, int(found.total)) if found is not None else 0

    @property
    def points(self) -> int:
        return self.pool_current if self.pool_current is not None else self.pool_max

    # --- derived helpers ---------------------------------------------------------------------
    def warrior_level(self) -> int:
        return max((c.level for c in self.classes if c.group == "warrior"), default=0)

    def group_level(self, group: str) -> int:
        return max((c.level for c in self.classes if c.group == group), default=0)

    def level_or_hd(self) -> int:
        """Level (highest class) or full Hit Dice, for durations and comparisons."""
        from rules.systems.adnd2cp.pool import full_hit_dice

        return max(max((c.level for c in self.classes), default=0), full_hit_dice(self.hit_dice))

    def attack_rate(self) -> Fraction:
        if self.attacks_per_round:
            return Fraction(self.attacks_per_round.replace(" ", ""))
        level = self.warrior_level()
        if level == 0:
            return Fraction(1)
        specialist = any(w.specialised for w in self.weapons)
        return tables.warrior_attacks(level, specialist)

    def condition(self, key: str) -> Condition | None:
        for cond in self.conditions:
            if cond.key == key:
                return cond
        return None

    def save_chance(self, kind: str) -> int | None:
        """The sheet's base chance of a save of this kind (reflexes, toughness, courage), if written."""
        value: int | None = getattr(self, "save_" + kind, None)
        return value

    def has(self, key: str) -> bool:
        for cond in self.conditions:  # a plain loop: called a dozen times an attack, mostly on no conditions
            if cond.key == key:
                return True
        return False


# Quick-NPC shortcut keys stored in other fields, with the bounds they declare (checked as typed).
SHORTCUT_BOUNDS: dict[str, tuple[int, int]] = {
    "attack": field_limits(WeaponEntry, "to_hit_bonus"),
    "hp": (1, HP),
    "level": field_limits(ClassEntry, "level"),
    "hd": (0, MAX_HIT_DICE),
}
