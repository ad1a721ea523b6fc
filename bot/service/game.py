"""The service layer: permissions, turn order and one transaction per command.

Cogs and the offline console call these methods; the rules engine does the game; the repository
does the SQL. Active encounters are cached per channel and replaced only after their commit
succeeded, so a failed command leaves neither the database nor the cache half-written.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel

from bot.parsing import parse_pairs
from bot.service.bot_settings import BotSettings
from bot.service.context import Ctx
from bot.service.errors import UserError
from bot.service.state import Combatant, Encounter, Exchange, dump_sheet
from bot.storage import repository as repo
from bot.storage.database import Database
from rules import (
    ActionRequest,
    ActionResult,
    CombatSystem,
    DefenceRequest,
    DiceSource,
    Fighter,
    RandomDice,
    RulesError,
)
from rules import get_system as rules_get_system
from rules.system import describe_fields, validated

log = logging.getLogger(__name__)

MAX_COMBATANTS = 60
MAX_NAME = 100
MAX_COUNT = 30


@dataclass
class ActionOutcome:
    encounter: Encounter
    system: CombatSystem
    result: ActionResult
    actor: Combatant
    target: Combatant | None
    gm_view: bool = False
    # Set when the attack waits for the defender (prompt) or when this answers one (edit the prompt).
    exchange: Exchange | None = None
    answers_to: Exchange | None = None
    prompt_user_id: int | None = None
    automatic: bool = False


@dataclass
class TurnOutcome:
    encounter: Encounter
    system: CombatSystem
    current: Combatant | None
    new_round: bool
    upkeep: list[ActionResult] = field(default_factory=list)
    rolled: list[tuple[Combatant, ActionResult]] = field(default_factory=list)
    settled: list[ActionOutcome] = field(default_factory=list)


@dataclass
class InitiativeOutcome:
    encounter: Encounter
    system: CombatSystem
    rolled: list[tuple[Combatant, ActionResult]]


@dataclass
class SettingsView:
    system: CombatSystem
    rows: list[tuple[str, Any, str, str]]  # name, value, source (default/server/channel), help


def get_system(system_id: str) -> CombatSystem:
    try:
        return rules_get_system(system_id)
    except RulesError as exc:
        raise UserError("error.unknown_system", system=system_id, allowed=exc.params.get("allowed", [])) from None


class GameService:
    def __init__(self, db: Database, dice: DiceSource | None = None, clock: Any = time.time) -> None:
        self.db = db
        self.clock = clock
        self.dice: DiceSource = dice or RandomDice()
        self._cache: dict[int, Encounter | None] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._settings_cache: dict[int, tuple[BaseModel, BotSettings]] = {}
        self._waiting: set[int] = set()  # channels with an attack waiting for its defence
        self._pinned: dict[int, str | None] = {}  # channel → language pinned by the GM

    # --- plumbing --------------------------------------------------------------------------------
    def lock(self, channel_id: int) -> asyncio.Lock:
        found = self._locks.get(channel_id)
        if found is None:
            found = self._locks[channel_id] = asyncio.Lock()
        return found

    async def encounter(self, channel_id: int) -> Encounter | None:
        if channel_id in self._cache:
            return self._cache[channel_id]
        enc = await self.db.read(repo.load_active_encounter, channel_id)
        self._cache[channel_id] = enc
        if enc is not None and enc.pending:
            self._waiting.add(channel_id)
        return enc

    async def _require(self, ctx: Ctx) -> Encounter:
        enc = await self.encounter(ctx.channel_id)
        if enc is None:
            raise UserError("error.no_encounter")
        return enc

    def is_gm(self, ctx: Ctx, enc: Encounter) -> bool:
        return ctx.manager or ctx.user_id == enc.gm_user_id

    def _require_gm(self, ctx: Ctx, enc: Encounter) -> None:
        if not self.is_gm(ctx, enc):
            raise UserError("error.gm_only", gm=f"<@{enc.gm_user_id}>")

    def encounter_settings(self, enc: Encounter) -> tuple[BaseModel, BotSettings]:
        cached = self._settings_cache.get(enc.id)
        if cached is None:
            system = get_system(enc.system)
            cached = (system.settings(enc.settings.get("rules", {})), BotSettings(**enc.settings.get("bot", {})))
            self._settings_cache[enc.id] = cached
        return cached

    async def _commit(self, before: Encounter, after: Encounter, commit: repo.Commit) -> list[int]:
        commit.encounter = after
        commit.expected_version = before.version
        try:
            new_ids = await self.db.transaction(repo.apply_commit, commit)
        except repo.StaleEncounter:
            self._cache.pop(before.channel_id, None)
            raise UserError("error.stale_retry") from None
        except Exception:
            self._cache.pop(before.channel_id, None)
            raise
        after.version = before.version + 1
        self._cache[after.channel_id] = after if after.status == "active" else None
        if after.pending and after.status == "active":
            self._waiting.add(after.channel_id)
        else:
            self._waiting.discard(after.channel_id)
        if after.status != "active":
            self._settings_cache.pop(after.id, None)
        return new_ids

    @staticmethod
    def _copy(enc: Encounter) -> Encounter:
        return replace(enc, combatants=list(enc.combatants))

    @staticmethod
    def _put(enc: Encounter, updated: Combatant) -> None:
        for i, c in enumerate(enc.combatants):
            if c.id == updated.id:
                enc.combatants[i] = updated
                return

    def _find(self, enc: Encounter, name: str) -> Combatant:
        found = enc.find(name)
        if found is None:
            known = [c.name for c in enc.combatants][:10]
            raise UserError("error.unknown_combatant", name=name, known=known or ["—"])
        return found

    def _may_control(self, ctx: Ctx, enc: Encounter, c: Combatant) -> bool:
        return self.is_gm(ctx, enc) or c.owner_user_id == ctx.user_id

    def _actor(self, ctx: Ctx, enc: Encounter, name: str | None, descending: bool) -> Combatant:
        if name:
            c = self._find(enc, name)
            if not self._may_control(ctx, enc, c):
                raise UserError("error.not_your_combatant", name=c.name)
            return c
        owned = [c for c in enc.combatants if c.owner_user_id == ctx.user_id]
        if not owned:
            key = "error.name_the_actor" if self.is_gm(ctx, enc) else "error.no_own_combatant"
            raise UserError(key)
        current = enc.current(descending)
        if current is not None and current in owned:
            return current
        return owned[0]

    def _check_turn(self, enc: Encounter, actor: Combatant, system: CombatSystem) -> None:
        _, bot = self.encounter_settings(enc)
        if not bot.enforce_turns or enc.round < 1:
            return
        current = enc.current(system.initiative_descending)
        if current is not None and current.id != actor.id:
            raise UserError("error.not_your_turn", name=actor.name, current=current.name)

    @staticmethod
    def _rules(call: Any, *args: Any) -> Any:
        try:
            return call(*args)
        except RulesError as exc:
            raise UserError(exc.key, **exc.params) from None

    # --- encounters ------------------------------------------------------------------------------
    async def start_encounter(self, ctx: Ctx, system_id: str, name: str | None) -> Encounter:
        system = get_system(system_id)
        name = (name or "").strip() or system.name
        if len(name) > MAX_NAME:
            raise UserError("error.name_too_long", limit=MAX_NAME)
        async with self.lock(ctx.channel_id):
            if await self.encounter(ctx.channel_id) is not None:
                raise UserError("error.encounter_exists")
            rules_values, bot_values = await self._effective_settings(ctx, system)
            enc = Encounter(
                id=0,
                guild_id=ctx.guild_id,
                channel_id=ctx.channel_id,
                system=system.id,
                name=name,
                gm_user_id=ctx.user_id,
                round=0,
                turn=0,
                settings={"rules": rules_values, "bot": bot_values},
                version=0,
                combatants=[],
            )
            try:
                enc.id = await self.db.transaction(repo.insert_encounter, enc)
            except repo.StaleEncounter:
                self._cache.pop(ctx.channel_id, None)
                raise UserError("error.encounter_exists") from None
            self._cache[ctx.channel_id] = enc
            return enc

    async def add_npcs(
        self, ctx: Ctx, name: str, stats: str | None, count: int | None, hidden: bool
    ) -> tuple[Encounter, list[Combatant]]:
        name = name.strip()
        if not name or len(name) > MAX_NAME:
            raise UserError("error.name_too_long", limit=MAX_NAME)
        count = count or 1
        if not 1 <= count <= MAX_COUNT:
            raise UserError("error.count_range", limit=MAX_COUNT)
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            system = get_system(enc.system)
            sheet = self._rules(system.sheet, parse_pairs(stats))
            names = self._npc_names(enc, name, count)
            if len(enc.combatants) + len(names) > MAX_COMBATANTS:
                raise UserError("error.too_many_combatants", limit=MAX_COMBATANTS)
            dumped = dump_sheet(sheet.model_dump(mode="json"))
            seq = max((c.seq for c in enc.combatants), default=0)
            new = [
                Combatant(
                    id=0,
                    name=n,
                    owner_user_id=None,
                    character_id=None,
                    hidden=hidden,
                    sheet_json=dumped,  # one text shared by the whole group until someone changes
                    seq=seq + i + 1,
                )
                for i, n in enumerate(names)
            ]
            after = self._copy(enc)
            commit = repo.Commit(
                upsert=new, user_id=ctx.user_id, events=[("add", _json({"names": names, "hidden": hidden}))]
            )
            ids = await self._commit(enc, after, commit)
            for c, new_id in zip(new, ids, strict=True):
                c.id = new_id
            after.combatants.extend(new)
            return after, new

    @staticmethod
    def _npc_names(enc: Encounter, name: str, count: int) -> list[str]:
        if count == 1:
            if enc.find(name) is None:
                return [name]
            count_from = 2
        else:
            count_from = 1
        taken = {c.name.casefold() for c in enc.combatants}
        names: list[str] = []
        n = count_from
        while len(names) < count:
            candidate = f"{name} {n}"
            if candidate.casefold() not in taken:
                names.append(candidate)
            n += 1
        return names

    async def join(self, ctx: Ctx, character: str) -> tuple[Encounter, Combatant]:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            ch = await self.db.read(repo.get_character, ctx.guild_id, ctx.user_id, character)
            if ch is None:
                raise UserError("error.unknown_character", name=character)
            if ch.system != enc.system:
                raise UserError("error.character_system", name=ch.name, system=ch.system, encounter=enc.system)
            if enc.find(ch.name) is not None:
                raise UserError("error.name_taken", name=ch.name)
            if len(enc.combatants) >= MAX_COMBATANTS:
                raise UserError("error.too_many_combatants", limit=MAX_COMBATANTS)
            seq = max((c.seq for c in enc.combatants), default=0) + 1
            c = Combatant(
                id=0,
                name=ch.name,
                owner_user_id=ctx.user_id,
                character_id=ch.id,
                hidden=False,
                sheet_json=dump_sheet(ch.sheet),
                seq=seq,
            )
            # A character arrives with fresh per-round state (actions, declared blows), not last fight's.
            system = get_system(enc.system)
            rules_settings, _ = self.encounter_settings(enc)
            fresh = self._rules(system.start_round, c.fighter(system), rules_settings, max(enc.round, 1), self.dice)
            if fresh is not None and fresh.actor_sheet is not None:
                c = c.with_sheet(fresh.actor_sheet)
            after = self._copy(enc)
            ids = await self._commit(
                enc, after, repo.Commit(upsert=[c], user_id=ctx.user_id, events=[("join", _json({"name": c.name}))])
            )
            c.id = ids[0]
            after.combatants.append(c)
            return after, c

    async def remove(self, ctx: Ctx, name: str) -> tuple[Encounter, Combatant]:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            c = self._find(enc, name)
            system = get_system(enc.system)
            current = enc.current(system.initiative_descending)
            after = self._copy(enc)
            after.combatants = [x for x in after.combatants if x.id != c.id]
            gone = [x for x in enc.pending if c.id in (x.attacker_id, x.defender_id)]
            after.pending = [x for x in enc.pending if x not in gone]
            self._keep_turn(after, current, system)
            await self._commit(
                enc,
                after,
                repo.Commit(
                    delete_ids=[c.id],
                    user_id=ctx.user_id,
                    closed_exchanges=[(x.id, "cancelled") for x in gone],
                    events=[("remove", _json({"name": c.name}))],
                ),
            )
            return after, c

    async def status(self, ctx: Ctx) -> tuple[Encounter, CombatSystem, bool]:
        enc = await self._require(ctx)
        return enc, get_system(enc.system), self.is_gm(ctx, enc)

    async def end(self, ctx: Ctx) -> tuple[Encounter, CombatSystem, int]:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            after = self._copy(enc)
            after.status = "ended"
            after.pending = []
            sheets = [(c.character_id, c.sheet) for c in enc.combatants if c.character_id]
            await self._commit(
                enc,
                after,
                repo.Commit(
                    user_id=ctx.user_id,
                    character_sheets=sheets,
                    closed_exchanges=[(x.id, "cancelled") for x in enc.pending],
                    events=[("end", _json({"round": enc.round}))],
                ),
            )
            events = await self.db.read(repo.count_events, enc.id)
            return after, get_system(enc.system), events

    def _keep_turn(self, enc: Encounter, current: Combatant | None, system: CombatSystem) -> None:
        """Keep the turn on the same combatant after the order changed; if it left, the next one."""
        if enc.round < 1 or current is None:
            return
        ids = [c.id for c in enc.order(system.initiative_descending) if c.initiative is not None]
        if current.id in ids:
            enc.turn = ids.index(current.id)
        elif not ids or enc.turn >= len(ids):
            enc.turn = 0

    # --- initiative and turns --------------------------------------------------------------------
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

    # --- actions ---------------------------------------------------------------------------------
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
            actor = self._actor(ctx, enc, attacker, system.initiative_descending)
            victim = self._find(enc, target)
            if victim.id == actor.id:
                raise UserError("error.self_target")
            self._check_turn(enc, actor, system)
            rules_settings, _ = self.encounter_settings(enc)
            pairs = parse_pairs(options)
            opts = self._rules(system.options, pairs)
            req = ActionRequest(
                actor.fighter(system),
                victim.fighter(system),
                opts,
                rules_settings,
                weapon.strip() if weapon else None,
                distance,
                self._named_others(enc, system, pairs, (actor, victim)),
            )
            call = system.shot if kind == "shot" else system.attack
            result: ActionResult = self._rules(call, req, self.dice)
            if result.outcome != "pending_defence":
                return await self._apply(ctx, enc, system, kind, result, actor, victim)
            _, bot = self.encounter_settings(enc)
            if victim.is_npc and bot.npc_defence == "auto":
                final = self._defend_now(system, rules_settings, victim, actor, result, None, opts)
                return await self._apply(ctx, enc, system, kind, final, actor, victim, automatic=True)
            return await self._open_exchange(ctx, enc, system, kind, result, actor, victim, options or "")

    def _named_others(
        self, enc: Encounter, system: CombatSystem, pairs: dict[str, Any], involved: tuple[Combatant, ...]
    ) -> tuple[Any, ...]:
        """Combatants an option names (`second_target:Orc 2`): the rules get their sheets too."""
        taken = {c.id for c in involved}
        others = []
        for key, value in pairs.items():
            if key.endswith("target") and isinstance(value, str):
                c = self._find(enc, value)
                if c.id not in taken:
                    others.append(c.fighter(system))
                    taken.add(c.id)
        return tuple(others)

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
        x = Exchange(
            id=0,
            attacker_id=actor.id,
            defender_id=victim.id,
            kind=kind,
            options=options,
            result=result.model_dump(mode="json", exclude_defaults=True),
            created_at=now,
            deadline=now + bot.defence_timeout,
        )
        after = self._copy(enc)
        after.pending = [*enc.pending, x]
        commit = repo.Commit(
            user_id=ctx.user_id, new_exchanges=[x], events=[(kind, result.model_dump_json(exclude_defaults=True))]
        )
        await self._commit(enc, after, commit)
        answerer = victim.owner_user_id if victim.owner_user_id is not None else enc.gm_user_id
        return ActionOutcome(
            after, system, result, actor, victim, self.is_gm(ctx, enc), exchange=x, prompt_user_id=answerer
        )

    # --- the defender's answer -------------------------------------------------------------------
    async def defend(
        self,
        ctx: Ctx,
        exchange_id: int | None,
        choice: str | None,
        defender: str | None = None,
        options: str | None = None,
    ) -> ActionOutcome:
        """Answer a pending attack: a button (exchange id known) or `/parry` (the oldest one)."""
        async with self.lock(ctx.channel_id):
            enc = await self.encounter(ctx.channel_id)
            if enc is None:
                raise UserError("error.exchange_stale" if exchange_id else "error.no_encounter")
            system = get_system(enc.system)
            if exchange_id is not None:
                x = next((p for p in enc.pending if p.id == exchange_id), None)
                if x is None:
                    raise UserError("error.exchange_stale")
                target = enc.by_id(x.defender_id)
                if target is None or not self._may_control(ctx, enc, target):
                    raise UserError("error.not_your_defence")
                first = enc.pending_for(x.defender_id)[0]
                if first.id != x.id:
                    raise UserError("error.answer_in_order", attacker=self._name(enc, first.attacker_id))
            else:
                if not system.has_active_defence:
                    raise UserError(
                        "error.no_active_defence", system=system.name, instead=system.parry_alternatives() or ["—"]
                    )
                target = self._defender(ctx, enc, defender, system)
                queue = enc.pending_for(target.id)
                if not queue:
                    raise UserError("error.nothing_to_parry")
                x = queue[0]
            if choice is not None and x.defences and choice not in x.defences and "," not in choice:
                raise UserError("error.defence_choice", choice=choice, allowed=x.defences)
            automatic = self.clock() > x.deadline
            return await self._close_exchange(ctx, enc, system, x, None if automatic else choice, options, automatic)

    def _defender(self, ctx: Ctx, enc: Encounter, name: str | None, system: CombatSystem) -> Combatant:
        if name:
            c = self._find(enc, name)
            if not self._may_control(ctx, enc, c):
                raise UserError("error.not_your_defence")
            return c
        mine = [c for c in enc.combatants if c.owner_user_id == ctx.user_id and enc.pending_for(c.id)]
        if mine:
            return mine[0]
        if self.is_gm(ctx, enc):
            waiting = sorted(enc.pending, key=lambda x: x.id)
            if waiting:
                found = enc.by_id(waiting[0].defender_id)
                if found is not None:
                    return found
        raise UserError("error.nothing_to_parry")

    @staticmethod
    def _name(enc: Encounter, combatant_id: int) -> str:
        c = enc.by_id(combatant_id)
        return c.name if c else "?"

    async def _close_exchange(
        self,
        ctx: Ctx,
        enc: Encounter,
        system: CombatSystem,
        x: Exchange,
        choice: str | None,
        options: str | None,
        automatic: bool,
    ) -> ActionOutcome:
        rules_settings, _ = self.encounter_settings(enc)
        attacker, defender = enc.by_id(x.attacker_id), enc.by_id(x.defender_id)
        if attacker is None or defender is None:
            after = self._copy(enc)
            after.pending = [p for p in enc.pending if p.id != x.id]
            await self._commit(enc, after, repo.Commit(user_id=ctx.user_id, closed_exchanges=[(x.id, "cancelled")]))
            raise UserError("error.exchange_stale")
        pending = ActionResult.model_validate(x.result)
        opts = self._rules(system.options, parse_pairs(options)) if options else None
        final = self._defend_now(system, rules_settings, defender, attacker, pending, choice, opts)
        out = await self._apply(ctx, enc, system, "defend", final, attacker, defender, close=x, automatic=automatic)
        out.answers_to = x
        return out

    async def resolve_pending(self, ctx: Ctx) -> list[ActionOutcome]:
        """GM: roll the default defence for every attack still waiting in this channel."""
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            if not enc.pending:
                raise UserError("error.nothing_pending")
            return await self._settle(ctx, enc, lambda x: True)

    async def _settle(self, ctx: Ctx, enc: Encounter, which: Any) -> list[ActionOutcome]:
        system = get_system(enc.system)
        outcomes = []
        for x in sorted(enc.pending, key=lambda p: p.id):
            if not which(x):
                continue
            current = await self.encounter(enc.channel_id)
            assert current is not None
            outcomes.append(await self._close_exchange(ctx, current, system, x, None, None, True))
        return outcomes

    async def expire_due(self) -> list[ActionOutcome]:
        """Roll the default defence wherever a defender's time ran out (a background task calls this)."""
        now = self.clock()
        outcomes: list[ActionOutcome] = []
        for channel_id in list(self._waiting):
            enc = self._cache.get(channel_id)
            if enc is None or not any(x.deadline < now for x in enc.pending):
                continue
            async with self.lock(channel_id):
                enc = await self.encounter(channel_id)
                if enc is None:
                    continue
                ctx = Ctx(enc.guild_id, channel_id, 0, "bot", False)
                outcomes += await self._settle(ctx, enc, lambda x: x.deadline < now)
        return outcomes

    async def remember_prompt(self, exchange_id: int, message_id: int) -> None:
        """Note which message holds a prompt, so a timeout or `/parry` can replace it later."""
        await self.db.transaction(repo.set_exchange_message, exchange_id, message_id)
        for enc in self._cache.values():
            for x in enc.pending if enc else []:
                if x.id == exchange_id:
                    x.message_id = message_id

    async def load_active(self) -> None:
        """Warm the cache with every active encounter (start-up), so timeouts survive a restart."""
        for channel_id in await self.db.read(repo.active_channels):
            await self.encounter(channel_id)

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
                raise UserError("error.unknown_action", action=action, allowed=list(system.extra_actions) or ["—"])
            actor = self._actor(ctx, enc, actor_name, system.initiative_descending)
            victim = self._find(enc, target) if target else None
            rules_settings, _ = self.encounter_settings(enc)
            pairs = parse_pairs(options)
            opts = self._rules(system.options, pairs)
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
            return await self._apply(ctx, enc, system, action, result, actor, victim)

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
    ) -> ActionOutcome:
        after = self._copy(enc)
        if close is not None:
            after.pending = [p for p in enc.pending if p.id != close.id]
        changed: list[Combatant] = []
        if result.actor_sheet is not None:
            actor = actor.with_sheet(result.actor_sheet)
        if result.outcome == "initiative_changed" and result.total is not None:
            # Delay / ready: the combatant acts on the new count from now on; the turn stays put.
            actor = replace(actor, initiative=result.total, tiebreak=list(result.tiebreak))
        if result.actor_sheet is not None or result.outcome == "initiative_changed":
            changed.append(actor)
        if target is not None and result.target_sheet is not None:
            target = target.with_sheet(result.target_sheet)
            changed.append(target)
        for sub in result.attacks:
            # A sub-result may hit someone else (a cleave's second target): apply it to that combatant.
            other = after.find(sub.target) if sub.target and sub.target_sheet is not None else None
            if other is not None and other.id not in {actor.id, target.id if target else None}:
                changed.append(other.with_sheet(sub.target_sheet or {}))
        for c in changed:
            self._put(after, c)
        commit = repo.Commit(
            upsert=changed,
            user_id=ctx.user_id,
            events=[(action, result.model_dump_json(exclude_defaults=True))],
            closed_exchanges=[(close.id, "resolved")] if close is not None else [],
        )
        await self._commit(enc, after, commit)
        return ActionOutcome(after, system, result, actor, target, self.is_gm(ctx, enc), automatic=automatic)

    # --- characters ------------------------------------------------------------------------------
    async def create_character(self, ctx: Ctx, system_id: str, name: str, stats: str | None) -> repo.Character:
        system = get_system(system_id)
        name = name.strip()
        if not name or len(name) > MAX_NAME:
            raise UserError("error.name_too_long", limit=MAX_NAME)
        sheet = self._rules(system.sheet, parse_pairs(stats))
        ch = repo.Character(0, ctx.guild_id, ctx.user_id, system.id, name, sheet.model_dump(mode="json"))
        new_id = await self.db.transaction(repo.insert_character, ch)
        if new_id is None:
            raise UserError("error.character_exists", name=name)
        ch.id = new_id
        return ch

    async def character(self, ctx: Ctx, name: str | None) -> repo.Character:
        if name:
            ch = await self.db.read(repo.get_character, ctx.guild_id, ctx.user_id, name)
            if ch is None:
                raise UserError("error.unknown_character", name=name)
            return ch
        mine = await self.characters(ctx)
        if len(mine) != 1:
            raise UserError("error.name_the_character" if mine else "error.no_characters")
        return mine[0]

    async def characters(self, ctx: Ctx) -> list[repo.Character]:
        return await self.db.read(repo.list_characters, ctx.guild_id, ctx.user_id)

    async def update_character(self, ctx: Ctx, name: str, stats: str) -> repo.Character:
        ch = await self.character(ctx, name)
        system = get_system(ch.system)
        changes = parse_pairs(stats)
        if not changes:
            raise UserError("error.nothing_to_set")
        current = self._rules(system.sheet, ch.sheet)
        sheet = self._rules(system.update_sheet, current, changes)
        ch.sheet = sheet.model_dump(mode="json")
        await self.db.transaction(repo.update_character, ch.id, ch.sheet)
        return ch

    async def rest_character(self, ctx: Ctx, name: str | None, hours: int) -> tuple[repo.Character, ActionResult]:
        """Rest out of combat: the system's own `rest` action applied to the character's sheet."""
        ch = await self.character(ctx, name)
        system = get_system(ch.system)
        if "rest" not in system.extra_actions:
            raise UserError("error.no_rest", system=system.name)
        rules_values, _ = await self._effective_settings(ctx, system)
        settings = self._rules(system.settings, rules_values)
        sheet = self._rules(system.sheet, ch.sheet)
        req = ActionRequest(Fighter(ch.name, sheet), None, self._rules(system.options, {"hours": hours}), settings)
        result: ActionResult = self._rules(system.act, "rest", req, self.dice)
        if result.actor_sheet is not None:
            ch.sheet = result.actor_sheet
            await self.db.transaction(repo.update_character, ch.id, ch.sheet)
        return ch, result

    async def delete_character(self, ctx: Ctx, name: str) -> repo.Character:
        ch = await self.character(ctx, name)
        await self.db.transaction(repo.delete_character, ch.id)
        return ch

    # --- settings --------------------------------------------------------------------------------
    async def _settings_system(self, ctx: Ctx, system_id: str | None) -> CombatSystem:
        if system_id:
            return get_system(system_id)
        enc = await self.encounter(ctx.channel_id)
        if enc is None:
            raise UserError("error.name_the_system")
        return get_system(enc.system)

    async def _effective_settings(self, ctx: Ctx, system: CombatSystem) -> tuple[dict[str, Any], dict[str, Any]]:
        rules_values: dict[str, Any] = {}
        bot_values: dict[str, Any] = {}
        for sys_id, target in ((system.id, rules_values), ("bot", bot_values)):
            guild, channel = await self.db.read(repo.load_settings, ctx.guild_id, ctx.channel_id, sys_id)
            target.update(guild)
            target.update(channel)
        rules_model = system.settings(rules_values)
        return rules_model.model_dump(mode="json"), BotSettings(**bot_values).model_dump(mode="json")

    async def pinned_language(self, guild_id: int, channel_id: int) -> str | None:
        """The language a GM pinned for this channel (or the server), if any; cached."""
        if channel_id not in self._pinned:
            guild, channel = await self.db.read(repo.load_settings, guild_id, channel_id, "bot")
            value = channel.get("language", guild.get("language", "auto"))
            self._pinned[channel_id] = None if value in (None, "auto") else str(value)
        return self._pinned[channel_id]

    async def show_settings(self, ctx: Ctx, system_id: str | None) -> SettingsView:
        system = await self._settings_system(ctx, system_id)
        rows: list[tuple[str, Any, str, str]] = []
        for sys_id, infos in ((system.id, system.setting_infos()), ("bot", describe_fields(BotSettings))):
            guild, channel = await self.db.read(repo.load_settings, ctx.guild_id, ctx.channel_id, sys_id)
            for info in infos:
                if info.name in channel:
                    rows.append((info.name, channel[info.name], "channel", info.help))
                elif info.name in guild:
                    rows.append((info.name, guild[info.name], "server", info.help))
                else:
                    rows.append((info.name, info.default, "default", info.help))
        return SettingsView(system, rows)

    async def set_setting(
        self, ctx: Ctx, name: str, value: str, system_id: str | None, scope: str
    ) -> tuple[CombatSystem | None, str, Any]:
        if not ctx.manager:
            raise UserError("error.manager_only")
        name = name.strip().casefold().replace("-", "_")
        if name in BotSettings.model_fields and not system_id:
            system = (await self._settings_system(ctx, None)) if await self.encounter(ctx.channel_id) else None
        else:
            system = await self._settings_system(ctx, system_id)
        owner, model = self._setting_owner(system, name)
        channel_id = 0 if scope == "server" else ctx.channel_id
        parsed = self._rules(model, {name: value})
        stored = parsed.model_dump(mode="json")[name]
        await self.db.transaction(repo.store_setting, ctx.guild_id, channel_id, owner, name, stored)
        self._pinned.clear()
        return system, name, stored

    async def reset_setting(self, ctx: Ctx, name: str | None, system_id: str | None, scope: str) -> int:
        if not ctx.manager:
            raise UserError("error.manager_only")
        self._pinned.clear()
        system = await self._settings_system(ctx, system_id)
        channel_id = 0 if scope == "server" else ctx.channel_id
        if name:
            name = name.strip().casefold().replace("-", "_")
            owner, _ = self._setting_owner(system, name)
            return await self.db.transaction(repo.clear_settings, ctx.guild_id, channel_id, owner, name)
        n = await self.db.transaction(repo.clear_settings, ctx.guild_id, channel_id, system.id, None)
        return n + await self.db.transaction(repo.clear_settings, ctx.guild_id, channel_id, "bot", None)

    @staticmethod
    def _setting_owner(system: CombatSystem | None, name: str) -> tuple[str, Any]:
        if system is not None and name in system.Settings.model_fields:
            return system.id, lambda data: system.settings(data)
        if name in BotSettings.model_fields:
            return "bot", _validate_bot_setting
        allowed = [*(system.Settings.model_fields if system else ()), *BotSettings.model_fields]
        raise UserError("error.unknown_setting", name=name, allowed=allowed)


def _validate_bot_setting(data: dict[str, Any]) -> BotSettings:
    result: BotSettings = validated(BotSettings, data, "setting")
    return result


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
