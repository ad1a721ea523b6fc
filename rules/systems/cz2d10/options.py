"""Options of one action (attack, shot, extra actions)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

PartKey = Literal["head", "torso", "right_arm", "left_arm", "right_leg", "left_leg"]


_YES = {"ano": True, "ne": False}


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _czech_yes_no(cls, data: Any) -> Any:
        """A flag typed `naběhnutí:ano` / `:ne` as well as yes/no, true/false (pydantic's own)."""
        if not isinstance(data, dict):
            return data
        flags = {name for name, f in cls.model_fields.items() if f.annotation is bool}
        return {
            k: _YES[v.strip().casefold()] if k in flags and isinstance(v, str) and v.strip().casefold() in _YES else v
            for k, v in data.items()
        }

    # --- attack value ---
    base: Literal["average", "finesse", "brute_force"] = "average"
    damage_type: Literal["cut", "thrust"] | None = None
    off_hand: bool = False  # attack with the second weapon (sheet.off_weapon)
    bonus: int = Field(0, ge=-50, le=50, description="one-off situational bonus to the attack test (GM)")
    defence_bonus: int = Field(0, ge=-50, le=50, description="situational bonus to the target's defence (GM)")
    # --- special attacks ---
    charge: bool = False
    counter_attack: bool = False  # protiútok: out of turn (L375)
    held: bool = False  # use actions held by waiting (vyčkávání, L357): out of turn
    flat: bool = False
    stab: bool = False
    disarm: bool = False
    trip: bool = False
    out_of_view: bool = False
    confined: Literal["none", "confined", "very_confined"] = "none"
    attack_number: int | None = Field(None, ge=1, le=50, description="n-th attack on this target this round (auto)")
    opponent_number: int | None = Field(
        None, ge=1, le=50, description="position among the target's attackers (auto; the defender's choice)"
    )
    reflexes: int | None = Field(
        None, ge=0, le=10, description="battle reflexes the defender uses against this opponent (auto)"
    )
    # --- criticals, locations ---
    crit_effect: Literal["auto", "multiply", "miss_armour", "shift_location"] = "auto"
    # no bound of its own below the skill's: L595 "Jeho hodnota nesmí být vyšší, než je počet úrovní ovládání
    # zbraně" is the limit, and its refusal names the levels (a bound of 60 answered first, with a wrong limit)
    targeted: int = Field(
        0, ge=0, le=999, description="targeted attack: penalty P (at most the weapon-skill levels), moves the location"
    )
    target_location: PartKey | None = None
    location_shift: int | None = Field(
        None, ge=-50, le=50, description="explicit shift of the location roll (within the allowed)"
    )
    pull: Literal["none", "stop", "reduce", "ignore_crit"] = "none"
    # --- shots ---
    cover: int = Field(0, ge=0, le=8)
    aimed: bool = False
    loophole: bool = False
    into_melee: bool = False
    # --- outcome inputs the text leaves to the GM ---
    shock: Literal["unknown", "passed", "failed"] = "unknown"
    target_state: Literal["auto", "normal", "unarmed", "non_dodging", "non_defending", "immobile"] = "auto"
    # --- extra actions (act) ---
    cost: int | None = Field(None, ge=0, le=10, description="override the action cost")
    stance: Literal["none", "partial", "full"] = "partial"
    steps: int = Field(1, ge=1, le=5)
    amount: int = Field(0, ge=0, le=999, description="stun / actions for act(stun|other)")
    level: int = Field(1, ge=0, le=2, description="acceleration level for act(accelerate)")
    teamwork: bool = False  # act(cover_ally): both have teamwork (sehranost)
    helpless_ally: bool = False  # act(cover_ally): the ally cannot defend actively
    hours: int = Field(0, ge=0, le=48, description="act(rest): hours of rest out of the fight (the bot's /rest)")
    new_initiative: int | None = Field(
        None, ge=-80, le=120, description="act(wait): act later this round at this initiative count"
    )
