"""Power attack has a Czech key and label (QA finding 9): it was the only key a Czech player could not type
in Czech („power_attack — Power attack“ in the help, the sheet and the one-line form). The seed itself keeps
the English phrase ("Některé schopnosti (specializace na zbraň a power attack) umožňují zvýšit způsobené
zranění"), so the Czech label keeps it in brackets; the id still works as a key."""

from __future__ import annotations

import json
from pathlib import Path

from rules import get_system
from rules.pairs import parse_pairs

S = get_system("cz2d10")
CATALOG = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "cs" / "cz2d10.json"


def test_the_one_line_form_writes_the_czech_key() -> None:
    for typed in ("silový_útok:2", "power_attack:2"):
        sheet = S.sheet(S.stat_vocabulary().resolve(parse_pairs(f"síla:9 obratnost:6 zbraň:meč {typed}")))
        assert sheet.power_attack == 2
        line = S.sheet_line(sheet)
        assert "silový_útok:2" in line and "power_attack" not in line


def test_the_czech_label_is_czech() -> None:
    texts = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert texts["term.cz2d10.power_attack"].startswith("Silový útok")
    assert texts["meaning.cz2d10.power_attack"].startswith("Silový útok")
