"""Options of one D&D 3.5 action: attack modes, attacker/defender situations, cover, concealment."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.systems.dnd35.sheet import FEET, HP

Percent = Annotated[int, Field(ge=0, le=100)]


class Options(BaseModel):
    """Per-action choices. Defender states mostly come from the target sheet's `conditions`."""

    model_config = ConfigDict(extra="forbid")

    # attack mode
    attack_of_opportunity: bool = Field(
        False, description="An attack of opportunity: one attack at the highest bonus, off your turn"
    )
    readied: bool = Field(
        False, description="Your readied action goes off now, off your turn (uses up the readied action)"
    )
    full_attack: bool = Field(False, description="Full attack: iterative attacks from BAB (+6/+1 …)")
    two_weapon: bool = Field(False, description="Full attack with an off-hand weapon as well")
    off_hand_weapon: str | None = Field(None, description="Off-hand weapon (default: the sheet's second)")
    two_handed: bool = Field(False, description="Wield a one-handed weapon in two hands (1.5× Str)")
    touch: bool = Field(False, description="Touch attack: against touch AC")
    charge: bool = Field(False, description="Charge: +2 attack, −2 AC until your next turn, one attack")
    fighting_defensively: bool = Field(False, description="−4 attack, +2 dodge AC until your next turn")
    nonlethal: bool = Field(False, description="Deal nonlethal damage with a lethal weapon (−4)")
    lethal: bool = Field(False, description="Deal lethal damage with a nonlethal weapon/unarmed (−4)")
    nonproficient: bool = Field(False, description="Not proficient with the weapon (−4)")
    # attacker's situation (conditions on the actor sheet count too)
    attacker_prone: bool = Field(False, description="Attacker is prone: −4 melee, most ranged weapons unusable")
    attacker_squeezing: bool = Field(False, description="Attacker is squeezing: −4")
    attacker_entangled: bool = Field(False, description="Attacker is entangled: −2 (and −4 Dex)")
    dazzled: bool = Field(False, description="Attacker is dazzled: −1")
    shaken: bool = Field(False, description="Attacker is shaken or frightened: −2")
    flanking: bool = Field(False, description="Flanking the target: +2 melee")
    higher_ground: bool = Field(False, description="On higher ground (or mounted vs smaller): +1 melee")
    invisible: bool = Field(False, description="Attacker is invisible: +2, target loses Dex bonus")
    aided: int = Field(0, ge=0, le=8, description="Aid another on your attack: +2 each")
    mount_moving: Literal["none", "double", "run"] = Field(
        "none", description="Shooting from a mount that double-moves (−4) or runs (−8)"
    )
    in_melee: bool = Field(False, description="Shooting into melee: −4 (Precise Shot removes)")
    grapple_opponent: bool = Field(False, description="You are the one grappling or pinning the target")
    # defender's situation
    flat_footed: bool = Field(False, description="Target is flat-footed (loses Dex bonus to AC)")
    target_prone: bool = Field(False, description="Target is prone: −4 AC vs melee, +4 vs ranged")
    target_squeezing: bool = Field(False, description="Target is squeezing: −4 AC")
    target_entangled: bool = Field(False, description="Target is entangled (−4 Dex)")
    target_grappling: bool = Field(False, description="Target is grappling (loses Dex bonus unless you grapple it)")
    helpless: bool = Field(False, description="Target is helpless: Dex 0 (−5), −4 AC vs melee")
    pinned: bool = Field(False, description="Target is pinned: Dex 0 (−5), −4 AC")
    stunned: bool = Field(False, description="Target is stunned: −2 AC, loses Dex bonus")
    blinded: bool = Field(False, description="Target is blinded: −2 AC, loses Dex bonus")
    cowering: bool = Field(False, description="Target is cowering: −2 AC, loses Dex bonus")
    kneeling: bool = Field(False, description="Target is kneeling or sitting: −2 AC vs melee, +2 vs ranged")
    total_defense: bool = Field(False, description="Target is in total defense: +4 dodge AC")
    target_fighting_defensively: bool = Field(False, description="Target fights defensively: +2 dodge AC")
    target_charging: bool = Field(False, description="Target charged this round: −2 AC")
    cover: Literal["none", "soft", "cover", "normal", "improved", "total"] = Field(
        "none",
        description="Target's cover: soft (ranged only) +4, cover/normal +4, improved +8, total: no attack",
    )
    concealment: Literal["none", "concealment", "total"] | Percent = Field(
        "none", description="Target's concealment: 20 %, total 50 %, or a miss chance in %"
    )
    miss_chance: int | None = Field(None, ge=0, le=100, description="Custom concealment miss chance %")
    target_aided: int = Field(0, ge=0, le=8, description="Aid another on the target's AC: +2 each")
    set_vs_charge: bool = Field(False, description="Weapon set against this charging target: double damage")
    mounted_charge: bool = Field(False, description="Charging on a mount with a lance: double damage")
    # free GM adjustments
    attack_misc: int = Field(0, ge=-100, le=100, description="Other attack modifier")
    ac_misc: int = Field(0, ge=-100, le=100, description="Other modifier to the target's AC")
    damage_misc: int = Field(0, ge=-100, le=100, description="Other damage modifier (multiplied on a crit)")
    extra_damage: str | None = Field(None, description="Extra damage dice, never multiplied (sneak attack 2d6)")
    # extra actions
    target_weapon: str | None = Field(None, description="Disarm/sunder: the target's weapon (default its first)")
    item: (
        Literal[
            "light_blade",
            "one_handed_blade",
            "two_handed_blade",
            "light_metal_hafted",
            "one_handed_metal_hafted",
            "light_hafted",
            "one_handed_hafted",
            "two_handed_hafted",
            "projectile",
            "buckler",
            "light_wooden_shield",
            "heavy_wooden_shield",
            "light_steel_shield",
            "heavy_steel_shield",
            "tower_shield",
        ]
        | None
    ) = Field(None, description="Sunder: the item's kind for hardness and hit points")
    item_hp: int | None = Field(
        None, ge=0, le=1000, description="Sunder: the item's current hit points, if already damaged"
    )
    defender_avoids: bool = Field(False, description="Overrun: the defender steps aside instead of blocking")
    follow: bool = Field(False, description="Bull rush: move with the defender to push it further (5 ft per 5 points)")
    moved_ft: int = Field(
        0,
        ge=0,
        le=2 * FEET,
        description="Bull rush: feet you already moved this turn (a charge's run-up), within your speed",
    )
    target_nonhumanoid: bool = Field(False, description="Feint: the target is not humanoid (−4)")
    new_initiative: int | None = Field(
        None, ge=-300, le=300, description="Delay/ready: the initiative count you act on"
    )
    amount: int | None = Field(None, ge=0, le=HP, description="Heal: hit points healed")
    aid: Literal["attack", "ac"] = Field("attack", description="Aid another: +2 to the ally's attack or AC")


ATTACKER_FLAGS: dict[str, str] = {
    "attacker_prone": "prone",
    "attacker_squeezing": "squeezing",
    "attacker_entangled": "entangled",
    "dazzled": "dazzled",
    "shaken": "shaken",
    "flanking": "flanking",
    "higher_ground": "higher_ground",
    "invisible": "invisible",
}
TARGET_FLAGS: dict[str, str] = {
    "flat_footed": "flat_footed",
    "target_prone": "prone",
    "target_squeezing": "squeezing",
    "target_entangled": "entangled",
    "target_grappling": "grappling",
    "helpless": "helpless",
    "pinned": "pinned",
    "stunned": "stunned",
    "blinded": "blinded",
    "cowering": "cowering",
    "kneeling": "kneeling",
    "total_defense": "total_defense",
    "target_fighting_defensively": "fighting_defensively",
    "target_charging": "charging",
}


_FLAG_CACHE: dict[tuple[int, int], tuple[Options, frozenset[str]]] = {}


def flagged(opts: Options, flags: dict[str, str]) -> frozenset[str]:
    """The conditions the option flags assert (attacker's or target's); cached per Options instance."""
    key = (id(opts), id(flags))
    hit = _FLAG_CACHE.get(key)
    if hit is not None and hit[0] is opts:
        return hit[1]
    values = opts.__dict__
    found = frozenset([c for n, c in flags.items() if values[n]])
    if len(_FLAG_CACHE) > 256:
        _FLAG_CACHE.clear()
    _FLAG_CACHE[key] = (opts, found)
    return found
