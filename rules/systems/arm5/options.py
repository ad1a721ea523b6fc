"""Options of one action (attack, shot, initiative, disengage, magic attack, casting)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.systems.arm5.tables import Cover, WoundBand, cover_key
from rules.systems.arm5.words import YES_NO

FLAG_TYPES = (bool, bool | None)  # a yes / no option (`przebicie:nie`); unsaid may differ from "no"
OPTION_ALIASES = {"momentum": "charge", "momentum_attack": "charge", "fast_cast": "fast_casting"}


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    charge: bool = Field(False, description="Momentum attack on foot (atak z rozpędu): 1 Fatigue level, +Ability.")
    difficult_ground: bool = Field(False, description="Charge over difficult ground: no Attack bonus.")
    cover: Cover | None = Field(None, description="Target's cover for this shot (default: the target's sheet).")
    nonlethal: bool = Field(False, description="Non-lethal damage: Fatigue by the seed's table (GM setting).")
    botch_dice: int | None = Field(None, ge=0, le=10, description="Botch dice for this roll (GM).")
    initiative_mode: Literal["weapon", "spell"] = Field(
        "weapon", description="Initiative with the weapon's modifier, or Quickness only for casting."
    )
    fast_casting: bool = Field(False, description="Fast Casting: +Finesse to Initiative, -10 Casting Score.")
    spell_damage: int | None = Field(None, ge=0, le=200, description="Spell damage value (e.g. Pilum of Fire 15).")
    penetrated: bool | None = Field(
        None, description="The spell beat the target's magic resistance (GM); unsaid, Parma Magica stops it."
    )
    casting_score: int | None = Field(None, ge=-50, le=200, description="Casting Score for a casting roll.")
    spell_level: int | None = Field(None, ge=0, le=200, description="Spell level the Casting Total must reach.")
    wound_band: WoundBand | None = Field(None, description="GM's wound band when the Size is outside the table.")
    new_initiative: int | None = Field(
        None, ge=-100, le=300, description="Hold the action: act at this (later) Initiative count this round."
    )
    pursue: bool = Field(False, description="Pursue a character who left the fight (allows the melee attack).")
    spell: str | None = Field(
        None, min_length=1, max_length=80, description="Which of the sheet's spells (cast, magic attack, initiative)."
    )

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = {OPTION_ALIASES.get(k, k): v for k, v in data.items()}
            for key, value in data.items():  # Polish yes / no for a flag: `przebicie:nie`
                if isinstance(value, str) and cls.model_fields.get(key) is not None:
                    if cls.model_fields[key].annotation in FLAG_TYPES:
                        data[key] = YES_NO.get(value.strip().casefold(), value)
            if "cover" in data:
                data["cover"] = cover_key(data["cover"])
        return data
