"""Which of the caster's spells an action means: named by the `spell` option (`zaklęcie:Pilum_of_Fire`)
or by the weapon slot of the command, or the sheet's only spell. A refusal lists the sheet's spells as
the player types them, so the next try can be copied from it."""

from __future__ import annotations

from rules.errors import RulesError
from rules.model import Message, Term
from rules.system import ActionRequest
from rules.systems.arm5.options import Options
from rules.systems.arm5.sheet import Sheet, Spell
from rules.vocabulary import fold, typed

# What the spell option is written as in an options line: "`opcje:zaklęcie:Pilum_of_Fire`".
SPELL_OPTION = "spell"


def spell_named(req: ActionRequest) -> str | None:
    """The spell the player named: the `spell` option first, else the command's weapon slot."""
    opts = req.options
    assert isinstance(opts, Options)
    name = opts.spell or req.weapon
    return name.strip() if name and name.strip() else None


def find_spell(sheet: Sheet, name: str | None) -> Spell | None:
    """The sheet's spell by its name, as written or as typed (any case, `_` for a space:
    `pilum_of_fire` is "Pilum of Fire"); without a name the sheet's only spell."""
    if name:
        for spell in sheet.spells:
            if spell.name == name:
                return spell
        return next((s for s in sheet.spells if fold(s.name) == fold(name)), None)
    return sheet.spells[0] if len(sheet.spells) == 1 else None


def spell_choices(spells: list[Spell]) -> list[Message]:
    """Each spell as the option that picks it, in the reader's typing: "`opcje:zaklęcie:Pilum_of_Fire`"."""
    return [option_line(SPELL_OPTION, typed(s.name)) for s in spells]


def chosen_spell(sheet: Sheet, name: str | None, who: str, value_given: bool) -> Spell | None:
    """The spell the action uses. None when the sheet has no such spell and the option gives the number
    the action needs (`value_given`: the spell's damage or Casting Score typed for this one cast), or
    when the sheet has no spells at all (the caller asks for that number). Several spells and none
    named, or a name not on the sheet, is refused with the sheet's spells and how to pick one."""
    spell = find_spell(sheet, name)
    if spell is not None or value_given or not sheet.spells:
        return spell
    if name:
        raise RulesError("error.arm5.spell_unknown", who=who, spell=name, choices=spell_choices(sheet.spells))
    raise RulesError("error.arm5.spell_not_chosen", who=who, choices=spell_choices(sheet.spells))


def option_line(option: str, value: str | int) -> Message:
    """An option with its value as the player types it in an options line: "`opcje:obrażenia_zaklęcia:15`"."""
    typed_pair = Message("syntax.arm5.option_value", {"option": Term("typed_option", option), "value": value})
    return Message("syntax.option", {"key": typed_pair})
