"""Initiative and turn order: rolls, /encounter next, new rounds and their upkeep."""

from __future__ import annotations

from dataclasses import replace

from pydantic import BaseModel

from bot.service.context import Ctx
from bot.service.core import ServiceCore, _json, get_system
from bot.service.errors import UserError
from bot.service.outcomes import InitiativeOutcome, TurnOutcome
from bot.service.state import Combatant, Encounter
from bot.storage import repository as repo
from rules import (
    ActionRequest,
    ActionResult,
    CombatSystem,
)


class TurnMixin(ServiceCore):
    """Who acts when."""

    async def initiative(self, ctx: Ctx, who: str | None) -> InitiativeOutcome:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            system = get_system(enc.system)
            gm = self.is_gm(ctx, enc)
            if who and who.strip().casefold() in ("all", "npcs", "*"):
                if not gm:
                    raise UserError("error.gm_only", gm=f"<@{enc.gm_user_id}>")
                targets = [c for c in enc.combatants if c.initiative is None and (c.is_npc or who.strip() == "all")]
                if not targets:
                    raise UserError("error.initiative_nobody")
            else:
                c = self._actor(ctx, enc, who, system.initiative_descending)
                if c.initiative is not None and not gm:
                    raise UserError("error.initiative_already", name=c.name, value=c.initiative)
                targets = [c]
            after = self._copy(enc)
            current = enc.current(system.initiative_descending)
            rolled = self._roll_initiative(after, system, targets)
            self._keep_turn(after, current, system)
            events = [("initiative", r.model_dump_json(exclude_defaults=True)) for _, r in rolled]
            await self._commit(
                enc, after, repo.Commit(upsert=[c for c, _ in rolled], user_id=ctx.user_id, events=events)
            )
            return InitiativeOutcome(after, system, rolled)

    def _roll_initiative(
        self, enc: Encounter, system: CombatSystem, targets: list[Combatant]
    ) -> list[tuple[Combatant, ActionResult]]:
        rules_settings, _ = self.encounter_settings(enc)
        empty = system.options({})
        rolled = []
        for c in targets:
            req = ActionRequest(c.fighter(system), None, empty, rules_settings)
            result: ActionResult = self._rules(system.initiative, req, self.dice)
            updated = replace(c, initiative=result.total, tiebreak=list(result.tiebreak))
            if result.actor_sheet is not None:
                updated = updated.with_sheet(result.actor_sheet)
            self._put(enc, updated)
            rolled.append((updated, result))
        return rolled

    async def next_turn(self, ctx: Ctx) -> TurnOutcome:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            system = get_system(enc.system)
            # Attacks still waiting are answered with the default defence before the turn moves on.
            settled = await self._settle(ctx, enc, lambda x: True) if enc.pending else []
            enc = await self._require(ctx)
            if not enc.combatants:
                raise UserError("error.no_combatants")
            rules_settings, _ = self.encounter_settings(enc)
            desc = system.initiative_descending
            after = self._copy(enc)
            previous = enc.current(desc)
            rolled = self._roll_initiative(after, system, [c for c in after.combatants if c.initiative is None])
            self._keep_turn(after, previous, system)  # latecomers may have slotted in before the current one
            upkeep: list[ActionResult] = []
            new_round = enc.round < 1
            after.turn = 0 if new_round else after.turn + 1
            acting = self._acting(after, system)
            for _ in range(max(len(acting), 1) + 1):
                if new_round or after.turn >= len(acting):
                    rolled += self._begin_round(after, system, rules_settings, upkeep)
                    new_round, acting = True, self._acting(after, system)
                current = after.current(desc)
                able = [c for c in acting if not system.status(c.model(system)).out_of_fight]
                if current is None or not able or not system.status(current.model(system)).out_of_fight:
                    break
                after.turn += 1  # skip who cannot act (dead, unconscious …)
            current = after.current(desc)
            events = [
                (
                    "next",
                    _json({"round": after.round, "turn": after.turn, "current": current.name if current else None}),
                )
            ]
            events += [("upkeep", r.model_dump_json(exclude_defaults=True)) for r in upkeep]
            originals = {id(c) for c in enc.combatants}
            changed = [c for c in after.combatants if id(c) not in originals]
            await self._commit(enc, after, repo.Commit(upsert=changed, user_id=ctx.user_id, events=events))
            return TurnOutcome(after, system, current, new_round, upkeep, rolled, settled)

    @staticmethod
    def _acting(enc: Encounter, system: CombatSystem) -> list[Combatant]:
        return [c for c in enc.order(system.initiative_descending) if c.initiative is not None]

    def _begin_round(
        self, enc: Encounter, system: CombatSystem, settings: BaseModel, upkeep: list[ActionResult]
    ) -> list[tuple[Combatant, ActionResult]]:
        """A new round: re-roll initiative where the system's setting says so, then each one's upkeep."""
        enc.round, enc.turn = enc.round + 1, 0
        rolled = []
        # Systems that let groups re-roll every round declare it as a rule setting.
        if enc.round > 1 and getattr(settings, "reroll_initiative_each_round", False):
            rolled = self._roll_initiative(enc, system, list(enc.combatants))
        for c in list(enc.combatants):
            current = enc.by_id(c.id) or c
            result = self._rules(system.start_round, current.fighter(system), settings, enc.round, self.dice)
            if result is None:
                continue
            if result.actor_sheet is not None:
                self._put(enc, current.with_sheet(result.actor_sheet))
            upkeep.append(result)
        return rolled
