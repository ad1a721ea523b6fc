"""GM settings: every reading where groups may differ (digest §11 settings_defaults), with defaults."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.systems.arm5.tables import SizeRule


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    botch_dice_default: int = Field(
        1, ge=0, le=10, description="Botch dice rolled when a combat stress die shows 0 (0 = a 0 is just 0)."
    )
    initiative_botch_dice: int = Field(
        1, ge=0, le=10, description="Botch dice for the Initiative stress die (a botch makes the total 0)."
    )
    initiative_order: Literal["individual", "side"] = Field(
        "individual",
        description="Act one by one in Initiative order, or whole sides by their best Initiative.",
    )
    initiative_tiebreak: Literal["quickness_then_rolloff", "simultaneous"] = Field(
        "quickness_then_rolloff",
        description="Equal Initiative: higher Quickness, then a d10 roll-off; or act together.",
    )
    size_outside_table: SizeRule = Field(
        "extrapolate_above_3_reject_below_minus_4",
        description="Size beyond -4..+3: extend the row pattern upwards, refuse, or use the nearest row.",
    )
    fatigue_table: Literal["off", "nonlethal"] = Field(
        "off",
        description="'nonlethal': the nonlethal option turns a wound into Fatigue by the seed's table.",
    )
    disengage_window: Literal["since_own_last_turn", "previous_round_number"] = Field(
        "since_own_last_turn",
        description="Who may stop a disengage: attackers since the own last turn, or in the last round.",
    )
    disengage_reaction_damage: bool = Field(
        True, description="A reaction attack that beats a disengage Defense also deals damage."
    )
    cover_in_melee: bool = Field(False, description="Cover bonus also counts against melee attacks.")
    riding_bonus_vs_shots: bool = Field(False, description="A rider's Riding bonus also counts for shots.")
    momentum_fatigue_before_roll: bool = Field(
        True, description="A charge's Fatigue level is spent before its Attack roll (its penalty applies)."
    )
    spell_zero: Literal["botch_only", "any_zero"] = Field(
        "botch_only", description="Spell damage die: no damage only on a botch, or on any first-roll 0."
    )
    spell_damage_botch_dice: int = Field(1, ge=0, le=10, description="Botch dice on a spell's damage stress die.")
    spell_soak_botch_dice: int = Field(0, ge=0, le=10, description="Botch dice on the target's Soak stress die.")
    penalties_on_rolled_soak: bool = Field(
        True, description="Wound and Fatigue penalties apply to the rolled Soak against spells."
    )
    missile_defense: Literal["normal_defense_plus_cover", "shield_only_plus_cover", "quickness_plus_cover"] = Field(
        "normal_defense_plus_cover",
        description="Defense vs shots: full Defense, shield modifier only, or Quickness alone; + cover.",
    )
    bows_add_strength: bool = Field(True, description="Strength adds to the Damage of bow shots.")
    fast_casts_per_round: int = Field(
        0, ge=0, le=10, description="Fast-cast spells (reactions) a character may cast per round; 0 = no limit."
    )
    left_combat_protects_from: Literal["melee", "all_attacks"] = Field(
        "melee",
        description="Who left the fight can't be attacked again: in melee only, or by shots and spells too.",
    )
    enforce_action_economy: bool = Field(
        True, description="Refuse a second action in the same round (reactions are always allowed)."
    )

    @model_validator(mode="before")
    @classmethod
    def _strip_prefix(cls, data: Any) -> Any:
        """Accept the digest's spelling `arm5.botch_dice_default` as well as `botch_dice_default`."""
        if isinstance(data, dict):
            return {k.removeprefix("arm5."): v for k, v in data.items()}
        return data
