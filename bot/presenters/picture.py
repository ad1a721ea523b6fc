"""The wound picture: a body silhouette whose parts are filled by their wound severity and marked with a
letter, and a legend below naming each part and its level in the reader's words (issue 16).

Colour is never the only sign: every part carries its letter, the legend says the level in words, and a
destroyed or amputated part is hatched and outlined and named so. The ramp is ColorBrewer's 5-class YlOrBr
(sequential, light to dark, readable with every common colour-vision deficiency and in greyscale).
A hidden NPC's picture for players (`hidden`) fills every part with the neutral grey and lists no level:
only the name and the descriptor the text shows.

Pillow is imported inside the functions: the bot starts without paying for it. One picture takes a few
milliseconds (`bench`: see tests/bot/test_wound_picture.py) and stays far below 50 KB (palette PNG).
The font is DejaVu Sans, shipped in bot/assets/fonts with its licence (LICENSE-DejaVu.txt).
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.presenters.fight_log import LogFile
from bot.presenters.texts import Texts
from rules import BodyPart, CombatSystem

if TYPE_CHECKING:
    from PIL import ImageFont

FONT = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "DejaVuSans.ttf"
WIDTH = 360
LABEL_PX = 15  # legend and title text (≥ 14 px)
LETTER_PX = 17  # the letter on each part
PAD = 12
FIGURE_H = 290
FIGURE_TOP = PAD + 2 * (LABEL_PX + 7)  # under the title and the summary line

# Severity 0 (unhurt) … 4 (the worst before destroyed): ColorBrewer YlOrBr, 5 classes.
RAMP: tuple[tuple[int, int, int], ...] = (
    (0xFF, 0xFF, 0xD4),
    (0xFE, 0xD9, 0x8E),
    (0xFE, 0x99, 0x29),
    (0xD9, 0x5F, 0x0E),
    (0x99, 0x34, 0x04),
)
NEUTRAL = (0xBD, 0xBD, 0xBD)  # a hidden NPC's parts: nothing known
BACKGROUND = (0xFA, 0xFA, 0xFA)
INK = (0x21, 0x21, 0x21)
WHITE = (0xFF, 0xFF, 0xFF)
MUTED = (0x61, 0x61, 0x61)

# Regions of the figure, facing the viewer (its right side on the viewer's left), as (kind, box).
# The six parts every system with hit locations has; finer parts, where a system has them, are drawn over
# the ends of their limb (hands, feet) or the lower torso (abdomen).
_X = WIDTH // 2
REGIONS: dict[str, tuple[str, tuple[int, int, int, int]]] = {
    "head": ("ellipse", (_X - 27, 8, _X + 27, 66)),
    "torso": ("rounded", (_X - 44, 74, _X + 44, 178)),
    "abdomen": ("rounded", (_X - 44, 140, _X + 44, 178)),
    "right_arm": ("rounded", (_X - 80, 76, _X - 50, 196)),
    "left_arm": ("rounded", (_X + 50, 76, _X + 80, 196)),
    "right_hand": ("ellipse", (_X - 82, 198, _X - 48, 226)),
    "left_hand": ("ellipse", (_X + 48, 198, _X + 82, 226)),
    "right_leg": ("rounded", (_X - 42, 184, _X - 4, 270)),
    "left_leg": ("rounded", (_X + 4, 184, _X + 42, 270)),
    "right_foot": ("rounded", (_X - 50, 256, _X - 4, 282)),
    "left_foot": ("rounded", (_X + 4, 256, _X + 50, 282)),
}
_DRAW_ORDER = list(REGIONS)
LETTER_ORDER = ("head", "torso", "abdomen", "right_arm", "right_hand", "left_arm", "left_hand", "right_leg",
                "right_foot", "left_leg", "left_foot")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Row:
    """One legend row: the part's letter, its name, what state it is in (text), its fill colour."""

    letter: str
    name: str
    state: str
    colour: tuple[int, int, int]
    gone: bool


def severity_colour(severity: int) -> tuple[int, int, int]:
    return RAMP[max(0, min(4, severity))]


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(str(FONT), size)


def _palette() -> list[int]:
    """Every colour the picture may hold: the named ones exactly, the greys and blends text edges need."""
    named = [BACKGROUND, INK, WHITE, MUTED, NEUTRAL, *RAMP]
    colours: list[tuple[int, int, int]] = list(named)
    for base in [BACKGROUND, WHITE, NEUTRAL, *RAMP]:
        for ink in (INK, WHITE):
            for t in (0.2, 0.4, 0.6, 0.8):
                r, g, b = (round(c + (i - c) * t) for c, i in zip(base, ink, strict=True))
                colours.append((r, g, b))
    unique = list(dict.fromkeys(colours))[:256]
    flat = [v for c in unique for v in c]
    return flat + [0] * (768 - len(flat))


@cache
def _palette_image() -> Any:
    from PIL import Image

    pal = Image.new("P", (1, 1))
    pal.putpalette(_palette())
    return pal


def _fit(text: str, size: int, width: int) -> str:
    f = font(size)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _text_colour(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    luminance = 0.2126 * fill[0] + 0.7152 * fill[1] + 0.0722 * fill[2]
    return INK if luminance > 120 else WHITE


def draw(title: str, subtitle: str, parts: Sequence[tuple[str, Row]], note: str | None = None) -> bytes:
    """The PNG: the figure with each (region key, row) filled and lettered, and the legend under it."""
    from PIL import Image, ImageDraw

    label = font(LABEL_PX)
    line_h = LABEL_PX + 7
    inner = WIDTH - 2 * PAD
    legend: list[tuple[Row, list[str]]] = []
    for _, row in parts:
        head = f"{row.name}: {row.state}" if row.state else row.name
        if label.getlength(head) <= inner - 34:
            legend.append((row, [head]))
        else:
            legend.append((row, [_fit(row.name + ":", LABEL_PX, inner - 34), _fit(row.state, LABEL_PX, inner - 34)]))
    notes = [_fit(note, LABEL_PX, inner)] if note else []
    height = PAD + 2 * line_h + FIGURE_H + sum(len(lines) for _, lines in legend) * line_h + len(notes) * line_h + PAD
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(img)
    pen.text((PAD, PAD), _fit(title, LABEL_PX, inner), font=label, fill=INK)
    pen.text((PAD, PAD + line_h), _fit(subtitle, LABEL_PX, inner), font=label, fill=MUTED)
    top = FIGURE_TOP
    drawn = {key for key, _ in parts}
    for key in _DRAW_ORDER:
        if key not in drawn:
            continue
        row = next(r for k, r in parts if k == key)
        _part(img, pen, key, row, top)
    y = top + FIGURE_H
    for row, lines in legend:
        _swatch(pen, PAD, y, row)
        for i, line in enumerate(lines):
            pen.text((PAD + 34, y + i * line_h + 2), line, font=label, fill=INK)
        y += len(lines) * line_h
    for line in notes:
        pen.text((PAD, y + 2), line, font=label, fill=MUTED)
        y += line_h
    quantized = img.quantize(palette=_palette_image(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    quantized.save(
        out, format="PNG", compress_level=1
    )  # ~10 KB; `optimize` or a higher level save little and cost up to 10 ms
    return out.getvalue()


def inside(key: str) -> tuple[int, int]:
    """A point of the picture well inside a part's region and clear of its letter (for checks)."""
    _, (x0, y0, x1, y1) = REGIONS[key]
    return (x0 + x1) // 2, FIGURE_TOP + y0 + max(8, (y1 - y0) // 5)


def _shape(pen: Any, kind: str, box: tuple[int, int, int, int], **style: Any) -> None:
    if kind == "ellipse":
        pen.ellipse(box, **style)
    else:
        pen.rounded_rectangle(box, radius=12, **style)


def _part(img: Any, pen: Any, key: str, row: Row, top: int) -> None:
    from PIL import Image, ImageChops, ImageDraw

    kind, (x0, y0, x1, y1) = REGIONS[key]
    box = (x0, y0 + top, x1, y1 + top)
    fill = BACKGROUND if row.gone and row.colour == BACKGROUND else row.colour
    _shape(pen, kind, box, fill=fill, outline=INK, width=2)
    if row.gone:  # hatched inside the part's own outline
        w, h = box[2] - box[0] + 1, box[3] - box[1] + 1
        mask = Image.new("L", (w, h), 0)
        _shape(ImageDraw.Draw(mask), kind, (2, 2, w - 3, h - 3), fill=255)
        lines = Image.new("L", (w, h), 0)
        ld = ImageDraw.Draw(lines)
        for d in range(-h, w + h, 8):
            ld.line((d, h, d + h, 0), fill=255, width=2)
        img.paste(INK, (box[0], box[1], box[0] + w, box[1] + h), ImageChops.multiply(mask, lines))
    centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    letter_fill = _text_colour(fill)
    pen.text(
        centre,
        row.letter,
        font=font(LETTER_PX),
        fill=letter_fill,
        anchor="mm",
        stroke_width=3 if row.gone else 0,
        stroke_fill=WHITE if letter_fill == INK else INK,
    )


def _swatch(pen: Any, x: int, y: int, row: Row) -> None:
    box = (x, y + 1, x + 26, y + LABEL_PX + 5)
    pen.rectangle(box, fill=row.colour, outline=INK, width=1)
    if row.gone:
        pen.line((box[0], box[3], box[2], box[1]), fill=INK, width=2)
    pen.text(
        ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2 + 1),
        row.letter,
        font=font(LABEL_PX),
        fill=_text_colour(row.colour),
        anchor="mm",
    )


# --- the picture of one combatant ----------------------------------------------------------------------
def part_rows(tx: Texts, parts: Sequence[BodyPart], hidden: bool) -> list[tuple[str, Row]]:
    """Each drawable part with its letter (A, B, …), native name and, unless hidden, its state in words."""
    rows = []
    # Lettered in the figure's order (head, torso, right arm …), the same letters in every game.
    drawable = sorted((p for p in parts if p.key in REGIONS), key=lambda p: LETTER_ORDER.index(p.key))
    for i, p in enumerate(drawable):
        letter = chr(ord("A") + i)
        name = tx.term("location", p.key)
        if hidden:
            rows.append((p.key, Row(letter, name, "", NEUTRAL, False)))
            continue
        gone = p.state != "ok"
        if gone:
            state = tx(f"picture.{p.state}")
        elif p.severity == 0:
            state = tx("picture.unhurt")
        elif p.level is not None:
            state = tx.term("wound", p.level)
        else:
            state = tx("picture.damage", damage=p.damage or 0)
        colour = BACKGROUND if p.state == "amputated" else severity_colour(p.severity)
        rows.append((p.key, Row(letter, name, state, colour, gone)))
    return rows


def file_name(name: str, taken: frozenset[str] | set[str] = frozenset()) -> str:
    """An ASCII file name Discord keeps as it is (`wounds-goblin-1.png`), unique among `taken`."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    slug = "".join(ch if ch.isalnum() else "-" for ch in plain).strip("-")[:40].strip("-") or "combatant"
    chosen, n = f"wounds-{slug}.png", 1
    while chosen in taken:
        n += 1
        chosen = f"wounds-{slug}-{n}.png"
    return chosen


def picture(
    tx: Texts,
    system: CombatSystem,
    name: str,
    sheet: Any,
    gender: str | None,
    hidden: bool = False,
    settings: Any = None,
    taken: frozenset[str] | set[str] = frozenset(),
) -> LogFile | None:
    """The wound picture of one combatant (None where the system has no hit locations). `hidden`: a hidden
    NPC as players see it — a grey silhouette, the part names and the descriptor, nothing per part."""
    parts = system.body(sheet, settings)
    if not parts:
        return None
    tx = tx.for_system(system.id)
    status = system.status(sheet)
    if hidden:
        summary = tx(f"descriptor.{system.descriptor(status)}", gender=gender)
        note: str | None = tx("picture.hidden")
    else:
        summary = tx.term("wound", status.level, gender)
        note = None
    data = draw(name, summary, part_rows(tx, parts, hidden), note)
    return LogFile(file_name(name, taken), data)
