"""Grammatical gender of a character or combatant, typed as `gender:` (or its native name) in stats."""

from __future__ import annotations

from typing import Any

from bot.service.errors import UserError

KEYS = frozenset({"gender", "pohlaví", "pohlavi", "rod", "płeć", "plec", "genere", "sesso"})
VALUES = {
    "m": "m", "male": "m", "masculine": "m", "muž": "m", "muz": "m", "mužský": "m", "muzsky": "m",
    "mężczyzna": "m", "mezczyzna": "m", "męski": "m", "meski": "m", "maschile": "m", "maschio": "m", "uomo": "m",
    "f": "f", "female": "f", "feminine": "f", "ž": "f", "z": "f", "žena": "f", "zena": "f", "ženský": "f",
    "zensky": "f", "k": "f", "kobieta": "f", "żeński": "f", "zenski": "f", "femminile": "f", "femmina": "f",
    "donna": "f",
    "n": "n", "neuter": "n", "střední": "n", "stredni": "n", "nijaki": "n", "neutro": "n",
}  # fmt: skip


def take_gender(pairs: dict[str, Any]) -> str | None:
    """Remove a `gender:` pair (any of its names) from parsed stats; its value as m, f or n."""
    key = next((k for k in pairs if k in KEYS), None)
    if key is None:
        return None
    raw = pairs.pop(key)
    value = VALUES.get(str(raw).strip().casefold())
    if value is None:
        raise UserError("error.gender_value", value=raw)
    return value
