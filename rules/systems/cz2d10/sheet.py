"""The combatant sheet (stats + state) and the quick-NPC shortcut keys."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from rules.errors import RulesError
from rules.notation import parse_dice
from rules.systems.cz2d10.compact import (
    parse_armour_parts,
    parse_numbers,
    parse_part_damage,
    parse_parts,
    piece_parts,
    skills_of,
)
from rules.systems.cz2d10.tables import MATERIALS, NPC_WEAPON, SHIELDS, WEAPONS, lookup_id
from rules.trusted import complete

ArmourSlot = Literal["torso", "head", "arms", "legs", "right_arm", "left_arm", "right_leg", "left_leg"]

# Quick NPC keys (and Czech spellings) -> real fields. `hp` fills hp_max and hp.
SHORTCUTS: dict[str, str] = {
    "sila": "str",
    "síla": "str",
    "obr": "dex",
    "obratnost": "dex",
    "kon": "con",
    "kondice": "con",
    "reakce": "reaction",
    "skill": "weapon_skill",
    "ovladani": "weapon_skill",
    "ovládání": "weapon_skill",
    "kryti": "guard",
    "krytí": "guard",
    "zbran": "weapon",
    "zbraň": "weapon",
    "stit": "shield",
    "štít": "shield",
    "zbroj": "armour",
    "armor": "armour",
    "dr": "armour_dr",
    "attack": "attack_fixed",
    "utok": "attack_fixed",
    "útok": "attack_fixed",
    "defence": "defence_fixed",
    "defense": "defence_fixed",
    "obrana": "defence_fixed",
    "damage": "weapon_damage",
    "zraneni": "weapon_damage",
    "zranění": "weapon_damage",
    "init": "initiative_fixed",
    "iniciativa": "initiative_fixed",
    "zivoty": "hp",
    "životy": "hp",
    "velikost": "size",
}


# Keys of /encounter edit (a part's HP left, the round's counters): refused in a new sheet with a pointer.
_EDIT_ONLY = frozenset({"head", "torso", "right_arm", "left_arm", "right_leg", "left_leg"})
_YES = {"ano": True, "ne": False, "yes": True, "no": False}


def _yes_no(value: Any) -> Any:
    """A flag typed as `ano`/`ne` (Czech) as well as yes/no, true/false, 1/0 (pydantic's own)."""
    if isinstance(value, str) and value.strip().casefold() in _YES:
        return _YES[value.strip().casefold()]
    return value


# Declared bounds (wide enough for every value in the seed, monsters included): out-of-range input is
# refused by validation, and no rule ever loops on a number a user typed.
Level = Annotated[int, Field(ge=0, le=60)]  # skill levels (the seed counts up to "10 levels" and beyond)
Points = Annotated[int, Field(ge=0, le=999)]  # damage, stun, HP-sized counts
Count = Annotated[int, Field(ge=0, le=50)]  # per-round counters


class ArmourPiece(BaseModel):
    """Polygonal armour on one slot: material and DR."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    material: str = "generic"
    dr: int = Field(0, ge=0, le=30)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, int):
            return {"dr": data}
        if isinstance(data, str):
            mat, _, dr = data.replace(":", " ").rpartition(" ")
            return {"material": mat or "generic", "dr": dr} if dr.strip().lstrip("-").isdigit() else {"material": data}
        return data

    @field_validator("material")
    @classmethod
    def _material(cls, v: str) -> str:
        key = lookup_id(v)
        if key not in MATERIALS:
            raise _unknown("material", v)
        return key


def _unknown(what: str, value: str) -> PydanticCustomError:
    """A name the seed's tables do not know (catalog `problem.cz2d10.unknown_<what>`, which lists them)."""
    return PydanticCustomError(f"cz2d10.unknown_{what}", f"unknown {what} {{value}}", {"value": value})


class Sheet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    # --- attributes (vlastnosti) ---
    str_: int = Field(0, alias="str", ge=-10, le=60)
    dex: int = Field(0, ge=-10, le=60)
    con: int = Field(0, ge=-10, le=60)
    reaction: int = Field(0, ge=-30, le=60)
    initiative_bonus: int = Field(0, ge=0, le=30)
    initiative_fixed: int | None = Field(None, ge=-60, le=90)  # quick NPC: the final initiative
    size: int = Field(0, ge=-10, le=20)  # size class, human 0 (L592: a giant spider "+4")
    # --- skills (úrovně) ---
    weapon_skill: Level | dict[str, Level] = 0
    guard: int = Field(0, ge=0, le=60)
    shield_skill: int = Field(0, ge=0, le=60)
    balance: int | None = Field(None, ge=-10, le=90)
    # --- equipment ---
    weapon: str | None = None
    off_weapon: str | None = None
    weapon_damage: str | None = None
    reach: int | None = Field(None, ge=0, le=40)  # feet; the pike reaches 16
    shield: str | None = None
    armour: str | None = None
    armour_dr: int = Field(0, ge=0, le=30)
    helmet: str | None = None
    helmet_dr: int = Field(0, ge=0, le=30)
    accessories: str | None = None
    accessories_dr: int = Field(0, ge=0, le=30)
    armour_parts: dict[ArmourSlot, ArmourPiece] = Field(default_factory=dict)
    slowdown: int | None = Field(None, ge=0, le=40)  # override of the total slowdown (zpomalení)
    attack_fixed: int | None = Field(None, ge=-30, le=90)
    defence_fixed: int | None = Field(None, ge=0, le=150)
    # --- one-off abilities (jednorázové schopnosti) ---
    finesse: bool = False
    brute_force: bool = False
    weapon_focus: int = Field(0, ge=0, le=20)
    weapon_specialization: int = Field(0, ge=0, le=30)
    power_attack: int = Field(0, ge=0, le=30)
    lightning_attacks: bool = False
    two_weapon_fighting: bool = False
    ambidexterity: bool = False
    off_hand_penalty: int = Field(0, ge=-20, le=20)
    dual_weapon: bool = False
    battle_reflexes: int = Field(0, ge=0, le=10)
    counter_lunge: int = Field(0, ge=0, le=2)
    dance_of_death: bool = False
    deflection: bool = False
    precise_shot: bool = False
    back_attack: bool = False
    disarm_ability: bool = False
    bare_hand_fighting: bool = False
    bare_hand_specialization: bool = False
    armour_compatibility: bool = False
    partial_armour_compatibility: bool = False
    combat_instincts: int = Field(0, ge=0, le=30)
    dodging: int = Field(0, ge=0, le=30)
    toughness: bool = False
    crit_range_bonus: int = Field(0, ge=0, le=18)
    shield_specialization: int = Field(0, ge=0, le=2)
    multiconcentration: bool = False
    # --- wounds (zranění) ---
    hp_max: int | None = Field(None, ge=1, le=999)
    hp: int | None = Field(None, ge=-999, le=999)
    wound_thresholds: list[Annotated[int, Field(ge=1, le=999)]] | None = None  # light, serious, severe, mortal
    wound_penalties: list[Annotated[int, Field(ge=-60, le=0)]] | None = None  # light, serious, severe (basic)
    stun: int = Field(0, ge=0, le=999)
    stun_max: int | None = Field(None, ge=1, le=999)
    part_damage: dict[str, Points] = Field(default_factory=dict)
    amputated: list[str] = Field(default_factory=list)
    dead: bool = False
    last_damage: int = Field(0, ge=0, le=999)
    last_location: str | None = None
    # --- round state ---
    initiative_roll: int | None = Field(None, ge=-80, le=120)
    # The rolled count a wait moved away from: waiting lasts the round, then the combatant returns to it.
    initiative_before_wait: int | None = Field(None, ge=-80, le=120)
    actions_left: int | None = Field(None, ge=0, le=10)
    actions_reserve: int = Field(0, ge=0, le=10)
    acted_this_round: bool = False
    has_acted: bool = False
    moved_this_round: bool = False
    stepped_this_round: bool = False
    # the second weapon is in hand instead of the main one (drawn by an attack that needed it, L27)
    second_drawn: bool = False
    counter_attacks_used: int = Field(0, ge=0, le=50)
    attacks_on: dict[str, Count] = Field(default_factory=dict)
    attackers: list[str] = Field(default_factory=list)
    defence_mode: Literal["none", "partial", "full"] = "none"
    charging: bool = False
    prone: bool = False
    immobile: bool = False
    aware: bool = True
    spanning: bool = False
    off_balance: int = Field(0, ge=0, le=3)
    intimidation: int = Field(0, ge=0, le=20)
    acceleration: int = Field(0, ge=0, le=2)
    reload_left: int = Field(0, ge=0, le=10)
    # covering an ally (krytí spolubojovníků) and mounted combat (jízdní boj)
    covering: Literal["none", "partial", "full"] = "none"
    cover_attack: int = Field(0, ge=-10, le=10)
    cover_defence: int = Field(0, ge=-10, le=10)
    covered_bonus: int = Field(0, ge=-10, le=10)
    mounted: bool = False
    gallop: Literal["none", "gallop", "full_gallop"] = "none"
    reflex_actions_left: int | None = Field(None, ge=0, le=50)
    # conditions a GM may put on (neuhýbající) and the faint of L467 (omdlévá)
    non_dodging: bool = False
    fainted: bool = False
    # waiting (vyčkávání, L357): the rest of this round's actions may be used out of turn
    waiting: bool = False
    # the defender's battle reflexes placed this round (opponent -> reflexes, L332) and the highest base
    # initiative among this round's opponents (who orders the opponents, L332)
    reflexes_against: dict[str, Annotated[int, Field(ge=0, le=10)]] = Field(default_factory=dict)
    opponents_top_initiative: int | None = Field(None, ge=-60, le=90)

    @model_validator(mode="before")
    @classmethod
    def _shortcuts(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        if data.keys() <= _OWN_NAMES:  # a stored or rule-made sheet: every key is already a field's own
            out = dict(data)
            for k in _FLAGS.intersection(out):
                out[k] = _yes_no(out[k])
        else:
            out = {}
            for key, value in data.items():
                k = SHORTCUTS.get(str(key).lower(), str(key))
                if k in _EDIT_ONLY:
                    raise PydanticCustomError(
                        "cz2d10.edit_only", "{key} is changed in a running fight (/encounter edit)", {"key": str(key)}
                    )
                out[k] = _yes_no(value) if k in _FLAGS else value
        if "hp" in out and "hp_max" not in out:
            out["hp_max"] = out["hp"]
        armour = out.get("armour")
        if isinstance(armour, dict):
            out["armour"] = armour.get("material", "generic")
            out.setdefault("armour_dr", armour.get("dr", 0))
            armour = None
        for piece in ("armour", "helmet", "accessories"):
            text = out.get(piece)
            if isinstance(text, str) and (":" in text or " " in text.strip() or text.strip().isdigit()):
                material, dr = piece_parts(text)
                out[piece] = material
                if dr is not None:
                    out.setdefault(f"{piece}_dr", dr)
        if "armour_parts" in out:
            out["armour_parts"] = parse_armour_parts(out["armour_parts"])
        taken = out.pop("damage_taken", None)
        if isinstance(taken, dict):
            out.setdefault("part_damage", taken)
        elif taken is not None:
            top = out.get("hp_max")
            top = int(top) if top is not None else 9 + int(out.get("con", 0) or 0)
            out.setdefault("hp_max", top)
            out.setdefault("hp", top - int(taken))
        if "part_damage" in out:
            out["part_damage"] = parse_part_damage(out["part_damage"])
        if "amputated" in out:
            out["amputated"] = parse_parts(out["amputated"])
        for listed in ("wound_thresholds", "wound_penalties"):
            if listed in out:
                out[listed] = parse_numbers(out[listed])
        if out.get("armour_dr") and not out.get("armour"):
            out["armour"] = "generic"
        if "weapon_skill" in out:
            out["weapon_skill"] = skills_of(out["weapon_skill"])
        quick = out.get("attack_fixed") is not None or out.get("weapon_damage") is not None
        if quick and out.get("weapon") is None and out.get("off_weapon") is None:
            out["weapon"] = NPC_WEAPON.id
        return out

    @field_validator("weapon", "off_weapon")
    @classmethod
    def _weapon(cls, v: str | None) -> str | None:
        if v is None or v in ("", "none"):
            return None
        key = lookup_id(v)
        if key not in WEAPONS:
            raise _unknown("weapon", v)
        return key

    @field_validator("shield")
    @classmethod
    def _shield(cls, v: str | None) -> str | None:
        if v is None or v in ("", "none"):
            return None
        key = lookup_id(v)
        if key not in SHIELDS:
            raise _unknown("shield", v)
        return key

    @field_validator("armour", "helmet", "accessories")
    @classmethod
    def _material(cls, v: str | None) -> str | None:
        if v is None or v in ("", "none"):
            return None
        key = lookup_id(v)
        if key not in MATERIALS:
            raise _unknown("material", v)
        return key

    @field_validator("weapon_damage")
    @classmethod
    def _damage(cls, v: str | None) -> str | None:
        if v is None:
            return None
        try:
            parse_dice(v)
        except RulesError:
            raise PydanticCustomError(
                "cz2d10.damage_notation", "damage dice such as d5+1 or 2d10, not {value}", {"value": v}
            ) from None
        return v

    @field_validator("wound_thresholds")
    @classmethod
    def _thresholds(cls, v: list[int] | None) -> list[int] | None:
        if v is not None and (len(v) != 4 or sorted(v) != v):
            raise PydanticCustomError(
                "cz2d10.wound_thresholds", "four rising numbers: light, serious, severe, mortal wound", {}
            )
        return v

    def dump(self, changed: dict[str, Any] | None = None) -> dict[str, Any]:
        """`model_dump(by_alias=True)` as an equal dict, built directly (a dump per sheet per exchange is on
        the hot path): `str_` as `str`, containers copied and the armour pieces dumped. `changed` (an update
        already `bounded`): the dump of `self.updated(…)` without building that sheet. `str` comes last, not
        first: the fields' dict is copied whole (a fast clone; inserting 97 keys one by one into a new dict
        to put `str` first cost three times as much). Every reader loads it by name (`Sheet.model_validate`,
        the bot's canonical text sorts the keys)."""
        out = self.__dict__.copy()
        if changed:  # the changed values in their fields' places
            out.update(changed)
        out["str"] = out.pop("str_")
        # the containers (CONTAINERS, named one by one: no loop over their names; test_dump_is_pydantics_own
        # fails for one left out) hold names to numbers, names or numbers: a shallow copy is the dump; the
        # first three may be a number or None instead
        value = out["weapon_skill"]
        if type(value) is dict:
            out["weapon_skill"] = value.copy()
        value = out["wound_thresholds"]
        if value is not None:
            out["wound_thresholds"] = value.copy()
        value = out["wound_penalties"]
        if value is not None:
            out["wound_penalties"] = value.copy()
        out["part_damage"] = out["part_damage"].copy()
        out["amputated"] = out["amputated"].copy()
        out["attacks_on"] = out["attacks_on"].copy()
        out["attackers"] = out["attackers"].copy()
        out["reflexes_against"] = out["reflexes_against"].copy()
        # an ArmourPiece's model_dump(), built directly (two plain fields)
        pieces = out["armour_parts"]
        out["armour_parts"] = {k: {"material": p.material, "dr": p.dr} for k, p in pieces.items()} if pieces else {}
        return out

    def updated(self, upd: dict[str, Any]) -> Sheet:
        """This sheet with rule-made changes, numbers clipped to the declared bounds (so it loads again).
        What `model_copy(update=…)` does (a shallow copy, the changed names marked as set), built directly:
        the values are the rules' own, of the declared types."""
        return self.rebuilt(bounded(upd))

    def rebuilt(self, changed: dict[str, Any]) -> Sheet:
        """`updated` for an update already `bounded` (the caller has it for the sheet's dump as well)."""
        return complete(Sheet, {**self.__dict__, **changed}, self.__pydantic_fields_set__ | changed.keys())


def _limits(meta: list[Any]) -> tuple[Any, Any]:
    lo = hi = None
    for m in meta:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    return lo, hi


def _clip(value: Any, lo: Any, hi: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    if lo is not None and value < lo:
        return lo
    return hi if hi is not None and value > hi else value


_POINT_LIMITS = (0, 999)


def clipped(key: str, value: Any) -> Any:
    """One value of a sheet update clipped to its field's bounds (damage piles up past any sane sheet)."""
    kind = type(value)
    if kind is int:  # a number (a bool's type is bool): clipped where the field has bounds
        limits = _INT_LIMITS.get(key)
        if limits is not None:
            lo, hi = limits
            if lo is not None and value < lo:
                return lo
            if hi is not None and value > hi:
                return hi
    elif kind is dict and key == "part_damage":
        return {k: _clip(v, *_POINT_LIMITS) for k, v in value.items()}
    return value  # a flag, a name, a list, another dict: nothing to clip


def bounded(upd: dict[str, Any]) -> dict[str, Any]:
    """Clip the numbers of a sheet update to the Sheet's bounds."""
    return {key: clipped(key, value) for key, value in upd.items()}


# Fields whose values are dicts or lists of plain values (copied by `Sheet.dump`); the rest are plain values
# but `armour_parts` (its pieces are models).
CONTAINERS = tuple(
    name
    for name, f in Sheet.model_fields.items()
    if name != "armour_parts" and ("dict" in repr(f.annotation) or "list" in repr(f.annotation))
)
# Each field's declared bounds (lo, hi), read once.
_FIELD_LIMITS = {name: _limits(info.metadata) for name, info in Sheet.model_fields.items()}
# Only the fields with a bound: an int update of any other field is kept as it is.
_INT_LIMITS = {name: limits for name, limits in _FIELD_LIMITS.items() if limits != (None, None)}
# Flag fields (yes/no): `ano`/`ne` are read as well.
_FLAGS = frozenset(name for name, f in Sheet.model_fields.items() if f.annotation is bool)
# Field names that the shortcut table leaves as they are (a stored sheet's keys): such a sheet skips the
# key-by-key translation (a third of validating a 97-field sheet), with the same result.
_OWN_NAMES = (
    frozenset(
        name
        for field, info in Sheet.model_fields.items()
        for name in (field, info.alias or field)
        if name == name.lower() and SHORTCUTS.get(name, name) == name
    )
    - _EDIT_ONLY
)
