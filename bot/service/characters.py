"""A user's characters: create, show, change, rest and delete."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from bot.gender import take_gender
from bot.service.context import Ctx
from bot.service.core import MAX_NAME, ServiceCore, _json, get_system
from bot.service.errors import UserError
from bot.service.outcomes import CharacterUpdate
from bot.service.state import sheet_data
from bot.storage import repository as repo
from rules import (
    ActionRequest,
    ActionResult,
    CombatSystem,
    Fighter,
    Message,
    Note,
    Term,
)
from rules.pairs import parse_pairs


class CharacterMixin(ServiceCore):
    """Characters per user per server."""

    async def create_character(
        self, ctx: Ctx, system_id: str, name: str, stats: str | None, template: str | None = None
    ) -> tuple[repo.Character, list[Note]]:
        """A new character from a stats line (and a template to start from); with the warnings about what
        the rules assumed or will ignore."""
        system = get_system(system_id)
        name = name.strip()
        if not name or len(name) > MAX_NAME:
            raise UserError("error.name_too_long", limit=MAX_NAME)
        pairs = parse_pairs(self._template_line(system, template))
        pairs.update(parse_pairs(stats))  # what the player typed adjusts the template
        gender = take_gender(pairs)
        pairs = self._stat_pairs(system, pairs)
        self._refuse_fight_state(system, pairs)
        sheet = self._rules(system.sheet, pairs)
        warnings = system.sheet_warnings(pairs, sheet)
        ch = repo.Character(0, ctx.guild_id, ctx.user_id, system.id, name, sheet_data(sheet), gender)
        new_id = await self.db.transaction(repo.insert_character, ch)
        if new_id is None:
            raise UserError("error.character_exists", name=name)
        ch.id = new_id
        return ch, warnings

    @staticmethod
    def _template_line(system: CombatSystem, template: str | None) -> str:
        if not template or not template.strip():
            return ""
        templates = system.templates()
        if template.strip() not in templates:
            known = [Message("syntax.named", {"name": Term("template", t), "key": f"`{t}`"}) for t in templates]
            error = UserError("error.unknown_template", template=template, known=known or ["—"])
            error.system = system.id
            raise error
        return str(templates[template.strip()])

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

    async def character_now(self, ctx: Ctx, name: str | None) -> tuple[repo.Character, int | None]:
        """The character as it stands now: in a running fight, the fight's sheet (wounds taken, points
        spent), with that fight's channel; the character's own sheet catches up when the fight ends."""
        ch = await self.character(ctx, name)
        return await self.in_fight(ch)

    async def in_fight(self, ch: repo.Character) -> tuple[repo.Character, int | None]:
        fights = await self.db.read(repo.combatants_of_character, ch.id)
        if not fights:
            return ch, None
        channel_id, combatant_id = fights[0]
        enc = await self.encounter(channel_id)
        c = enc.by_id(combatant_id) if enc is not None else None
        if c is None:
            return ch, None
        return replace(ch, sheet=c.sheet), channel_id

    async def characters(self, ctx: Ctx) -> list[repo.Character]:
        return await self.db.read(repo.list_characters, ctx.guild_id, ctx.user_id)

    def _updated(self, system: CombatSystem, current: BaseModel, changes: dict[str, Any]) -> BaseModel:
        """The sheet with `changes`; current HP set above the maximum raises the maximum with it, as a
        character made from the same line would have it (a level gained), rather than showing 20/10."""
        model: BaseModel = self._rules(system.update_sheet, current, changes)
        fields = system.Sheet.model_fields
        if "hp" not in changes or "hp" not in fields or "hp_max" not in fields or "hp_max" in changes:
            return model
        hp, top = getattr(model, "hp", None), system.status(model).hp_max
        if not isinstance(hp, int) or top is None or hp <= top:
            return model
        raised: BaseModel = self._rules(system.update_sheet, model, {"hp_max": hp})
        return raised

    async def update_character(self, ctx: Ctx, name: str, stats: str) -> CharacterUpdate:
        """Change a character's build or lasting fields; a character in a running fight gets the same
        change on its combatant, under that channel's lock and in one transaction."""
        ch = await self.character(ctx, name)
        system = get_system(ch.system)
        changes = parse_pairs(stats)
        gender = take_gender(changes)
        if not changes and gender is None:
            raise UserError("error.nothing_to_set")
        changes = self._stat_pairs(system, changes)
        self._refuse_fight_state(system, changes)
        current = self._rules(system.stored_sheet, ch.sheet)
        before = sheet_data(current)
        after = sheet_data(self._updated(system, current, changes)) if changes else before
        changed = {k: v for k, v in after.items() if before.get(k) != v}
        turn = [k for k in changed if system.field_classes.get(k, "build") not in ("build", "lasting")]
        if turn:
            raise UserError("error.turn_state_fields", keys=turn)
        rows: list[tuple[str, Any, Any]] = [(k, before.get(k), v) for k, v in changed.items()]
        if gender is not None and gender != ch.gender:
            rows.append(("gender", ch.gender, gender))
            ch.gender = gender
        fights = await self.db.read(repo.combatants_of_character, ch.id)
        if not fights:
            ch.sheet = after
            await self.db.transaction(repo.update_character, ch.id, ch.sheet, gender)
            return CharacterUpdate(ch, system, rows)
        channel_id, combatant_id = fights[0]
        async with self.lock(channel_id):
            enc = await self.encounter(channel_id)
            c = enc.by_id(combatant_id) if enc is not None else None
            if enc is None or c is None:  # the fight ended meanwhile
                ch.sheet = after
                await self.db.transaction(repo.update_character, ch.id, ch.sheet, gender)
                return CharacterUpdate(ch, system, rows)
            fighting = sheet_data(self._rules(system.sheet, {**c.sheet, **changed}))
            enc_after = enc.copy()
            updated = replace(c.with_sheet(fighting), gender=ch.gender)
            self._put(enc_after, updated)
            ch.sheet = after
            commit = repo.Commit(
                upsert=[updated],
                user_id=ctx.user_id,
                character_sheets=[(ch.id, after)],
                character_genders=[(ch.id, gender)] if gender is not None else [],
                events=[("character_set", _json({"name": c.name, "fields": sorted(changed)}))],
            )
            await self._commit(enc, enc_after, commit)
            return CharacterUpdate(ch, system, rows, fight=enc_after, combatant=updated)

    async def rest_character(self, ctx: Ctx, name: str | None, hours: int) -> tuple[repo.Character, ActionResult]:
        """Rest out of combat: the system's own `rest` action applied to the character's sheet."""
        ch = await self.character(ctx, name)
        system = get_system(ch.system)
        if "rest" not in system.extra_actions:  # the game's own answer (how to heal there) where it has one
            error = UserError("error.no_rest", system=system.name)
            error.system, error.by_game = system.id, True
            raise error
        fighting = await self.db.read(repo.fight_of_character, ch.id)
        if fighting is not None:  # resting would be overwritten by the fight's end
            raise UserError("error.rest_in_fight", name=ch.name, channel=f"<#{fighting}>")
        rules_values, _ = await self._effective_settings(ctx, system)
        settings = self._rules(system.settings, rules_values)
        sheet = self._rules(system.stored_sheet, ch.sheet)
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
