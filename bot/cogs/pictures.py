"""Wound pictures attached to answers (issue 16): `/character show`, `/encounter status picture:true` and,
with the GM setting `wound_picture`, attack answers that hit a body part.

Rendering takes a few milliseconds of CPU; it runs in a worker thread so the event loop never waits on
it, and a picture that cannot be drawn is logged and left out: the answer itself always goes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from bot.cogs.base import Reply
from bot.presenters import picture as pictures
from bot.presenters.fight_log import LogFile
from bot.presenters.texts import Texts
from bot.service.game import ActionOutcome
from bot.service.state import Combatant, Encounter
from rules import ActionResult, CombatSystem

if TYPE_CHECKING:
    from bot.app import App

log = logging.getLogger(__name__)
MOST = 10  # Discord's attachments per message


async def render(
    tx: Texts,
    system: CombatSystem,
    name: str,
    sheet: Any,
    gender: str | None,
    hidden: bool = False,
    settings: Any = None,
    taken: frozenset[str] | set[str] = frozenset(),
) -> LogFile | None:
    """One combatant's picture (None: no hit locations, or it could not be drawn)."""
    if system.body(sheet, settings) is None:
        return None
    try:
        return await asyncio.to_thread(pictures.picture, tx, system, name, sheet, gender, hidden, settings, taken)
    except Exception:
        log.exception("could not draw the wound picture of %s (%s)", name, system.id)
        return None


async def status_pictures(
    app: App, tx: Texts, enc: Encounter, system: CombatSystem, gm: bool
) -> tuple[list[LogFile], bool]:
    """A picture of every combatant with a body, in the status order, a hidden NPC as the asker may see
    it (the GM fully, privately; players its silhouette and descriptor); at most ten. True when capped."""
    settings = app.service.encounter_settings(enc)[0]
    shown = [c for c in enc.order(system.initiative_descending) if system.body(c.model(system), settings)]
    files: list[LogFile] = []
    for c in shown[:MOST]:
        taken = {f.name for f in files}
        f = await render(tx, system, c.name, c.model(system), c.gender, c.hidden and not gm, settings, taken)
        if f is not None:
            files.append(f)
    return files, len(shown) > MOST


def hit_a_part(r: ActionResult) -> bool:
    """The answer hit a body part: a location named by the result, one of its checks or a sub-attack."""
    if r.outcome == "pending_defence":
        return False
    return bool(r.location or any(c.location for c in r.checks) or any(hit_a_part(s) for s in r.attacks))


async def with_hit_picture(app: App, tx: Texts, o: ActionOutcome, reply: Reply) -> Reply:
    """With the GM setting on, an answer that hit a body part gets the target's picture: in the public
    message for a target the table may see; for a hidden target only in the GM's private copy."""
    target: Combatant | None = o.target
    if not o.wound_picture or target is None or not hit_a_part(o.result):
        return reply
    settings = app.service.encounter_settings(o.encounter)[0]
    f = await render(tx, o.system, target.name, target.model(o.system), target.gender, False, settings)
    if f is None:
        return reply
    if not target.hidden:
        if reply.edit:  # an edited prompt keeps its attachments: the picture follows it
            reply.followups.append(Reply(files=[f]))
        else:
            reply.files.append(f)
    elif o.gm_view:
        private = next((x for x in reply.followups if x.ephemeral), None)
        if private is None:
            reply.followups.append(Reply(files=[f], ephemeral=True))
        else:
            private.files.append(f)
    return reply
