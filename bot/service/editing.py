"""The GM's hands on a running fight: `/encounter edit` and effects with durations."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.gender import take_gender
from bot.service.context import Ctx
from bot.service.core import ServiceCore, _json, get_system
from bot.service.errors import UserError
from bot.service.outcomes import EditOutcome
from bot.service.state import Combatant, Effect, Encounter, sheet_data
from bot.storage import repository as repo
from rules import CombatSystem, Term
from rules.pairs import parse_pairs

# Keys the bot itself holds for a combatant (not the rules' sheet), in the four languages.
INITIATIVE_KEYS = frozenset({"initiative", "init", "iniciativa", "inicjatywa", "iniziativa"})
MAX_EFFECT_NAME = 60
MAX_EFFECTS = 20


class EditMixin(ServiceCore):
    """Change a combatant mid-fight; put conditions and effects on and take them off."""

    async def edit_combatant(self, ctx: Ctx, name: str, stats: str) -> EditOutcome:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            system = get_system(enc.system)
            c = self._find(enc, name)
            pairs = parse_pairs(stats)
            if not pairs:
                raise UserError("error.nothing_to_set")
            init = next((pairs.pop(k) for k in list(pairs) if k in INITIATIVE_KEYS), None)
            gender = take_gender(pairs)
            # The GM may change any field (turn state included) by its name or an edit alias.
            direct = {*system.edit_aliases, *system.Sheet.model_fields}
            pairs = self._stat_pairs(system, pairs, keep=direct)
            before = c.sheet
            rules_settings, _ = self.encounter_settings(enc)  # graded by the fight's own thresholds
            model = self._rules(system.edit_sheet, c.model(system), pairs, rules_settings) if pairs else c.model(system)
            after_sheet = sheet_data(model)
            changes: list[tuple[str, Any, Any]] = [
                (k, before.get(k), v) for k, v in after_sheet.items() if before.get(k) != v
            ]
            updated = c.with_sheet(after_sheet) if changes else c
            current = enc.current(system.initiative_descending)
            if init is not None:
                value = self._initiative_value(c, init)
                changes.append(("initiative", c.initiative, value))
                updated = replace(updated, initiative=value)
            if gender is not None and gender != c.gender:
                changes.append(("gender", c.gender, gender))
                updated = replace(updated, gender=gender)
            if not changes:
                raise UserError("error.nothing_changed", name=c.name)
            after = enc.copy()
            self._put(after, updated)
            self._keep_turn(after, current, system)  # a new initiative re-sorts; the turn stays put
            event = _json({"name": c.name, "changes": [[k, b, a] for k, b, a in changes]})
            await self._commit(enc, after, repo.Commit(upsert=[updated], user_id=ctx.user_id, events=[("edit", event)]))
            return EditOutcome(after, system, updated, changes)

    @staticmethod
    def _initiative_value(c: Combatant, text: Any) -> int:
        raw = str(text).strip().replace("−", "-")
        relative = raw[:1] in "+-" and c.initiative is not None
        try:
            number = int(raw.lstrip("="))
        except ValueError:
            raise UserError("error.initiative_number", value=raw) from None
        value = (c.initiative or 0) + number if relative else number
        if not -1000 <= value <= 1000:
            raise UserError("error.initiative_number", value=raw)
        return value

    async def add_effect(self, ctx: Ctx, name: str, effect: str, rounds: int | None, ends: str | None) -> EditOutcome:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            system = get_system(enc.system)
            c = self._find(enc, name)
            label = effect.strip()
            if not label or len(label) > MAX_EFFECT_NAME:
                raise UserError("error.effect_name", limit=MAX_EFFECT_NAME)
            condition = label in system.conditions()
            kept = [e for e in c.effects if e.name.casefold() != label.casefold()]
            if len(kept) >= MAX_EFFECTS:
                raise UserError("error.too_many_effects", limit=MAX_EFFECTS)
            new = Effect(label, condition, rounds, ends or "end")
            updated = replace(c, effects=[*kept, new])
            if condition:
                model = self._rules(system.set_condition, c.model(system), label, True)
                updated = updated.with_sheet(sheet_data(model))
            return await self._write_effect(ctx, enc, system, updated, new, removed=False)

    async def remove_effect(self, ctx: Ctx, name: str, effect: str) -> EditOutcome:
        async with self.lock(ctx.channel_id):
            enc = await self._require(ctx)
            self._require_gm(ctx, enc)
            system = get_system(enc.system)
            c = self._find(enc, name)
            label = effect.strip()
            found = next((e for e in c.effects if e.name.casefold() == label.casefold()), None)
            on_sheet = label in system.conditions() and label in c.status(system).conditions
            if found is None and not on_sheet:
                on = [Term("condition", k) for k in c.status(system).conditions if k in system.conditions()]
                shown: list[Term | str] = [*(e.name for e in c.effects if not e.condition), *on] or ["—"]
                named = Term("condition", label) if label in system.conditions() else label
                raise UserError("error.no_such_effect", name=c.name, effect=named, effects=shown)
            gone = found or Effect(label, True)
            updated = replace(c, effects=[e for e in c.effects if e is not found])
            if gone.condition or on_sheet:
                model = self._rules(system.set_condition, c.model(system), gone.name, False)
                updated = updated.with_sheet(sheet_data(model))
            return await self._write_effect(ctx, enc, system, updated, gone, removed=True)

    async def _write_effect(
        self, ctx: Ctx, enc: Encounter, system: CombatSystem, updated: Combatant, effect: Effect, removed: bool
    ) -> EditOutcome:
        after = enc.copy()
        self._put(after, updated)
        event = _json({"name": updated.name, "effect": effect.to_json(), "removed": removed})
        await self._commit(enc, after, repo.Commit(upsert=[updated], user_id=ctx.user_id, events=[("effect", event)]))
        return EditOutcome(after, system, updated, effect=effect, removed=removed)
