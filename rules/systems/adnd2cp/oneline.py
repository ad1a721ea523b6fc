"""The compact notation of the structured fields, as a stats line types them (and `sheet_line` writes them):

    armi:spada_lunga@maestro(+1;specializzata),arco_lungo@abile(munizioni=freccia_da_caccia)
    classe:guerriero/mago livello:7/6            classe:sciamano@sacerdote (a class with its group)
    arti:schivata,deflettere_i_colpi   competenze:quickness   tratti:non_morto,incorporeo
    condizioni:emorragia(round=3;fonte=Orco),arma_conficcata(valore=2)

A weapon is a built-in weapon by its Italian (or English) name, or any other name with its own numbers;
`@grado` is its Abilità Arma; in brackets, `;`-separated: `+1` (incantamento), flags (`specializzata`,
`non_competente`, `arco_tarato`, `danni_indivisi`, `altra`, `affine=spada_corta`, `gemella=…`) and
`nome=valore` fields (danni, danni_grandi, taglia, tipo, uso, mani, velocità, gittata, munizioni,
limite_forza, colpire, bonus_danni, naturale, taglia_costo, categoria, nome). Every name in the
game's Italian or in English, any case, with or without accents. Parsing turns the text into what the
sheet stores; a mistake is refused naming the piece that was not understood.
"""

from __future__ import annotations

from typing import Any

from pydantic_core import PydanticCustomError

from rules.systems.adnd2cp import words
from rules.vocabulary import fold

# Weapon fields written `nome=valore`, with the names typed for them (Italian first).
WEAPON_FIELDS: dict[str, tuple[str, ...]] = {
    "name": ("nome", "name"),
    "category": ("categoria", "category"),
    "size": ("taglia", "size"),
    "damage_type": ("tipo", "type", "damage_type"),
    "delivery": ("uso", "delivery"),
    "hands": ("mani", "hands"),
    "damage": ("danni", "damage"),
    "damage_large": ("danni_grandi", "damage_large"),
    "speed_factor": ("velocità", "fattore_velocità", "speed", "speed_factor"),
    "ranges": ("gittata", "range", "ranges"),
    "ammo": ("munizioni", "ammo"),
    "max_str_damage_bonus": ("limite_forza", "str_cap", "max_str_damage_bonus"),
    "magic": ("magia", "incantamento", "magic"),
    "to_hit_bonus": ("colpire", "to_hit", "to_hit_bonus"),
    "damage_bonus": ("bonus_danni", "damage_bonus"),
    "natural_kind": ("naturale", "natural", "natural_kind"),
    "cost_size": ("taglia_costo", "cost_size"),
    "rank": ("grado", "rank"),
    "related_to": ("relativa_a", "related_to"),
    "relation": ("relazione", "relation"),
}
# Weapon flags: the word sets them; `parola=no` clears them.
WEAPON_FLAGS: dict[str, tuple[str, ...]] = {
    "specialised": ("specializzata", "specializzato", "specialised", "specialized"),
    "strength_rated_bow": ("arco_tarato", "strength_bow", "strength_rated_bow"),
    "damage_unsplit": ("danni_indivisi", "unsplit", "damage_unsplit"),
    "proficient": ("competente", "proficient"),
}
NOT_PROFICIENT = ("non_competente", "nonproficient")
CONDITION_FIELDS: dict[str, tuple[str, ...]] = {
    "rounds": ("round", "rounds"),
    "value": ("valore", "value"),
    "source": ("fonte", "source"),
}


def split_top(text: str, sep: str = ",") -> list[str]:
    """`a(x,y),b` -> ["a(x,y)", "b"]: split at `sep` outside brackets; empty pieces dropped."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def _head_and_attrs(token: str, what: str) -> tuple[str, list[str]]:
    """ "spada@maestro(+1;specializzata)" -> ("spada@maestro", ["+1", "specializzata"])."""
    head, sep, rest = token.partition("(")
    if sep and not rest.endswith(")"):
        raise _refused(what, token)
    if not sep and ")" in head:
        raise _refused(what, token)
    attrs = [a.strip() for a in rest[:-1].split(";")] if sep else []
    if not head.strip():
        raise _refused(what, token)
    return head.strip(), [a for a in attrs if a]


def _refused(what: str, piece: str) -> PydanticCustomError:
    return PydanticCustomError(
        f"adnd2cp.{what}_notation", "{value} is not understood: see the one-line notation", {"value": piece}
    )


def _signed(text: str, what: str, piece: str) -> int:
    try:
        return int(text.replace("−", "-").replace(" ", ""))
    except ValueError:
        raise _refused(what, piece) from None


def _many(table: words.Names, text: str, what: str, piece: str) -> list[str]:
    out = []
    for part in text.replace(",", "/").split("/"):
        found = words.lookup(table, part)
        if found is None:
            raise _refused(what, piece)
        out.append(found)
    return out


def _flag_value(text: str, what: str, piece: str) -> bool:
    folded = fold(text)
    if folded in words.YES:
        return True
    if folded in words.NO:
        return False
    raise _refused(what, piece)


def _weapon_field(field: str, value: str, piece: str) -> Any:
    if field in ("size", "cost_size"):
        found = words.lookup(words.WEAPON_SIZES, value)
        if found is None:
            raise _refused("weapon", piece)
        return found
    if field == "damage_type":
        return _many(words.DAMAGE_TYPES, value, "weapon", piece)
    if field == "delivery":
        return _many(words.DELIVERIES, value, "weapon", piece)
    if field == "ammo":
        return words.lookup(words.AMMO, value) or value
    if field == "rank":
        return words.lookup(words.RANKS, value) or value
    if field == "relation":
        return words.lookup(words.RELATIONS, value) or value
    if field == "related_to":
        return words.weapon_id(value) or value
    if field == "ranges":
        try:
            return [float(r) for r in value.split("/")]
        except ValueError:
            raise _refused("weapon", piece) from None
    if field in ("hands", "speed_factor", "max_str_damage_bonus", "magic", "to_hit_bonus", "damage_bonus"):
        return _signed(value, "weapon", piece)
    return value


def parse_weapon(token: str) -> dict[str, Any]:
    """One weapon of the notation as the fields of a weapon entry."""
    head, attrs = _head_and_attrs(token, "weapon")
    name, at, rank = head.partition("@")
    weapon: dict[str, Any] = {"id": words.weapon_id(name) or name.strip()}
    if at:
        found = words.lookup(words.RANKS, rank)
        if found is None:
            raise _refused("weapon", token)
        weapon["rank"] = found
    for attr in attrs:
        key, eq, value = (part.strip() for part in attr.partition("="))
        if not eq and key[:1] in "+-−" and key[1:].strip().isdigit():
            weapon["magic"] = _signed(key, "weapon", token)
            continue
        rank_word = words.lookup(words.RANKS, key)
        relation = words.lookup(words.RELATIONS, key)
        flag = words.lookup(WEAPON_FLAGS, key)
        field = words.lookup(WEAPON_FIELDS, key)
        if not eq and rank_word is not None:
            weapon["rank"] = rank_word
        elif relation is not None and relation != "auto":
            weapon["relation"] = relation
            if eq:
                weapon["related_to"] = words.weapon_id(value) or value
        elif fold(key) in NOT_PROFICIENT and not eq:
            weapon["proficient"] = False
        elif flag is not None:
            weapon[flag] = _flag_value(value, "weapon", token) if eq else True
        elif field is not None and eq and value:
            weapon[field] = _weapon_field(field, value, token)
        else:
            raise _refused("weapon", token)
    return weapon


def parse_weapons(text: str) -> list[dict[str, Any]]:
    return [parse_weapon(token) for token in split_top(text)]


def parse_condition(token: str) -> dict[str, Any]:
    head, attrs = _head_and_attrs(token, "condition")
    key = words.lookup(words.CONDITIONS, head)
    if key is None:
        raise _refused("condition", token)
    condition: dict[str, Any] = {"key": key}
    for attr in attrs:
        name, eq, value = (part.strip() for part in attr.partition("="))
        field = words.lookup(CONDITION_FIELDS, name)
        if field is None or not eq or not value:
            raise _refused("condition", token)
        condition[field] = value if field == "source" else _signed(value, "condition", token)
    return condition


def parse_conditions(text: str) -> list[dict[str, Any]]:
    return [parse_condition(token) for token in split_top(text)]


def parse_words(value: Any, table: words.Names) -> Any:
    """A list field (arts, proficiencies, traits): comma-separated text or a list, each entry by any of
    its names; an entry the table does not list is kept as one word (the warnings name it)."""
    if isinstance(value, str):
        value = split_top(value.replace("/", ","))
    if not isinstance(value, (list, tuple, set, frozenset)):
        return value
    out: list[str] = []
    for item in value:
        found = words.lookup(table, item) or fold(str(item))
        if found and found not in out:
            out.append(found)
    return out


def parse_class(text: str) -> dict[str, Any]:
    """ "guerriero" -> fighter (warrior); "sciamano@sacerdote" -> a class of the priest group."""
    name, at, group = text.strip().partition("@")
    known = words.lookup(words.CLASS_NAMES, name)
    entry: dict[str, Any] = {"class_name": known or fold(name)}
    if at:
        found = words.lookup(words.GROUPS, group)
        if found is None:
            raise _refused("class", text)
        entry["group"] = found
    return entry
