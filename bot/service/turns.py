"""Initiative and turn order: rolls, /encounter next, new rounds and their upkeep, effect durations.

`/encounter next` moves one step: to the next combatant of this round able to act, or into the next
round (its upkeep runs once, visibly) and to the first one able to act there. The fallen are skipped
without a ping; a round in which nobody can act is announced and the turn stops there.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import BaseModel

from bot.service.context import Ctx
from bot.service.core import _json, get_system
from bot.service.errors import UserError
from bot.service.outcomes import InitiativeOutcome, TurnOutcome, event_json
from bot.service.staging import StagingMixin
from bot.service.state import Combatant, Effect, Encounter, sheet_data
from bot.storage import repository as repo
from rules import (
    ActionRequest,
    ActionResult,
    CombatSystem,
)
from rules.pairs import parse_pairs


class TurnMixin(StagingMixin):
    """Who acts when."""

    async def initiative(
        self,
        ctx: Ctx,
        who: str | None,
        blows: str | None = None,
        weapon: str | None = None,
        options: str | None = None,
    ) -> InitiativeOutcome:
        """Roll initiative (one's own, or the GM's for someone, all or the NPCs). The weapon and options
        of the attack to come count where the game says so (AD&D's speed factor, ArM5's spell initiative);
        they are one combatant's, so a roll for several takes none."""
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            system = get_system(enc.system)
            gm = self.is_gm(ctx, enc)
            weapon = weapon.strip() if weapon and weapon.strip() else None
            if blows and blows.strip():
                return await self._declare(ctx, enc, system, who, blows, weapon)
            opts = self._rules(system.options, self._option_pairs(system, parse_pairs(options)))
            if who and who.strip().casefold() in ("all", "npcs", "*"):
                if weapon or (options and options.strip()):
                    raise UserError("error.initiative_one_combatant")
                if not gm:
                    raise UserError("error.gm_only", gm=f"<@{enc.gm_user_id}>")
                targets = [c for c in enc.combatants if c.initiative is None and (c.is_npc or who.strip() == "all")]
                if not targets:
                    raise UserError("error.initiative_nobody")
            else:
                c = self._actor(ctx, enc, who, system.initiative_descending)
                if c.initiative is not None and not gm and not system.is_reaction("initiative", opts):
                    raise UserError("error.initiative_already", name=c.name, value=c.initiative)
                targets = [c]
            after = enc.copy()
            current = enc.current(system.initiative_descending)
            rolled = self._roll_initiative(after, system, targets, weapon, opts)
            self._keep_turn(after, current, system)
            events = [("initiative", event_json(r)) for _, r in rolled]
            commit = repo.Commit(upsert=[c for c, _ in rolled], user_id=ctx.user_id, events=events, rolled=True)
            await self._commit(enc, after, commit)
            return InitiativeOutcome(after, system, rolled)

    async def _declare(
        self, ctx: Ctx, enc: Encounter, system: CombatSystem, who: str | None, blows: str, weapon: str | None
    ) -> InitiativeOutcome:
        """Something declared for the next initiative roll (adnd2cp: Colpo Rapido), by its owner or the GM,
        priced against the weapon named (else the sheet's first)."""
        c = self._actor(ctx, enc, who, system.initiative_descending)
        rules_settings, _ = self.encounter_settings(enc)
        opts = self._rules(system.options, {"blows": ",".join(b for b in blows.replace(" ", ",").split(",") if b)})
        req = ActionRequest(c.fighter(system), None, opts, rules_settings, weapon)
        result: ActionResult = self._rules(system.declare_for_initiative, req)
        after = enc.copy()
        updated = self._valid(system, c, result.actor_sheet) if result.actor_sheet is not None else c
        self._put(after, updated)
        commit = repo.Commit(upsert=[updated], user_id=ctx.user_id, events=[("declare", event_json(result))])
        await self._commit(enc, after, commit)
        return InitiativeOutcome(after, system, [], declared=(updated, result))

    def _roll_initiative(
        self,
        enc: Encounter,
        system: CombatSystem,
        targets: list[Combatant],
        weapon: str | None = None,
        opts: BaseModel | None = None,
    ) -> list[tuple[Combatant, ActionResult]]:
        rules_settings, _ = self.encounter_settings(enc)
        chosen = opts if opts is not None else system.options({})
        # A roll made as a reaction (ArM5's Fast Casting) is a test against the order, not a place in it.
        reaction = opts is not None and system.is_reaction("initiative", opts)
        rolled = []
        for c in targets:
            current = enc.by_id(c.id) or c
            req = ActionRequest(current.fighter(system), None, chosen, rules_settings, weapon)
            result: ActionResult = self._rules(system.initiative, req, self.dice)
            updated = current if reaction else replace(current, initiative=result.total, tiebreak=list(result.tiebreak))
            if result.actor_sheet is not None:
                updated = self._valid(system, updated, result.actor_sheet)
            self._put(enc, updated)
            rolled.append((updated, result))
        return rolled

    async def next_turn(self, ctx: Ctx, confirmed: bool = False) -> TurnOutcome:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            if not enc.combatants:
                raise UserError("error.no_combatants")
            if enc.pending and not confirmed:
                raise UserError("error.defences_waiting", names=self._waiting_names(enc))
            system = get_system(enc.system)
            after = enc.copy()
            commit = repo.Commit(user_id=ctx.user_id)
            # Attacks still waiting get the default defence, in the same transaction as the turn.
            settled = self._settle_staged(after, commit, lambda x: True)
            outcome = self._advance(after, system)
            current = outcome.current
            commit.events.append(
                (
                    "next",
                    _json({"round": after.round, "turn": after.turn, "current": current.name if current else None}),
                )
            )
            commit.events += [("upkeep", event_json(r)) for r in outcome.upkeep]
            commit.rolled = commit.rolled or bool(outcome.rolled) or any(r.rolls for r in outcome.upkeep)
            commit.upsert = self._changed(enc, after)
            await self._commit(enc, after, commit)
            outcome.encounter = after
            outcome.settled = [replace(o, encounter=after) for o in settled]
            return outcome

    def _waiting_names(self, enc: Encounter) -> list[str]:
        names = []
        for x in sorted(enc.pending, key=lambda p: p.id):
            c = enc.by_id(x.defender_id)
            if c is not None and c.name not in names:
                names.append(c.name)
        return names

    # --- one step of the turn loop -----------------------------------------------------------------
    def _advance(self, enc: Encounter, system: CombatSystem) -> TurnOutcome:
        desc = system.initiative_descending
        settings, _ = self.encounter_settings(enc)
        out = TurnOutcome(enc, system, None, False)
        # The acting order is worked out again only where initiative may change (rolls, a new round):
        # effects ticking change sheets, never the order.
        acting = enc.acting(desc)
        previous = enc.current(desc, acting)
        missing = [c for c in enc.combatants if c.initiative is None]
        out.rolled = self._roll_initiative(enc, system, missing) if missing else []
        if missing:
            acting = enc.acting(desc)
        if enc.round < 1:
            acting = self._begin_round(enc, system, settings, out)
            found = self._scan(enc, system, acting, 0, out)
        else:
            self._keep_turn(enc, previous, system, acting)  # latecomers may have slotted in before the current one
            if previous is not None:
                self._tick(enc, system, previous.id, "end", out)
                start = enc.turn + 1
            else:
                start = enc.turn
            found = self._scan(enc, system, acting, start, out)
            if found is None:
                acting = self._begin_round(enc, system, settings, out)
                found = self._scan(enc, system, acting, 0, out)
        if found is None:
            enc.turn = len(acting)  # nobody can act: the round stands still until the GM moves on
            out.nobody = True
            return out
        enc.turn = found
        self._start_turn(enc, system, settings, acting[found].id, out)
        self._tick(enc, system, acting[found].id, "start", out)
        out.current = enc.by_id(acting[found].id)
        out.next_up = self._next_able(enc, system, acting, found)
        return out

    def _scan(
        self, enc: Encounter, system: CombatSystem, acting: list[Combatant], start: int, out: TurnOutcome
    ) -> int | None:
        """The first position from `start` whose combatant can act; the fallen on the way are skipped."""
        for i in range(start, len(acting)):
            c = enc.by_id(acting[i].id) or acting[i]
            if not c.status(system).out_of_fight:
                return i
            out.skipped.append(c)
            # A skipped turn still passes: effects that count the owner's turns tick.
            self._tick(enc, system, c.id, "start", out)
            self._tick(enc, system, c.id, "end", out)
        return None

    @staticmethod
    def _next_able(enc: Encounter, system: CombatSystem, acting: list[Combatant], index: int) -> Combatant | None:
        """Who comes after the current combatant (this round, else the top of the order); `acting` is
        the order, its combatants as they stand now looked up (a tick may have changed a sheet)."""
        current_id = acting[index].id
        for listed in acting[index + 1 :] + acting[: index + 1]:
            c = enc.by_id(listed.id) or listed
            if c.id != current_id and not c.status(system).out_of_fight:
                return c
        return None

    def _start_turn(
        self, enc: Encounter, system: CombatSystem, settings: BaseModel, combatant_id: int, out: TurnOutcome
    ) -> None:
        """The game's own start of one's turn (a D&D stance ending), shown with the upkeep."""
        c = enc.by_id(combatant_id)
        if c is None:
            return
        result = self._rules(system.start_turn, c.fighter(system), settings, enc.round, self.dice)
        if result is None:
            return
        if result.actor_sheet is not None:
            self._put(enc, self._valid(system, c, result.actor_sheet))
        out.upkeep.append(result)

    def _tick(self, enc: Encounter, system: CombatSystem, combatant_id: int, edge: str, out: TurnOutcome) -> None:
        """Count one of the owner's turns on effects that end at this edge; expire those that ran out."""
        c = enc.by_id(combatant_id)
        if c is None or not any(e.rounds is not None and e.ends == edge for e in c.effects):
            return
        kept: list[Effect] = []
        model = c.model(system)
        for e in c.effects:
            if e.rounds is None or e.ends != edge:
                kept.append(e)
            elif e.rounds > 1:
                kept.append(replace(e, rounds=e.rounds - 1))
            else:
                out.expired.append((c.name, e))
                if e.condition:
                    model = self._rules(system.set_condition, model, e.name, False)
        updated = replace(c, effects=kept)
        if model is not c.model(system):
            updated = self._valid(system, updated, sheet_data(model))
        self._put(enc, updated)

    def _begin_round(
        self, enc: Encounter, system: CombatSystem, settings: BaseModel, out: TurnOutcome
    ) -> list[Combatant]:
        """A new round: each one's upkeep (fresh actions, round costs, a dying character's roll), then
        initiative re-rolled where the system's setting says so. Returns the round's acting order."""
        enc.round, enc.turn = enc.round + 1, 0
        out.new_round = True
        for c in list(enc.combatants):
            current = enc.by_id(c.id) or c
            result = self._rules(system.start_round, current.fighter(system), settings, enc.round, self.dice)
            if result is None:
                continue
            # Checked as every sheet the rules write (by its changed fields, or known as written before):
            # the scan for who can act asks each one's status at once.
            updated = self._valid(system, current, result.actor_sheet) if result.actor_sheet is not None else current
            if result.outcome == "initiative_changed" and result.total is not None:
                # A held action that ran out returns the combatant to its own count (arm5).
                updated = replace(updated, initiative=result.total, tiebreak=list(result.tiebreak))
            self._put(enc, updated)
            out.upkeep.append(result)
        # Systems that let groups re-roll every round declare it as a rule setting.
        if enc.round > 1 and getattr(settings, "reroll_initiative_each_round", False):
            out.rolled += self._roll_initiative(enc, system, list(enc.combatants))
        return enc.acting(system.initiative_descending)
