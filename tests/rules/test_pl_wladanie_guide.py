"""The players' guides (docs/guide/pl_wladanie.*.md): every console line's stats and options are the game's
words the vocabulary resolves, every template and defence it names exists, and the session they make,
replayed on the rules with any dice, never meets a refusal (the bot's doc test runs them through the
console itself)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from rules.dice import RandomDice
from rules.pairs import parse_pairs
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter
from tests.rules.guide_lines import registered

S = get_system("pl_wladanie")
STATS, OPTIONS = S.stat_vocabulary(), S.option_vocabulary()
GUIDES = sorted((Path(__file__).resolve().parents[2] / "docs/guide").glob("pl_wladanie.*.md"))
LINE = re.compile(r"^@(?P<user>\w+)(?::(?P<lang>\w+))?(?:\s+#\S+)?\s+/(?P<command>.+)$")
COMMANDS = {"character", "encounter", "initiative", "attack", "shot", "parry", "action", "settings", "roll"}


def console_lines(path: Path) -> list[tuple[str, list[str], dict[str, str]]]:
    """(user, command words, options) of every line in the guide's ```console blocks, in order."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
        for line in block.splitlines():
            if not line.strip():
                continue
            m = LINE.match(registered(line))
            assert m is not None, line
            words, params = [], {}
            for token in shlex.split(m.group("command")):
                key, sep, value = token.partition(":")
                if sep:
                    params[key] = value
                else:
                    words.append(token)
            assert words[0] in COMMANDS, line
            out.append((m.group("user"), words, params))
    return out


def test_there_is_a_guide_in_the_players_language_and_in_english() -> None:
    assert {p.name for p in GUIDES} >= {"pl_wladanie.pl.md", "pl_wladanie.en.md"}


@pytest.mark.parametrize("path", GUIDES, ids=lambda p: p.name)
def test_every_stats_and_options_line_is_in_the_games_words(path: Path) -> None:
    for _, words, params in console_lines(path):
        if "stats" in params:
            resolved = STATS.resolve(parse_pairs(params["stats"]))
            if words[:2] == ["encounter", "edit"]:
                S.edit_sheet(S.sheet({}), resolved)
            else:
                S.sheet(resolved)
        if "template" in params:
            assert params["template"] in S.templates()
        if "options" in params:
            S.options(OPTIONS.resolve(parse_pairs(params["options"])))
        if words[0] == "parry":
            assert params.get("option") in ("parry", "dodge", "none")
        if words[0] == "action":
            assert params["name"] in S.extra_actions


def _sheet(params: dict[str, str]) -> Any:
    if "template" in params:
        return S.sheet(STATS.resolve(parse_pairs(S.templates()[params["template"]])))
    return S.sheet(STATS.resolve(parse_pairs(params.get("stats", ""))))


def replay(path: Path, seed: int) -> dict[str, Any]:
    """The guide's session on the rules alone: the sheets it makes and every attack, shot, defence, edit
    and test on them (a defence answers the attack right before it, as the prompt would)."""
    dice = RandomDice(seed)
    settings = S.settings({})
    characters: dict[str, Any] = {}
    owner: dict[str, str] = {}
    fighting: dict[str, Any] = {}
    pending: dict[str, tuple[str, str, dict[str, Any]]] = {}
    for user, words, params in console_lines(path):
        command = " ".join(words)
        if command in ("character create", "character set"):
            base = characters.get(params["name"])
            made = _sheet(params)
            characters[params["name"]] = (
                S.update_sheet(base, STATS.resolve(parse_pairs(params["stats"]))) if base is not None else made
            )
        elif command == "encounter add":
            count = int(params.get("count", 1))
            names = [params["name"]] if count == 1 else [f"{params['name']} {i}" for i in range(1, count + 1)]
            for name in names:
                fighting[name] = _sheet(params)
        elif command == "encounter join":
            owner[user] = params["character"]
            fighting[params["character"]] = characters[params["character"]]
        elif words[0] in ("attack", "shot"):
            actor = params.get("attacker") or owner[user]
            target = params["target"]
            opts = S.options(OPTIONS.resolve(parse_pairs(params.get("options", ""))))
            distance = float(params["distance"]) if "distance" in params else None
            req = ActionRequest(
                Fighter(actor, fighting[actor]), Fighter(target, fighting[target]), opts, settings,
                params.get("weapon"), distance,
            )  # fmt: skip
            result = (S.shot if words[0] == "shot" else S.attack)(req, dice)
            if result.outcome == "pending_defence":
                pending[target] = (actor, target, result.exchange or {})
                if target not in owner.values():  # an NPC defends at once
                    _defend(fighting, pending.pop(target), None, settings, dice)
            elif result.target_sheet is not None:
                fighting[target] = S.sheet(result.target_sheet)
        elif words[0] == "parry":
            defender = params.get("defender") or owner[user]
            assert defender in pending, "the console refuses a /parry with nothing waiting"
            _defend(fighting, pending.pop(defender), params["option"], settings, dice)
        elif command == "encounter edit":
            name = params["combatant"]
            fighting[name] = S.edit_sheet(fighting[name], STATS.resolve(parse_pairs(params["stats"])))
        elif command == "action":
            actor = params.get("actor") or owner[user]
            opts = S.options(OPTIONS.resolve(parse_pairs(params.get("options", ""))))
            S.act(params["name"], ActionRequest(Fighter(actor, fighting[actor]), None, opts, settings), dice)
        elif command == "encounter next":
            assert not pending, "a defence is still waiting: the console would refuse /encounter next"
    assert not pending
    return fighting


def _defend(fighting: dict[str, Any], waiting: tuple[str, str, dict[str, Any]], choice: str | None,
            settings: Any, dice: RandomDice) -> None:  # fmt: skip
    actor, target, exchange = waiting
    answer = DefenceRequest(
        Fighter(target, fighting[target]), Fighter(actor, fighting[actor]), exchange, settings,
        choice or S.default_defence(exchange),
    )  # fmt: skip
    result = S.defend(answer, dice)
    if result.target_sheet is not None:
        fighting[target] = S.sheet(result.target_sheet)


@pytest.mark.parametrize("path", GUIDES, ids=lambda p: p.name)
def test_the_guides_session_plays_with_any_dice(path: Path) -> None:
    for seed in range(40):
        fighting = replay(path, seed)
        assert {"Jagna", "Bartek", "Zbój 1", "Zbój 2", "Herszt"} <= set(fighting)


@pytest.mark.parametrize("path", GUIDES, ids=lambda p: p.name)
def test_the_guides_attacks_on_players_always_wait_for_their_answer(path: Path) -> None:
    """The guide answers two attacks with /parry: their situations (back, flank, lying) make them hit on
    any die, so the answer always has an attack to answer."""
    lines = console_lines(path)
    for i, (_, words, _params) in enumerate(lines):
        if words[0] == "parry":
            _, attack, attack_params = lines[i - 1]
            assert attack[0] == "attack" and "options" in attack_params
            opts: Any = S.options(OPTIONS.resolve(parse_pairs(attack_params["options"])))
            assert opts.from_back and opts.flanked_or_pinned
