"""GM settings: the readings where groups differ, the optional modules and bot behaviour."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _vzor2_rerolls(cls, data: Any) -> Any:
        """L462: in duel system vzor 2 the initiative order must be rolled again every round."""
        if isinstance(data, dict) and data.get("duel_system") == "vzor2":
            return {**data, "reroll_initiative_each_round": True}
        return data

    polygonal: bool = Field(True, description="Polygonal system: 2d10 hit locations, HP and armour per body part.")
    hit_table: Literal[1, 2, 3] = Field(1, description="Which of the three hit-location tables (keep it all game).")
    location_method: Literal["2d10", "d100"] = Field(
        "2d10", description="Hit location by the 2d10 sum, or d100 with the same percentages (shift 1 = 2 %)."
    )
    polygonal_equal_hp: bool = Field(False, description="Head and limbs get 9+CON HP like the torso (5(9)+CON).")
    duel_system: Literal["basic", "vzor2"] = Field(
        "basic", description="basic: fixed defence; vzor2: the defender buys defence components with actions."
    )
    reroll_initiative_each_round: bool = Field(
        False, description="Roll initiative every round (always on in duel system vzor 2)."
    )
    rounding: Literal["half_up", "floor"] = Field(
        "half_up",
        description="Rounding of fractions the text leaves open (STR/3, DR × coefficient, averages).",
    )
    confirm_mode: Literal["attack_test", "crit_range"] = Field(
        "attack_test",
        description="Crit confirmation: a 2nd attack test must beat defence, or roll in crit range again.",
    )
    fumbles: Literal["natural_2", "off"] = Field("natural_2", description="Fumble on a natural 2 (1+1) that misses.")
    dodge_band_top: Literal["13+dex", "15+dex"] = Field("13+dex", description="Top of the dodge band (L28 vs L369).")
    empty_space_floor: bool = Field(True, description="A total of 13 or less always misses, even vs defence < 13.")
    basic_armour_dr: Literal["body_plus_pieces", "max", "body_only"] = Field(
        "body_plus_pieces", description="Basic system: how helmet and accessories DR join the body armour DR."
    )
    extreme_band_max: Literal[8, 10] = Field(8, description="Extreme range band ends at 8× or 10× base range.")
    init_tie_break: Literal["initiative_then_rolloff", "simultaneous"] = Field(
        "initiative_then_rolloff",
        description="Initiative ties: higher initiative value first, or simultaneous.",
    )
    vzor2_defence_order: Literal["prefix", "free"] = Field(
        "prefix", description="vzor 2: defence components bought in the fixed order, or any subset."
    )
    reflex_virtual_actions: int = Field(1, ge=0, le=5, description="vzor 2: defence-only actions per battle reflex.")
    targeted_shot_halving: Literal["unless_precise_and_base", "literal"] = Field(
        "unless_precise_and_base", description="Targeted shot: when the location shift is halved."
    )
    unskilled_other_kind: Literal["zero_levels", "minus_five"] = Field(
        "zero_levels",
        description="Weapon of the other kind (melee vs ranged) than any skill: 0 levels or −5.",
    )
    thrust_shift_missiles: bool = Field(False, description="Arrows and bolts also get the thrust location shift.")
    sling_is_thrown: bool = Field(True, description="The sling counts as thrown (+50 % armour reduction).")
    heavy_blows: bool = Field(
        False, description="Optional rule Těžké rány: shock test on heavy hits even if armour held."
    )
    parry_impact: bool = Field(
        False, description="Optional extension: parrying a heavy weapon tests STR + defence bonus."
    )
    rider_low_initiative_charge: bool = Field(
        True,
        description="A rider at initiative −1…−5 may charge (L9: 'toto pravidlo' = the whole slow rule).",
    )
    auto_damage_type: bool = Field(
        True,
        description="Straight blade, 6+ levels: auto-pick the damage type the armour resists least.",
    )
