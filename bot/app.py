"""The application: database, service and catalog, and the discord.py Bot that serves them."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import signal
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.callback_client import CallbackClient
from bot.cogs import EXTENSIONS
from bot.cogs.base import SUPPORTED
from bot.collector import Collector
from bot.config import Config, check_deployment, describe_shards
from bot.i18n.catalog import Catalog, default_catalog
from bot.presenters import render
from bot.presenters.texts import Texts
from bot.service.game import ActionOutcome, GameService
from bot.service.state import Encounter
from bot.storage import repository as repo
from bot.storage.database import Database, describe
from bot.tracker import Gateway, Tracker
from rules import RandomDice

log = logging.getLogger(__name__)


def _warm() -> None:
    """Imported in the background once the bot is up, so no first command waits for it: every game's
    rules (a fight imports only its own when it comes first) and /roll's dice parser."""
    from bot import dice_roll
    from rules import all_systems

    all_systems()
    dice_roll.warm()


class App:
    """Everything a handler needs, built once per process (the console and tests build their own)."""

    def __init__(
        self, config: Config, db: Database, service: GameService, catalog: Catalog, roll_rng: random.Random | None
    ) -> None:
        self.config = config
        self.db = db
        self.service = service
        self.catalog = catalog
        self.roll_rng = roll_rng
        # Replaces a message the bot posted earlier (the defender's prompt): (channel, message, embeds, the
        # text above them or None); set by whoever talks to Discord.
        self.message_editor: Callable[[int, int, list[discord.Embed], str | None], Awaitable[None]] | None = None
        # Every slash command's qualified name (`encounter next`), for /help; filled when the cogs load.
        self.command_names: list[str] = []
        # Posts a message of the bot's own in a channel: (channel, content, embeds, users it may ping).
        self.message_poster: Callable[[int, str | None, list[discord.Embed], list[int]], Awaitable[None]] | None = None

        self.tracker: Tracker | None = None  # the live tracker, when something can post it
        self.callbacks: CallbackClient | None = None  # answers' POSTs, when talking to Discord
        self.collector = Collector()

    def enable_tracker(
        self,
        gateway: Gateway,
        now: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> Tracker:
        """Keep one live tracker message per fight, edited after every change the service commits."""
        timing: dict[str, Any] = {k: v for k, v in (("now", now), ("sleep", sleep)) if v is not None}
        interval = self.config.tracker_interval
        self.tracker = Tracker(gateway, self.tracker_embed, self.service.remember_tracker, interval=interval, **timing)
        self.service.on_change = self.tracker.touch
        return self.tracker

    async def tracker_embed(self, enc: Encounter) -> discord.Embed:
        from bot.presenters.tracker import tracker_embed
        from rules import get_system

        return tracker_embed(await self.table_texts(enc), enc, get_system(enc.system))

    def bot_commands(self) -> list[str]:
        return self.command_names

    async def retire_prompt(self, outcome: ActionOutcome, tx: Texts, why: str = "defence.automatic") -> bool:
        """The prompt becomes the result, edited in place with its buttons removed. False when it could
        not be edited (unknown message, deleted, no permission): then the caller posts the result once.
        `why` says why a default was rolled: the time ran out, or the GM moved on."""
        x = outcome.answers_to
        if x is None or x.message_id is None or self.message_editor is None:
            return False
        try:
            # A default rolled for the defender says so, as the result posted instead of the edit does.
            content = tx(why) if outcome.automatic else None
            embeds = [render.action_embed(tx, outcome)]
            await self.message_editor(outcome.encounter.channel_id, x.message_id, embeds, content)
        except (discord.NotFound, discord.Forbidden) as exc:  # deleted, or no permission: ordinary events
            log.info("could not replace prompt %s: %s", x.message_id, exc)
            return False
        except Exception:
            log.warning("could not replace prompt %s", x.message_id, exc_info=True)
            return False
        return True

    async def post(self, channel_id: int, content: str | None, embeds: list[discord.Embed], users: list[int]) -> None:
        """A message the bot sends on its own (a timeout's result, a change made from another channel)."""
        if self.message_poster is None:
            return
        try:
            await self.message_poster(channel_id, content, embeds, users)
        except discord.Forbidden as exc:  # the bot may not write there: an ordinary event
            log.info("could not post in channel %s: %s", channel_id, exc)
        except Exception:
            log.warning("could not post in channel %s", channel_id, exc_info=True)

    async def table_texts(self, enc: Encounter, guild_locale: str | None = None) -> Texts:
        """The language of what the bot says to the whole table: the channel's pinned language, else the
        one the fight was started in, else the server's, else the default."""
        pinned = await self.service.pinned_language(enc.guild_id, enc.channel_id)
        lang = pinned or enc.language or SUPPORTED.get(guild_locale or "", None) or self.config.default_locale
        return Texts(self.catalog, lang)

    async def settle_timeouts(self) -> None:
        """Defenders whose time ran out get the default defence; each prompt becomes its result, or the
        result is posted once where the prompt cannot be edited."""
        for outcome in await self.service.expire_due():
            tx = await self.table_texts(outcome.encounter)
            if not await self.retire_prompt(outcome, tx):
                embed = render.action_embed(tx, outcome)
                await self.post(outcome.encounter.channel_id, tx("defence.automatic"), [embed], [])

    @classmethod
    async def open(cls, config: Config, seed: int | None = None) -> App:
        db = await Database.open(config.database)
        log.info("storage: %s from %s", describe(config.database), config.database_source)
        dice = RandomDice(seed)
        roll_rng = random.Random(seed + 1) if seed is not None else None
        return cls(config, db, GameService(db, dice), default_catalog(), roll_rng)

    async def close(self) -> None:
        from bot.service import odds_pool

        odds_pool.shutdown()  # its worker processes go with the bot
        if self.tracker is not None:
            await self.tracker.stop()  # before the storage its edits read from
        if self.callbacks is not None:
            self.callbacks.close()
        await self.db.close()


class CombatBot(commands.Bot):
    def __init__(self, app: App, *, connect: bool = True, **shards: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            # Interactions come whatever the intents; the guilds intent keeps servers and channels known.
            # Nothing here reads messages, typing, reactions or voice: with the default intents Discord
            # would send every such event in every server, and discord.py would parse each one (a
            # Message object per chat line, a prefix-command lookup) for nobody.
            intents=discord.Intents(guilds=True),
            max_messages=None,  # no cache of messages: the bot edits its own by id (partial messages)
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),  # each message names whom it may ping
            chunk_guilds_at_startup=False,
            **shards,
        )
        self.app = app
        self._connect = connect

    async def install(self) -> None:
        """Load the cogs: the same command callbacks for Discord, the console and the tests."""
        from bot.cogs.defence import DefenceButton
        from bot.cogs.encounter import NextConfirm
        from bot.i18n.translator import CatalogTranslator

        await self.tree.set_translator(CatalogTranslator(self.app.catalog))
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.app.command_names = sorted(
            c.qualified_name for c in self.tree.walk_commands() if isinstance(c, app_commands.Command)
        )
        self.add_dynamic_items(DefenceButton, NextConfirm)
        await self.app.service.load_active(self.app.config.owns_guild)

    async def setup_hook(self) -> None:
        await self.install()
        if self._connect:
            self.app.message_editor = self._edit_message
            self.app.message_poster = self._post_message
            self.app.callbacks = CallbackClient(discord.http.Route.BASE, self.http.user_agent)
            from bot.gateway import DiscordGateway

            self.app.enable_tracker(DiscordGateway(self))
            await self.sync_if_changed()
            self.app.collector.started()
            self._warming = asyncio.create_task(asyncio.to_thread(_warm))  # what the first commands import
            self._expiry = asyncio.create_task(self._expire_loop())

    async def _edit_message(
        self, channel_id: int, message_id: int, embeds: list[discord.Embed], content: str | None
    ) -> None:
        channel = self.get_partial_messageable(channel_id)
        await channel.get_partial_message(message_id).edit(content=content, embeds=embeds, view=None)

    async def _post_message(
        self, channel_id: int, content: str | None, embeds: list[discord.Embed], users: list[int]
    ) -> None:
        from bot.cogs.base import allowed_mentions

        channel = self.get_partial_messageable(channel_id)
        await channel.send(content=content, embeds=embeds, allowed_mentions=allowed_mentions(users))

    async def _expire_loop(self) -> None:
        """Defenders who let the time run out get the system's default defence rolled for them; the
        sweep runs every `defence_sweep` seconds (DEFENCE_SWEEP, 5 by default; tests shorten it)."""
        while not self.is_closed():
            await asyncio.sleep(self.app.config.defence_sweep)
            try:
                await self.app.settle_timeouts()
            except Exception:
                log.exception("timeout sweep failed")

    async def sync_if_changed(self) -> None:
        """Sync slash commands only when their payload changed: Discord caps command creations a day."""
        guild = discord.Object(self.app.config.dev_guild_id) if self.app.config.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        digest = await command_hash(self.tree, guild)
        key = f"commands_hash:{guild.id if guild else 'global'}"
        if await self.app.db.read(repo.get_meta, key) == digest:
            log.info("slash commands unchanged; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        await self.app.db.transaction(repo.set_meta, key, digest)
        log.info("synced %d slash commands to %s", len(synced), f"guild {guild.id}" if guild else "all guilds")


class ShardedCombatBot(CombatBot, commands.AutoShardedBot):
    """The same bot on several gateway connections (SHARD_COUNT / SHARD_IDS): Discord sends each guild's
    events to shard `(guild_id >> 22) % count` only, so this process sees, locks and times out only the
    channels of its own guilds."""

    def __init__(self, app: App, *, connect: bool = True) -> None:
        config = app.config
        assert config.shard_count is not None and config.shard_ids is not None
        super().__init__(app, connect=connect, shard_count=config.shard_count, shard_ids=list(config.shard_ids))


def make_bot(app: App, *, connect: bool = True) -> CombatBot:
    """discord.py's AutoShardedBot when SHARD_COUNT is set, else the plain one-connection Bot."""
    if app.config.shard_count is not None:
        return ShardedCombatBot(app, connect=connect)
    return CombatBot(app, connect=connect)


async def command_payload(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> list[Any]:
    """Exactly what a sync would send, translations included; built offline."""
    translator = tree.translator
    if translator is None:
        return [cmd.to_dict(tree) for cmd in tree.get_commands(guild=guild)]
    return [await cmd.get_translated_payload(tree, translator) for cmd in tree.get_commands(guild=guild)]


async def command_hash(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> str:
    payload = await command_payload(tree, guild)
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


def point_at_endpoints(config: Config) -> None:
    """Talk to a Discord-compatible endpoint or a rate-limit proxy instead of discord.com when set."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway_url:
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


async def run_discord(config: Config) -> None:
    check_deployment(config)
    point_at_endpoints(config)
    log.info("starting: %s; database from %s", describe_shards(config), config.database_source)
    if config.dice_seed is not None:
        log.warning("DICE_SEED is set: the dice are reproducible (tests and replays only, never in play)")
    app = await App.open(config, config.dice_seed)
    bot = make_bot(app)
    stop_on_signals(bot)
    try:
        assert config.token
        await bot.start(config.token)
    finally:
        await bot.close()
        await app.close()


def stop_on_signals(bot: CombatBot) -> None:
    """SIGTERM (a service manager's stop, `docker stop`) and SIGINT close the bot as a normal exit does:
    the gateway is left, the database closed and the odds workers stopped. By default SIGTERM killed the
    process on the spot and left its worker processes running on their own."""
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()  # the loop keeps only weak references to tasks

    def close() -> None:
        task = loop.create_task(bot.close())
        closing.add(task)
        task.add_done_callback(closing.discard)

    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, close)
        except (NotImplementedError, RuntimeError):  # no signal handlers here (Windows, a non-main thread)
            pass
