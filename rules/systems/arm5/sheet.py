"""The combatant sheet (stats + combat state), with the quick-NPC shortcut keys."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.bounds import clip_update, field_limits, within_stored
from rules.errors import RulesError
from rules.model import Message, Term
from rules.systems.arm5.compact import shield_of, spells_of, weapon_of
from rules.systems.arm5.tables import (
    FATIGUE_LEVELS,
    FATIGUE_NAMES_PL,
    FATIGUE_PENALTY,
    UNCONSCIOUS,
    WOUND_PENALTY,
    Ability,
    Cover,
    cover_key,
)
from rules.systems.arm5.weapons import SHIELDS, WEAPONS
from rules.systems.arm5.words import FATIGUE, YES_NO, lookup
from rules.trusted import complete

Text = str  # the Sheet has a field called `str` (Strength), so its text fields are typed as Text

ABILITY_NAMES = ("single_weapon", "great_weapon", "brawl", "throw", "bows", "riding", "finesse")
COMBAT_ABILITIES = ("single_weapon", "great_weapon", "brawl", "throw", "bows")
ABILITY_ALIASES = {"thrown": "throw", "thrown_weapon": "throw", "bow": "bows"}
WOUND_KEYS = ("light", "medium", "heavy", "incapacitating")
STAT = Field(0, ge=-10, le=10)
_LIGHT, _MEDIUM, _HEAVY = WOUND_PENALTY["light"], WOUND_PENALTY["medium"], WOUND_PENALTY["heavy"]
# A rolled total kept on the sheet (Initiative, a disengage Defense): a stress die doubles on every 1, so
# the number is open in the book; the sheet keeps it within these bounds (issue 12).
ROLL = 100_000
Rolled = Annotated[int, Field(ge=-ROLL, le=ROLL)]


class _Bounded(BaseModel):
    """A model whose rule-made copies keep every number inside its declared bounds (so they load again).

    Its copies are made here directly (issue 17: every exchange copies the defender's sheet): exactly
    pydantic's shallow `model_copy`, without its generic steps; a deep copy, or a model with private or
    extra data, goes through pydantic as before."""

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        changed = clip_update(type(self), update) if update else update
        if deep:
            return super().model_copy(update=changed, deep=deep)
        return self.clipped_copy(changed)

    def clipped_copy(self, changed: Mapping[str, Any] | None) -> Self:
        """`model_copy(update=changed)` for a caller whose values are already within their bounds."""
        if self.__pydantic_private__ is not None or self.__pydantic_extra__ is not None:
            return super().model_copy(update=changed)
        # pydantic's shallow copy: the same field values, the update's over them, its keys marked as set.
        if not changed:
            return complete(type(self), self.__dict__.copy(), set(self.__pydantic_fields_set__))
        return complete(type(self), {**self.__dict__, **changed}, self.__pydantic_fields_set__ | changed.keys())


class _Part(_Bounded):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def plain_dump(self) -> dict[Text, Any]:
        """`model_dump()` of a part (numbers and text only): its fields as the model holds them (see
        `Sheet.plain_dump` on their order)."""
        return self.__dict__.copy()


SheetPart = _Part  # the sheet's nested models (numbers and text): `plain_dump` is their model_dump()


class Abilities(_Part):
    """Combat Abilities (Umiejętności), plus Riding (mounted bonus) and Finesse (Fast Casting)."""

    single_weapon: int = Field(0, ge=0, le=30)
    great_weapon: int = Field(0, ge=0, le=30)
    brawl: int = Field(0, ge=0, le=30)
    throw: int = Field(0, ge=0, le=30)
    bows: int = Field(0, ge=0, le=30)
    riding: int = Field(0, ge=0, le=30)
    finesse: int = Field(0, ge=0, le=30)

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {ABILITY_ALIASES.get(k, k): v for k, v in data.items()}
        return data


class Weapon(_Part):
    """A weapon (broń): its Ability and the Init / Atk / Dfn / Dam modifiers."""

    name: Text = "fist"
    ability: Ability = "brawl"
    init: int = Field(0, ge=-10, le=20)
    atk: int = Field(0, ge=-10, le=40)
    dfn: int = Field(0, ge=-10, le=40)
    dam: int = Field(0, ge=-10, le=40)
    ranged: bool = False

    @model_validator(mode="before")
    @classmethod
    def _from_table(cls, data: Any) -> Any:
        """`"long_sword"` (a weapon id, or its name: `miecz_długi`), the notation
        (`szabla@single_weapon:1/4/1/6`, compact.py) or `{"name": "long_sword", ...}` fills in the table's values."""
        if isinstance(data, str):
            data = weapon_of(data)
        if isinstance(data, dict) and data.get("name") == "unarmed":
            data = {**data, "name": "fist"}
        if isinstance(data, dict) and data.get("name") in WEAPONS and "ability" not in data:
            w = WEAPONS[data["name"]]
            base = {"ability": w.ability, "init": w.init, "atk": w.atk, "dfn": w.dfn, "dam": w.dam}
            base["ranged"] = w.ability in ("throw", "bows")
            return {**base, **data}
        if isinstance(data, dict) and isinstance(data.get("name"), str) and "ability" not in data:
            if not set(data) & {"init", "atk", "dfn", "dam"}:
                allowed = [Term("weapon", w) for w in sorted(WEAPONS)]
                raise RulesError("error.arm5.unknown_weapon", weapon=data["name"], allowed=allowed)
            return {"ability": "single_weapon", **data}  # a custom weapon given by its numbers
        if isinstance(data, dict) and "ranged" not in data and data.get("ability") in ("throw", "bows"):
            return {**data, "ranged": True}
        return data


class Shield(_Part):
    """A shield (tarcza); its modifiers are summed with a Single Weapon."""

    name: Text = "shield"
    init: int = Field(0, ge=-10, le=20)
    atk: int = Field(0, ge=-10, le=20)
    dfn: int = Field(0, ge=-10, le=20)
    dam: int = Field(0, ge=-10, le=20)

    @model_validator(mode="before")
    @classmethod
    def _from_table(cls, data: Any) -> Any:
        """`"buckler"` (a shield id, or its name: `puklerz`) or the notation `pawęż:0/0/4/0` (compact.py)."""
        if isinstance(data, str):
            shield = shield_of(data)
            if shield is None:  # "no shield" is the Sheet's None, not a shield
                allowed = [Term("weapon", s) for s in sorted(SHIELDS)]
                raise RulesError("error.arm5.unknown_shield", shield=data, allowed=allowed)
            return shield
        return data


class Wounds(_Part):
    """Wounds (rany) by band; each Light/Medium/Heavy wound's penalty adds up."""

    light: int = Field(0, ge=0, le=99)
    medium: int = Field(0, ge=0, le=99)
    heavy: int = Field(0, ge=0, le=99)
    incapacitating: int = Field(0, ge=0, le=99)


class Spell(_Part):
    """An offensive spell (e.g. Pilum of Fire, damage +15) and its Casting Score."""

    name: Text
    damage: int = Field(0, ge=0, le=200)
    casting_score: int = Field(0, ge=-50, le=200)
    level: int | None = Field(None, ge=0, le=200)
    fast_casting: bool = False

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if isinstance(data, dict) and "mastered_fast_casting" in data:
            data = {**data, "fast_casting": data["mastered_fast_casting"]}
            del data["mastered_fast_casting"]
        return data


class Sheet(_Bounded):
    """An Ars Magica combatant: Characteristics, Abilities, gear, wounds, fatigue and combat state."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    is_npc: bool = False
    hidden: bool = False
    str: int = STAT
    sta: int = STAT
    dex: int = STAT
    qik: int = STAT
    size: int = Field(0, ge=-10, le=20)
    abilities: Abilities = Abilities()
    weapon: Weapon = Weapon()
    shield: Shield | None = None
    armour_prot: int = Field(0, ge=-10, le=30)
    soak_bonus: int = Field(0, ge=-30, le=30)
    encumbrance: int = Field(0, ge=0, le=20)
    wounds: Wounds = Wounds()
    dead: bool = False
    fatigue_level: int = Field(0, ge=0, le=UNCONSCIOUS)
    initiative: Rolled | None = None
    initiative_tiebreak: list[Annotated[int, Field(ge=-100, le=100)]] = Field(default_factory=list, max_length=5)
    held_initiative: Rolled | None = None
    mounted: bool = False
    cover: Cover = "none"
    magic_resistance: bool = False
    spells: list[Spell] = Field(default_factory=list)
    engaged_with: list[Text] = Field(default_factory=list)
    attacked_by: list[Text] = Field(default_factory=list)
    attacked_by_last_round: list[Text] = Field(default_factory=list)
    left_combat: bool = False
    disengage_bonus: int = Field(0, ge=0, le=300)
    disengage_defence: Rolled | None = None
    disengage_pending: list[Text] = Field(default_factory=list)
    disengage_failed: bool = False
    disengage_botched: bool = False
    disengage_carried: bool = False
    action_used: bool = False
    fast_action_used: bool = False
    fast_casts: int = Field(0, ge=0, le=99)
    delaying: bool = False
    botch_dice: int | None = Field(None, ge=0, le=10)

    @model_validator(mode="before")
    @classmethod
    def _shortcuts(cls, data: Any) -> Any:
        return expand_shortcuts(data) if isinstance(data, dict) else data

    # --- derived values ----------------------------------------------------------------------
    @property
    def wound_penalty(self) -> int:
        w = self.wounds
        return w.light * _LIGHT + w.medium * _MEDIUM + w.heavy * _HEAVY

    @property
    def fatigue_penalty(self) -> int:
        return FATIGUE_PENALTY[self.fatigue_level]

    @property
    def incapacitated(self) -> bool:
        return self.wounds.incapacitating > 0

    @property
    def unconscious(self) -> bool:
        return self.fatigue_level >= UNCONSCIOUS

    @property
    def out_of_fight(self) -> bool:
        # `dead or incapacitated or unconscious` with the two properties written in (read every exchange)
        return self.dead or self.wounds.incapacitating > 0 or self.fatigue_level >= UNCONSCIOUS

    def botch_dice_for(self, option: int | None, default: int) -> int:
        """Botch dice for this combatant's roll: the action's option, else the sheet's, else the setting."""
        if option is not None:
            return option
        return self.botch_dice if self.botch_dice is not None else default

    def ability(self, name: Text) -> int:
        return int(getattr(self.abilities, name))

    def plain_dump(self) -> dict[Text, Any]:
        """`model_dump()` written out for this sheet (every exchange dumps one or two: ~2 µs against
        pydantic's ~4.7-6.5 µs): the fields, the four nested models as dicts, lists copied. A sheet whose
        parts are not exactly the declared models is pydantic's to dump.

        The fields come in the order the model holds them: the declared order (pydantic's) for every
        sheet that validation, `model_construct` or `model_copy` makes; a model whose `__dict__` was
        assembled in another order by hand dumps an equal dict in that order (checking the order cost a
        quarter of the dump)."""
        out = self.__dict__.copy()
        # The four parts and five lists read and tested at once, no loop (two dumps per exchange).
        abilities, weapon, shield, wounds, spells = (
            out["abilities"],
            out["weapon"],
            out["shield"],
            out["wounds"],
            out["spells"],
        )
        tiebreak, engaged, attacked, attacked_last, pending = (
            out["initiative_tiebreak"],
            out["engaged_with"],
            out["attacked_by"],
            out["attacked_by_last_round"],
            out["disengage_pending"],
        )
        if (
            type(abilities) is not Abilities
            or type(weapon) is not Weapon
            or (shield is not None and type(shield) is not Shield)
            or type(wounds) is not Wounds
            or type(spells) is not list
            or type(tiebreak) is not list
            or type(engaged) is not list
            or type(attacked) is not list
            or type(attacked_last) is not list
            or type(pending) is not list
        ):
            return self.model_dump()
        if spells:
            if any(type(spell) is not Spell for spell in spells):
                return self.model_dump()
            out["spells"] = [spell.plain_dump() for spell in spells]
        else:
            out["spells"] = []
        out["abilities"] = abilities.__dict__.copy()  # `plain_dump` written in (a call per part costs as much)
        out["weapon"] = weapon.__dict__.copy()
        if shield is not None:
            out["shield"] = shield.__dict__.copy()
        out["wounds"] = wounds.__dict__.copy()
        out["initiative_tiebreak"] = tiebreak.copy()
        out["engaged_with"] = engaged.copy()
        out["attacked_by"] = attacked.copy()
        out["attacked_by_last_round"] = attacked_last.copy()
        out["disengage_pending"] = pending.copy()
        return out




# --- quick NPC lines ------------------------------------------------------------------------------
# `attack:+9 defense:+6 damage:+5 soak:+7 size:0`: attack/defense/damage/init are totals before the
# die; they become the modifiers of one weapon called "npc" (its Ability Single Weapon), after taking
# off whatever Characteristic / Ability / shield the same line also gives. `soak` becomes armour_prot.
TOTAL_KEYS = {"attack": "atk", "defense": "dfn", "defence": "dfn", "damage": "dam", "init": "init"}
FIELD_ALIASES = {
    "fatigue": "fatigue_level",
    "prot": "armour_prot",
    "protection": "armour_prot",
    "armor": "armour_prot",
    "armour": "armour_prot",
    "armor_prot": "armour_prot",
    "enc": "encumbrance",
    "strength": "str",
    "stamina": "sta",
    "dexterity": "dex",
    "quickness": "qik",
    "parma": "magic_resistance",
    "attacked_by_since_last_turn": "attacked_by",
}


def fatigue_level_of(value: Text) -> Any:
    """`weary`, `znużony`, `Zmeczona` … → the level number; anything else is left for validation."""
    name = value.strip().casefold()
    if name in FATIGUE_LEVELS:
        return FATIGUE_LEVELS.index(name)
    if name in FATIGUE_NAMES_PL:
        return FATIGUE_NAMES_PL[name]
    level = lookup(FATIGUE, value)
    return int(level) if level is not None else value


YES_NO_FIELDS = ("mounted", "magic_resistance", "dead")


def _structured(data: dict[Text, Any]) -> None:
    """The one-line notation of the weapon, shield and spells (compact.py), and Polish `tak` / `nie`."""
    if isinstance(data.get("weapon"), str):
        data["weapon"] = weapon_of(data["weapon"])
    if isinstance(data.get("shield"), str):
        data["shield"] = shield_of(data["shield"])
    if isinstance(data.get("spells"), str):
        data["spells"] = spells_of(data["spells"])
    for key in YES_NO_FIELDS:
        if isinstance(data.get(key), str):
            data[key] = YES_NO.get(data[key].strip().casefold(), data[key])


def _int(value: Any, key: Text) -> int:
    """A shortcut's number; refused under the name the player typed (`soak`, `attack` …)."""
    try:
        return int(str(value).strip().replace("−", "-"))
    except ValueError:
        problem = Message("problem.int_parsing", {"value": str(value)})
        raise RulesError("error.stat_invalid", key=Term("term", key), problem=problem) from None


def _bounds(model: type[BaseModel], field: Text) -> tuple[int, int]:
    lo, hi = field_limits(model, field)
    return int(lo), int(hi)


def _within(key: Text, typed: int, stored: int, bounds: tuple[int, int]) -> None:
    """A shortcut stored as another field (`soak:+7` → Protection): its range is checked here, as the
    number the player typed, so the refusal names `soak` and its own limits, not the inner field."""
    within_stored(key, typed, stored, bounds)


def expand_shortcuts(raw: dict[Text, Any]) -> dict[Text, Any]:
    data = {FIELD_ALIASES.get(k, k): v for k, v in raw.items()}
    data.pop("name", None)  # the combatant's name lives beside the sheet (Fighter.name)
    if isinstance(data.get("fatigue_level"), str):
        data["fatigue_level"] = fatigue_level_of(data["fatigue_level"])
    abilities = dict(data.pop("abilities", None) or {})
    for key in [*ABILITY_NAMES, *ABILITY_ALIASES]:
        if key in data:
            abilities[ABILITY_ALIASES.get(key, key)] = data.pop(key)
    if abilities:
        data["abilities"] = abilities
    if "cover" in data:
        data["cover"] = cover_key(data["cover"])
    _structured(data)
    weapon = data.get("weapon")
    if isinstance(weapon, dict) and "ability" not in weapon and weapon.get("name", "") not in (*WEAPONS, "unarmed"):
        data["weapon"] = {"name": "weapon", **weapon, "ability": _likely_ability(abilities)}
    wounds = dict(data.pop("wounds", None) or {})
    if "dead" in wounds:
        data["dead"] = wounds.pop("dead")
    for key in WOUND_KEYS:
        if key in data:
            wounds[key] = data.pop(key)
    if wounds:
        data["wounds"] = wounds
    typed = {k: _int(data.pop(k), k) for k in list(data) if k in TOTAL_KEYS}
    if typed:
        data["weapon"] = _npc_weapon(data, abilities, typed)
    if "soak" in data:
        soak = _int(data.pop("soak"), "soak")
        prot = soak - _int(data.get("sta", 0), "sta") - _int(data.get("soak_bonus", 0), "soak_bonus")
        _within("soak", soak, prot, _bounds(Sheet, "armour_prot"))
        data["armour_prot"] = prot
    return data


def _likely_ability(abilities: dict[Text, Any]) -> Text:
    """A weapon given only by its numbers: the one combat Ability the sheet has, else Single Weapon."""
    known = [k for k in COMBAT_ABILITIES if _int(abilities.get(k, 0), k) > 0]
    return known[0] if len(known) == 1 else "single_weapon"


def _npc_weapon(data: dict[Text, Any], abilities: dict[Text, Any], typed: dict[Text, int]) -> dict[Text, Any]:
    skill = _int(abilities.get("single_weapon", 0), "single_weapon")
    shield = Shield.model_validate(data["shield"]) if data.get("shield") is not None else Shield(name="none")
    base = {
        "atk": _int(data.get("dex", 0), "dex") + skill + shield.atk,
        "dfn": _int(data.get("qik", 0), "qik") + skill + shield.dfn,
        "dam": _int(data.get("str", 0), "str") + shield.dam,
        "init": _int(data.get("qik", 0), "qik") - _int(data.get("encumbrance", 0), "encumbrance") + shield.init,
    }
    weapon: dict[Text, Any] = {"name": "npc", "ability": "single_weapon"}
    for key, total in typed.items():
        field = TOTAL_KEYS[key]
        weapon[field] = total - base[field]
        _within(key, total, weapon[field], _bounds(Weapon, field))
    return weapon


# Quick-NPC shortcut keys stored in other fields, with their bounds on a sheet whose other numbers are at
# their defaults (the Characteristic, Ability and shield a line also gives move them: `_within`).
SHORTCUT_BOUNDS: dict[Text, tuple[int, int]] = {
    "attack": _bounds(Weapon, "atk"),
    "defense": _bounds(Weapon, "dfn"),
    "damage": _bounds(Weapon, "dam"),
    "init": _bounds(Weapon, "init"),
    "soak": _bounds(Sheet, "armour_prot"),
}
