"""The adnd2cp system class: AD&D 2e with combat points (punti combattimento) and combat blows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from pydantic import BaseModel

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.model import ActionResult, Note, OddsResult, Status, Term
from rules.odds import Budget, OddsPlan
from rules.system import ActionRequest, CombatSystem, DefenceRequest, FieldClass, Fighter, validated
from rules.systems.adnd2cp import attack, odds, reactions, rounds, weapons
from rules.systems.adnd2cp import conditions as condition_rules
from rules.systems.adnd2cp import initiative as initiative_rules
from rules.systems.adnd2cp import sheet_line as line
from rules.systems.adnd2cp import warnings as sheet_notes
from rules.systems.adnd2cp.blows import BLOWS
from rules.systems.adnd2cp.common import pick_weapon
from rules.systems.adnd2cp.effects import wound_key
from rules.systems.adnd2cp.fields import EDIT_ALIASES, FIELD_CLASSES
from rules.systems.adnd2cp.options import Options
from rules.systems.adnd2cp.pool import PoolBreakdown, pool_breakdown
from rules.systems.adnd2cp.settings import Settings
from rules.systems.adnd2cp.sheet import DERIVABLE, QUICK_WEAPON_KEYS, Sheet
from rules.systems.adnd2cp.stacking import (
    actor_refusal,
    blow_cost,
    special_limit,
    stack_cost,
    weapon_refusal,
)
from rules.systems.adnd2cp.templates import TEMPLATES
from rules.systems.adnd2cp.vocabulary import option_vocabulary, stat_vocabulary
from rules.vocabulary import Vocabulary

_DEFAULTS = {name: f.default for name, f in Sheet.model_fields.items()}


class Adnd2cpSystem(CombatSystem):
    id: ClassVar[str] = "adnd2cp"
    name: ClassVar[str] = "AD&D 2ª edizione – punti combattimento"
    language: ClassVar[str] = "it"
    Sheet: ClassVar[type[BaseModel]] = Sheet
    Options: ClassVar[type[BaseModel]] = Options
    Settings: ClassVar[type[BaseModel]] = Settings
    initiative_descending: ClassVar[bool] = False
    has_active_defence: ClassVar[bool] = False
    combatant_options: ClassVar[frozenset[str]] = frozenset({"second_target"})
    extra_actions: ClassVar[tuple[str, ...]] = (
        "declare",
        "rest",
        "pull_out",
        "stop_bleeding",
        "incapacitate_saves",
        "defend",
    )
    # Out of turn: the defender's blows readied against an incoming attack, and attacks of opportunity
    # or counter-attacks (supplementary attacks), each counted within its limit (reactions.py). And a
    # [ROUND] declaration: seed "deve essere dichiarata nella fase delle intenzioni", which is nobody's
    # turn; `rounds.declare` refuses it once the round is under way (stacking.round_under_way).
    reaction_actions: ClassVar[frozenset[str]] = frozenset({"defend", "declare"})
    reaction_options: ClassVar[frozenset[str]] = frozenset({"opportunity"})
    field_classes: ClassVar[Mapping[str, FieldClass]] = FIELD_CLASSES
    edit_aliases: ClassVar[Mapping[str, str]] = EDIT_ALIASES

    # --- what players type (issue 13) ----------------------------------------------------------
    def stat_vocabulary(self) -> Vocabulary:
        return stat_vocabulary()

    def option_vocabulary(self) -> Vocabulary:
        return option_vocabulary()

    def sheet_line(self, sheet: BaseModel) -> str:
        return line.sheet_line(cast(Sheet, sheet))

    def templates(self) -> Mapping[str, str]:
        return TEMPLATES

    def sheet_warnings(self, data: Mapping[str, Any], sheet: BaseModel) -> list[Note]:
        return sheet_notes.sheet_warnings(data, cast(Sheet, sheet))

    def update_sheet(self, sheet: BaseModel, changes: Mapping[str, Any]) -> BaseModel:
        """A changed sheet; values set by hand stop being derived, the others follow their scores. The
        quick weapon keys (`arma`, `attacco`, `danni`, `abilità_arma`) change the first weapon, and
        `classe` / `livello` the classes (`livello:3` raises every class the sheet has to 3)."""
        changes = _quick_weapon_change(cast(Sheet, sheet), changes)
        data = {**sheet.model_dump(), **changes}
        if ("class" in changes or "level" in changes) and "classes" not in changes:
            current = cast(Sheet, sheet).classes
            data.pop("classes", None)
            if current:
                data.setdefault("class", "/".join(line.class_word(c) for c in current))
                data.setdefault("level", "/".join(str(c.level) for c in current))
        data["derived"] = [f for f in cast(Sheet, sheet).derived if f not in changes]
        for field in DERIVABLE:  # a value the tables could give but nobody set follows them once they do
            if field not in changes and field not in data["derived"] and data.get(field) == _DEFAULTS[field]:
                data.pop(field, None)
        if "pool_max" in changes:
            data["pool_override"] = changes["pool_max"]
        return self.sheet(data)

    def edit_sheet(
        self, sheet: BaseModel, changes: Mapping[str, Any], settings: BaseModel | None = None
    ) -> BaseModel:
        """The generic edit, plus: a relative pool edit starts from the computed pool, and an hp edit
        updates dead / unconscious (the next damage applies the `death_at` setting again)."""
        s = cast(Sheet, sheet)
        if s.pool_override is None and any(self.edit_aliases.get(k, k) == "pool_override" for k in changes):
            s = s.model_copy(update={"pool_override": s.pool_max})
        edited = cast(Sheet, super().edit_sheet(s, changes))
        if edited.hp == s.hp:
            return edited
        return edited.model_copy(update={"conditions": condition_rules.life_after_edit(edited)})

    def weapons(self) -> Mapping[str, str]:
        return weapons.names()

    def blows(self) -> dict[str, dict[str, Any]]:
        """Every combat blow with its Italian and English name, tag, kind and base cost."""
        return {
            b.id: {"name_it": b.name_it, "name_en": b.name_en, "tag": b.tag, "kind": b.kind, "cost": b.cost}
            for b in BLOWS.values()
        }

    def pool(self, sheet: Any, settings: Any = None) -> PoolBreakdown:
        """The combat-point pool with its breakdown (for `/character show`)."""
        s = cast(Sheet, sheet)
        flag = bool(settings is not None and cast(Settings, settings).monster_class_int_bonus)
        found = pool_breakdown(s, flag)
        if s.pool_override is not None:
            return PoolBreakdown(s.pool_override, (("pool_override", s.pool_override, ()),))
        return found

    def available_blows(self, sheet: Any, weapon: str | None = None, settings: Any = None) -> list[str]:
        """Blows usable with this weapon and affordable now (alone, on top of the round's blows)."""
        s = cast(Sheet, sheet)
        cfg = cast(Settings, settings) if settings is not None else Settings()
        w = pick_weapon(s, weapon)
        opts = Options(deflection_bonus=1, evasion_bonus=5, run_up_m=6, charge=True)
        specials_left = special_limit(s, cfg) - s.specials_used
        out: list[str] = []
        for b in BLOWS.values():
            if b.kind == "special" and specials_left <= 0:
                continue
            if b.tag == "round" and (s.attacks_made > 0 or s.round_blows.count(b.id) >= 2):
                continue
            if b.defensive and b.id == "deflessione_superiore" and "deflettere_i_colpi" not in s.arts:
                continue
            if b.defensive and b.id == "evasione_migliorata" and "schivata" not in s.arts:
                continue
            if not b.defensive and not any(weapon_refusal(b, w, d) is None for d in w.delivery):
                continue
            if actor_refusal(b, s, Options(ammo=opts.ammo), cfg) == "blow_with_backstab":
                continue
            try:
                cost = blow_cost(b, w, s, opts)
            except RulesError:
                cost = min(weapons.AMMO_COST.values())
            prior = s.round_blows if cfg.round_blows_in_every_stack else []
            if stack_cost(prior, [b.id], {**{x: BLOWS[x].cost for x in prior}, b.id: cost}) <= s.points:
                out.append(b.id)
        return out

    def status(self, sheet: Any) -> Status:
        s = cast(Sheet, sheet)
        numbers: dict[str, int | float | str] = {
            "ac": s.ac,
            "thac0": s.thac0,
            "pool": s.points,
            "pool_max": s.pool_max,
            "specials_used": s.specials_used,
        }
        if s.attacks_left is not None:
            numbers["attacks_left"] = s.attacks_left
        return Status(
            level=wound_key(s),
            conditions=[c.key for c in s.conditions],
            hp=s.hp,
            hp_max=s.hp_max,
            numbers=numbers,
            out_of_fight=condition_rules.cannot_act(s),
            dead=s.has("dead"),
        )

    def conditions(self) -> list[str]:
        return condition_rules.gm_conditions()

    def set_condition(self, sheet: BaseModel, condition: str, on: bool) -> BaseModel:
        return condition_rules.set_condition(cast(Sheet, sheet), condition, on)

    def declare_for_initiative(self, req: ActionRequest) -> ActionResult:
        return initiative_rules.declare_for_initiative(req)

    def start_round(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        return rounds.start_round(cast(Fighter[Sheet], fighter), cast(Settings, settings), round_no)

    def initiative(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return initiative_rules.initiative(req, dice)

    def attack(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return attack.resolve(req, dice, ranged=False)

    def shot(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return attack.resolve(req, dice, ranged=True)

    def odds(self, req: ActionRequest, action: str = "attack", budget: Budget | None = None) -> OddsResult:
        """The odds of an attack as if the round's counts allowed it: asked "before anything is rolled",
        also to plan the next round, so used-up main attacks do not refuse them (odds.any_time)."""
        return super().odds(odds.any_time(req) if action in ("attack", "shot") else req, action, budget)

    def odds_plan(self, req: ActionRequest, action: str) -> OddsPlan | None:
        """Attacks and shots in stages run through the resolution's own phases (odds.py)."""
        return odds.plan(req, action)

    def parry_alternatives(self) -> list[str]:
        return ["target_blows", "dodge", "dodged", "deflected"]

    def defend(self, req: DefenceRequest, dice: DiceSource) -> ActionResult:
        """No active defence: the defender's answers are options of the attack, named in the reader's
        language (`option.adnd2cp.<key>`)."""
        instead = [Term("option", key) for key in self.parry_alternatives()]
        raise RulesError("error.no_active_defence", system=self.name, instead=instead)

    def act(self, action: str, req: ActionRequest, dice: DiceSource) -> ActionResult:
        if action == "declare":
            return rounds.declare(req)
        if action == "rest":
            return rounds.rest(req)
        if action == "pull_out":
            return rounds.pull_out(req, dice)
        if action == "stop_bleeding":
            return rounds.stop_bleeding(req, dice)
        if action == "incapacitate_saves":
            return rounds.incapacitate_saves(req, dice)
        if action == "defend":
            return reactions.defend(req)
        return super().act(action, req, dice)


def _quick_weapon_change(sheet: Sheet, changes: Mapping[str, Any]) -> Mapping[str, Any]:
    """`/character set` or `/encounter edit` with `arma:`, `attacco:`, `danni:` or `abilità_arma:` on a
    sheet that has weapons: the first weapon changes (a new weapon named replaces it); the others stay."""
    quick = {k: changes[k] for k in QUICK_WEAPON_KEYS if k in changes}
    if not quick or "weapons" in changes or not sheet.weapons:
        return changes
    first = sheet.weapons[0].model_dump()
    if "weapon" in quick:
        first = {"id": str(quick["weapon"])}
    made = validated(Sheet, {**{k: v for k, v in quick.items() if k != "weapon"}, "weapon": first["id"]}, "stat")
    picked = made.weapons[0].model_dump()
    for key in ("attack", "damage", "rank"):
        if key in quick:
            field = {"attack": "to_hit_bonus", "damage": "damage", "rank": "rank"}[key]
            first[field] = picked[field]
            if key == "damage":
                first["damage_large"] = picked["damage_large"]
    rest = {k: v for k, v in changes.items() if k not in QUICK_WEAPON_KEYS}
    return {**rest, "weapons": [first, *(w.model_dump() for w in sheet.weapons[1:])]}


__all__ = ["Adnd2cpSystem"]
