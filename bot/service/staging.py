"""Staging what actions change: several may share one transaction (waiting defences and the turn)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from bot.service.context import Ctx
from bot.service.core import ServiceCore, get_system
from bot.service.outcomes import ActionOutcome, event_json
from bot.service.state import MODELS, Combatant, Encounter, Exchange
from bot.storage import repository as repo
from rules import ActionResult, CombatSystem, DefenceRequest
from rules.revised import revisable, revised


class StagingMixin(ServiceCore):
    """Resolve a defence, put an action's changes into an encounter copy and a commit, write it."""

    def _defend_now(
        self,
        system: CombatSystem,
        settings: BaseModel,
        defender: Combatant,
        attacker: Combatant,
        pending: ActionResult,
        choice: str | None,
        options: BaseModel | None,
    ) -> ActionResult:
        exchange = pending.exchange or {}
        if choice is None:
            choice = system.default_defence(exchange)
        dreq = DefenceRequest(defender.fighter(system), attacker.fighter(system), exchange, settings, choice, options)
        result: ActionResult = self._rules(system.defend, dreq, self.dice)
        return result

    async def _apply(
        self,
        ctx: Ctx,
        enc: Encounter,
        system: CombatSystem,
        action: str,
        result: ActionResult,
        actor: Combatant,
        target: Combatant | None,
        close: Exchange | None = None,
        automatic: bool = False,
        move: tuple[int, list[int]] | None = None,
    ) -> ActionOutcome:
        after = enc.copy()
        commit = repo.Commit(user_id=ctx.user_id)
        out = self._stage(after, commit, ctx, system, action, result, actor, target, close, automatic, move)
        commit.upsert = self._changed(enc, after)
        await self._commit(enc, after, commit)
        return out

    def _stage(
        self,
        after: Encounter,
        commit: repo.Commit,
        ctx: Ctx,
        system: CombatSystem,
        action: str,
        result: ActionResult,
        actor: Combatant,
        target: Combatant | None,
        close: Exchange | None = None,
        automatic: bool = False,
        move: tuple[int, list[int]] | None = None,
    ) -> ActionOutcome:
        """Put what an action changed into `after` and `commit` (several may share one transaction)."""
        desc = system.initiative_descending
        moved = result.outcome == "initiative_changed" and result.total is not None
        # Whose turn it was matters only when this action moves someone in the order.
        was_current = after.current(desc) if moved or move is not None else None
        if close is not None:
            after.pending = [p for p in after.pending if p.id != close.id]
            commit.closed_exchanges.append((close.id, "resolved"))
            commit.unit = commit.unit or close.command_id  # a defence belongs with its attack
        commit.rolled = commit.rolled or _rolled(result)
        actor = after.by_id(actor.id) or actor
        target = (after.by_id(target.id) or target) if target is not None else None
        if result.actor_sheet is not None:
            actor = self._valid(system, actor, result.actor_sheet)
        if moved:
            # Delay / ready / hold: the combatant acts on the new count from now on.
            actor = replace(actor, initiative=result.total, tiebreak=list(result.tiebreak))
        elif move is not None:
            actor = replace(actor, initiative=move[0], tiebreak=move[1])
        self._put(after, actor)
        if target is not None and result.target_sheet is not None:
            target = self._valid(system, target, result.target_sheet)
            self._put(after, target)
        for sub in result.attacks:
            # A sub-result may hit someone else (a cleave's second target): apply it to that combatant.
            other = after.find(sub.target) if sub.target and sub.target_sheet is not None else None
            if other is not None and other.id not in {actor.id, target.id if target else None}:
                self._put(after, self._valid(system, other, sub.target_sheet or {}))
        passed: Combatant | None = None
        if moved and was_current is not None and was_current.id == actor.id:
            passed = after.current(desc)  # the one who delayed gives the turn to whoever now stands there
            passed = None if passed is not None and passed.id == actor.id else passed
        elif moved and was_current is not None:
            passed = self._step_in(after, system, actor, was_current)
        elif move is not None:
            self._keep_turn(after, was_current, system)
        commit.events.append((action, event_json(result)))
        return ActionOutcome(
            after,
            system,
            result,
            actor,
            target,
            self.is_gm(ctx, after),
            automatic=automatic,
            answers_to=close,
            turn_passed_to=passed,
            wound_picture=self.encounter_settings(after)[1].wound_picture,
        )

    def _step_in(self, enc: Encounter, system: CombatSystem, actor: Combatant, current: Combatant) -> Combatant | None:
        """Someone else moved in the order off their turn (a delaying combatant stepping in): placed
        before the combatant whose turn it is, they act now; placed after, the turn stays put."""
        acting = [c.id for c in enc.acting(system.initiative_descending)]
        if actor.id in acting and current.id in acting and acting.index(actor.id) < acting.index(current.id):
            enc.turn = acting.index(actor.id)
            return actor
        self._keep_turn(enc, current, system)
        return None

    @staticmethod
    def _valid(system: CombatSystem, before: Combatant, sheet: dict[str, Any]) -> Combatant:
        """The combatant with the sheet the rules wrote, which must be valid for its model before it is
        written (strictly: no clamping as for old stored data): a rules bug then fails before the commit,
        changing nothing. Only the fields the rules changed are validated, on top of the model already
        validated (`rules.revised`); a sheet that cannot be checked so is validated whole. A sheet whose
        very text passed this check before is that sheet again: its model (and status) is reused."""
        after = before.with_sheet(sheet)
        known = MODELS.strict(system, after.sheet_json)
        if known is not None and not VERIFY_REVISED:
            return after  # kept as strictly checked: nothing to validate, nothing to keep again
        model = known
        if model is None and revisable(system.Sheet):
            model = revised(MODELS.get(system, before.sheet_json), sheet, before.sheet)
        if model is None or VERIFY_REVISED:
            whole = system.sheet(sheet)
            if model is not None:
                _same_model(model, whole)
            model = whole
        MODELS.put(system, after.sheet_json, model)  # validated once: later reads reuse it
        return after

    def _settle_staged(self, after: Encounter, commit: repo.Commit, which: Any) -> list[ActionOutcome]:
        """Roll the default defence for the waiting attacks `which` picks, into `after` and `commit`
        (the caller commits once: all of them and whatever else the command does, or none)."""
        if not after.pending:
            return []
        system = get_system(after.system)
        rules_settings, _ = self.encounter_settings(after)
        ctx = Ctx(after.guild_id, after.channel_id, commit.user_id, "", False)
        outcomes = []
        for x in sorted(after.pending, key=lambda p: p.id):
            if not which(x):
                continue
            attacker, defender = after.by_id(x.attacker_id), after.by_id(x.defender_id)
            if attacker is None or defender is None:
                after.pending = [p for p in after.pending if p.id != x.id]
                commit.closed_exchanges.append((x.id, "cancelled"))
                continue
            pending = x.waiting_result()
            final = self._defend_now(system, rules_settings, defender, attacker, pending, None, None)
            outcomes.append(self._stage(after, commit, ctx, system, "defend", final, attacker, defender, x, True))
        return outcomes


# The test suite sets this: every sheet the rules write is then also validated whole, and the two models
# must be the same (what `rules.revised` assumes of each system's validators, checked on every fight).
VERIFY_REVISED = False


def _same_model(fast: BaseModel, whole: BaseModel) -> None:
    if fast != whole or fast.model_fields_set != whole.model_fields_set:
        changed = sorted(k for k in type(whole).model_fields if getattr(fast, k) != getattr(whole, k))
        raise AssertionError(f"{type(whole).__module__}: a sheet validated by its changed fields differs in {changed}")


def _rolled(result: ActionResult) -> bool:
    """Whether an action rolled any die (a player may undo only what rolled none, by default)."""
    return bool(result.rolls) or any(_rolled(sub) for sub in result.attacks)
