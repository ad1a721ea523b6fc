"""The words players type (issue 13): every stat and option key in the seed's Polish first, then English,
with the values the system's tables list (body parts, armour kinds, shield sizes, strength categories,
down states). `Vocabulary` folds case and diacritics, so `obrona_fizyczna`, `OBRONA_FIZYCZNA` and
`obrona_fizyczna` are one key, `władanie` and `wladanie` another.

Each key resolves to what the Sheet (or Options) model accepts: a field (`physical_defence`) or one of the
model's quick-NPC keys (`damage`, `category`, `weight`, `pancerz`, `pokrycie`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rules.vocabulary import Key, Vocabulary

from .notation import ARMOUR_KINDS, SHIELD_SIZES, WEAPON_IDS
from .sheet import DAMAGE, DEFENCE, KG, SKILL
from .tables import STRENGTH_CATEGORY_LABELS

# Body parts by the seed's words (korpus, ręka, noga; głowa for the helmet), then Czech and Italian (the
# bot's other languages, accepted as before), then English.
PARTS: Final[dict[str, tuple[str, ...]]] = {
    "head": ("głowa", "hlava", "testa", "head"),
    "torso": ("korpus", "tułów", "trup", "busto", "torso", "chest", "body"),
    "left_arm": ("lewa ręka", "levá ruka", "braccio sinistro", "left_arm"),
    "right_arm": ("prawa ręka", "pravá ruka", "braccio destro", "right_arm"),
    "left_leg": ("lewa noga", "levá noha", "gamba sinistra", "left_leg"),
    "right_leg": ("prawa noga", "pravá noha", "gamba destra", "right_leg"),
}
# An aimed blow may name just "an arm" or "a leg" (the right one, as the option always read them).
AIMED: Final[dict[str, tuple[str, ...]]] = {
    **PARTS,
    "arm": ("ręka", "ruka", "braccio", "arm", "hand"),
    "leg": ("noga", "noha", "gamba", "leg"),
}
_FRACTIONS: Final[dict[str, tuple[str, ...]]] = {
    "1/8": ("0,125", "0.125"), "1/4": ("0,25", "0.25"), "1/2": ("0,5", "0.5"), "1,5": ("1.5",),
}  # fmt: skip
CATEGORIES: Final[dict[str, tuple[str, ...]]] = {
    label: (label, *_FRACTIONS.get(label, ())) for label in (*STRENGTH_CATEGORY_LABELS, *map(str, range(7, 21)))
}
DOWN: Final[dict[str, tuple[str, ...]]] = {
    "unconscious": (
        "nieprzytomny", "nieprzytomna", "bez przytomności", "v bezvědomí", "privo di sensi", "priva di sensi",
        "senza sensi", "unconscious",
    ),
    "dead": ("martwy", "martwa", "nie żyje", "śmierć", "mrtvý", "mrtvá", "smrt", "morto", "morta", "morte", "dead"),
    "alive": ("żywy", "żywa", "przytomny", "przytomna", "brak", "živý", "živá", "vivo", "viva", "alive", "none", "-"),
}  # fmt: skip


def _names(table: Mapping[str, tuple[tuple[str, ...], object]]) -> dict[str, tuple[str, ...]]:
    return {key: names for key, (names, _) in table.items()}


STAT_KEYS: Final[tuple[Key, ...]] = (
    Key("physical_defence", ("obrona fizyczna", "obrona", "OF", "physical_defence", "physical_defense",
        "defence", "defense", "pd"), "number", -50, DEFENCE, example="obrona_fizyczna:13"),
    Key("weapon_skills", ("władanie", "weapon_skills", "skill", "skills", "attack"), "notation", -50, SKILL,
        example="władanie:miecz=6,tarcza=5"),
    Key("weapons", ("broń", "bronie", "weapons", "weapon"), "notation", values={"unarmed": WEAPON_IDS["unarmed"]},
        example="broń:miecz:1k8:1/2:1,5kg;sztylet:1k4:1/4:lekka"),
    Key("shield", ("tarcza", "shield"), "notation", values=_names(SHIELD_SIZES), example="tarcza:średnia"),
    Key("armour", ("zbroja", "zbroje", "armour", "armor"), "notation", values=_names(ARMOUR_KINDS),
        example="zbroja:kolczuga@korpus,ręce:12/4;hełm:15/3"),
    Key("strength", ("siła", "strength", "str"), "number", 0, SKILL, example="siła:6"),
    Key("lift_kg", ("udźwig", "lift", "lift_kg"), "number", 0.1, KG, example="udźwig:45"),
    Key("parry_skill", ("parowanie", "parry", "parry_skill"), "number", -50, SKILL, example="parowanie:5"),
    Key("dodge_skill", ("unik", "dodge", "dodge_skill"), "number", -50, SKILL, example="unik:3"),
    Key("unarmed_skill", ("walka wręcz", "wręcz", "unarmed", "unarmed_skill"), "number", -50, SKILL,
        example="walka_wręcz:4"),
    Key("initiative_bonus", ("inicjatywa", "premia do inicjatywy", "initiative", "init", "initiative_bonus"),
        "number", -50, SKILL, example="inicjatywa:2"),
    Key("reflex", ("refleks", "reflex"), "number", -50, SKILL, example="refleks:5"),
    Key("is_hero", ("bohater", "hero", "is_hero"), "flag", example="bohater"),
    Key("endurance", ("wytrwałość", "endurance"), "number", 0, SKILL, example="wytrwałość:4"),
    Key("natural_armour", ("naturalny pancerz", "natural_armour", "natural_armor"), "number", 0, SKILL,
        example="naturalny_pancerz:1"),
    Key("physical_defence_unprepared", ("obrona nieprzygotowana", "OFN", "physical_defence_unprepared",
        "physical_defense_unprepared", "unprepared", "of_unprepared"), "number", -50, DEFENCE,
        example="obrona_nieprzygotowana:10"),
    Key("proficiencies", ("biegłość", "biegłości", "proficiencies", "proficiency"), "list",
        example="biegłość:miecz,topór"),
    Key("name", ("imię", "name"), "text", example="imię:Jagna"),
    # the quick NPC's weapon and armour (one weapon, one armour piece over the whole body)
    Key("damage", ("kostki obrażeń", "kostki", "damage", "dmg", "damage_dice"), "text",
        example="kostki_obrażeń:1k8"),
    Key("category", ("siła obrażeń", "kategoria", "category", "strength_damage", "strength_category"), "choice",
        values=CATEGORIES, example="kostki_obrażeń:1k8 siła_obrażeń:1/2"),
    Key("weight", ("waga", "weight", "weight_kg"), "number", 0, KG, example="kostki_obrażeń:1k10 waga:2,5"),
    Key("pancerz", ("pancerz", "armour_value", "armor_value"), "number", 0, SKILL, example="pancerz:3 pokrycie:14"),
    Key("pokrycie", ("pokrycie", "coverage"), "number", 0, DEFENCE, example="pokrycie:14 pancerz:3"),
    # lasting: what a fight leaves on the character
    Key("damage_taken", ("obrażenia", "otrzymane obrażenia", "rany", "damage_taken", "wounds"), "number", 0,
        DAMAGE, example="obrażenia:4"),
    Key("damage_by_location", ("obrażenia części", "obrażenia części ciała", "damage_by_location",
        "damage_by_part"), "notation", 0, DAMAGE, example="obrażenia_części:korpus=4,głowa=2"),
    # No hit points in this game: `punkty_życia:-5` (`hp:-5`) is 5 more damage taken, `+3` three less; a
    # number without a sign is refused (`error.pl_wladanie.no_hit_points`), as in `/encounter edit`.
    Key("hp", ("punkty życia", "pż", "życie", "hp", "hit points"), "number", -DAMAGE, DAMAGE,
        example="punkty_życia:-3"),
    Key("fatigue_points", ("punkty zmęczenia", "zmęczenie", "fatigue", "fatigue_points"), "number", 0, 1000,
        example="punkty_zmęczenia:1"),
    Key("down", ("stan", "down", "state"), "choice", values=DOWN, example="stan:nieprzytomny"),
)  # fmt: skip

OPTION_KEYS: Final[tuple[Key, ...]] = (
    Key("from_back", ("cios w plecy", "plecy", "from_back", "back", "behind"), "flag", example="cios_w_plecy"),
    Key("flanked_or_pinned", ("flankowanie", "przyszpilenie", "flanked_or_pinned", "flanking", "flanked",
        "pinned", "flank"), "flag", example="flankowanie"),
    Key("height_advantage", ("przewaga wysokości", "height_advantage", "height", "higher"), "flag",
        example="przewaga_wysokości"),
    Key("attacker_height_m", ("wysokość atakującego", "attacker_height_m", "attacker_height"), "number",
        -10_000, 10_000, example="wysokość_atakującego:1,5"),
    Key("prone", ("leży", "przewrócenie", "prone", "target_prone"), "flag", example="leży"),
    Key("surprise", ("zaskoczenie", "atak z zaskoczenia", "surprise", "surprised", "unaware"), "flag",
        example="zaskoczenie"),
    Key("unseen", ("niewidoczny", "niewidoczny przeciwnik", "unseen", "unseen_attacker", "cannot_see_attacker",
        "target_cannot_see_attacker"), "flag", example="niewidoczny"),
    Key("grip", ("chwyt", "grip"), "choice", values={
        "one_handed": ("jednoręczny", "jednorącz", "one_handed"),
        "two_handed": ("oburęczny", "oburącz", "two_handed"),
    }, example="chwyt:oburęczny"),
    Key("two_handed", ("oburęcznie", "two_handed"), "flag", example="oburęcznie"),
    Key("improvised", ("improwizowana", "broń improwizowana", "improvised"), "flag", example="improwizowana"),
    Key("extra_effort", ("wysiłek", "dodatkowy wysiłek", "extra_effort", "effort"), "flag", example="wysiłek"),
    Key("bonus_action", ("akcja dodatkowa", "bonus_action"), "flag", example="akcja_dodatkowa"),
    Key("throw", ("rzut", "rzucanie", "miotanie", "throw", "thrown"), "flag", example="rzut"),
    Key("area", ("obszarowy", "atak obszarowy", "area", "area_attack"), "flag", example="obszarowy"),
    Key("landing", ("na polu", "pole", "landing", "on_field"), "text", example='na_polu:"Zbój 1,Zbój 2"'),
    Key("location", ("miejsce trafienia", "część ciała", "lokacja", "location", "aim", "aimed_location"),
        "choice", values=AIMED, example="miejsce_trafienia:głowa"),
    Key("hard_target", ("twardy cel", "twarde", "hard_target", "hard", "hard_object"), "flag",
        example="twardy_cel"),
    Key("modifier", ("modyfikator", "mod", "modifier"), "number", -SKILL, SKILL, example="modyfikator:-2"),
    Key("archer_initiative", ("inicjatywa strzelca", "archer_initiative"), "number", -DEFENCE, DEFENCE,
        example="inicjatywa_strzelca:12"),
    Key("distance_m", ("odległość", "dystans", "distance_m", "distance"), "number", 0, 10_000,
        example="odległość:12"),
    Key("st", ("ST", "stopień trudności", "trudność", "difficulty"), "number", -50, DEFENCE, example="ST:12"),
    Key("test_skill", ("umiejętność", "test_skill", "skill"), "text", example="umiejętność:parowanie"),
)  # fmt: skip


def stat_vocabulary() -> Vocabulary:
    return Vocabulary(STAT_KEYS, "stat")


def option_vocabulary() -> Vocabulary:
    return Vocabulary(OPTION_KEYS, "option")
