"""GM settings: a server default with per-channel overrides, and the channel's pinned language."""

from __future__ import annotations

from typing import Any

from bot.service.bot_settings import BotSettings
from bot.service.context import Ctx
from bot.service.core import ServiceCore, get_system, settings_in_force
from bot.service.errors import UserError
from bot.service.outcomes import SettingSaved, SettingsView
from bot.storage import repository as repo
from bot.storage.tx import Tx
from rules import (
    CombatSystem,
)
from rules.model import Term
from rules.system import describe_fields, validated

PINNED_LIMIT = 10_000  # channels whose pinned language is remembered


class SettingsMixin(ServiceCore):
    """GM settings and the pinned language."""

    async def _settings_system(self, ctx: Ctx, system_id: str | None) -> CombatSystem:
        if system_id:
            return get_system(system_id)
        enc = await self.encounter(ctx.channel_id)
        if enc is None:
            raise UserError("error.name_the_system")
        return get_system(enc.system)

    async def pinned_language(self, guild_id: int, channel_id: int) -> str | None:
        """The language a GM pinned for this channel (or the server), if any; cached."""
        if channel_id not in self._pinned:
            if len(self._pinned) >= PINNED_LIMIT:  # bounded: forgotten entries are simply read again
                self._pinned.clear()
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

    async def set_setting(self, ctx: Ctx, name: str, value: str, system_id: str | None, scope: str) -> SettingSaved:
        """Store a setting; the fight running in this channel (if any) takes it from the next command."""
        if not ctx.manager:
            raise UserError("error.manager_only")
        name = name.strip().casefold().replace("-", "_")
        if name in BotSettings.model_fields and not system_id:
            system = (await self._settings_system(ctx, None)) if await self.encounter(ctx.channel_id) else None
        else:
            system = await self._settings_system(ctx, system_id)
        owner, model = self._setting_owner(system, name)
        channel_id = 0 if scope == "server" else ctx.channel_id
        try:
            parsed = self._parse_setting(model, name, value)
        except UserError as exc:  # the setting's own name and values in the reader's words
            exc.system = system.id if system is not None else None
            raise
        stored = parsed.model_dump(mode="json")[name]

        async def write(tx: Tx) -> None:
            await repo.store_setting(tx, ctx.guild_id, channel_id, owner, name, stored)

        fight = await self._write_settings(ctx, owner, write)
        self._pinned.clear()
        return SettingSaved(system, name, stored, fight)

    def _parse_setting(self, model: Any, name: str, value: str) -> Any:
        """The setting parsed as typed; a numbered choice (cz2d10's hit table 1, 2 or 3) typed as its
        number is the number, which the choice's literal takes (the text "2" it refuses)."""
        try:
            return self._rules(model, {name: value})
        except UserError:
            text = value.strip()
            if not text.lstrip("-").isdigit():
                raise
            return self._rules(model, {name: int(text)})

    async def reset_setting(self, ctx: Ctx, name: str | None, system_id: str | None, scope: str) -> int:
        if not ctx.manager:
            raise UserError("error.manager_only")
        self._pinned.clear()
        system = await self._settings_system(ctx, system_id)
        channel_id = 0 if scope == "server" else ctx.channel_id
        owners = [system.id, "bot"]
        if name:
            name = name.strip().casefold().replace("-", "_")
            owner, _ = self._setting_owner(system, name)
            owners = [owner]
        cleared = 0

        async def write(tx: Tx) -> None:
            nonlocal cleared
            for owner in owners:
                cleared += await repo.clear_settings(tx, ctx.guild_id, channel_id, owner, name)

        await self._write_settings(ctx, system.id, write)
        return cleared

    async def _write_settings(self, ctx: Ctx, owner: str, write: Any) -> bool:
        """Run `write` and, in the same transaction, give the fight running in this channel the settings in
        force here now (a GM who turns turn order off mid-fight means this fight). True when it took them."""
        async with self.lock(ctx.channel_id):
            enc = await self.encounter(ctx.channel_id)
            if enc is None or owner not in ("bot", enc.system):
                await self.db.transaction(write)
                return False
            system = get_system(enc.system)
            taken: dict[str, Any] = {}

            async def write_both(tx: Tx) -> None:
                await write(tx)
                taken["rules"], taken["bot"] = await settings_in_force(tx, ctx.guild_id, ctx.channel_id, system)
                if taken != enc.settings:
                    await repo.set_encounter_settings(tx, enc.id, taken)

            await self.db.transaction(write_both)
            if taken == enc.settings:
                return True  # in force in the fight already
            after = enc.copy()
            after.settings = taken
            self._cache[ctx.channel_id] = after
            self._settings_cache.pop(enc.id, None)
            return True

    @staticmethod
    def _setting_owner(system: CombatSystem | None, name: str) -> tuple[str, Any]:
        if system is not None and name in system.Settings.model_fields:
            return system.id, lambda data: system.settings(data)
        if name in BotSettings.model_fields:
            return "bot", _validate_bot_setting
        allowed = [*(system.Settings.model_fields if system else ()), *BotSettings.model_fields]
        error = UserError("error.unknown_setting", name=name, allowed=[Term("settingname", n) for n in allowed])
        error.system = system.id if system is not None else None
        raise error


def _validate_bot_setting(data: dict[str, Any]) -> BotSettings:
    result: BotSettings = validated(BotSettings, data, "setting")
    return result

