"""Settings of the bot's own behaviour, next to each system's rule settings."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class BotSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    enforce_turns: bool = Field(True, description="Only the combatant whose turn it is may attack or shoot.")
    npc_defence: Literal["auto", "prompt"] = Field(
        "auto", description="NPC targets defend at once (auto) or the GM is asked (prompt)."
    )
    defence_timeout: int = Field(120, ge=10, le=3600, description="Seconds a player has to answer an attack.")
    player_undo: Literal["none", "no_dice", "all"] = Field(
        "no_dice",
        description="What a player may undo of their own last command: nothing, what rolled no dice, or all.",
    )
    show_odds: bool = Field(
        False, description="Attack answers add the exact chance to hit the attack had (never with a hidden NPC)."
    )
    wound_picture: bool = Field(
        False,
        description="Attack answers that hit a body part attach the target's wound picture (a hidden NPC's "
        "only to the GM).",
    )
    language: Literal["auto", "en", "cs", "pl", "it"] = Field(
        "auto", description="Pin this channel to one language (auto = each user's own)."
    )
