"""What taking an action does to the actor: the kind of action (standard, full-round, move, reaction,
a readied action going off), restricted activity (disabled, staggered), the disabled character's 1 HP,
and the attacks of opportunity a combatant may still make this round."""

from __future__ import annotations

from typing import Literal

from rules.errors import RulesError
from rules.model import Note, Term
from rules.systems.dnd35.hp import apply_damage, fast_copy, note, with_conditions
from rules.systems.dnd35.settings import Settings
from rules.systems.dnd35.sheet import Sheet
from rules.systems.dnd35.tables import STANCES

# standard    an attack, a special attack, total defense, aid another …: the disabled pay 1 HP after it;
# full_round  a full attack, coup de grace: refused under restricted activity;
# move        a move action (a feint with Improved Feint): ends flat-footedness, costs nothing;
# reaction    an attack of opportunity: off one's turn, counted against the round's limit;
# readied     the readied (standard) action going off: off one's turn, uses up `readied`;
# ready       readying an action: a standard action whose cost is paid when the readied action goes off.
ActionKind = Literal["standard", "full_round", "move", "reaction", "readied", "ready"]

# "Každé kolo můžeš provést jen jednu pohybovou nebo standardní akci (ne však obojí, stejně jako nemůžeš
# provádět úplné akce)" (vyřazený); "Každé kolo můžeš udělat pouze pohybovou nebo standardní akci" (zbitý).
RESTRICTED = frozenset({"disabled", "staggered"})


def restricted(sheet: Sheet) -> list[str]:
    """The conditions that limit the sheet to one move or standard action a round (empty if none)."""
    return sorted(sheet.all_conditions & RESTRICTED)


def refuse_full_round(sheet: Sheet) -> None:
    limits = restricted(sheet)
    if limits:
        raise RulesError("error.dnd35.full_round_restricted", conditions=[Term("condition", c) for c in limits])


# --- attacks of opportunity -----------------------------------------------------------------------
def aoo_limit(sheet: Sheet) -> int:
    """ "Příležitostný útok … můžeš navíc provést jen jeden za kolo"; Bojové reflexy: "si můžeš k počtu
    příležitostných útoků … přičíst svůj bonus za Obratnost" (a bonus: never below one a round)."""
    if sheet.has_feat("combat_reflexes"):
        return 1 + max(0, sheet.mod("dex"))
    return 1


def aoo_left(sheet: Sheet) -> int:
    return max(0, aoo_limit(sheet) - sheet.aoo_used)


def spend_aoo(sheet: Sheet) -> Sheet:
    """One more attack of opportunity this round, or a RulesError saying the round's limit is reached."""
    if aoo_left(sheet) <= 0:
        raise RulesError("error.dnd35.aoo_limit", used=sheet.aoo_used, limit=aoo_limit(sheet))
    return fast_copy(sheet, {"aoo_used": sheet.aoo_used + 1})


# --- the turn's actions ---------------------------------------------------------------------------
# "V normálním kole můžeš provést standardní a pohybovou akci, nebo akci úplnou … Namísto standardní akce
# můžeš vždy provést akci pohybovou." A charge is "speciální úplná akce" ("během zteče můžeš zaútočit jen
# jednou"); under restricted activity it is the round's one standard action, and so is every action.
TurnAction = Literal["standard", "move", "full_round", "charge"]
WHOLE_TURN: frozenset[str] = frozenset({"full_round", "charge"})


def turn_action(kind: ActionKind, charge: bool) -> TurnAction | None:
    """What an action of this kind takes of the actor's turn: None off one's turn (an attack of
    opportunity, a readied action going off: readying it was the standard action)."""
    if kind in ("reaction", "readied"):
        return None
    if charge:
        return "charge"
    if kind in ("move", "full_round"):
        return kind
    return "standard"  # a standard action, or readying one


def _used(sheet: Sheet) -> list[Term]:
    return [Term("term", f"turn_{taken}") for taken in sheet.turn_actions]


def refuse_beyond_turn(sheet: Sheet, wanted: TurnAction) -> None:
    """A RulesError saying why the turn has no room left for `wanted`, or nothing when it has."""
    used = sheet.turn_actions
    if not used:
        return
    if "charge" in used:
        raise RulesError("error.dnd35.turn_after_charge")
    if "full_round" in used:
        raise RulesError("error.dnd35.turn_after_full_round")
    limits = restricted(sheet)
    if limits:
        conditions = [Term("condition", c) for c in limits]
        raise RulesError("error.dnd35.turn_restricted_spent", conditions=conditions, used=_used(sheet))
    if wanted in WHOLE_TURN:
        raise RulesError("error.dnd35.turn_no_full_round", used=_used(sheet))
    if len(used) >= 2 or (wanted == "standard" and "standard" in used):
        raise RulesError(f"error.dnd35.turn_no_{wanted}", used=_used(sheet))


def spend_turn(sheet: Sheet, settings: Settings, kind: ActionKind, charge: bool) -> Sheet:
    """The actor with this action counted against its turn, or (setting `action_economy`) a RulesError
    saying why the turn has no room for it. With the setting off only the first action is written: whether
    a combatant has acted this round decides a delay ("Rozhodneš-li se pozdržet svou akci, neděláš nic") and how long a
    stance lasts when its turn passes without an action."""
    taken = turn_action(kind, charge)
    if taken is None:
        return sheet
    if settings.action_economy:
        refuse_beyond_turn(sheet, taken)
    elif sheet.turn_actions:
        return sheet  # uncounted turns (a GM's many attacks) keep only that the combatant has acted
    return counted(sheet, taken)


_COUNTED = frozenset({"turn_actions"})


def counted(sheet: Sheet, taken: TurnAction) -> Sheet:
    """The sheet with one more action of the turn (a list of literals: no bounds to keep, so cheaper than
    `fast_copy`, on every attack)."""
    new = Sheet.__new__(Sheet)
    data = dict(sheet.__dict__)
    data["turn_actions"] = [*sheet.turn_actions, taken]
    object.__setattr__(new, "__dict__", data)
    was_set = sheet.__pydantic_fields_set__
    object.__setattr__(new, "__pydantic_fields_set__", was_set if "turn_actions" in was_set else was_set | _COUNTED)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


# --- before and after an action -------------------------------------------------------------------
def begin_action(sheet: Sheet, settings: Settings, kind: ActionKind, charge: bool = False, count: bool = True) -> Sheet:
    """The actor as the action starts: a full-round action is refused under restricted activity; the
    action is counted against the turn (`spend_turn`; not when `count` is off: the odds ask what an
    attack would do, they take no action); an action on one's own turn ends flat-footedness and (with
    `next_action` expiry) the previous stances; an attack of opportunity is counted against the round's;
    a readied action uses up `readied`."""
    if kind == "reaction":
        return spend_aoo(sheet)
    if kind == "readied":
        if "readied" not in sheet.turn_conditions:
            raise RulesError("error.dnd35.not_readied")
        return with_conditions(sheet, remove=("readied",))
    if kind == "full_round":
        refuse_full_round(sheet)
    sheet = spend_turn(sheet, settings, kind, charge)
    ending = ("flat_footed", *STANCES) if settings.stance_expiry == "next_action" else ("flat_footed",)
    return with_conditions(sheet, remove=ending)


def end_action(started: Sheet, sheet: Sheet, settings: Settings, kind: ActionKind, notes: list[Note]) -> Sheet:
    """A disabled actor "pokud uděláš jakoukoliv standardní akci (nebo cokoli jiného vysilujícího), jsi
    po dokončení dané věci zraněn za 1 život" — after every standard action (a charge under the limit,
    a readied action going off included), unless the setting turns it off."""
    if kind not in ("standard", "readied") or "disabled" not in started.conditions:
        return sheet
    if not settings.disabled_action_damage:
        return sheet
    notes.append(note("disabled_strain"))
    return apply_damage(sheet, 1, "lethal")
