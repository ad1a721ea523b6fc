"""Encounters: start, NPCs, joining, removing, status and the end."""

from __future__ import annotations

from bot.gender import take_gender
from bot.service.context import Ctx
from bot.service.core import MAX_COMBATANTS, MAX_COUNT, MAX_NAME, _json, get_system
from bot.service.errors import UserError
from bot.service.staging import StagingMixin
from bot.service.state import Combatant, Encounter, dump_sheet, sheet_data
from bot.storage import repository as repo
from rules import (
    CombatSystem,
    Message,
    Note,
)
from rules.pairs import parse_pairs


class EncounterMixin(StagingMixin):
    """Start, fill, inspect and end the channel's encounter."""

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
                language=ctx.lang,
            )
            try:
                enc.id = await self.db.transaction(repo.insert_encounter, enc)
            except repo.StaleEncounter:
                self._cache.pop(ctx.channel_id, None)
                raise UserError("error.encounter_exists") from None
            self._cache[ctx.channel_id] = enc
            return enc

    async def remember_tracker(self, encounter_id: int, message_id: int | None) -> None:
        """Where the fight's live tracker is, so a restart edits the same message."""
        await self.db.transaction(repo.set_tracker_message, encounter_id, message_id)
        for enc in self._cache.values():
            if enc is not None and enc.id == encounter_id:
                enc.tracker_message_id = message_id

    async def add_npcs(
        self, ctx: Ctx, name: str, stats: str | None, count: int | None, hidden: bool
    ) -> tuple[Encounter, list[Combatant], list[Note]]:
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
            pairs = parse_pairs(stats)
            gender = take_gender(pairs)
            pairs = self._stat_pairs(system, pairs)
            self._refuse_fight_state(system, pairs)
            sheet = self._rules(system.sheet, pairs)
            warnings = system.sheet_warnings(pairs, sheet)
            names = self._npc_names(enc, name, count)
            if len(enc.combatants) + len(names) > MAX_COMBATANTS:
                raise UserError("error.too_many_combatants", limit=MAX_COMBATANTS)
            dumped = dump_sheet(sheet_data(sheet))
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
                    gender=gender,
                )
                for i, n in enumerate(names)
            ]
            after = enc.copy()
            commit = repo.Commit(
                upsert=new, user_id=ctx.user_id, events=[("add", _json({"names": names, "hidden": hidden}))]
            )
            ids = await self._commit(enc, after, commit)
            for c, new_id in zip(new, ids, strict=True):
                c.id = new_id
            after.combatants.extend(new)
            return after, new, warnings

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
                raise UserError(  # the games by their names; the id only where it is typed (system:)
                    "error.character_system",
                    name=ch.name,
                    system=Message(f"system.{ch.system}.name", {}),
                    encounter=Message(f"system.{enc.system}.name", {}),
                    encounter_id=enc.system,
                )
            elsewhere = await self.db.read(repo.fight_of_character, ch.id)
            if elsewhere is not None:
                raise UserError("error.character_in_fight", name=ch.name, channel=f"<#{elsewhere}>")
            if enc.find(ch.name) is not None:
                raise UserError("error.name_taken", name=ch.name)
            if len(enc.combatants) >= MAX_COMBATANTS:
                raise UserError("error.too_many_combatants", limit=MAX_COMBATANTS)
            seq = max((c.seq for c in enc.combatants), default=0) + 1
            system = get_system(enc.system)
            c = Combatant(
                id=0,
                name=ch.name,
                owner_user_id=ctx.user_id,
                character_id=ch.id,
                hidden=False,
                sheet_json=dump_sheet(self._carried(system, ch.sheet)),
                seq=seq,
                gender=ch.gender,
            )
            # A character arrives with fresh per-round state (actions, declared blows), not last fight's.
            rules_settings, _ = self.encounter_settings(enc)
            fresh = self._rules(system.start_round, c.fighter(system), rules_settings, max(enc.round, 1), self.dice)
            if fresh is not None and fresh.actor_sheet is not None:
                c = self._valid(system, c, fresh.actor_sheet)
            after = enc.copy()
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
            after = enc.copy()
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
            after = enc.copy()
            after.status = "ended"
            after.pending = []
            system = get_system(enc.system)
            # Only what outlives a fight goes back: build and lasting fields, never turn state.
            sheets = [(c.character_id, self._carried(system, c.sheet)) for c in enc.combatants if c.character_id]
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
