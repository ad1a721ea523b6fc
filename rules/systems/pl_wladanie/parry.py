"""What a defender parries (parowanie) or dodges (unik) with: skill, item modifier and action cost."""

from __future__ import annotations

from dataclasses import dataclass

from rules.model import Modifier, Note, term

from .made import modifier, note
from .settings import Settings
from .sheet import Sheet


# Not frozen: a frozen dataclass sets each field through object.__setattr__, slow on every attack.
@dataclass(slots=True)
class Defence:
    """One active defence: the skill it tests, the item's modifier and whether it costs a bonus action."""

    skill_key: str  # modifier key: shield_skill, parry_skill or dodge_skill
    skill: int
    item_key: str | None  # shield_parry / weapon_parry
    item_bonus: int
    bonus_action: bool
    notes: tuple[Note, ...] = ()

    @property
    def value(self) -> int:
        return self.skill + self.item_bonus

    def modifiers(self) -> list[Modifier]:
        mods = [modifier(self.skill_key, self.skill)]
        if self.item_key and self.item_bonus:
            mods.append(modifier(self.item_key, self.item_bonus))
        return mods


def parry(sheet: Sheet) -> Defence:
    """A shield parry is a władanie test with the shield plus its parry modifier, for a bonus action.

    Without a władanie of the shield on the sheet the general parry skill stands in (note). A weapon
    parry tests the parry skill plus the weapon's parry modifier; a bonus action only with the parry trait."""
    shield = sheet.shield
    if shield is not None:
        skill = sheet.shield_skill
        if skill is not None:
            return Defence("shield_skill", skill, "shield_parry", shield.parry_modifier, True)
        missing = note("no_shield_skill", {"shield": term("term", shield.id)})
        return Defence("parry_skill", sheet.parry_skill, "shield_parry", shield.parry_modifier, True, (missing,))
    weapon = sheet.weapon(None, ranged=False)  # one parries with a melee weapon, not with a bow
    return Defence("parry_skill", sheet.parry_skill, "weapon_parry", weapon.parry_modifier, "parry" in weapon.traits)


def parry_value(sheet: Sheet) -> int:
    """`parry(sheet).value` without building the defence (the default choice only compares numbers)."""
    shield = sheet.shield
    if shield is not None:
        skill = sheet.shield_skill
        return (sheet.parry_skill if skill is None else skill) + shield.parry_modifier
    return sheet.parry_skill + sheet.weapon(None, ranged=False).parry_modifier


def dodge(sheet: Sheet) -> Defence:
    return Defence("dodge_skill", sheet.dodge_skill, None, 0, False)


def default_choice(target: Sheet, allowed: list[str], settings: Settings) -> str:
    """The defence rolled without an answer: the setting's choice, `best` = the higher of parry and dodge."""
    wanted = settings.default_defence
    if wanted == "best":
        wanted = "parry" if "parry" in allowed and parry_value(target) >= target.dodge_skill else "dodge"
    if wanted in allowed:
        return wanted
    return next((c for c in ("dodge", "parry") if c in allowed), "none")
