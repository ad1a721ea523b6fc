"""Ready archetypes a player starts from (`/character create template:`): each a stats line in the seed's
words that joins a fight and attacks and defends with no edits. Names: `template.cz2d10.<id>`.

Numbers on the seed's human scale (its worked examples: STR 7–12, DEX 4–8, reaction 3–4, skill 4–6).
Initiative = reaction − slowdown of everything carried (L5); each line says what it comes to."""

from __future__ import annotations

from types import MappingProxyType

TEMPLATES: MappingProxyType[str, str] = MappingProxyType(
    {
        # Sword and medium shield in mail with a plate helmet: slowdown 1 + 1 + (5 − 3) + (3 − 2) = 5,
        # initiative 0 (five actions); attack 8 + 3 = 11; defence 13 + 6 + 2 + shield 3 = 24.
        "fighter": (
            "síla:9 obratnost:6 kondice:4 reakce:5 zbraň:meč ovládání:meč=6 štít:střední_štít krytí:2 "
            "zbroj:pletená:5 přílba:plátová:3"
        ),
        # Medium bow and a dagger for close quarters, leather: slowdown 2 + (2 − 1) = 3, initiative 2; a shot
        # 8 + 2 = 10 (base range 150 ft), the dagger 7 + 1 = 8; /attack takes the dagger by itself.
        "archer": (
            "síla:5 obratnost:8 kondice:3 reakce:5 zbraň:luk druhá_zbraň:dýka ovládání:luk=5,dýka=3 zbroj:kůže:2"
        ),
        # The sabre fencer of the five-action round: no armour, so guard (krytí) counts; dodging, finesse and
        # battle reflexes. Slowdown 1, initiative 6; attack 8 + 4 = 12 (finesse: 9 + 4); defence 27.
        "duelist": (
            "síla:6 obratnost:9 kondice:3 reakce:7 zbraň:šavle ovládání:šavle=8 krytí:4 uhýbání:1 finesa "
            "bitevní_reflexy:1"
        ),
        # Polygonal armour piece by piece (plate body and helmet, mail on the limbs), bastard sword and shield:
        # slowdown 3 + 1 + 2 + 1 + 1 + 1 = 9, initiative −3: a slow "těhotná želva" with four actions.
        "knight": (
            "síla:10 obratnost:5 kondice:5 reakce:6 zbraň:jedenapůlruční_meč ovládání:rovná_čepel_těžká=7 "
            "štít:střední_štít krytí:3 kompatibilita_zbroje tvrdost "
            "zbroj_částí:tělo=plátová:7,hlava=plátová:4,končetiny=pletená:4"
        ),
    }
)
