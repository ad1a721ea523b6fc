"""GM settings: base-game readings and the house-rule ambiguities the digest lists."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    initiative: Literal["individual", "group"] = Field(
        "individual", description="Individual d10 + speed factor per combatant, or one d10 per side (group)."
    )
    speed_factors: bool = Field(True, description="Add the weapon's speed factor to individual initiative.")
    reroll_initiative_each_round: bool = Field(True, description="Roll initiative again every round (2e rule).")
    nat20_hits: bool = Field(True, description="A natural 20 always hits.")
    nat1_misses: bool = Field(True, description="A natural 1 always misses.")
    death_at: Literal[0, -10] = Field(0, description="Dead at 0 hp (core) or at -10 (unconscious from 0 to -9).")
    track_attacks: bool = Field(
        True, description="Count main attacks per round (1, 3/2, 2 …) and refuse a main attack beyond them."
    )
    round_blows_in_every_stack: bool = Field(
        True, description="[ROUND] blows count in every attack's stack for the +1 surcharge (digest amb. 1)."
    )
    second_special_from: Literal["warrior_group", "fighter_only"] = Field(
        "warrior_group", description="Who gets a second special blow a round at 9th level (digest amb. 5)."
    )
    unknown_cost_shortfall: Literal["spend_all_remaining", "negative"] = Field(
        "spend_all_remaining",
        description="A cost found out too late: pool to 0, or negative (digest amb. 6).",
    )
    proiettile_fatale_penalties: Literal["replace", "cumulative"] = Field(
        "replace", description="Proiettile Fatale extra rolls at -5/-8 (replace) or -7/-15 (cumulative)."
    )
    monster_class_int_bonus: bool = Field(
        False, description="A monster with a warrior/thief class also gets the PC Intelligence bonus."
    )
    deflection_over_cap: Literal["reject", "clamp"] = Field(
        "reject", description="Deflessione Superiore / Evasione Migliorata over the art cap: refuse or clamp."
    )
    violent_hurl_str_cap: bool = Field(
        True, description="Scagliare con Violenza's +2 damage obeys the weapon's strength-damage cap."
    )
    specialisation_bonus: bool = Field(True, description="Fighter weapon specialisation: +1 to hit, +2 damage (melee).")
    supplementary_keeps_magic_bonus: bool = Field(
        False,
        description="A supplementary attack keeps the weapon's magic bonus (incantamenti read as special powers only).",
    )
    opportunity_attacks_per_round: int = Field(
        1, ge=1, le=10, description="Attacks of opportunity or counter-attacks a combatant may make each round."
    )
    incapacitated_is_helpless: bool = Field(
        False, description="An incapacitated combatant (Incapacitare) is hit automatically, like a helpless one."
    )
    rest_in_fight: bool = Field(
        False,
        description="Common rest is allowed once the fight's rounds have begun (the GM keeps a paused fight open).",
    )

    @field_validator("death_at", mode="before")
    @classmethod
    def _int_text(cls, value: object) -> object:
        """The bot may send "-10" as text."""
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value.strip())
        return value
