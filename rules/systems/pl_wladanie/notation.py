"""The compact one-line notation of the sheet's structured fields (issue 13), read and written.

A whole character fits one stats line: every structured field is one `key:value` whose value has its own
small notation (the seed's own words; English ones are accepted too):

* broń (weapons), several joined by `;`:  `miecz:1k8:1/2:1,5kg:parowanie+1;łuk:1k8:1kg:strzelecka:150m`
  — the name, then in any order: damage dice (kostki obrażeń), strength damage category (siła obrażeń, a
  bare number or fraction), weight `…kg`, maximum range `…m`, traits (lekka, słabe, walka_wręcz,
  parowanie, ciężka), `oburęczna`, `strzelecka` / `miotana` / `czar`, `do_miotania`, `improwizowana`,
  `parowanie±N` (parry modifier), `stopnie±N` (damage steps), `odpowiednik=1k4` (ladder dice),
  `władanie=<skill key>`, `akcja_zwykła` / `akcja_dodatkowa` (attack cost);
* tarcza (shield): `średnia` (a house preset) or `puklerz@korpus:14/3:parowanie+2:prawa_ręka` — the name,
  `@` the parts it protects, `pokrycie/pancerz`, the parry modifier, the arm that carries it (lewa_ręka by
  default), `władanie=<skill key>`; `-` for none;
* zbroja (armour pieces), several joined by `;`: `kolczuga@korpus,ręce:12/4;hełm:15/3` — the name (the
  seed's kinds hełm, napierśnik, nogawice, rękawice know their parts), `@` the body parts, `pokrycie/pancerz`;
* władanie (weapon skills): `miecz=6,tarcza=5` (or one number: the skill of the line's weapon);
* biegłość (proficiencies): `miecz,topór`; obrażenia_części (damage per body part): `korpus=4,głowa=2`.

Body parts are written in the seed's words: głowa, korpus, lewa_ręka, prawa_ręka, lewa_noga, prawa_noga,
and the groups ręce, nogi, całe_ciało.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from pydantic_core import PydanticCustomError

from rules.errors import RulesError
from rules.notation import parse_dice

from .tables import BODY_PARTS, PART_GROUPS, STRENGTH_CATEGORY_LABELS, body_part, fold

ITEMS: Final = ";"  # between weapons, between armour pieces
NONE_WORDS: Final = frozenset({"-", "_", "brak", "none", "nie", "no", "zadna", "zadne", "bez"})
MAX_CATEGORY: Final = 20

# --- names of ids --------------------------------------------------------------------------------
# Ids with a catalog term, written in the seed's words: weapon "weapon" (broń), the unarmed strike.
WEAPON_IDS: Final[dict[str, tuple[str, ...]]] = {
    "weapon": ("broń", "weapon"),
    "unarmed": ("pięść", "uderzenie_bez_broni", "bez_broni", "wręcz", "unarmed", "fist", "pest", "pugno"),
}
# The seed's armour kinds (hełmy, napierśniki, nogawice, rękawice) with the parts they cover.
ARMOUR_KINDS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "armour": (("zbroja", "armour", "armor"), ("torso",)),
    "helmet": (("hełm", "helmet"), ("head",)),
    "breastplate": (("napierśnik", "breastplate"), ("torso",)),
    "greaves": (("nogawice", "greaves"), ("left_leg", "right_leg")),
    "gauntlets": (("rękawice", "gauntlets"), ("left_arm", "right_arm")),
}
# HOUSE DEFAULT shield sizes (the seed's shield tables are elsewhere): coverage, armour, protected parts,
# parry modifier. Each is overridden by what the line gives.
SHIELD_SIZES: Final[dict[str, tuple[tuple[str, ...], dict[str, Any]]]] = {
    "shield": (("tarcza", "shield"), {}),
    "small_shield": (
        ("mała", "puklerz", "small", "buckler"),
        {"coverage": 8, "armour": 2, "protected_parts": [], "parry_modifier": 1},
    ),
    "medium_shield": (
        ("średnia", "medium"),
        {"coverage": 14, "armour": 3, "protected_parts": ["torso"], "parry_modifier": 2},
    ),
    "large_shield": (
        ("duża", "pawęż", "large", "pavise"),
        {"coverage": 16, "armour": 4, "protected_parts": ["torso", "left_leg"], "parry_modifier": 2},
    ),
}

# --- weapon tokens ----------------------------------------------------------------------------------
TRAITS: Final[dict[str, tuple[str, ...]]] = {
    "light": ("lekka", "lekkie", "light"),
    "weak": ("słabe", "słaba", "weak"),
    "unarmed": ("walka_wręcz", "unarmed"),
    "parry": ("parowanie", "parry"),
    "heavy": ("ciężka", "heavy"),
}
RANGED_KINDS: Final[dict[str, tuple[str, ...]]] = {
    "shooting": ("strzelecka", "shooting"),
    "thrown": ("miotana", "thrown"),
    "spell": ("czar", "magia", "spell", "magic"),
}
WEAPON_FLAGS: Final[dict[str, tuple[str, ...]]] = {
    "two_handed": ("oburęczna", "oburącz", "two_handed"),
    "designed_for_throwing": ("do_miotania", "for_throwing"),
    "improvised": ("improwizowana", "improvised"),
}
ACTION_COSTS: Final[dict[str, tuple[str, ...]]] = {
    "regular": ("akcja_zwykła", "regular_action"),
    "bonus": ("akcja_dodatkowa", "bonus_action"),
}
# `name±N` and `name=value` tokens: (field, names)
SIGNED: Final[dict[str, tuple[str, ...]]] = {
    "parry_modifier": ("parowanie", "parry"),
    "damage_steps": ("stopnie", "steps"),
}
ASSIGNED: Final[dict[str, tuple[str, ...]]] = {
    "ladder_dice": ("odpowiednik", "ladder"),
    "skill": ("władanie", "skill"),
}
PART_NAMES: Final[dict[str, str]] = {
    "head": "głowa", "torso": "korpus", "left_arm": "lewa_ręka", "right_arm": "prawa_ręka",
    "left_leg": "lewa_noga", "right_leg": "prawa_noga",
}  # fmt: skip
GROUP_NAMES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("całe_ciało", BODY_PARTS),
    ("ręce", ("left_arm", "right_arm")),
    ("nogi", ("left_leg", "right_leg")),
)

_WEIGHT = re.compile(r"^(\d+(?:[.,]\d+)?)kg$")
_RANGE = re.compile(r"^(\d+(?:[.,]\d+)?)m$")
_DICE = re.compile(r"^\d*[kd]\d+", re.IGNORECASE)
_SIGNED = re.compile(r"^([^\W\d]\w*?)([+\-−]\d+)$")
_PAIR = re.compile(r"^(\d+)/(\d+)$")


def _lookup(table: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
    return {fold(name): key for key, names in table.items() for name in (key, *names)}


_TRAIT_OF = _lookup(TRAITS)
_KIND_OF = _lookup(RANGED_KINDS)
_FLAG_OF = _lookup(WEAPON_FLAGS)
_COST_OF = _lookup(ACTION_COSTS)
_SIGNED_OF = _lookup(SIGNED)
_ASSIGNED_OF = _lookup(ASSIGNED)
_WEAPON_ID_OF = _lookup(WEAPON_IDS)
_ARMOUR_OF = {fold(n): k for k, (names, _) in ARMOUR_KINDS.items() for n in (k, *names)}
_SHIELD_OF = {fold(n): k for k, (names, _) in SHIELD_SIZES.items() for n in (k, *names)}


def refused(what: str, item: str, token: str = "") -> PydanticCustomError:
    """A notation the sheet cannot read: `problem.pl_wladanie.<what>` says how to write it."""
    return PydanticCustomError(f"pl_wladanie.{what}", "cannot read {item} {token}", {"item": item, "token": token})


def number(text: str) -> int | float:
    """`6`, `+6`, `−2`, `1,5`, `0.5` as a number (Polish decimal comma accepted)."""
    clean = text.strip().replace("−", "-").replace(",", ".")
    return float(clean) if "." in clean else int(clean)


def shown_number(value: float) -> str:
    """A number as the notation writes it: whole numbers without decimals, a Polish decimal comma."""
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value)).replace(".", ",")


def category_of(text: str) -> str | None:
    """A strength damage category's label (0, 1/8 … 6, 7 … 20) from `0,125`, `1.5`, `2.0` …, or None."""
    label = str(text).strip().replace(".", ",")
    if label.endswith(",0"):
        label = label[:-2]
    label = {"0,125": "1/8", "0,25": "1/4", "0,5": "1/2"}.get(label, label)
    if label in STRENGTH_CATEGORY_LABELS:
        return label
    if label.isdigit() and 6 < int(label[:6]) <= MAX_CATEGORY:
        return label
    return None


def none_word(text: str) -> bool:
    return fold(text) in NONE_WORDS


def _items(text: str, sep: str = ITEMS) -> list[str]:
    return [item.strip() for item in text.split(sep) if item.strip()]


def _signed(token: str) -> tuple[str, str] | None:
    """`parowanie+2`, `stopnie-1` → (the folded name, the signed number), else None."""
    m = _SIGNED.match(token)
    return (fold(m.group(1)), m.group(2)) if m is not None else None


def _dice(token: str) -> bool:
    if not _DICE.match(token):
        return False
    try:
        parse_dice(token)
    except RulesError:
        return False
    return True


# --- reading --------------------------------------------------------------------------------------
def weapon_id(name: str) -> str:
    return _WEAPON_ID_OF.get(fold(name), name.strip())


def parse_weapon(item: str) -> dict[str, Any]:
    """One weapon: `name:token:token…` → the Weapon fields it gives (the dice may be missing)."""
    name, *tokens = [t.strip() for t in item.split(":")]
    if not name:
        raise refused("weapon_notation", item)
    out: dict[str, Any] = {"id": weapon_id(name)}
    traits: list[str] = []
    for token in tokens:
        folded, low = fold(token), token.strip().lower()  # `low` keeps the signs: 1k6-1k4, stopnie-1
        signed = _signed(low)
        key, eq, value = token.partition("=")
        if not token:
            continue
        if (m := _WEIGHT.match(low)) is not None:
            out["weight_kg"] = number(m.group(1))
        elif (m := _RANGE.match(low)) is not None:
            out["max_range_m"] = number(m.group(1))
        elif category_of(token) is not None:
            out["strength_category"] = category_of(token)
        elif _dice(low):
            out["damage_dice"] = low
        elif folded in _TRAIT_OF:
            traits.append(_TRAIT_OF[folded])
        elif folded in _KIND_OF:
            out["ranged_kind"] = _KIND_OF[folded]
        elif folded in _FLAG_OF:
            out[_FLAG_OF[folded]] = True
        elif folded in _COST_OF:
            out["attack_action_cost"] = _COST_OF[folded]
        elif signed is not None and signed[0] in _SIGNED_OF:
            out[_SIGNED_OF[signed[0]]] = number(signed[1])
        elif eq and fold(key) in _ASSIGNED_OF and value.strip():
            field = _ASSIGNED_OF[fold(key)]
            out[field] = fold(value) if field == "ladder_dice" else value.strip()
        else:
            raise refused("weapon_token", name, token)
    if traits:
        out["traits"] = list(dict.fromkeys(traits))
    if out["id"] == "unarmed":  # the seed's unarmed strike: 1k4, 1/8, lekkie, słabe, walka wręcz
        out = {"damage_dice": "1k4", "strength_category": "1/8", "traits": ["light", "weak", "unarmed"], **out}
    return out


def parse_weapons(text: str) -> list[dict[str, Any]]:
    if none_word(text):
        return []
    return [parse_weapon(item) for item in _items(text)]


def parse_parts(text: str) -> list[str]:
    """`korpus,ręce` → body-part keys (groups expanded, each part once)."""
    if none_word(text):
        return []
    out: list[str] = []
    for name in _items(text.replace(";", ","), ","):
        group = PART_GROUPS.get(fold(name))
        if group is None:
            part = body_part(name)
            if part is None:
                raise PydanticCustomError("pl_wladanie.body_part", "unknown body part {part}", {"part": name})
            group = (part,)
        out += [p for p in group if p not in out]
    return out


def _cover(token: str, item: str) -> tuple[int, int]:
    m = _PAIR.match(token.strip())
    if m is None:
        raise refused("armour_token", item, token)
    return int(m.group(1)), int(m.group(2))


def parse_armour_piece(item: str) -> dict[str, Any]:
    """`kolczuga@korpus,ręce:12/4` → an armour piece (`parts_given` says whether the line named parts)."""
    head, *tokens = [t.strip() for t in item.split(":")]
    name, at, parts = head.partition("@")
    if not name.strip():
        raise refused("armour_notation", item)
    kind = _ARMOUR_OF.get(fold(name))
    out: dict[str, Any] = {"id": kind or name.strip()}
    if at:
        out["parts"] = parse_parts(parts)
    elif kind is not None:
        out["parts"] = list(ARMOUR_KINDS[kind][1])
    for token in tokens:
        if token:
            out["coverage"], out["armour"] = _cover(token, name)
    return out


def parse_armour(text: str) -> list[dict[str, Any]]:
    if none_word(text):
        return []
    return [parse_armour_piece(item) for item in _items(text)]


def parse_shield(text: str) -> dict[str, Any] | None:
    """`średnia`, `puklerz@korpus:14/3:parowanie+2:prawa_ręka:władanie=tarcza` → a shield, `-` → none."""
    if none_word(text):
        return None
    head, *tokens = [t.strip() for t in text.split(":")]
    name, at, parts = head.partition("@")
    if not name.strip():
        raise refused("shield_notation", text)
    size = _SHIELD_OF.get(fold(name))
    out: dict[str, Any] = {"id": size or name.strip()}
    if size is not None:
        out.update(SHIELD_SIZES[size][1])
    if at:
        out["protected_parts"] = parse_parts(parts)
    for token in tokens:
        signed = _signed(token.strip().lower())
        key, eq, value = token.partition("=")
        if not token:
            continue
        if _PAIR.match(token):
            out["coverage"], out["armour"] = _cover(token, name)
        elif signed is not None and _SIGNED_OF.get(signed[0]) == "parry_modifier":
            out["parry_modifier"] = number(signed[1])
        elif eq and _ASSIGNED_OF.get(fold(key)) == "skill" and value.strip():
            out["skill"] = value.strip()
        elif body_part(token) in ("left_arm", "right_arm"):
            out["shield_arm"] = body_part(token)
        else:
            raise refused("shield_token", name, token)
    if size is None and "coverage" not in out:  # `tarcza:ogromna`: no size of that name, no numbers given
        raise refused("shield_notation", text)
    return out


def parse_numbers(text: str, what: str) -> dict[str, int]:
    """`miecz=6,tarcza=5` (`;` too) → {name: number}."""
    out: dict[str, int] = {}
    for item in _items(text.replace(";", ","), ","):
        name, eq, value = item.partition("=")
        if not eq:
            name, eq, value = item.partition(":")
        try:
            found = number(value)
        except ValueError:
            raise refused(what, item) from None
        if not name.strip() or not float(found).is_integer():
            raise refused(what, item)
        out[name.strip()] = int(found)
    return out


def parse_skills(text: str) -> dict[str, int]:
    """`miecz=6,tarcza=5` → władanie per weapon (`broń` is the quick weapon)."""
    return {weapon_id(name): value for name, value in parse_numbers(text, "skills_notation").items()}


def parse_list(text: str) -> list[str]:
    if none_word(text):
        return []
    return _items(text.replace(";", ","), ",")


def is_number(text: Any) -> bool:
    if not isinstance(text, str):
        return isinstance(text, (int, float)) and not isinstance(text, bool)
    try:
        number(text)
    except ValueError:
        return False
    return True


# --- writing ---------------------------------------------------------------------------------------
def quoted(text: str) -> str:
    return f'"{text}"' if any(ch.isspace() for ch in text) else text


def parts_text(parts: Sequence[str]) -> str:
    """Body-part keys in the seed's words, groups where the parts are a whole group in its order."""
    if not parts:
        return "-"
    if tuple(parts) == BODY_PARTS:
        return "całe_ciało"
    words: list[str] = []
    i = 0
    while i < len(parts):
        for name, group in GROUP_NAMES[1:]:
            if tuple(parts[i : i + len(group)]) == group:
                words.append(name)
                i += len(group)
                break
        else:
            words.append(PART_NAMES.get(parts[i], parts[i]))
            i += 1
    return ",".join(words)


def _native(table: Mapping[str, tuple[str, ...]], key: str) -> str:
    return table[key][0]


def signed(value: float) -> str:
    return f"{'+' if value >= 0 else ''}{shown_number(value)}"


def weapon_text(weapon: Mapping[str, Any]) -> str:
    """A Weapon (its JSON dump) in the notation; the unarmed strike's own profile is not repeated."""
    wid = str(weapon["id"])
    name = WEAPON_IDS[wid][0] if wid in WEAPON_IDS else wid
    base: dict[str, Any] = {"strength_category": "0", "traits": []}
    if wid == "unarmed":
        base = {"damage_dice": "1k4", "strength_category": "1/8", "traits": ["light", "weak", "unarmed"]}
    tokens: list[str] = []
    if weapon.get("damage_dice") != base.get("damage_dice"):
        tokens.append(str(weapon["damage_dice"]))
    if weapon.get("strength_category", "0") != base["strength_category"]:
        tokens.append(str(weapon["strength_category"]))
    if weapon.get("weight_kg") is not None:
        tokens.append(f"{shown_number(weapon['weight_kg'])}kg")
    if list(weapon.get("traits") or []) != base["traits"]:
        tokens += [_native(TRAITS, t) for t in weapon.get("traits") or []]
    for flag in WEAPON_FLAGS:
        if weapon.get(flag):
            tokens.append(_native(WEAPON_FLAGS, flag))
    if weapon.get("ranged_kind"):
        tokens.append(_native(RANGED_KINDS, str(weapon["ranged_kind"])))
    if weapon.get("max_range_m") is not None:
        tokens.append(f"{shown_number(weapon['max_range_m'])}m")
    for field in SIGNED:
        if weapon.get(field):
            tokens.append(f"{SIGNED[field][0]}{signed(weapon[field])}")
    if weapon.get("ladder_dice"):
        tokens.append(f"{ASSIGNED['ladder_dice'][0]}={weapon['ladder_dice']}")
    if weapon.get("skill"):
        tokens.append(f"{ASSIGNED['skill'][0]}={weapon['skill']}")
    if weapon.get("attack_action_cost"):
        tokens.append(_native(ACTION_COSTS, str(weapon["attack_action_cost"])))
    return ":".join([name, *tokens])


def weapons_text(weapons: Sequence[Mapping[str, Any]]) -> str:
    return ITEMS.join(weapon_text(w) for w in weapons) if weapons else "-"


def armour_text(pieces: Sequence[Mapping[str, Any]]) -> str:
    out = []
    for piece in pieces:
        pid = str(piece["id"])
        kind = ARMOUR_KINDS.get(pid)
        text = kind[0][0] if kind is not None else pid
        if kind is None or list(piece.get("parts") or []) != list(kind[1]):  # a kind knows its parts
            text += "@" + parts_text(piece.get("parts") or [])
        if piece.get("coverage") or piece.get("armour"):
            text += f":{piece.get('coverage', 0)}/{piece.get('armour', 0)}"
        out.append(text)
    return ITEMS.join(out) if out else "-"


def shield_text(shield: Mapping[str, Any] | None) -> str:
    if shield is None:
        return "-"
    sid = str(shield["id"])
    size = SHIELD_SIZES.get(sid)
    name = size[0][0] if size is not None else sid
    preset: dict[str, Any] = {"coverage": 0, "armour": 0, "protected_parts": [], "parry_modifier": 0}
    preset.update(size[1] if size is not None else {})
    text = name
    if list(shield.get("protected_parts") or []) != list(preset["protected_parts"]):
        text += "@" + parts_text(shield.get("protected_parts") or [])
    tokens = []
    if (shield.get("coverage", 0), shield.get("armour", 0)) != (preset["coverage"], preset["armour"]):
        tokens.append(f"{shield.get('coverage', 0)}/{shield.get('armour', 0)}")
    if shield.get("parry_modifier", 0) != preset["parry_modifier"]:
        tokens.append(f"{SIGNED['parry_modifier'][0]}{signed(shield.get('parry_modifier', 0))}")
    if shield.get("shield_arm", "left_arm") != "left_arm":
        tokens.append(PART_NAMES[str(shield["shield_arm"])])
    if shield.get("skill"):
        tokens.append(f"{ASSIGNED['skill'][0]}={shield['skill']}")
    return ":".join([text, *tokens])


def numbers_text(values: Mapping[str, int], names: Mapping[str, str] | None = None) -> str:
    names = names or {}
    return ",".join(f"{names.get(k, k)}={v}" for k, v in values.items()) if values else "-"


def skills_text(skills: Mapping[str, int]) -> str:
    return numbers_text(skills, {k: v[0] for k, v in WEAPON_IDS.items()})


def parts_numbers_text(values: Mapping[str, int]) -> str:
    return numbers_text(values, PART_NAMES)
