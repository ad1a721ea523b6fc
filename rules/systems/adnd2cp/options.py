"""Options of one action (attack, shot, initiative, declare, rest …)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.systems.adnd2cp.blows import parse_blow_list


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    blows: list[str] = Field(default_factory=list)  # combat blows (colpi) on this attack / round
    supplementary: bool = False  # attack of opportunity, from behind, arts, powers … (no blows)
    extra_attack: bool = False  # the attack granted by Attacco Extra (supplementary)
    opportunity: bool = False  # attack of opportunity / counter-attack out of turn (supplementary, a reaction)
    hand: Literal["single", "main", "off"] = "single"  # two-weapon fighting
    range: Literal["short", "medium", "long"] | None = None  # band, when no distance is given
    modifier: int = Field(0, ge=-20, le=20)  # GM situational to-hit modifier
    damage_modifier: int = Field(0, ge=-20, le=20)
    damage_reduction: int = Field(0, ge=0, le=100)  # house reductions that can bring damage to 0
    rear: bool = False  # attack from behind: +2 to hit, no Dex AC bonus
    surprised: bool = False  # target surprised: +1 to hit, no Dex AC bonus
    backstab: bool = False  # thief backstab: +4 to hit, damage multiplier by level
    # Blow situations and house-rule inputs the seed never quantifies (GM values).
    charge: bool = False  # Attacco Brutale: a successful charge manoeuvre precedes the attack
    run_up_m: float = Field(0, ge=0, le=1000)  # Scagliare con Violenza: metres moved towards the target
    ammo: str | None = None  # Proiettile Fatale cost by ammunition
    second_target: str | None = None  # Fendente Frontale: a combatant by name (its AC, size and HP)
    second_target_ac: int | None = Field(None, ge=-10, le=10)  # Fendente Frontale
    second_target_size: Literal["T", "S", "M", "L", "H", "G"] = "M"
    save_pct: int | None = Field(None, ge=0, le=100)  # victim's base % chance for the blow's save
    save: Literal["passed", "failed"] | None = None  # or the save's outcome, given by the GM
    saves_failed: int | None = Field(None, ge=0, le=2)  # Incapacitare: how many of its 2 saves failed
    save_modifier: int = Field(0, ge=-100, le=100)  # extra % (Disarmare's level/HD difference …)
    pain_tolerance_passed: bool = False  # victim passed its Pain Tolerance check (+15 %)
    target_weapon: str | None = None  # Disarmare: the victim's weapon (rank, hands)
    # The defender's side (no active defence: the attack carries it).
    target_blows: list[str] = Field(default_factory=list)  # Deflessione Superiore / Evasione Migliorata
    deflection_bonus: int = Field(0, ge=0, le=4)  # points of deflection bought (+1..+4)
    evasion_bonus: int = Field(0, ge=0, le=20)  # % of dodge bought (5..20 step 5, or 3..12 step 3)
    evasion_mastery: bool = False  # Evasione Migliorata on Maestria nella Schivata (3 % steps)
    dodge: bool = False  # the target tries its Schivata: roll d100 against its dodge chance
    dodged: bool | None = None  # the GM's outcome of a dodge
    deflected: bool | None = None  # the GM's outcome of a deflection (its roll is not in the seed)
    # Initiative / declarations / rest.
    initiative_modifier: int = Field(0, ge=-10, le=20)
    casting: bool = False  # casting a spell this round ([ROUND] blows are refused)
    next_round: bool = False  # declare: the blows are for the next round (paid at its start)
    # stop_bleeding: a magic cure of 5+ hp aimed only at the bleeding, or the healer's Healing check
    cure: bool = False
    check: Literal["passed", "failed"] | None = None  # the Healing check's outcome, given by the GM
    check_pct: int | None = Field(None, ge=0, le=100)  # or the healer's % chance (the bot rolls d100)
    hours: int = Field(1, ge=0, le=48)  # rest: valid hours of common rest

    @property
    def is_supplementary(self) -> bool:
        """Not one of the character's main attacks (attacchi principali): no blows, no enchantment."""
        return self.supplementary or self.extra_attack or self.opportunity

    @field_validator("blows", "target_blows", mode="before")
    @classmethod
    def _split(cls, value: Any) -> list[str]:
        return parse_blow_list(value)
