"""A whole cz2d10 character in one stats line: the compact notation of the structured fields, read in the
seed's words and written back so that `/character show`, pasted into `/character create`, makes an equal
character."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RulesError
from rules.pairs import parse_pairs
from rules.systems.cz2d10 import SYSTEM as S

STATS = S.stat_vocabulary()


def sheet(line: str) -> Any:
    return S.sheet(STATS.resolve(parse_pairs(line)))


def kept(s: Any) -> dict[str, Any]:
    data = s.model_dump(mode="json")
    return {k: data[k] for k in S.fields_of("build", "lasting")}


RICH = (
    "síla:11 obratnost:7 kondice:5 reakce:6 bonus_k_iniciativě:1 velikost:1 "
    "ovládání:meč=7,luky=4,sekery=3,holé_ruce=2 krytí:3 ovládání_štítu:1 rovnováha:8 "
    "zbraň:jedenapůlruční_meč druhá_zbraň:dýka dosah:5 štít:pěstní_štítek "
    "zbroj:plátová:7 přílba:plátová:4 doplňky:pletená:3 "
    "zbroj_částí:tělo=plátová:8,hlava=plátová:4,pravá_ruka+levá_ruka=pletená:4,nohy=kůže:2 "
    "jezdec finesa hrubá_síla zaměření_na_zbraň:1 specializace_na_zbraň:2 power_attack:1 bleskové_útoky "
    "boj_dvěma_zbraněmi obourukost postih_nedominantní_ruky:-2 bitevní_reflexy:2 protivýpad:1 tanec_smrti "
    "odrážení přesná_střelba útok_zezadu odzbrojení boj_holýma_rukama kompatibilita_zbroje "
    "bojové_instinkty:1 uhýbání:2 tvrdost rozšířený_kritický_rozsah:1 specializace_na_štít:1 multikoncentrace "
    "max_životy:16 životy:11 prahy_zranění:4,8,12,16 postihy_za_zranění:-1,-3,-6 max_omráčení:14 "
    "omráčení:3 zranění_částí:levá_ruka=2,tělo=1 amputace:levá_noha omdlel"
)


def test_a_rich_character_round_trips() -> None:
    s = sheet(RICH)
    assert s.weapon_skill == {"medium_straight_blade": 7, "ranged_bow": 4, "axe": 3, "bare_hands": 2}
    assert s.armour_parts["right_arm"].material == "mail" and s.armour_parts["legs"].dr == 2
    assert (s.helmet, s.helmet_dr, s.accessories, s.accessories_dr) == ("plate", 4, "mail", 3)
    assert (s.hp_max, s.hp, s.part_damage, s.amputated) == (16, 11, {"left_arm": 2, "torso": 1}, ["left_leg"])
    line = S.sheet_line(s)
    assert "síla:11" in line and "zbraň:jedenapůlruční_meč" in line and "ovládání_zbraně:rovná_čepel_střední=7" in line
    assert "zbroj_částí:tělo=plátová:8,hlava=plátová:4,pravá_ruka+levá_ruka=pletená:4,nohy=kůže:2" in line
    again = sheet(line)
    assert kept(again) == kept(s), line
    assert S.sheet_line(again) == line


@pytest.mark.parametrize(
    "line",
    [
        "",
        "útok:10 obrana:17 zranění:d5+1 životy:12 iniciativa:1",
        "attack:8 hp:6",
        "dr:3 zbraň:ruka",
        "max_životy:14",
        "zbroj:pletená dr_přílby:2",
        "zbroj_částí:končetiny=kůže:2,tělo=5",
        "ovládání:0 ovládání_štítu:4 štít:pavéza mrtvý",
    ],
)
def test_small_and_odd_characters_round_trip(line: str) -> None:
    s = sheet(line)
    assert kept(sheet(S.sheet_line(s))) == kept(s), S.sheet_line(s)


def test_a_stored_sheet_with_weapon_ids_as_skill_keys_round_trips() -> None:
    """Sheets saved before the names (skills by weapon id) read back the same."""
    s = S.sheet({"str": 8, "weapon": "medium_axe_1h", "weapon_skill": {"medium_axe_1h": 7, "bow": 3}})
    assert S.sheet_line(s) == "síla:8 ovládání_zbraně:medium_axe_1h=7,bow=3 zbraň:sekera"
    assert kept(sheet(S.sheet_line(s))) == kept(s)


def test_the_notation_of_armour_by_parts() -> None:
    s = sheet("zbroj_částí:končetiny=kůže:2,trup=kroužková:5,head=plate:3")
    parts = {slot: (p.material, p.dr) for slot, p in s.armour_parts.items()}
    assert parts == {"arms": ("leather", 2), "legs": ("leather", 2), "torso": ("mail", 5), "head": ("plate", 3)}
    assert "končetiny=kůže:2" in S.sheet_line(s)
    assert sheet("zbroj_částí:tělo=4").armour_parts["torso"].material == "generic"
    with pytest.raises(RulesError) as exc:
        sheet("zbroj_částí:ocas=kůže:2")
    assert exc.value.params["problem"].key == "problem.cz2d10.unknown_part"
    with pytest.raises(RulesError) as exc:
        sheet("zbroj_částí:pletená")
    assert exc.value.params["problem"].key == "problem.cz2d10.armour_parts"


def test_a_piece_of_armour_by_a_name_of_several_words() -> None:
    s = sheet('zbroj:"kůže a látka 2" přílba:"kovová plátová:3"')
    assert (s.armour, s.armour_dr, s.helmet, s.helmet_dr) == ("leather", 2, "plate", 3)


def test_weapon_skills_by_weapon_category_or_group() -> None:
    s = sheet("ovládání:meč=6,šavle=4,sekery=3,kuše=2,rovná_čepel_těžká=5")
    assert s.weapon_skill == {
        "medium_straight_blade": 6,  # a sword counts as its category (type and weight, L18)
        "medium_curved_blade": 4,
        "axe": 3,
        "ranged_crossbow": 2,
        "heavy_straight_blade": 5,
    }
    with pytest.raises(RulesError) as exc:
        sheet("ovládání:laser=3")
    assert exc.value.params["problem"].key == "problem.cz2d10.unknown_weapon"


def test_flags_take_czech_yes_and_no() -> None:
    assert sheet("finesa:ano tvrdost:ne").finesse is True
    assert sheet("finesa:ano tvrdost:ne").toughness is False
