"""The cz2d10 rule system: the contract methods wired to the modules of this package."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from rules.checks import dump_checks
from rules.dice import DiceSource, Roller
from rules.model import ActionResult, BodyPart, Check, Modifier, Note, Status, Term
from rules.odds import OddsPlan
from rules.system import ActionRequest, CombatSystem, DefenceRequest, FieldClass, Fighter
from rules.systems.cz2d10 import actions as act_mod
from rules.systems.cz2d10.assumed import sheet_warnings
from rules.systems.cz2d10.conditions import CONDITIONS, set_condition
from rules.systems.cz2d10.defences import offer_notes, offered, parse_choice
from rules.systems.cz2d10.derive import (
    DERIVED_FIELDS,
    actions_left,
    actions_per_round,
    base_actions,
    carry_slowdown,
    initiative_value,
)
from rules.systems.cz2d10.edit import EDIT_ALIASES, edit
from rules.systems.cz2d10.fields import FIELD_CLASSES
from rules.systems.cz2d10.odds import plan as odds_plan
from rules.systems.cz2d10.oneline import sheet_line
from rules.systems.cz2d10.options import Options as CzOptions
from rules.systems.cz2d10.resolve import (
    SYS,
    Prepared,
    bounded_changes,
    defence_from,
    defence_shown,
    err,
    finish,
    prepare,
    rolls_from,
    wound_of,
)
from rules.systems.cz2d10.settings import Settings as CzSettings
from rules.systems.cz2d10.sheet import Sheet as CzSheet
from rules.systems.cz2d10.shown import attack_from_exchange
from rules.systems.cz2d10.status import conditions, status_of
from rules.systems.cz2d10.tables import MATERIALS, SHIELDS, WEAPONS
from rules.systems.cz2d10.templates import TEMPLATES
from rules.systems.cz2d10.values import Defence
from rules.systems.cz2d10.words import option_vocabulary, stat_vocabulary
from rules.trusted import complete
from rules.vocabulary import Vocabulary

ACTIVE_STATES = ("normal", "non_dodging", "unarmed", "prone")
# Wound level (the worst part's) -> what players see of a hidden combatant.
DESCRIPTORS: Mapping[str, str] = {
    "none": "unhurt",
    "scratch": "wounded",
    "light": "wounded",
    "limb_wound": "wounded",  # the body unhurt, a limb wounded (status.limb_level)
    "limb_unusable": "badly_wounded",  # the body unhurt, a limb unusable or lost
    "serious": "badly_wounded",
    "severe": "near_death",
    "mortal": "near_death",
    "out_of_fight": "down",
    "dead": "down",
}


# Target fields that neither `conditions` nor `wound_of` read: an update of only these leaves both as they
# were on the sheet before it.
_NO_CONDITION = frozenset(("opponents_top_initiative", "attackers", "reflexes_against"))


def _result_plan() -> tuple[dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...]]:
    """ActionResult's plain defaults and its fields' default factories, in field order: what `trusted`
    looks up per call by hashing the given names, read once for `_complete` (every attack ends there)."""
    plain: dict[str, Any] = {}
    factories: list[tuple[str, Callable[[], Any]]] = []
    for name, f in ActionResult.model_fields.items():
        if f.default_factory is not None:
            factories.append((name, f.default_factory))  # type: ignore[arg-type]
        elif f.default is not PydanticUndefined:
            plain[name] = f.default
    return plain, tuple(factories)


_RESULT_PLAIN, _RESULT_FACTORIES = _result_plan()


def _result(res: dict[str, Any]) -> ActionResult:
    """`trusted(ActionResult, res)` with the plan above: the same model, its dict in the same order (plain
    defaults, the given fields, a fresh container for each defaulted one left out), built unvalidated."""
    data = {**_RESULT_PLAIN, **res}
    for name, factory in _RESULT_FACTORIES:
        if name not in res:
            data[name] = factory()
    return complete(ActionResult, data, set(res))


class Cz2d10(CombatSystem):
    id: ClassVar[str] = SYS
    name: ClassVar[str] = "Boj 2d10 (pět akcí, polygonální systém)"
    language: ClassVar[str] = "cs"
    Sheet: ClassVar[type[BaseModel]] = CzSheet
    Options: ClassVar[type[BaseModel]] = CzOptions
    Settings: ClassVar[type[BaseModel]] = CzSettings
    initiative_descending: ClassVar[bool] = True
    has_active_defence: ClassVar[bool] = True  # only in duel system "vzor2"; basic attacks never pend
    reads_typed_defence: ClassVar[bool] = True  # "Obratnost, Hlavní zbraň", "obratnost štít" (defences.py)
    wound_of_the_part: ClassVar[bool] = True  # a limb's wound is the limb's, not the character's state
    extra_actions: ClassVar[tuple[str, ...]] = act_mod.ACTIONS
    # Out of one's turn: the disarm after a parry (L389) and the shock test of a blow just taken (L50);
    # a counter-attack (protiútok, L375) and actions held by waiting (vyčkávání, L357) as attack options.
    reaction_actions: ClassVar[frozenset[str]] = frozenset({"disarm", "shock"})
    reaction_options: ClassVar[frozenset[str]] = frozenset({"counter_attack", "held"})
    field_classes: ClassVar[Mapping[str, FieldClass]] = FIELD_CLASSES
    edit_aliases: ClassVar[Mapping[str, str]] = EDIT_ALIASES

    def weapons(self) -> Mapping[str, str]:
        return {w.id: w.name_cs for w in WEAPONS.values()}

    def stat_values(self) -> Mapping[str, list[str]]:
        """The seed's tables by their Czech keys: weapon, shield and armour material."""
        return {"zbraň": sorted(WEAPONS), "štít": sorted(SHIELDS), "zbroj": sorted(MATERIALS)}

    # ---- what players type: the seed's words, one-line sheets, templates, warnings ------------------
    def stat_vocabulary(self) -> Vocabulary:
        return stat_vocabulary()

    def option_vocabulary(self) -> Vocabulary:
        return option_vocabulary()

    def sheet_line(self, sheet: BaseModel) -> str:
        return sheet_line(sheet)  # type: ignore[arg-type]

    def templates(self) -> Mapping[str, str]:
        return TEMPLATES

    def sheet_warnings(self, data: Mapping[str, Any], sheet: BaseModel) -> list[Note]:
        return sheet_warnings(data, sheet)  # type: ignore[arg-type]

    def parry_alternatives(self) -> list[str]:
        return ["stance", "defence_bonus"]

    def status(self, sheet: Any) -> Status:
        return status_of(sheet)

    def descriptor(self, status: Status) -> str:
        """Wound levels, not HP: the worst level (any body part in the polygonal system) maps onto the five
        steps a hidden combatant shows (documented in docs/rules/cz2d10.md, "Descriptors")."""
        if status.dead or status.out_of_fight:
            return "down"
        return DESCRIPTORS.get(status.level, "wounded")

    def tells_wounds(self, condition: str) -> bool:
        """A limb's wound level (`serious_wound_left_leg`) and a part made unusable (its mortal wound, L497);
        an amputation is seen by anyone."""
        return "_wound_" in condition or condition.startswith("unusable_")

    def conditions(self) -> list[str]:
        return list(CONDITIONS)

    def set_condition(self, sheet: BaseModel, condition: str, on: bool) -> BaseModel:
        return set_condition(sheet, condition, on)  # type: ignore[arg-type]

    def edit_sheet(
        self, sheet: BaseModel, changes: Mapping[str, Any], settings: BaseModel | None = None
    ) -> BaseModel:
        return edit(sheet, changes, super().edit_sheet)  # type: ignore[arg-type]

    def status_in(self, sheet: CzSheet, settings: CzSettings) -> Status:
        return status_of(sheet, settings)

    def body(self, sheet: Any, settings: BaseModel | None = None) -> list[BodyPart] | None:
        """The six polygonal parts for the wound picture (rules/systems/cz2d10/body.py)."""
        from rules.systems.cz2d10.body import body_of

        return body_of(sheet, settings if isinstance(settings, CzSettings) else None)

    # ---- initiative and rounds ---------------------------------------------------------------------
    def initiative(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return act_mod.initiative(req, dice)

    def start_round(
        self, fighter: Fighter[Any], settings: BaseModel, round_no: int, dice: DiceSource | None = None
    ) -> ActionResult | None:
        return act_mod.start_round(fighter, settings, round_no)  # type: ignore[arg-type]

    def act(self, action: str, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return act_mod.act(action, req, dice)

    # ---- attacks ------------------------------------------------------------------------------------
    def attack(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return self._strike(req, dice, shot=False)

    def shot(self, req: ActionRequest, dice: DiceSource) -> ActionResult:
        return self._strike(req, dice, shot=True)

    def _strike(self, req: ActionRequest, dice: DiceSource, shot: bool) -> ActionResult:
        settings: CzSettings = req.settings  # type: ignore[assignment]
        roller = Roller(dice)
        prep = prepare(req, roller, shot)
        ex = prep.ex
        t: CzSheet = req.target.sheet  # type: ignore[union-attr]
        # the defence prepare() just built, its lists as they are (nothing changes them from here on;
        # defence_from converts an exchange that came back as JSON)
        d = prep.defence
        active = (
            settings.duel_system == "vzor2"
            and ex["state"] in ACTIVE_STATES
            and t.defence_fixed is None
            and ex["total"] > 13
        )
        if active:
            prep.serialised(roller)
            # L3 "Každé kolo se dělí na 5 akcí": the attacker pays now (actions, the crossbow's reload), so
            # a second attack while this one waits sees them spent; the defence charges nothing again
            # (an exchange stored before this carries its `actor_upd`, which the defence still applies)
            paid = self._paid(req.actor, prep.actor_upd)
            ex["actor_upd"] = {}
            virtual = t.reflex_actions_left
            if virtual is None:
                virtual = t.battle_reflexes * settings.reflex_virtual_actions
            ex["defender_budget"] = actions_left(t, settings.polygonal) + virtual
            shown = prep.attack or attack_from_exchange(ex)
            ex["checks"] = dump_checks([shown])  # the attack half, finished by the defence
            choices = offered(d, settings, ex["defender_budget"])
            prefixes = settings.vzor2_defence_order == "prefix"
            return ActionResult(
                system=SYS,
                action="shot" if shot else "attack",
                actor=req.actor.name,
                target=ex["target"],
                weapon=ex["weapon"],
                rolls=list(roller.rolls),
                total=ex["total"],
                outcome="pending_defence",
                modifiers=[Modifier(key=k, value=v) for k, v in ex["mods"]],
                defences=["none", *choices],
                notes=offer_notes(d, choices) if prefixes else [],
                exchange=ex,
                checks=[shown],
                **paid,
            )
        if settings.duel_system == "vzor2":
            chosen: set[str] | None = set() if ex["total"] <= 13 else None
        else:
            chosen = None
        target = req.target
        assert target is not None  # prepare() refuses an attack without one
        # the updates as prepared, finished in place: the exchange that holds the target's is not returned
        return self._complete(
            ex, req.actor, target, d, chosen, settings, roller, prep.actor_upd, prep.target_upd, prep.attack, prep
        )

    @staticmethod
    def _paid(actor: Fighter[Any], actor_upd: dict[str, Any]) -> dict[str, Any]:
        """The attacker's sheet and changes once an attack waiting for its defence is paid for."""
        a: CzSheet = actor.sheet
        a_new, a_changes = bounded_changes(actor.name, a, actor_upd)
        return {"actor_sheet": a.dump(a_new), "changes": a_changes} if actor_upd else {}

    def _complete(
        self,
        ex: dict[str, Any],
        actor: Fighter[Any],
        target: Fighter[Any],
        d: Defence,
        chosen: set[str] | None,
        settings: CzSettings,
        roller: Roller,
        actor_upd: dict[str, Any],
        target_upd: dict[str, Any],
        attack: Check | None = None,
        prepared: Prepared | None = None,
    ) -> ActionResult:
        a: CzSheet = actor.sheet
        t: CzSheet = target.sheet
        comps = d.components if chosen is None else [c for c in d.components if c[0] == "base" or c[0] in chosen]
        ex["chosen_components"] = comps
        defence, d_mods, versus = defence_shown(comps, d.situational, bool(ex.get("defence_fixed")))
        res = finish(ex, a, t, defence, d_mods, versus, settings, roller, actor_upd, target_upd, attack, prepared)
        if res["weapon"] == "bare_kick" and res["outcome"] in ("hit", "crit", "miss"):
            actor_upd["off_balance"] = 2 if ex["levels"] >= 6 else 3
        # the updated sheets are dumped from their bounded updates; only a target whose conditions (or
        # wound) may have moved is built anew (a miss changes only who attacked it)
        a_new, a_changes = bounded_changes(actor.name, a, actor_upd)
        t_new, t_changes = bounded_changes(target.name, t, target_upd)
        # the target's actions per round, as `prepare` found them, while no field they are made of changed
        per_round = None if prepared is None else prepared.target_per_round
        if _NO_CONDITION.issuperset(t_new):
            t2 = t
        else:
            t2 = t.rebuilt(t_new)
            if per_round is None:
                carry_slowdown(t, t2, t_new)  # conditions(t2) asks its actions per round
            elif not DERIVED_FIELDS.isdisjoint(t_new):
                per_round = None
        a_changes += t_changes
        res["changes"] = a_changes
        res["conditions"] = conditions(t2, settings, per_round)
        if actor_upd:
            res["actor_sheet"] = a.dump(a_new)
        if target_upd:
            res["target_sheet"] = t.dump(t_new)
        if res["outcome"] in ("hit", "crit") and res.get("damage") is not None:
            res["wound"] = wound_of(t2, res.get("location"), settings)
        # every value is the rules' own (the sheets' dumps, rule-made checks and notes): built once, unvalidated
        return _result(res)

    # ---- exact odds: the phases of the attack as stages (odds.py) -----------------------------------
    def odds_plan(self, req: ActionRequest, action: str) -> OddsPlan | None:
        return odds_plan(req, action)

    # ---- vzor 2: the defender buys defence components ----------------------------------------------
    def default_defence(self, exchange: Mapping[str, Any]) -> str | None:
        total = int(exchange["total"])
        run = sum(v for _, v in exchange["situational"])
        budget = int(exchange.get("defender_budget", 99))
        bought: list[str] = []
        cost = 0
        for key, value, price in exchange["components"]:
            run += value
            if key != "base":
                bought.append(key)
                cost += price
            if run >= total:
                return ",".join(bought) if bought and cost <= budget else "none"
        return "none"

    def defend(self, req: DefenceRequest, dice: DiceSource) -> ActionResult:
        settings: CzSettings = req.settings  # type: ignore[assignment]
        ex = dict(req.exchange)
        t: CzSheet = req.defender.sheet
        roller = Roller(dice)
        roller.rolls = rolls_from(ex)
        d = defence_from(ex)
        virtual = t.reflex_actions_left
        if virtual is None:
            virtual = t.battle_reflexes * settings.reflex_virtual_actions
        ex["defender_budget"] = actions_left(t, settings.polygonal) + virtual
        choice = req.choice if req.choice is not None else self.default_defence(ex)
        chosen = parse_choice(choice or "none", d, settings, ex["defender_budget"])
        cost = sum(p for k, _, p in d.components if k in chosen)
        left = actions_left(t, settings.polygonal)
        if cost > left + virtual:
            raise err("not_enough_actions", needed=cost, left=left + virtual)
        from_virtual = min(virtual, cost)
        target_upd: dict[str, Any] = dict(ex.get("target_upd", {}))
        if cost:
            target_upd["reflex_actions_left"] = virtual - from_virtual
            target_upd["actions_left"] = left - (cost - from_virtual)
        res = self._complete(
            ex,
            req.attacker,
            req.defender,
            d,
            chosen,
            settings,
            roller,
            dict(ex.get("actor_upd", {})),
            target_upd,
        )
        bought = [Term("term", "def_" + k) for k, _, _ in d.components if k in chosen]
        if bought:
            res.notes.append(Note(key="defence_bought", params={"components": bought, "actions": cost}))
        else:
            res.notes.append(Note(key="defence_let_land"))
        return res


__all__ = ["Cz2d10", "actions_per_round", "base_actions", "initiative_value"]
