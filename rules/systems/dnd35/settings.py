"""GM settings for dnd35: readings where tables differ (digest §13) and optional rules."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reroll_initiative_each_round: bool = Field(
        False, description="Roll initiative again every round (the book keeps one order)"
    )
    flat_footed_at_start: bool = Field(
        True, description="Rolling initiative marks the combatant flat-footed until its first turn"
    )
    range_penalty_mode: Literal["srd_floor", "first_increment_free"] = Field(
        "srd_floor", description="Range penalty: −2 per full increment (SRD) or first increment inclusive"
    )
    natural_20_auto_confirm: bool = Field(
        False, description="House rule: a natural 20 confirms the critical without a confirmation roll"
    )
    massive_damage: bool = Field(
        True, description="One attack dealing ≥ threshold damage forces a Fort save DC 15 or death"
    )
    massive_damage_threshold: int = Field(50, ge=1, le=10_000, description="Damage of one attack that is massive")
    auto_stabilize_rolls: bool = Field(
        True, description="At round start a dying combatant rolls d% to stabilise (else loses 1 HP)"
    )
    stabilize_chance_pct: int = Field(10, ge=0, le=100, description="Chance (d% ≤) that a dying one stabilises")
    disabled_action_damage: bool = Field(
        True, description="A disabled (0 HP) combatant taking a standard action loses 1 HP afterwards"
    )
    pinned_ranged_penalty: bool = Field(
        True, description="Pinned: −4 AC against everyone but the pinner, ranged too (grapple text)"
    )
    opposed_tie_rule: Literal["higher_modifier", "defender_wins"] = Field(
        "higher_modifier",
        description="Ties in trip and grapple checks: higher modifier then re-roll, or the defender wins",
    )
    charge_ac_from: Literal["charge_start", "after_attack"] = Field(
        "charge_start",
        description="Charge −2 AC: from the start of the charge (AoOs on the run-up meet it) or after the attack",
    )
    bull_rush_move_limit: Literal["speed", "action"] = Field(
        "speed",
        description="Bull rush: run-up + following within your speed, or within the action's limit (charge 2×)",
    )
    stance_expiry: Literal["next_action", "round_start"] = Field(
        "next_action", description="Charge/defensive stances end at your next action or at round start"
    )
    temp_hp_absorb_nonlethal: bool = Field(False, description="Temporary hit points also absorb nonlethal damage")
    action_economy: bool = Field(
        False,
        description="Each round a standard and a move action, or one full-round action (full attack, charge):"
        " attacks and actions beyond them are refused (attacks of opportunity are not counted). Off unless the"
        " GM turns it on: many tables let the GM run the order loosely",
    )
    stop_full_attack_when_dead: bool = Field(
        True, description="Remaining attacks of a full attack are not rolled once the target is dead"
    )
