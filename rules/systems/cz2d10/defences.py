"""Vzor 2: which defences a defender may buy, and what a typed choice buys.

L459: "Zde nabývá významně na důležitosti pořadí, v němž se sčítají obranné bonusy do konečné obrany.
Základní pořadí je vždy následující: základ (13) + DEX + zbraň … + druhá zbraň … + krytí … + štít +
uhýbání." With the order `prefix` (A18) a defender buys the components from the first on: choosing one
component buys it and every one before it. The choices offered are the combinations the defender can pay
for, each named by its last component (`to_shield`: everything up to the shield)."""

from __future__ import annotations

import re

from rules.errors import RulesError
from rules.model import Note, Term
from rules.systems.cz2d10.resolve import err
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.values import Defence
from rules.vocabulary import fold

THROUGH = "to_"  # an offered prefix: this component and every one before it

# A component as a player types it: the seed's words (Czech) and the ids.
_WORDS: dict[str, tuple[str, ...]] = {
    "none": ("nechat dopadnout", "nic", "žádná", "bez obrany", "none"),
    "dex": ("obratnost", "obr", "dex"),
    "dex_half": ("polovina obratnosti", "obratnost", "dex"),
    "dex_two_thirds": ("dvě třetiny obratnosti", "obratnost", "dex"),
    "weapon": ("hlavní zbraň", "zbraň", "ovládání zbraně", "weapon"),
    "second_weapon": ("druhá zbraň", "sekundární zbraň", "second weapon"),
    "guard": ("krytí", "guard"),
    "shield_skill": ("ovládání štítu", "krytí štítem", "krytí", "shield skill"),
    "shield": ("štít", "shield"),
    "dodging": ("uhýbání", "dodging"),
}
_FOLDED = {key: frozenset(fold(w) for w in words) for key, words in _WORDS.items()}
_SPLIT = re.compile(r"\s*(?:,|\+|;|&|\ba\b|\band\b)\s*")


def order_of(d: Defence) -> list[str]:
    """The components the defender has, in the seed's order (the base is not bought)."""
    return [k for k, _, _ in d.components if k != "base"]


def offered(d: Defence, settings: Settings, budget: int) -> list[str]:
    """The defences to choose from besides "none": with `prefix`, each prefix the defender can pay for
    (`budget`: its actions and virtual reflex actions); with `free`, each component."""
    if settings.vzor2_defence_order == "free":
        return order_of(d)
    out: list[str] = []
    cost = 0
    for i, (key, _, price) in enumerate(c for c in d.components if c[0] != "base"):
        cost += price
        if cost > budget:
            break
        out.append(key if i == 0 else THROUGH + key)
    return out


def offer_notes(d: Defence, choices: list[str]) -> list[Note]:
    """One note per offered prefix: what it buys, for how many actions, and the defence it makes (the
    defender's numbers)."""
    notes = []
    for choice in choices:
        chosen = set(_through(d, choice.removeprefix(THROUGH)))
        cost = sum(p for k, _, p in d.components if k in chosen)
        params = {
            "components": [Term("term", "def_" + k) for k in order_of(d) if k in chosen],
            "count": cost,  # actions (the plural agrees with it)
            "defence": d.total(chosen),
        }
        notes.append(Note(key="defence_offer", params=params, side="target"))
    return notes


def parse_choice(choice: str, d: Defence, settings: Settings, budget: int) -> set[str]:
    """The components a typed or pressed choice buys: ids or the seed's words, one or several (joined by
    commas, "+", "a" or spaces); with `prefix` a single component buys the ones before it too (`budget`:
    what the defender can pay, for the refusal's example)."""
    order = order_of(d)
    picked = [k for part in _SPLIT.split(choice.strip()) if part.strip() for k in _components(part, order)]
    picked = [k for k in picked if k != "none"]
    if settings.vzor2_defence_order == "free":
        return {k.removeprefix(THROUGH) for k in picked}
    if len(picked) == 1:
        return set(_through(d, picked[0].removeprefix(THROUGH)))
    keys = [k.removeprefix(THROUGH) for k in picked]
    if picked and set(keys) != set(order[: len(keys)]):
        raise _not_prefix(order, offered(d, settings, budget))
    return set(keys)


def _through(d: Defence, key: str) -> list[str]:
    order = order_of(d)
    return order[: order.index(key) + 1]


def _components(typed: str, order: list[str]) -> list[str]:
    """The components one part of a choice names; words without a separator ("obratnost štít") are read
    as the longest names they make, from the left."""
    words, found, i = typed.split(), [], 0
    while i < len(words):
        for j in range(len(words), i, -1):
            key = _component(" ".join(words[i:j]), order)
            if key is not None:
                found.append(key)
                i = j
                break
        else:
            raise _unknown(typed if len(words) == 1 else words[i], order)
    return found


def _component(typed: str, order: list[str]) -> str | None:
    """The component a player means (one of `order`, "to_" one of them, or "none"), by id or word."""
    want = fold(typed)
    for key in ("none", *order):
        if want == THROUGH + key:
            return want
        if want == key or want in _FOLDED.get(key, ()):
            return key
    return None


def _unknown(typed: str, order: list[str]) -> RulesError:
    allowed = [Term("defence", "none"), *[Term("term", "def_" + k) for k in order]]
    return err("unknown_defence", choice=typed.strip(), allowed=allowed)


def _not_prefix(order: list[str], affordable: list[str]) -> RulesError:
    """The refusal of a list that skips a component: the order, and both ways to write a purchase (the
    examples the defender can pay for, when it can pay for any)."""
    last = affordable[-1].removeprefix(THROUGH) if affordable else order[-1]
    through = order[: order.index(last) + 1]
    return err(
        "defence_not_prefix",
        order=[Term("term", "def_" + k) for k in order],
        last=Term("term", "def_" + last),
        listed=[Term("term", "def_" + k) for k in through],
    )
