"""A guide's console line by the names the commands and options are registered with. A Czech, Polish or
Italian guide writes a line as its user's Discord shows it (`@ana:cs #boj /střetnutí přidat jméno:Goblin`);
the rules' guide tests read it as the bot receives it (`/encounter add name:Goblin`), as the console does."""

from __future__ import annotations

import re
from functools import cache

from bot.i18n.catalog import default_catalog

LINE = re.compile(r"^(?P<head>@[\w.\-]+:(?P<lang>[a-z]{2})\s+(?:#[\w.\-]+\s+)?)(?P<command>/.*)$")
WORD = re.compile(r'(?:[^\s"]+|"[^"]*")+')


@cache
def _names(lang: str) -> tuple[dict[tuple[tuple[str, ...], str], str], dict[str, str]]:
    """The language's command words (under their parent's registered path) and option names → registered."""
    commands: dict[tuple[tuple[str, ...], str], str] = {}
    options: dict[str, str] = {}
    for key, text in default_catalog().messages[lang].items():
        if key.startswith("name.cmd."):
            parts = key.removeprefix("name.cmd.").split(".")
            commands[(tuple(parts[:-1]), text)] = parts[-1]
        elif key.startswith("name.opt."):
            options[text] = key.removeprefix("name.opt.")
    return commands, options


def registered(line: str) -> str:
    """`@ana:cs #boj /střetnutí přidat jméno:Goblin` → `@ana:cs #boj /encounter add name:Goblin`."""
    found = LINE.match(line)
    if found is None or found["lang"] == "en":
        return line
    commands, options = _names(found["lang"])
    words = WORD.findall(found["command"])
    path: list[str] = []
    while words and ":" not in words[0]:
        word = words.pop(0).lstrip("/")
        path.append(commands.get((tuple(path), word), word))
    rest = []
    for word in words:
        name, colon, value = word.partition(":")
        rest.append(f"{options.get(name, name)}{colon}{value}")
    return found["head"] + " ".join(["/" + " ".join(path), *rest])
