"""The bot speaks to Czech players with „vy“ everywhere: cz2d10's own texts must not fall back to „ty“
(the tester's item: „V plné obraně nemůžeš útočit“)."""

from __future__ import annotations

import json
import re
from pathlib import Path

CATALOG = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "cs" / "cz2d10.json"
# second person singular: present tense (-š), the possessive, and the imperatives these texts would use
THOU = re.compile(
    r"\b(\w+(?:eš|áš|íš|ěš)|tvůj|tvá|tvé|tvou|tvoje|tvého|tebe|tobě|začni|zapiš|napiš|piš|zvol|vyber|použij|zadej)\b",
    re.IGNORECASE,
)
NOT_VERBS = {"nejvýš", "příliš", "spíš", "víceméně"}


def test_no_czech_text_of_cz2d10_says_ty() -> None:
    texts = json.loads(CATALOG.read_text(encoding="utf-8"))
    found = {
        key: words
        for key, text in texts.items()
        if (words := [w for w in THOU.findall(text) if w.lower() not in NOT_VERBS])
    }
    assert not found, found


def test_the_full_defence_refusal_says_vy() -> None:
    texts = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert texts["error.cz2d10.full_defence_no_attack"] == "V plné obraně nemůžete útočit"
