"""GM settings: house defaults for what the seed leaves open, and the readings where groups differ."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from rules.errors import RulesError
from rules.model import Message, Term
from rules.notation import MAX_SIDES

from .sheet import DAMAGE, unknown_part
from .tables import DEFAULT_LOCATION_TABLE, WOUND_ALIASES, WOUND_KEYS, body_part, fold


@lru_cache(maxsize=64)
def parse_location_table(text: str) -> tuple[int, tuple[tuple[int, int, str], ...]]:
    """`"1-2:head,3-10:torso,…"` → (die sides, ((low, high, part), …)); ranges must cover 1..sides.
    Parts may be named in any of the bot's languages (`1-2:głowa,3-10:korpus,…`)."""
    rows: list[tuple[int, int, str]] = []
    for chunk in text.split(","):
        span, _, name = chunk.strip().partition(":")
        low_text, _, high_text = span.partition("-")
        try:
            low, high = int(low_text), int(high_text or low_text)
        except ValueError:
            low = high = 0
        if not 1 <= low <= MAX_SIDES or not 1 <= high <= MAX_SIDES:  # the table's die has at most 1000 sides
            raise PydanticCustomError(
                "pl_wladanie.location_table_entry", "bad location table entry {entry}", {"entry": chunk.strip()}
            ) from None
        part = body_part(name)
        if part is None:
            raise unknown_part(name.strip())
        rows.append((low, high, part))
    rows.sort()
    expected = 1
    for low, high, _ in rows:
        if low != expected or high < low:
            raise PydanticCustomError(
                "pl_wladanie.location_table_gaps", "location table ranges must run 1, 2, … without gaps or overlaps"
            )
        expected = high + 1
    return expected - 1, tuple(rows)


@lru_cache(maxsize=64)
def parse_wound_thresholds(text: str) -> tuple[tuple[int, str], ...]:
    """`"light:5,serious:10,critical:15,out:20"` → ((5, "light"), …) sorted by threshold; the levels may be
    named in any of the bot's languages (`lekka:5,ciężka:10,krytyczna:15,poza_walką:20,śmierć:30`)."""
    if not text.strip():
        return ()
    out: list[tuple[int, str]] = []
    for chunk in text.split(","):
        name, _, value = chunk.strip().partition(":")
        key = WOUND_ALIASES.get(fold(name), fold(name))
        if key not in WOUND_KEYS:
            raise PydanticCustomError("pl_wladanie.wound_level", "unknown wound level {level}", {"level": name.strip()})
        try:
            threshold = int(value)
        except ValueError:
            threshold = -1
        if not 0 <= threshold <= DAMAGE:  # the damage a sheet can hold
            raise PydanticCustomError(
                "pl_wladanie.wound_threshold", "bad wound threshold {entry}", {"entry": chunk.strip()}
            ) from None
        out.append((threshold, key))
    return tuple(sorted(out))


# HOUSE DEFAULT wound levels by total damage taken (issue 13: the seed gives no wound model, and without
# levels nobody ever goes down). A blow of the seed's typical weapons deals 1k8 + strength damage, about
# 6–8: a light wound after the first, out of the fight after three, dead after four or five.
DEFAULT_WOUND_THRESHOLDS = "light:5,serious:10,critical:15,out:20,dead:30"


# The values of the choice settings as a Polish group types them (folded: lower case, `_` for spaces, no
# diacritics): the words the bot shows for each value, a shorter form, and the k notation of the dice.
SETTING_WORDS: dict[str, dict[str, str]] = {
    "test_die": {"1k20": "1d20", "k20": "1d20", "d20": "1d20", "2k10": "2d10", "3k6": "3d6"},
    "range_rounding": {"za_pelne_2_m": "floor", "pelne": "floor", "za_rozpoczete_2_m": "ceil", "rozpoczete": "ceil"},
    "weak_rounding": {"od_polowy_w_gore": "half_up", "w_gore": "half_up", "w_dol": "down"},
    "unarmed_self_injury": {
        "przy_twardych_celach": "hard_targets", "twarde_cele": "hard_targets", "zawsze": "always", "nigdy": "off",
    },
    "coverage_stacking": {
        "kazda_osobno": "independent", "osobno": "independent", "najwyzsze_pokrycie": "max", "najwyzsze": "max",
    },
    "parry_resolution": {"porownanie_wynikow": "opposed", "porownanie": "opposed", "decyduje_mg": "gm", "mg": "gm"},
    "default_defence": {"lepsza_umiejetnosc": "best", "lepsza": "best", "parowanie": "parry", "unik": "dodge",
                        "brak": "none", "bez_obrony": "none"},
    "ranged_parry": {"tylko_tarcza": "shield_only", "tarcza": "shield_only", "zawsze": "always", "nigdy": "never"},
    "unnamed_location": {"w_korpus": "torso", "korpus": "torso", "wedlug_tabeli": "table", "tabela": "table"},
    "scatter_orientation": {"od_atakujacego": "line_of_fire", "polnoc_mapy": "map_north", "polnoc": "map_north"},
}  # fmt: skip


def _setting_word(name: str, value: Any) -> Any:
    """A choice setting's value typed in Polish (`tylko tarczą`, `2k10`) as its id; anything else as given."""
    words = SETTING_WORDS.get(name)
    if words is None or not isinstance(value, str):
        return value
    return words.get(fold(value), value)


class Settings(BaseModel):
    """GM settings of one encounter (every field has a house default)."""

    model_config = ConfigDict(extra="forbid")

    test_die: Literal["1d20", "2d10", "3d6"] = Field(
        "1d20",
        description="HOUSE DEFAULT: the die of every test (the seed never names it); total >= ST succeeds",
    )
    range_rounding: Literal["floor", "ceil"] = Field(
        "floor", description="-1 per full 2 m (floor) or per started 2 m (ceil)"
    )
    two_handed_limit: Literal["double_all", "double_lift_part"] = Field(
        "double_all", description="two-handed weight limit: 2 x (1 + lift/10) or 1 + 2 x lift/10"
    )
    thrown_improvised_steps: Literal[2, 4] = Field(
        2,
        description="steps lost by a thrown improvised weapon not made for throwing (2 = not cumulative)",
    )
    weak_rounding: Literal["half_up", "down"] = Field("half_up", description="rounding of the weak trait's halving")
    unarmed_self_injury: Literal["hard_targets", "always", "off"] = Field(
        "hard_targets",
        description="when an unarmed strike above endurance + natural armour hurts the striker",
    )
    coverage_beaten_when: Literal[">=", ">"] = Field(
        ">=", description="the hit-test total beats coverage when >= (like an ST) or only when >"
    )
    coverage_stacking: Literal["independent", "max"] = Field(
        "independent", description="each protector checked alone, or one threshold = the highest coverage"
    )
    flank_affects_active_defence: bool = Field(False, description="flanking/pinning also gives -5 to parry and dodge")
    unseen_allows_active_defence: bool = Field(
        True,
        description="a target that cannot see the attacker may still parry or dodge (unless also surprised)",
    )
    helpless_lies_prone: bool = Field(
        True,
        description="HOUSE DEFAULT: an unconscious, out or dead target also lies (postać leży): -10 direct, +10 ranged",
    )
    parry_resolution: Literal["opposed", "gm"] = Field(
        "opposed",
        description="HOUSE DEFAULT: parry/dodge total >= attack total stops the hit; gm = only recorded",
    )
    default_defence: Literal["best", "parry", "dodge", "none"] = Field(
        "best", description="defence rolled when the defender does not answer (best = higher skill)"
    )
    ranged_parry: Literal["shield_only", "always", "never"] = Field(
        "shield_only", description="HOUSE DEFAULT: who may parry a ranged attack"
    )
    archer_rush: bool = Field(True, description="report actions gained running up to an archer (initiative margin)")
    initiative_rolloff: bool = Field(False, description="roll a tie-break die after hero and reflex")
    reroll_initiative_each_round: bool = Field(False, description="HOUSE DEFAULT: initiative once per fight")
    unnamed_location: Literal["torso", "table"] = Field(
        "torso",
        description="HOUSE DEFAULT: a blow nobody aimed lands on the torso, or roll the location table",
    )
    location_table: str = Field(DEFAULT_LOCATION_TABLE, description="HOUSE DEFAULT location table: low-high:part,…")
    wound_thresholds: str = Field(
        DEFAULT_WOUND_THRESHOLDS,
        description="HOUSE DEFAULT total damage per wound level (the seed has none): "
        "light:5,serious:10,critical:15,out:20,dead:30; empty = no wound levels",
    )
    non_proficiency_penalty: int = Field(
        0, ge=-20, le=0, description="modifier for a too-heavy weapon (no proficiency; its rule is elsewhere)"
    )
    scatter_orientation: Literal["line_of_fire", "map_north"] = Field(
        "line_of_fire", description="scatter diagram: top row away from the attacker, or map north"
    )

    @model_validator(mode="before")
    @classmethod
    def _polish_words(cls, data: Any) -> Any:
        if not isinstance(data, dict) or not SETTING_WORDS.keys() & data.keys():
            return data
        return {name: _setting_word(name, value) for name, value in data.items()}

    @field_validator("location_table")
    @classmethod
    def _table(cls, value: str) -> str:
        parse_location_table(value)
        return value

    @field_validator("wound_thresholds")
    @classmethod
    def _wounds(cls, value: str) -> str:
        parse_wound_thresholds(value)
        return value


def location_table(settings: Settings) -> tuple[int, tuple[tuple[int, int, str], ...]]:
    try:
        return parse_location_table(settings.location_table)
    except PydanticCustomError as exc:  # pragma: no cover - validated on input
        problem = Message(f"problem.{exc.type}", {k: v for k, v in (exc.context or {}).items()})
        raise RulesError("error.pl_wladanie.location_table", problem=problem) from None


def setting_parts(name: str, value: Any) -> list[tuple[str, Term]] | None:
    """`location_table` and `wound_thresholds` as (number or die range, term) pairs, so the bot names
    each body part and wound level in the reader's words instead of showing the ids typed."""
    if not isinstance(value, str):
        return None
    if name == "location_table":
        _, rows = parse_location_table(value)
        return [(f"{lo}–{hi}" if hi != lo else str(lo), Term("location", part)) for lo, hi, part in rows]
    if name == "wound_thresholds":
        return [(str(at), Term("wound", key)) for at, key in parse_wound_thresholds(value)]
    return None
