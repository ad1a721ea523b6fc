"""Options of one action: the situation (back, flank, height, prone, surprise …) and choices."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .sheet import DEFENCE, METRES, SKILL
from .tables import body_part

Location = Literal["head", "torso", "left_arm", "right_arm", "left_leg", "right_leg", "arm", "leg"]

# Natural names the bot or a GM may use for the same flag.
_ALIASES: dict[str, str] = {
    "back": "from_back", "behind": "from_back", "cios_w_plecy": "from_back",
    "flanking": "flanked_or_pinned", "flanked": "flanked_or_pinned", "pinned": "flanked_or_pinned",
    "flank": "flanked_or_pinned", "flankowanie": "flanked_or_pinned", "przyszpilenie": "flanked_or_pinned",
    "height": "height_advantage", "higher": "height_advantage", "przewaga_wysokosci": "height_advantage",
    "target_prone": "prone", "lezy": "prone",
    "surprised": "surprise", "zaskoczenie": "surprise", "unaware": "surprise",
    "unseen_attacker": "unseen", "target_cannot_see_attacker": "unseen", "cannot_see_attacker": "unseen",
    "effort": "extra_effort", "wysilek": "extra_effort",
    "thrown": "throw", "rzut": "throw",
    "area_attack": "area", "obszarowy": "area",
    "on_field": "landing", "pole": "landing", "na_polu": "landing",
    "aim": "location", "aimed_location": "location", "lokacja": "location",
    "mod": "modifier", "modyfikator": "modifier",
    "hard": "hard_target", "hard_object": "hard_target",
    "distance": "distance_m", "odleglosc": "distance_m",
}  # fmt: skip


_NUMBERS = frozenset({"attacker_height_m", "modifier", "archer_initiative", "distance_m", "st"})


class Options(BaseModel):
    """One action's options (`extra="forbid"`; natural aliases map onto these fields)."""

    model_config = ConfigDict(extra="forbid")

    from_back: bool = Field(False, description="cios w plecy: -5 physical defence (and parry/dodge)")
    flanked_or_pinned: bool = Field(False, description="flankowanie i przyszpilenie: -5 physical defence")
    height_advantage: bool = Field(False, description="przewaga wysokości: attacker 1 m or more higher (direct)")
    attacker_height_m: float | None = Field(
        None, ge=-METRES, le=METRES, description="attacker's height above the target in metres"
    )
    prone: bool = Field(False, description="target prone: -10 vs direct, +10 vs ranged")
    surprise: bool = Field(False, description="atak z zaskoczenia: unprepared defence, no parry or dodge")
    unseen: bool = Field(
        False, description="niewidoczny przeciwnik: unprepared defence (parry/dodge allowed by default)"
    )
    grip: Literal["one_handed", "two_handed"] | None = Field(None, description="grip; default the weapon's")
    improvised: bool = Field(False, description="broń improwizowana: -5, damage two steps lower")
    extra_effort: bool = Field(False, description="reduce the heavy-weapon penalty by 5 for a fatigue point")
    bonus_action: bool = Field(False, description="the attack costs a bonus action (forbidden with heavy weapons)")
    throw: bool = Field(False, description="throw the weapon (shot)")
    area: bool = Field(False, description="area attack at a 1x1 m field (shot)")
    landing: str | None = Field(
        None,
        max_length=500,
        description="area attack: everyone standing on the field where it lands (names, comma-separated)",
    )
    location: Location | None = Field(None, description="aimed body part")
    hard_target: bool = Field(False, description="an unarmed strike hits something hard (self-injury)")
    modifier: int = Field(0, ge=-SKILL, le=SKILL, description="any further modifier to the test")
    archer_initiative: int | None = Field(
        None, ge=-DEFENCE, le=DEFENCE, description="the ranged opponent's initiative result"
    )
    distance_m: float | None = Field(
        None, ge=0, le=METRES, description="distance in metres when the request gives none"
    )
    st: int | None = Field(None, ge=-50, le=DEFENCE, description="difficulty (ST) of a plain test")
    test_skill: str | None = Field(None, description="skill of a plain test (weapon skill key or sheet field)")

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        out: dict[str, Any] = {}
        for key, value in data.items():
            name = _ALIASES.get(str(key), str(key))
            if name == "grip" and value is True:
                value = "two_handed"
            elif name == "grip" and isinstance(value, str):
                value = value.strip().lower().replace("-", "_").replace(" ", "_")
            if name == "location" and isinstance(value, str):
                value = body_part(value) or value.strip().lower()
            if isinstance(value, str) and name in _NUMBERS:  # `wysokość_atakującego:1,5`, `modyfikator:−2`
                value = value.strip().replace(",", ".").replace("−", "-")
            if key == "two_handed":
                name, value = "grip", ("two_handed" if value else "one_handed")
            if isinstance(value, bool) and isinstance(out.get(name), bool):
                value = value or out[name]
            out[name] = value
        return out

    @property
    def landing_names(self) -> list[str]:
        """The names in `landing`, in order, each once (case-insensitive)."""
        found: dict[str, str] = {}
        for name in (self.landing or "").split(","):
            if name.strip():
                found.setdefault(name.strip().casefold(), name.strip())
        return list(found.values())

    @property
    def has_height_advantage(self) -> bool:
        return self.height_advantage or (self.attacker_height_m is not None and self.attacker_height_m >= 1.0)
