"""`/odds`: the exact chances of an attack or shot before it is rolled, from the rules' own code."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import odds_pool
from bot.service.actions import ActionMixin, pop_force
from bot.service.context import Ctx
from bot.service.core import get_system
from bot.service.errors import UserError
from bot.service.state import Combatant, Encounter
from rules import ActionRequest, CombatSystem, OddsResult, RulesError
from rules.pairs import parse_pairs


@dataclass
class OddsOutcome:
    encounter: Encounter
    system: CombatSystem
    actor: Combatant
    target: Combatant
    odds: OddsResult


@dataclass
class OddsQuestion:
    """An attack as it would be made, checked like the attack (the same refusals), not yet computed."""

    encounter: Encounter
    system: CombatSystem
    kind: str
    request: ActionRequest
    actor: Combatant
    target: Combatant


class OddsMixin(ActionMixin):
    async def odds_question(
        self,
        ctx: Ctx,
        kind: str,
        target: str,
        weapon: str | None = None,
        attacker: str | None = None,
        options: str | None = None,
        distance: float | None = None,
    ) -> OddsQuestion:
        """A hidden NPC's odds, attacking or attacked, are the GM's only."""
        enc = await self._require(ctx)
        system = get_system(enc.system)
        req, actor, victim = self.odds_request(ctx, enc, system, target, weapon, attacker, options, distance)
        if (actor.hidden or victim.hidden) and not self.is_gm(ctx, enc):
            raise UserError("error.odds_hidden", gm=f"<@{enc.gm_user_id}>")
        return OddsQuestion(enc, system, kind, req, actor, victim)

    async def odds(self, question: OddsQuestion) -> OddsOutcome:
        """The exact chances, computed in a worker process (never on the event loop)."""
        q = question
        try:
            result = await odds_pool.odds(q.system.id, q.kind, q.request)
        except RulesError as exc:
            error = UserError(exc.key, **exc.params)
            error.system = q.system.id
            raise error from None
        return OddsOutcome(q.encounter, q.system, q.actor, q.target, result)

    def odds_request(
        self,
        ctx: Ctx,
        enc: Encounter,
        system: CombatSystem,
        target: str,
        weapon: str | None,
        attacker: str | None,
        options: str | None,
        distance: float | None,
    ) -> tuple[ActionRequest, Combatant, Combatant]:
        actor, victim = self._sides(ctx, enc, system, target, attacker)
        pairs = parse_pairs(options)
        pop_force(pairs)  # odds of a forced attack are the attack's own
        pairs = self._option_pairs(system, pairs)
        opts = self._rules(system.options, pairs)
        req = self._attack_request(enc, system, actor, victim, opts, pairs, weapon, distance)
        return req, actor, victim
