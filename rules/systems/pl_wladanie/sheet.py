"""The combatant sheet (stats and state), weapons, shields, armour pieces and quick-NPC shortcut keys."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from rules.bounds import clip_update, within
from rules.errors import RulesError
from rules.model import Term
from rules.notation import parse_dice

from . import notation
from .tables import OUT_LEVELS, PART_GROUPS, WOUND_KEYS, body_part, fold

KNOWN_LEVELS = frozenset({"unhurt", "hurt", *WOUND_KEYS, *OUT_LEVELS})

Trait = Literal["light", "weak", "unarmed", "parry", "heavy"]
Condition = Literal["prone", "unaware", "cannot_see_attacker", "flanked_or_pinned"]
Down = Literal["unconscious", "dead"]
# Names a GM may type for a down state (`stan:nieprzytomny`, folded), in the bot's languages; "-", "none",
# "nie", "żywy" … clear it.
_DOWN_NAMES = {
    "nieprzytomny": "unconscious", "nieprzytomna": "unconscious", "bez_przytomnosci": "unconscious",
    "v_bezvedomi": "unconscious", "privo_di_sensi": "unconscious", "priva_di_sensi": "unconscious",
    "senza_sensi": "unconscious", "unconscious": "unconscious",
    "martwy": "dead", "martwa": "dead", "nie_zyje": "dead", "smierc": "dead", "mrtvy": "dead", "mrtva": "dead",
    "smrt": "dead", "morto": "dead", "morta": "dead", "morte": "dead", "dead": "dead",
}  # fmt: skip
_NOT_DOWN = {
    "", "-", "none", "no", "nie", "ne", "false", "alive", "zywy", "zywa", "przytomny", "przytomna", "zivy",
    "ziva", "vivo", "viva",
}  # fmt: skip
# What a player may type for the unarmed strike (folded): its id, its Polish name, a fist, in any language.
_UNARMED_NAMES = frozenset(
    {"unarmed", "fist", "piesc", "wrecz", "uderzenie_bez_broni", "bez_broni", "pest", "beze_zbrane", "pugno"}
)
RangedKind = Literal["shooting", "thrown", "spell"]


def unknown_part(name: str) -> PydanticCustomError:
    """Why a body part is refused; the catalog (problem.pl_wladanie.body_part) lists the names to type."""
    return PydanticCustomError("pl_wladanie.body_part", "unknown body part {part}", {"part": name})


def part_key(name: str) -> str:
    """One canonical body-part key from a key or an alias (Polish, Czech, Italian, English)."""
    key = body_part(name)
    if key is None:
        raise unknown_part(name)
    return key


def part_keys(names: list[str]) -> list[str]:
    """Canonical parts for a list that may hold groups ("arms", "legs", "all", "ręce", "nogi" …)."""
    out: list[str] = []
    for name in names:
        for part in PART_GROUPS.get(fold(name)) or (part_key(name),):
            if part not in out:
                out.append(part)
    return out


# Declared bounds (issue 12). The seed gives no scales (attributes, defences and skills are "elsewhere"),
# so these are wide: a test's total is a d20, 2d10 or 3d6 plus a skill, so skills, defences, coverage and
# modifiers of a few hundred cannot matter any more. What the rules write (damage taken, fatigue) is clipped.
SKILL = 100  # skills, attribute-like values, bonuses
DEFENCE = 300  # physical defence, coverage, a test's difficulty
DAMAGE = 10_000  # damage taken (in all and per body part), wound thresholds
KG = 10_000  # lift and weight
METRES = 10_000  # ranges, distances, heights
MAX_CATEGORY = notation.MAX_CATEGORY  # categories go 0, 1/8 … 6, then "+1 etc."; 20 is the last accepted
Skill = Annotated[int, Field(ge=-50, le=SKILL)]
Taken = Annotated[int, Field(ge=0, le=DAMAGE)]


def category_label(value: Any) -> str:
    """Normalise a strength damage category: 0, "1/8", 0.125, "1,5", 1.5, 2, "7" …"""
    label = notation.category_of(str(value))
    if label is not None:
        return label
    raise PydanticCustomError(
        "pl_wladanie.strength_category", "unknown strength category {category}", {"category": str(value)}
    )


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A rule-made copy: every number of the update clipped to its declared bounds."""
        return super().model_copy(update=clip_update(type(self), update) if update else update, deep=deep)


_RANGED_KINDS = {
    "strzelecka": "shooting",
    "miotana": "thrown",
    "czar": "spell",
    "magia": "spell",
    "magic": "spell",
}
_TRAITS = {
    "lekka": "light", "lekkie": "light", "slabe": "weak", "słabe": "weak", "walka_wrecz": "unarmed",
    "walka wręcz": "unarmed", "wrecz": "unarmed", "parowanie": "parry", "ciezka": "heavy", "ciężka": "heavy",
}  # fmt: skip


_WEAPON_KEYS = {
    "name": "id", "damage": "damage_dice", "dice": "damage_dice", "category": "strength_category",
    "strength_damage": "strength_category", "weight": "weight_kg", "range_m": "max_range_m",
    "max_range": "max_range_m", "range": "max_range_m",
    # Polish names (the dice-ladder error tells a player to type `odpowiednik:1k4`)
    "nazwa": "id", "kostki": "damage_dice", "sila_obrazen": "strength_category", "waga": "weight_kg",
    "cechy": "traits", "zasieg": "max_range_m", "stopnie": "damage_steps", "odpowiednik": "ladder_dice",
}  # fmt: skip
_ARMOUR_KEYS = {"name": "id", "covers": "parts", "locations": "parts", "body_parts": "parts", "part": "parts"}


def _renamed(data: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """Accept natural alternative key names (a key already given under its real name wins)."""
    out = {k: v for k, v in data.items() if k not in names or names[k] in data}
    for key, real in names.items():
        if key in data and real not in data:
            out[real] = data[key]
    return out


class Weapon(_Model):
    """A weapon profile (broń). Weapon tables are not in the seed: every number comes from the sheet."""

    id: str = Field("weapon", min_length=1, max_length=64)
    damage_dice: str = Field(description="kostki obrażeń, e.g. 2k6")
    strength_category: str = Field("0", description="siła obrażeń: 0, 1/8, 1/4, 1/2, 1, 1,5, 2, 3 …")
    weight_kg: float | None = Field(None, ge=0, le=KG, description="waga")
    skill: str | None = Field(None, description="key in weapon_skills (władanie); default: the weapon id")
    traits: list[Trait] = Field(default_factory=list, description="cechy")
    two_handed: bool = Field(False, description="held in two hands by default (chwyt oburęczny)")
    designed_for_throwing: bool = False
    ranged_kind: RangedKind | None = None
    max_range_m: float | None = Field(None, ge=0.1, le=METRES)
    improvised: bool = Field(False, description="broń improwizowana")
    parry_modifier: int = Field(0, ge=-SKILL, le=SKILL, description="modyfikator do parowania")
    damage_steps: int = Field(0, ge=-30, le=30, description="better-made weapons: damage dice steps up")
    ladder_dice: str | None = Field(None, description="ladder position for dice not on the ladder (e.g. 1k3 -> 1k4)")
    attack_action_cost: Literal["regular", "bonus"] | None = None

    @field_validator("strength_category", mode="before")
    @classmethod
    def _category(cls, value: Any) -> str:
        return category_label(value)

    @field_validator("damage_dice", "ladder_dice")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                parse_dice(value)
            except RulesError:
                problem = "bad damage dice {dice}"
                raise PydanticCustomError("pl_wladanie.damage_dice", problem, {"dice": value}) from None
        return value

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = _renamed(data, _WEAPON_KEYS)
        if isinstance(data.get("ranged_kind"), str):
            kind = data["ranged_kind"].strip().lower()
            data["ranged_kind"] = _RANGED_KINDS.get(kind, kind)
        if isinstance(data.get("traits"), list):
            data["traits"] = [_TRAITS.get(str(t).strip().lower(), str(t).strip().lower()) for t in data["traits"]]
        if "improvised_like" in data:  # the weapon it resembles: an improvised weapon with that profile
            data["improvised"] = data.pop("improvised_like") is not None or bool(data.get("improvised"))
        return data

    @property
    def skill_key(self) -> str:
        return self.skill or self.id


def _for_shots(weapon: Weapon) -> bool:
    """A weapon made for ranged attacks (a bow, a spell, a throwing knife)."""
    return weapon.ranged_kind is not None or weapon.designed_for_throwing


UNARMED = Weapon(id="unarmed", damage_dice="1k4", strength_category="1/8", traits=["light", "weak", "unarmed"])


SHIELD_SKILL_KEYS = ("shield", "tarcza")


class Shield(_Model):
    """Tarcza: parry trait (a bonus action), coverage on the parts it protects, double on its arm."""

    id: str = "shield"
    skill: str | None = Field(
        None, description="key in weapon_skills (władanie tarczą); default: the shield id, shield, tarcza"
    )
    coverage: int = Field(0, ge=0, le=DEFENCE, description="pokrycie")
    armour: int = Field(0, ge=0, le=SKILL, description="pancerz")
    protected_parts: list[str] = Field(default_factory=list)
    shield_arm: str = "left_arm"
    parry_modifier: int = Field(0, ge=-SKILL, le=SKILL, description="modyfikator do parowania")

    @field_validator("protected_parts")
    @classmethod
    def _parts(cls, value: list[str]) -> list[str]:
        return part_keys(value)

    @property
    def skill_keys(self) -> tuple[str, ...]:
        """Where the sheet's władanie of this shield may be: its own key, its id, then shield/tarcza."""
        return tuple(dict.fromkeys(k for k in (self.skill, self.id, *SHIELD_SKILL_KEYS) if k))

    @field_validator("shield_arm")
    @classmethod
    def _arm(cls, value: str) -> str:
        return part_key(value)


class ArmourPiece(_Model):
    """Zbroja (hełm, napierśnik, nogawice, rękawice): coverage (pokrycie) and armour (pancerz)."""

    id: str = "armour"
    parts: list[str] = Field(default_factory=lambda: ["torso"])
    coverage: int = Field(0, ge=0, le=DEFENCE, description="pokrycie")
    armour: int = Field(0, ge=0, le=SKILL, description="pancerz")

    @field_validator("parts")
    @classmethod
    def _parts(cls, value: list[str]) -> list[str]:
        return part_keys(value)

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = _renamed(data, _ARMOUR_KEYS)
        if isinstance(data.get("parts"), str):
            data["parts"] = [data["parts"]]
        return data


# Quick-NPC shortcut keys → sheet fields (values arrive as text from `key:value`).
FIELD_SHORTCUTS: dict[str, str] = {
    "of": "physical_defence", "obrona": "physical_defence", "obrona_fizyczna": "physical_defence",
    "defence": "physical_defence", "defense": "physical_defence", "pd": "physical_defence",
    "physical_defense": "physical_defence", "physical_defense_unprepared": "physical_defence_unprepared",
    "ofn": "physical_defence_unprepared", "of_unprepared": "physical_defence_unprepared",
    "unprepared": "physical_defence_unprepared",
    "sila": "strength", "siła": "strength", "str": "strength",
    "udzwig": "lift_kg", "udźwig": "lift_kg", "lift": "lift_kg",
    "wytrwalosc": "endurance", "wytrwałość": "endurance",
    "init": "initiative_bonus", "inicjatywa": "initiative_bonus", "initiative": "initiative_bonus",
    "refleks": "reflex",
    "hero": "is_hero", "bohater": "is_hero",
    "parry": "parry_skill", "parowanie": "parry_skill",
    "dodge": "dodge_skill", "unik": "dodge_skill",
    "wrecz": "unarmed_skill", "wręcz": "unarmed_skill", "walka_wrecz": "unarmed_skill",
    "unarmed": "unarmed_skill",
    "fatigue": "fatigue_points", "zmeczenie": "fatigue_points",
    "damage_taken": "damage_taken", "obrazenia": "damage_taken",
}  # fmt: skip
WEAPON_SHORTCUTS: dict[str, str] = {
    "damage": "damage_dice", "dmg": "damage_dice", "kostki": "damage_dice",
    "category": "strength_category", "sila_obrazen": "strength_category",
    "weight": "weight_kg", "waga": "weight_kg",
    "weapon": "id", "bron": "id", "broń": "id",
}  # fmt: skip
SKILL_SHORTCUTS = ("wladanie", "władanie", "skill", "attack", "skills")
# (`armour:3`, a number where the armour list goes, is the quick armour value too: see `read_line`.)
ARMOUR_SHORTCUTS = {"pancerz": "armour", "pokrycie": "coverage", "coverage": "coverage"}


def _number(value: Any) -> Any:
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        try:
            return float(text) if "." in text else int(text)
        except ValueError:
            return value
    return value


# Quick-NPC shortcut keys stored inside a weapon, an armour piece or the skill dict, with their bounds
# (checked as typed, so the refusal names the key the GM typed).
SHORTCUT_BOUNDS: dict[str, tuple[int, int]] = {
    "wladanie": (-50, SKILL),
    "pancerz": (0, SKILL),
    "pokrycie": (0, DEFENCE),
    "waga": (0, KG),
}
# typed key (lower case) -> (the catalog term that names it, its bounds)
_BOUNDS_OF: dict[str, tuple[str, tuple[int, int]]] = {
    **dict.fromkeys(SKILL_SHORTCUTS, ("wladanie", SHORTCUT_BOUNDS["wladanie"])),
    "pancerz": ("armour", SHORTCUT_BOUNDS["pancerz"]),
    "armour": ("armour", SHORTCUT_BOUNDS["pancerz"]),
    "pokrycie": ("coverage", SHORTCUT_BOUNDS["pokrycie"]),
    "coverage": ("coverage", SHORTCUT_BOUNDS["pokrycie"]),
    "waga": ("weapons", SHORTCUT_BOUNDS["waga"]),
    "weight": ("weapons", SHORTCUT_BOUNDS["waga"]),
}


def _checked(key: str, value: Any) -> Any:
    """A shortcut's number, refused when out of its bounds under the term of what was typed (text is left
    to validation)."""
    number = _number(value)
    if isinstance(number, (int, float)) and not isinstance(number, bool):
        term, bounds = _BOUNDS_OF[key.lower()]
        within(term, number, *bounds)
    return number


_DICE_KEYS = frozenset({"damage_dice", *(k for k, v in _WEAPON_KEYS.items() if v == "damage_dice")})


def _has_dice(weapon: Mapping[str, Any]) -> bool:
    return any(k in weapon for k in _DICE_KEYS)


def _complete(weapons: list[Any]) -> list[Any]:
    """Every weapon needs its damage dice (`broń:topór` alone does not say them)."""
    for weapon in weapons:
        if isinstance(weapon, dict) and not _has_dice(weapon):
            name = weapon.get("id", weapon.get("name", weapon.get("nazwa", "")))
            raise notation.refused("weapon_dice", str(name))
    return weapons


def _quick_weapon(out: dict[str, Any], weapon: dict[str, Any], skill: Any) -> None:
    """The line's quick weapon (`kostki_obrażeń:1k8 siła_obrażeń:1/2 waga:1,5 władanie:6`): it completes a
    weapon the line named without dice (`broń:topór`), else updates the listed weapon of its id, else is
    added when it has dice. A lone władanie number is the skill of that weapon (or of the first one)."""
    listed = out.get("weapons")
    weapons = [dict(w) for w in listed] if isinstance(listed, list) else None
    quick = {k: v for k, v in weapon.items() if k != "id"}
    wid = weapon.get("id")
    found = None
    if weapons is not None and (quick or wid is not None):
        found = next((w for w in weapons if isinstance(w, dict) and not _has_dice(w)), None)
        if found is None and quick:
            found = next((w for w in weapons if isinstance(w, dict) and w.get("id") == (wid or "weapon")), None)
    if found is not None:
        found.update(quick)
        wid = found.get("id", wid)
        out["weapons"] = weapons
    elif "damage_dice" in quick:
        wid = wid or "weapon"
        out["weapons"] = [*(weapons or []), {"id": wid, **quick}]
    if skill is not None:
        if wid is None:
            first = weapons[0] if weapons else None
            wid = first.get("id", "weapon") if isinstance(first, dict) else "weapon"
        out["weapon_skills"] = {**out.get("weapon_skills", {}), str(wid): skill}


def expand_shortcuts(data: dict[str, Any]) -> dict[str, Any]:
    """Map quick-NPC keys (`of:14 wladanie:+5 damage:1k8 pancerz:3 pokrycie:10`) onto real fields."""
    out: dict[str, Any] = {}
    weapon: dict[str, Any] = {}
    armour: dict[str, Any] = {}
    skill: Any = None
    skills: dict[str, Any] = {}
    for key, value in data.items():
        low = key.lower()
        if low in FIELD_SHORTCUTS:
            out[FIELD_SHORTCUTS[low]] = _number(value)
        elif low in WEAPON_SHORTCUTS:
            weapon[WEAPON_SHORTCUTS[low]] = value if low not in ("weight", "waga") else _checked(key, value)
        elif low in SKILL_SHORTCUTS and isinstance(value, dict):  # "wladanie": {"axe": 6}
            skills.update(value)
        elif low in SKILL_SHORTCUTS:
            skill = _checked(key, value)
        elif low in ARMOUR_SHORTCUTS and not isinstance(value, list):
            armour[ARMOUR_SHORTCUTS[low]] = _checked(key, value)
        else:
            out[key] = value
    if skills:
        out["weapon_skills"] = {**out.get("weapon_skills", {}), **skills}
    if weapon or skill is not None:
        _quick_weapon(out, weapon, skill)
    if armour:
        # A quick NPC's armour covers the whole body (house reading of a one-line stat block).
        out["armour"] = [*out.get("armour", []), {"id": "armour", "parts": ["all"], **armour}]
    return out


# Sheet fields holding numbers: typed as text they may carry a sign or a Polish decimal comma (`udźwig:45,5`).
NUMBER_FIELDS = (
    "initiative_bonus", "reflex", "strength", "lift_kg", "endurance", "natural_armour", "physical_defence",
    "physical_defence_unprepared", "unarmed_skill", "parry_skill", "dodge_skill", "fatigue_points", "damage_taken",
)  # fmt: skip
_YES = frozenset({"tak", "t", "ano", "si", "yes", "y", "true", "on", "1"})
_NO = frozenset({"nie", "n", "ne", "no", "false", "off", "0"})


# The structured fields a stats line gives in the compact notation (`notation.py`).
def _parts_numbers(text: str) -> dict[str, int]:
    return notation.parse_numbers(text, "parts_notation")


_NOTATION: dict[str, Callable[[str], Any]] = {
    "weapons": notation.parse_weapons,
    "shield": notation.parse_shield,
    "armour": notation.parse_armour,
    "weapon_skills": notation.parse_skills,
    "proficiencies": notation.parse_list,
    "damage_by_location": _parts_numbers,
}
# The house default physical defence of a sheet that gives none: the ST of the seed's easiest target (an
# area attack at a 1×1 m field, "ST trafienia w pole 1 na 1 metr wynosi 10"). `sheet_warnings` names it.
DEFAULT_DEFENCE = 10


def _typed_number(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return notation.number(value)
        except ValueError:
            return value
    return value


def read_line(data: dict[str, Any]) -> dict[str, Any]:
    """A stats line's text values as the fields hold them: numbers, yes/no words, the compact notation of
    weapons, shield, armour, skills, proficiencies and damage per part. A notation that cannot be read is
    left as text, so that the field's own validation names the field and says how to write it."""
    out = dict(data)
    for key in NUMBER_FIELDS:
        out[key] = _typed_number(out[key]) if key in out else None
        if out[key] is None:
            del out[key]
    if "hp" in out:  # no hit points: `hp:-5` is 5 more damage taken, `hp:+3` 3 less (`/encounter edit` alike)
        typed = str(out.pop("hp")).strip().replace("−", "-")
        if typed[:1] not in ("+", "-") or not typed[1:].isdigit():
            raise RulesError("error.pl_wladanie.no_hit_points", key="hp", value=typed)
        out["damage_taken"] = max(0, int(out.get("damage_taken") or 0) - int(typed))
    hero = out.get("is_hero")
    if isinstance(hero, str) and fold(hero) in _YES | _NO:
        out["is_hero"] = fold(hero) in _YES
    text = out.get("weapon_skills")
    if isinstance(text, str) and notation.is_number(text):  # `władanie:6`: the line's weapon's skill
        out["wladanie"] = out.pop("weapon_skills")
    if notation.is_number(out.get("armour")):  # `armour:3`: the quick armour value (pancerz)
        out["pancerz"] = out.pop("armour")
    for key, parse in _NOTATION.items():
        if isinstance(out.get(key), str):
            try:
                out[key] = parse(out[key])
            except PydanticCustomError:
                pass
    return out


class Sheet(_Model):
    """A combatant: stats (elsewhere in the rulebook) and current state."""

    name: str | None = Field(None, max_length=64, description="display name (the combatant's own name wins)")
    is_hero: bool = Field(False, description="Bohater: wins initiative ties")
    initiative_bonus: int = Field(0, ge=-50, le=SKILL)
    reflex: int = Field(0, ge=-50, le=SKILL, description="refleks: initiative tie-break")
    strength: int = Field(0, ge=0, le=SKILL, description="siła (wartość atrybutu)")
    lift_kg: int | float | None = Field(None, ge=0.1, le=KG, description="udźwig")
    endurance: int = Field(0, ge=0, le=SKILL, description="wytrwałość")
    natural_armour: int = Field(0, ge=0, le=SKILL, description="naturalny pancerz")
    physical_defence: int | None = Field(
        DEFAULT_DEFENCE, ge=-50, le=DEFENCE, description="obrona fizyczna (HOUSE DEFAULT 10 when not given)"
    )
    physical_defence_unprepared: int | None = Field(
        None, ge=-50, le=DEFENCE, description="obrona fizyczna, wariant nieprzygotowany"
    )
    weapon_skills: dict[str, Skill] = Field(default_factory=dict, description="władanie per weapon")
    proficiencies: list[str] = Field(default_factory=list, description="biegłość")
    unarmed_skill: int = Field(0, ge=-50, le=SKILL, description="walka wręcz")
    parry_skill: int = Field(0, ge=-50, le=SKILL, description="parowanie")
    dodge_skill: int = Field(0, ge=-50, le=SKILL, description="unik")
    fatigue_points: int = Field(0, ge=0, le=1000, description="punkty zmęczenia")
    damage_taken: int = Field(0, ge=0, le=DAMAGE)
    damage_by_location: dict[str, Taken] = Field(default_factory=dict)
    wound_level: str | None = None
    initiative_result: int | None = Field(None, ge=-DEFENCE, le=DEFENCE)
    conditions: list[Condition] = Field(default_factory=list)
    down: Down | None = Field(
        None, description="HOUSE DEFAULT: nieprzytomny (unconscious) or martwy (dead), put on by the GM"
    )
    weapons: list[Weapon] = Field(default_factory=list)
    shield: Shield | None = None
    armour: list[ArmourPiece] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _shortcuts(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = expand_shortcuts(read_line(data))
        weapons = data.get("weapons")
        if isinstance(weapons, dict):  # {"axe": {...}} is accepted as well as a list
            data["weapons"] = [{"id": k, **v} for k, v in weapons.items()]
        if data.get("physical_defence") is None:
            data["physical_defence"] = DEFAULT_DEFENCE
        return data

    @field_validator("weapons", mode="before")
    @classmethod
    def _weapons_text(cls, value: Any) -> Any:
        """A notation `read_line` could not read is read again, to say why under this field's name; a weapon
        the line named without dice (`broń:topór` and no `kostki_obrażeń`) is refused the same way."""
        value = notation.parse_weapons(value) if isinstance(value, str) else value
        return _complete(value) if isinstance(value, list) else value

    @field_validator("shield", mode="before")
    @classmethod
    def _shield_text(cls, value: Any) -> Any:
        return notation.parse_shield(value) if isinstance(value, str) else value

    @field_validator("armour", mode="before")
    @classmethod
    def _armour_text(cls, value: Any) -> Any:
        return notation.parse_armour(value) if isinstance(value, str) else value

    @field_validator("weapon_skills", mode="before")
    @classmethod
    def _skills_text(cls, value: Any) -> Any:
        return notation.parse_skills(value) if isinstance(value, str) else value

    @field_validator("proficiencies", mode="before")
    @classmethod
    def _proficiencies_text(cls, value: Any) -> Any:
        return notation.parse_list(value) if isinstance(value, str) else value

    @field_validator("lift_kg")
    @classmethod
    def _whole_lift(cls, value: int | float | None) -> int | float | None:
        """A whole lift is a whole number: the sheet reads `Udźwig (kg): 45`, not `45.0` (a stored 45.0 too)."""
        return int(value) if isinstance(value, float) and value.is_integer() else value

    @field_validator("wound_level", mode="before")
    @classmethod
    def _known_level(cls, value: Any) -> Any:
        """Derived from the damage taken (the round upkeep sets it again): a stored value that is not a
        level this system knows is dropped rather than shown."""
        return value if value in KNOWN_LEVELS else None

    @field_validator("down", mode="before")
    @classmethod
    def _down(cls, value: Any) -> Any:
        if value is None or not isinstance(value, str):
            return value
        text = fold(value)
        if text in _NOT_DOWN:
            return None
        if text not in _DOWN_NAMES:
            raise PydanticCustomError("pl_wladanie.down", "unknown state {state}", {"state": value})
        return _DOWN_NAMES[text]

    @field_validator("damage_by_location", mode="before")
    @classmethod
    def _locations_text(cls, value: Any) -> Any:
        return _parts_numbers(value) if isinstance(value, str) else value

    @field_validator("damage_by_location")
    @classmethod
    def _locations(cls, value: dict[str, int]) -> dict[str, int]:
        return {part_key(k): v for k, v in value.items()}

    def weapon(self, weapon_id: str | None, ranged: bool | None = None) -> Weapon:
        """The weapon named by id; when none is named, the first weapon fit for the attack (`ranged`: a
        shot prefers a shooting weapon, a spell or a weapon made for throwing; a direct attack skips
        shooting weapons and spells), else the first weapon (a bow alone still cannot strike directly),
        else the unarmed strike."""
        if weapon_id is None:
            first = self.weapons[0] if self.weapons else UNARMED
            if ranged is False:
                for w in self.weapons:  # a loop, not next() over a generator: every attack and parry asks
                    if w.ranged_kind not in ("shooting", "spell"):
                        return w
                return first
            if ranged:
                return next((w for w in self.weapons if _for_shots(w)), first)
            return first
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        wanted = fold(notation.weapon_id(weapon_id))  # `łuk` as `luk` or `ŁUK`, `broń` for the quick weapon
        for w in self.weapons:
            if fold(w.id) == wanted:
                return w
        if fold(weapon_id) in _UNARMED_NAMES or wanted == "unarmed":
            return UNARMED
        allowed = [Term("weapon", w.id) for w in self.weapons] + [Term("weapon", UNARMED.id)]
        raise RulesError("error.pl_wladanie.unknown_weapon", weapon=weapon_id, allowed=allowed)

    @property
    def helpless(self) -> str | None:
        """Why the combatant cannot defend itself (unconscious, dead, or wound level out/dead), or None."""
        if self.down is not None:
            return self.down
        level = self.wound_level
        if level is None and self.damage_taken:  # never set: the level its damage gives (as shown)
            from .conditions import level as shown_level  # conditions builds on this module

            level = shown_level(self)
        return level if level in OUT_LEVELS else None

    @property
    def shield_skill(self) -> int | None:
        """Władanie of the carried shield (a separate skill in `weapon_skills`), None when not given."""
        shield = self.shield
        if shield is None:
            return None
        skills = self.weapon_skills
        # `shield.skill_keys` in order, without building it (the first key found is the same either way).
        if shield.skill and shield.skill in skills:
            return skills[shield.skill]
        if shield.id and shield.id in skills:
            return skills[shield.id]
        for key in SHIELD_SKILL_KEYS:
            if key in skills:
                return skills[key]
        return None

    @property
    def defence_unprepared(self) -> int | None:
        return self.physical_defence if self.physical_defence_unprepared is None else self.physical_defence_unprepared
