"""The state one attack resolution works on, and the small rolls both attack.py and effects.py use."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rules.bounds import clip_update
from rules.checks import dice_of
from rules.dice import Roller
from rules.errors import RulesError
from rules.model import Check, Die, Modifier, Note
from rules.notation import parse_dice
from rules.system import ActionRequest
from rules.systems.adnd2cp.common import hp_after_loss, life_conditions, modifier, note
from rules.systems.adnd2cp.options import Options
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import Sheet, WeaponEntry
from rules.systems.adnd2cp.stacking import Plan


@dataclass(slots=True)
class Attack:
    """Everything one resolution works on; sheets are replaced (model_copy) as the attack goes.

    Notes are built with `note` (common.py): their keys and values are the rules' own,
    already of the declared types, and validating each of them was a large part of an attack's cost."""

    req: ActionRequest
    actor: Sheet
    target: Sheet
    weapon: WeaponEntry
    delivery: str
    options: Options
    settings: Settings
    roller: Roller
    plan: Plan = field(default_factory=lambda: Plan([], [], 0, 0, 0))
    mods: list[Modifier] = field(default_factory=list)
    # The defender's side of the to-hit roll (its position, its state), as it changes the number needed.
    defence_mods: list[Modifier] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)  # what the player reads, in order
    defence_blows: list[str] = field(default_factory=list)
    guard: bool = False  # Lancio di Apertura opened the target's guard for this melee attack
    versus: Check | None = None  # the number needed, as its check shows it
    needed: int = 0
    face: int = 0
    blows: Counter[str] = field(default_factory=Counter)  # the [ATTACCO] blows on this attack, counted
    supplementary: bool = False  # not a main attack: no blows, no enchantment of the weapon
    helpless: bool = False  # the target is hit automatically

    def note(self, key: str, **params: object) -> None:
        self.notes.append(note(key, dict(params)))

    def own_note(self, key: str, **params: object) -> None:
        """A note whose numbers are the attacker's own (its points, its weapon): shown to its player
        against a hidden target."""
        self.notes.append(note(key, dict(params), "actor"))

    def target_note(self, key: str, **params: object) -> None:
        """A note whose numbers are the target's (its AC, its defence): hidden with a hidden target,
        shown to a target's player attacked by a hidden NPC."""
        self.notes.append(note(key, dict(params), "target"))

    def mod(self, key: str, value: int) -> None:
        if value:
            self.mods.append(modifier(key, value))

    def defence_mod(self, key: str, to_hit: int) -> None:
        """A to-hit bonus that comes from the defender (rear, surprised, prone …): it lowers the number
        needed, on the defender's side of the roll."""
        if to_hit:
            self.defence_mods.append(modifier(key, -to_hit))

    @property
    def melee(self) -> bool:
        return self.delivery in ("melee", "natural")


def die_hits(settings: Settings, face: int, total: int, needed: int) -> bool:
    if face == 20 and settings.nat20_hits:
        return True
    if face == 1 and settings.nat1_misses:
        return False
    return total >= needed


def roll_hits(a: Attack, face: int, total: int, needed: int) -> bool:
    """A helpless target is hit whatever the die ("defender sleeping or held: automatic hit")."""
    return a.helpless or die_hits(a.settings, face, total, needed)


def magic_bonus(a: Attack) -> int:
    """The weapon's enchantment (incantamento); a supplementary attack does not activate it (seed)."""
    if a.supplementary and not a.settings.supplementary_keeps_magic_bonus:
        return 0
    return a.weapon.magic


def str_applies(a: Attack) -> bool:
    return a.delivery in ("melee", "natural", "thrown") or (a.delivery == "missile" and a.weapon.strength_rated_bow)


def apply_damage(a: Attack, amount: int) -> None:
    hp = hp_after_loss(a.target, amount)
    conds = life_conditions(a.target.conditions, hp, a.settings)
    # Hit points clipped to the sheet's bounds; the conditions are the sheet's own (validated) and at most
    # a life condition at its defaults, within bounds already: not walked by the clipping again.
    a.target = a.target.copy_within({**clip_update(Sheet, {"hp": hp}), "conditions": conds})


def base_expr_text(a: Attack, large: bool) -> str:
    w = a.weapon
    return w.damage_large if large and w.damage_large else w.damage


def roll_base(a: Attack, large: bool, purpose: str, roller: Roller | None = None) -> tuple[list[Die], int, int]:
    """Roll the weapon's base damage dice: (dice, dice sum, built-in bonus of the die)."""
    expr = parse_dice(base_expr_text(a, large))
    dice, dice_sum = roll_expr_dice(expr.groups, roller or a.roller, purpose)
    return dice, dice_sum, expr.bonus


def roll_expr_dice(groups: tuple[tuple[int, int, int], ...], roller: Roller, purpose: str) -> tuple[list[Die], int]:
    """Every die of a damage expression, as the check shows them, and their sum. Weapons never subtract
    dice (the sheet refuses `1d6-1d4`)."""
    dice: list[Die] = []
    for count, sides, sign in groups:
        if sign < 0:
            raise RulesError("error.dice_notation", text=f"-{count}d{sides}")
        dice += dice_of(sides, roller.many(count, sides, purpose))
    return dice, sum(d.face for d in dice)


def max_dice(a: Attack, large: bool) -> int:
    expr = parse_dice(base_expr_text(a, large))
    return expr.maximum - expr.bonus
