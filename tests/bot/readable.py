"""Reading rendered answers as a player does: does every check line add up?

A check line (see bot/presenters/checks.py) reads
    **Label** 2d10 (4+5) ×2 +3 Síla −2 X = **19** proti obraně **17** (10 základ +7 zbroj) · Zásah
or, with steps,
    **Zranění** d8 (5) +3 Síla = 8 − 2 zbroj = **6**
Shown dice × shown multiplier + signed parts must equal the first total; each step must turn one total
into the next; a versus' parenthesis must add up to its bold number. Lines with `?` (hidden) are skipped.
"""

from __future__ import annotations

import re

DICE = re.compile(r"(\d*)d(\d+) \(([^)]*)\)")
BOTCH = re.compile(r"⚠ .*?\([^)]*\)")
NUMBER = r"\d+(?:[.,]\d+)?"
PART = re.compile(rf"(?:^|\s)([+−-])({NUMBER})(?=\s|$)")
STEP = re.compile(rf"^([−+×÷↓↑≈→≥≤])\s*({NUMBER})?")
BOLD = re.compile(rf"\*\*({NUMBER}|\?)\*\*")
NAME_PREFIX = re.compile(r"^(?:\*\*[^*]+\*\*|[^*:]+): (?=\*\*)")


def _num(text: str) -> float:
    return float(text.replace(",", ".").replace("−", "-"))


def _dice_sum(text: str) -> tuple[float, str]:
    """Counted faces of every dice group in `text`, and the text with the groups removed."""
    total = 0.0
    for m in DICE.finditer(text):
        for token in re.split(r"[+\s]+", m.group(3)):
            token = token.strip()
            if not token or token.startswith("~~") or token.endswith("↺"):
                continue
            total += _num(token.rstrip("!"))
    return total, DICE.sub(" ", text)


def _apply(op: str, start: float, value: float | None) -> float:
    import math

    if op == "−":
        return start - (value or 0)
    if op == "+":
        return start + (value or 0)
    if op == "×":
        return start * (value or 1)
    if op == "÷":
        return start / (value or 1)
    if op == "↓":
        return math.floor(start)
    if op == "↑":
        return math.ceil(start)
    if op == "≈":
        return math.floor(start + 0.5)
    if op == "→":
        return value or 0
    if op == "≥":
        return max(start, value or 0)
    if op == "≤":
        return min(start, value or 0)
    raise AssertionError(op)


def check_line_errors(line: str) -> list[str]:
    """What does not add up on one rendered check line (empty when it adds up or is not a check line)."""
    line = NAME_PREFIX.sub("", line)  # "**Zbój 1**: **Stabilizace** d100 (41) …" — a name, then the check
    if not line.startswith("**") or " = " not in line or "?" in line:
        return []
    body = line.split(" · ")[0]
    body = BOTCH.sub(" ", body)
    versus = ""
    head, _, rest = body.partition(" = ")
    # The versus follows the last total: "**19** proti třídě zbroje **17** (…)".
    totals = list(BOLD.finditer(rest))
    if len(totals) >= 2:
        versus = rest[totals[0].end() :]
        rest = rest[: totals[0].end()]
    errors: list[str] = []
    label_end = head.find("**", 2) + 2
    dice, parts_text = _dice_sum(head[label_end:])
    multiplier = re.search(rf"\)\s*×({NUMBER})", head)
    if multiplier:
        dice *= _num(multiplier.group(1))
        parts_text = parts_text.replace(f"×{multiplier.group(1)}", " ", 1)
    if "→" in parts_text:  # a dice-step note "k8 (+1 …) →" precedes the dice; its numbers are not parts
        parts_text = parts_text.split("→")[-1]
    parts = sum((-1 if s in "−-" else 1) * _num(v) for s, v in PART.findall(parts_text))
    start = re.match(NUMBER, head[label_end:].strip())
    unsigned = _num(start.group(0)) if start and not DICE.match(head[label_end:].strip()) else 0.0
    expected = dice + parts + unsigned
    segments = rest.split(" = ")
    current = _num(segments[0].replace("*", "").split()[0])
    if abs(current - expected) > 1e-6:
        errors.append(f"{line}: shows {current}, dice and parts make {expected}")
    for seg in segments[:-1]:
        step_text = seg.replace("*", "").split(maxsplit=1)[1] if len(seg.split()) > 1 else ""
        m = STEP.match(step_text.strip())
        if not m:
            continue
        nxt = _num(segments[segments.index(seg) + 1].replace("*", "").split()[0])
        want = _apply(m.group(1), current, _num(m.group(2)) if m.group(2) else None)
        if abs(want - nxt) > 1e-6:
            errors.append(f"{line}: {current} {m.group(1)} {m.group(2)} should be {want}, shows {nxt}")
        current = nxt
    if versus:
        errors += _versus_errors(line, versus)
    return errors


def _last_group(text: str) -> str | None:
    """The contents of the parenthesis that closes `text` (dice groups nested inside it allowed)."""
    text = text.rstrip()
    if not text.endswith(")"):
        return None
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            return text[i + 1 : -1]
    return None


def _versus_errors(line: str, versus: str) -> list[str]:
    total = BOLD.search(versus)
    inner = _last_group(versus[total.end() :]) if total else None
    if total is None or inner is None or total.group(1) == "?" or " = " in inner:
        return []
    dice, text = _dice_sum(inner)
    multiplier = re.search(rf"\)\s*×({NUMBER})", inner)
    if multiplier:
        dice *= _num(multiplier.group(1))
        text = text.replace(f"×{multiplier.group(1)}", " ", 1)
    start = re.match(NUMBER, text.strip())
    unsigned = _num(start.group(0)) if start else 0.0
    parts = sum((-1 if s in "−-" else 1) * _num(v) for s, v in PART.findall(text))
    if abs(dice + parts + unsigned - _num(total.group(1))) > 1e-6:
        return [f"{line}: the versus shows {total.group(1)}, its parts make {dice + parts + unsigned}"]
    return []
