"""Actions: attacks, shots and a system's own actions, applied in one commit."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.service.context import Ctx
from bot.service.core import get_system
from bot.service.errors import UserError, option_named, option_typed
from bot.service.outcomes import ActionOutcome, stored_result
from bot.service.staging import StagingMixin
from bot.service.state import Combatant, Encounter, Exchange
from bot.storage import repository as repo
from bot.storage.jsontext import compact
from rules import (
    ActionRequest,
    ActionResult,
    CombatSystem,
    Message,
    RulesError,
    Term,
)
from rules.pairs import parse_pairs
from rules.vocabulary import fold

# The bot's own option that lets a GM attack the dead, by its name in each language (folded).
FORCE_WORDS = frozenset({"force", "vynutit", "wymus", "forzare"})


def pop_force(pairs: dict[str, Any]) -> bool:
    """Take the bot's `force` option out of an options line; True when it was there."""
    said = [typed for typed in pairs if fold(typed) in FORCE_WORDS]
    for typed in said:
        pairs.pop(typed)
    return bool(said)


HIT_CHANCE_WAIT = 1.0  # seconds the attack waits for its chance to hit (within Discord's 3-second answer)


class ActionMixin(StagingMixin):
    """Resolve an action and write what it changed."""

    async def attack(
        self,
        ctx: Ctx,
        kind: str,
        target: str,
        weapon: str | None = None,
        attacker: str | None = None,
        options: str | None = None,
        distance: float | None = None,
    ) -> ActionOutcome:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            system = get_system(enc.system)
            actor, victim = self._sides(ctx, enc, system, target, attacker)
            rules_settings, bot = self.encounter_settings(enc)
            pairs = parse_pairs(options)
            forced = self._take_force(ctx, enc, pairs)
            pairs = self._option_pairs(system, pairs)
            opts = self._rules(system.options, pairs)
            out_of_turn = self._check_turn(ctx, enc, actor, system, kind, opts)
            on_the_dead = victim.status(system).dead
            if not forced and on_the_dead:  # a hidden one is only "out of the fight" to players, as it looks
                hidden = victim.hidden and not self.is_gm(ctx, enc)
                raise UserError("error.target_down" if hidden else "error.target_dead", name=victim.name)
            req = self._attack_request(enc, system, actor, victim, opts, pairs, weapon, distance, forced)
            chance = await self._hit_chance(system, kind, req, actor, victim) if bot.show_odds else None
            call = system.shot if kind == "shot" else system.attack
            result: ActionResult = self._rules(call, req, self.dice)
            move = self._interrupt(enc, system, actor, opts, result)
            if result.outcome != "pending_defence":
                out = await self._apply(ctx, enc, system, kind, result, actor, victim, move=move)
            elif victim.is_npc and bot.npc_defence == "auto":
                final = self._defend_now(system, rules_settings, victim, actor, result, None, opts)
                out = await self._apply(ctx, enc, system, kind, final, actor, victim, automatic=True, move=move)
            else:
                out = await self._open_exchange(ctx, enc, system, kind, result, actor, victim, options or "")
            out.out_of_turn, out.forced, out.hit_chance = out_of_turn, forced and on_the_dead, chance
            return out

    def _sides(
        self, ctx: Ctx, enc: Encounter, system: CombatSystem, target: str, attacker: str | None
    ) -> tuple[Combatant, Combatant]:
        """Who attacks (the user's own combatant, or the one a GM names) and whom (never oneself)."""
        actor = self._actor(ctx, enc, attacker, system.initiative_descending)
        victim = self._find(enc, target)
        if victim.id == actor.id:
            raise UserError("error.self_target")
        return actor, victim

    def _attack_request(
        self,
        enc: Encounter,
        system: CombatSystem,
        actor: Combatant,
        victim: Combatant,
        opts: BaseModel,
        pairs: dict[str, Any],
        weapon: str | None,
        distance: float | None,
        forced: bool = False,
    ) -> ActionRequest:
        """The rules' request of an attack or shot (the same for `/attack` and `/odds`)."""
        rules_settings, _ = self.encounter_settings(enc)
        others = self._named_others(enc, system, pairs, (actor, victim))
        weapon_name = weapon.strip() if weapon else None
        fighter, aim = actor.fighter(system), victim.fighter(system)
        return ActionRequest(fighter, aim, opts, rules_settings, weapon_name, distance, others, forced)

    @staticmethod
    async def _hit_chance(
        system: CombatSystem, kind: str, req: ActionRequest, actor: Combatant, victim: Combatant
    ) -> float | None:
        """The exact chance to hit, before the roll (only where it gives no hidden number away); a
        question too big to answer within a second leaves the line out rather than delay the attack."""
        if actor.hidden or victim.hidden:
            return None
        from bot.service import odds_pool

        try:
            odds = await odds_pool.odds(system.id, kind, req, wait=HIT_CHANCE_WAIT)
        except RulesError:
            return None
        first = odds.lines[0] if odds.lines else None
        return sum(c.p for c in first.outcomes if c.key.startswith(("hit", "crit"))) if first else None

    def _take_force(self, ctx: Ctx, enc: Encounter, pairs: dict[str, Any]) -> bool:
        """`options:force` is the bot's, not the rules': only a GM may attack the dead with it. Typed in
        any of the bot's languages (`volby:vynutit`, `opcje:wymuś`, `opzioni:forzare`)."""
        if not pop_force(pairs):
            return False
        self._require_gm(ctx, enc)
        return True

    def _check_turn(
        self, ctx: Ctx, enc: Encounter, actor: Combatant, system: CombatSystem, action: str, opts: BaseModel
    ) -> bool:
        """Refuse an action out of turn, with the reason and the way on; True when a GM acts out of turn.

        Reactions (an attack of opportunity, a counter-attack …) are accepted off-turn from the owner or
        the GM; the rules count them within their own limits."""
        _, bot = self.encounter_settings(enc)
        if not bot.enforce_turns or enc.round < 1:
            return False
        current = enc.current(system.initiative_descending)
        if (current is not None and current.id == actor.id) or system.is_reaction(action, opts):
            return False
        if self.is_gm(ctx, enc):
            return True
        # Each reaction as what to type, in the game's words: "Protiútok (`volby:protiútok`)", an action
        # by its name ("`/akce jméno:Vyčkávání`").
        reactions: list[Message | str] = [
            *(option_named(k) for k in sorted(system.reaction_options)),
            *(Message("syntax.action", {"key": Term("action", k)}) for k in sorted(system.reaction_actions)),
        ]
        plain = "" if reactions else "_plain"  # a game with no off-turn reactions does not mention them
        if current is None:
            error = UserError(f"error.turn_round_over{plain}", name=actor.name, reactions=reactions)
        else:
            error = UserError(f"error.not_your_turn{plain}", name=actor.name, current=current.name, reactions=reactions)
        error.system = system.id  # the reactions are named in the game's own words
        raise error

    @staticmethod
    def _interrupt(
        enc: Encounter, system: CombatSystem, actor: Combatant, opts: BaseModel, result: ActionResult
    ) -> tuple[int, list[int]] | None:
        """A readied action going off (the system's `interrupt_options`): from now on the actor acts just
        before the combatant whose turn it is, as if it had readied on that count. Returns the new
        (initiative, tiebreak), sorting right before that combatant's."""
        if result.outcome == "initiative_changed" or not any(getattr(opts, k, False) for k in system.interrupt_options):
            return None  # the cheap test first: most actions are no readied action going off
        current = enc.current(system.initiative_descending)
        if current is None or current.initiative is None or current.id == actor.id:
            return None
        return current.initiative, [*current.tiebreak, 1]

    def _named_others(
        self, enc: Encounter, system: CombatSystem, pairs: dict[str, Any], involved: tuple[Combatant, ...]
    ) -> tuple[Any, ...]:
        """Combatants an option names (`second_target:Orc 2`): the rules get their sheets too. Only the
        options the system declares as naming combatants are looked up (`hard_target:yes` is a flag)."""
        taken = {c.id for c in involved}
        others = []
        for key in system.combatant_options:
            value = pairs.get(key)
            if not isinstance(value, str):
                continue
            for name in (n.strip() for n in value.split(",")):
                c = self._find(enc, name) if name else None
                if c is not None and c.id not in taken:
                    others.append(c.fighter(system))
                    taken.add(c.id)
        return tuple(others)

    async def _open_exchange(
        self,
        ctx: Ctx,
        enc: Encounter,
        system: CombatSystem,
        kind: str,
        result: ActionResult,
        actor: Combatant,
        victim: Combatant,
        options: str,
    ) -> ActionOutcome:
        _, bot = self.encounter_settings(enc)
        now = self.clock()
        stored = stored_result(result)  # the waiting exchange and the event store the same text
        x = Exchange(
            id=0,
            attacker_id=actor.id,
            defender_id=victim.id,
            kind=kind,
            options=options,
            result=stored,
            created_at=now,
            deadline=now + bot.defence_timeout,
            pending_result=result,
        )
        after = enc.copy()
        after.pending = [*enc.pending, x]
        if result.actor_sheet is not None:
            # the attacker pays at the attack (its actions, a crossbow's reload): a second attack sees it
            actor = self._valid(system, actor, result.actor_sheet)
            self._put(after, actor)
        commit = repo.Commit(
            user_id=ctx.user_id,
            upsert=self._changed(enc, after),
            new_exchanges=[x],
            events=[(kind, compact(stored))],
            rolled=bool(result.rolls),
        )
        await self._commit(enc, after, commit)
        answerer = victim.owner_user_id if victim.owner_user_id is not None else enc.gm_user_id
        return ActionOutcome(
            after, system, result, actor, victim, self.is_gm(ctx, enc), exchange=x, prompt_user_id=answerer
        )

    async def act(
        self,
        ctx: Ctx,
        action: str,
        actor_name: str | None,
        target: str | None,
        options: str | None,
        weapon: str | None = None,
    ) -> ActionOutcome:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            system = get_system(enc.system)
            if action not in system.extra_actions:
                option = system.option_vocabulary().key_of(action)
                if option is not None:  # a charge, a full attack …: an attack's option, not an action
                    error = UserError("error.action_is_option", action=action, option=option_typed(option))
                    error.system = system.id
                    raise error
                allowed = [Term("action", a) for a in system.extra_actions]
                raise UserError("error.unknown_action", action=action, allowed=allowed or ["—"])
            actor = self._actor(ctx, enc, actor_name, system.initiative_descending)
            victim = self._find(enc, target) if target else None
            rules_settings, _ = self.encounter_settings(enc)
            pairs = self._option_pairs(system, parse_pairs(options))
            opts = self._rules(system.options, pairs)
            out_of_turn = self._check_turn(ctx, enc, actor, system, action, opts)
            involved = (actor, victim) if victim else (actor,)
            req = ActionRequest(
                actor.fighter(system),
                victim.fighter(system) if victim else None,
                opts,
                rules_settings,
                weapon.strip() if weapon else None,
                None,
                self._named_others(enc, system, pairs, involved),
            )
            result: ActionResult = self._rules(system.act, action, req, self.dice)
            move = self._interrupt(enc, system, actor, opts, result)
            out = await self._apply(ctx, enc, system, action, result, actor, victim, move=move)
            out.out_of_turn = out_of_turn
            return out
