"""A user's characters: create, show, change, rest and delete."""

from __future__ import annotations

from bot.parsing import parse_pairs
from bot.service.context import Ctx
from bot.service.core import MAX_NAME, ServiceCore, get_system
from bot.service.errors import UserError
from bot.storage import repository as repo
from rules import (
    ActionRequest,
    ActionResult,
    Fighter,
)


class CharacterMixin(ServiceCore):
    """Characters per user per server."""

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
