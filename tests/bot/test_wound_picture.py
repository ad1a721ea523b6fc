"""Wound pictures (issue 16): the shipped font has every glyph of the three native languages, the PNG's
colours are the severity ramp's, it stays within Discord's limits, and it is attached where it belongs —
/character show, /encounter status picture:true, hits with the GM setting on — never telling players
more about a hidden NPC than its text does."""

from __future__ import annotations

import io
import statistics
import time
from typing import Any

import pytest
from PIL import Image

from bot.console.adapter import Response
from bot.i18n.catalog import default_catalog
from bot.presenters import picture as pic
from bot.presenters.texts import Texts
from rules import get_system
from tests.bot.conftest import Table

CZ_LINE = "kondice:3 síla:8 obratnost:5 reakce:4 zbraň:meč ovládání:meč=4"
CZ = {"str": 8, "dex": 5, "con": 3, "reaction": 4, "weapon": "medium_straight_blade_1h", "weapon_skill": 4}
MISSING = "\U0010fffd"  # a private-use code point no font has: its mask is the font's missing-glyph box


def _image(data: bytes) -> Any:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def _glyph(ch: str) -> bytes:
    """The pixels of one character as the picture's label font draws it."""
    from PIL import ImageDraw

    image = Image.new("L", (2 * pic.LABEL_PX, 2 * pic.LABEL_PX), 0)
    ImageDraw.Draw(image).text((4, 4), ch, font=pic.font(pic.LABEL_PX), fill=255)
    return image.tobytes()


def _pngs(responses: list[Response]) -> list[dict[str, Any]]:
    return [f for r in responses for f in r.files if f["filename"].endswith(".png")]


# --- the font and the drawing ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["Pravá ruka", "Lewa ręka", "Gamba sinistra", "Žluťoučký kůň, źdźbło, perché"])
def test_the_shipped_font_has_every_glyph_of_the_native_names(text: str) -> None:
    missing = _glyph(MISSING)
    assert _glyph("A") != missing  # the check can tell a glyph from the missing box
    for ch in text.replace(" ", ""):
        assert _glyph(ch) != missing, f"{ch!r} falls back to the missing glyph"
    assert pic.FONT.is_file() and (pic.FONT.parent / "LICENSE-DejaVu.txt").is_file()
    assert pic.draw(text, text, [])[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("lang", ["cs", "pl", "it", "en"])
def test_a_wounded_part_has_its_severity_colour_in_the_decoded_png(lang: str) -> None:
    system = get_system("cz2d10")
    sheet = system.sheet({**CZ, "part_damage": {"torso": 6, "right_arm": 2}, "amputated": ["left_leg"]})
    parts = {p.key: p for p in system.body(sheet) or []}
    drawn = pic.picture(Texts(default_catalog(), lang), system, "Zbrojnoš", sheet, "m")
    assert drawn is not None
    image = _image(drawn.data)
    assert image.getpixel(pic.inside("torso")) == pic.severity_colour(parts["torso"].severity) != pic.RAMP[0]
    assert image.getpixel(pic.inside("right_arm")) == pic.severity_colour(parts["right_arm"].severity)
    assert image.getpixel(pic.inside("head")) == pic.RAMP[0]  # unhurt
    assert drawn.name == "wounds-zbrojnos.png"


def test_the_picture_fits_discord_and_is_quick() -> None:
    """The worst case: the longest names (English glosses), every part gone or at its worst."""
    system = get_system("cz2d10")
    data = {**CZ, "part_damage": {"head": 40, "torso": 8}, "amputated": ["right_arm", "left_arm", "right_leg"]}
    sheet = system.sheet(data)
    tx = Texts(default_catalog(), "en")
    name = "Sir Bartholomew the Unreasonably Long-Named Knight of the Western Marches"
    drawn = pic.picture(tx, system, name, sheet, "m")
    assert drawn is not None
    image = Image.open(io.BytesIO(drawn.data))
    assert image.width >= 320 and len(drawn.data) <= 50 * 1024 and pic.LABEL_PX >= 14
    times = []
    for _ in range(15):
        start = time.perf_counter()
        pic.picture(tx, system, name, sheet, "m")
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.05  # a few ms; the bound leaves room for a busy test machine


def test_a_hidden_picture_is_all_neutral_and_names_no_level() -> None:
    system = get_system("cz2d10")
    sheet = system.sheet({**CZ, "part_damage": {"torso": 6}, "amputated": ["left_leg"]})
    tx = Texts(default_catalog(), "cs", "cz2d10")
    rows = pic.part_rows(tx, system.body(sheet) or [], hidden=True)
    assert all(r.colour == pic.NEUTRAL and not r.state and not r.gone for _, r in rows)
    drawn = pic.picture(tx, system, "Skřet", sheet, "m", hidden=True)
    assert drawn is not None
    image = _image(drawn.data)
    assert {image.getpixel(pic.inside(key)) for key, _ in rows} == {pic.NEUTRAL}


def test_pl_wladanie_legend_says_the_damage_per_part() -> None:
    system = get_system("pl_wladanie")
    sheet = system.sheet({"damage_by_location": {"head": 7}})
    tx = Texts(default_catalog(), "pl", "pl_wladanie")
    rows = dict(pic.part_rows(tx, system.body(sheet) or [], hidden=False))
    assert rows["head"].name == "Głowa" and rows["head"].state == tx("picture.damage", damage=7)
    assert rows["torso"].state == tx("picture.unhurt")


def test_no_picture_without_hit_locations() -> None:
    system = get_system("dnd35")
    assert pic.picture(Texts(default_catalog(), "en"), system, "Ana", system.sheet({}), None) is None


# --- where it is attached --------------------------------------------------------------------------------
async def test_character_show_attaches_the_picture_in_games_with_hit_locations(table: Table) -> None:
    await table.play(
        [
            f'@ana /character create system:cz2d10 name:Ana stats:"{CZ_LINE}"',
            '@ana /character create system:pl_wladanie name:Ola stats:"siła:3"',
            '@ana /character create system:dnd35 name:Bo stats:"str:12 hp:10"',
        ]
    )
    for name in ("Ana", "Ola"):
        (shown,) = _pngs(await table(f"@ana /character show name:{name}"))
        assert shown["filename"] == f"wounds-{name.lower()}.png"
        assert _image(shown["data"]).width >= 320 and shown["size"] <= 50 * 1024
    assert not (await table.one("@ana /character show name:Bo")).files


async def _fight(table: Table, picture_setting: bool) -> None:
    lines = ["@gm #hall /settings set name:wound_picture value:true"] if picture_setting else []
    await table.play(
        [
            *lines,
            "@gm #hall /encounter start system:cz2d10 name:Test",
            f'@gm /encounter add name:Goblin stats:"{CZ_LINE} defence_fixed:0" hidden:true',
            f'@gm /encounter add name:Orc stats:"{CZ_LINE} attack_fixed:60 defence_fixed:0"',
            f'@ana /character create system:cz2d10 name:Ana stats:"{CZ_LINE} attack_fixed:60"',
            "@ana /encounter join character:Ana",
            '@gm /encounter edit combatant:Goblin stats:"part_damage:torso=5"',
        ]
    )


async def test_status_picture_true_attaches_what_the_asker_may_see(table: Table) -> None:
    await _fight(table, picture_setting=False)
    assert not _pngs(await table("@ana /encounter status"))  # only on request
    player = await table.one("@ana /encounter status picture:true")
    assert not player.ephemeral
    files = {f["filename"]: f for f in player.files}
    assert set(files) == {"wounds-goblin.png", "wounds-orc.png", "wounds-ana.png"}
    # The hidden goblin's wounded torso: grey for players (no per-part state), its level's colour for the GM.
    goblin = _image(files["wounds-goblin.png"]["data"])
    assert {goblin.getpixel(pic.inside(k)) for k in ("head", "torso", "left_leg")} == {pic.NEUTRAL}
    gm = await table.one("@gm /encounter status picture:true")
    assert gm.ephemeral
    gm_goblin = _image(next(f["data"] for f in gm.files if f["filename"] == "wounds-goblin.png"))
    system = get_system("cz2d10")
    wounded = system.body(system.sheet({**CZ, "defence_fixed": 0, "part_damage": {"torso": 5}})) or []
    colour = pic.severity_colour(next(p.severity for p in wounded if p.key == "torso"))
    assert gm_goblin.getpixel(pic.inside("torso")) == colour != pic.NEUTRAL


@pytest.mark.parametrize("on", [True, False])
async def test_a_hit_brings_the_targets_picture_when_the_gm_setting_is_on(table: Table, on: bool) -> None:
    await _fight(table, picture_setting=on)
    said = await table("@ana /attack target:Orc")
    public = next(r for r in said if r.command == "attack" and not r.ephemeral)
    assert public.error is None and "Orc" in public.embeds[0]["title"]
    assert [f["filename"] for f in _pngs([public])] == (["wounds-orc.png"] if on else [])


async def test_a_hidden_targets_picture_goes_to_the_gm_only(table: Table) -> None:
    await _fight(table, picture_setting=True)
    said = await table("@gm /attack attacker:Orc target:Goblin")
    public = [r for r in said if r.command == "attack" and not r.ephemeral]
    private = [r for r in said if r.command == "attack" and r.ephemeral]
    assert public and not _pngs(public)
    assert [f["filename"] for f in _pngs(private)] == ["wounds-goblin.png"]


def test_parts_have_the_same_letters_in_both_games() -> None:
    letters = []
    for system_id, data in (("cz2d10", CZ), ("pl_wladanie", {})):
        system = get_system(system_id)
        rows = pic.part_rows(Texts(default_catalog(), "it", system_id), system.body(system.sheet(data)) or [], False)
        letters.append({key: row.letter for key, row in rows})
    assert letters[0] == letters[1] and letters[0]["head"] == "A" and len(set(letters[0].values())) == 6


async def test_a_typed_parry_that_lets_a_hit_through_brings_the_picture_after_the_result(table: Table) -> None:
    """/parry edits the prompt into the result after its acknowledgement; the hit's picture follows that
    result as a public follow-up, as after a button (it had no picture at all)."""
    await table.play(["@gm #hall /settings set name:duel_system value:vzor2 system:cz2d10"])
    await _fight(table, picture_setting=True)
    prompt = await table.one("@gm #hall /attack attacker:Orc target:Ana")
    assert prompt.components, prompt
    said = await table("@ana #hall /parry option:none")
    assert [r.command for r in said] == ["parry", "edit", "parry"], said
    ack, result, picture = said
    assert ack.ephemeral and result.edits is not None and "Ana" in result.embeds[0]["title"]
    assert not picture.ephemeral and [f["filename"] for f in _pngs([picture])] == ["wounds-ana.png"]
