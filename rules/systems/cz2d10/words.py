"""The words players and GMs type in `stats:` and `options:` lines: every key by its Czech name(s) as the
seed writes them, then English; the table values (weapons, shields, materials, body parts) by name; an
example line for each key that the sheet accepts.

`stat_vocabulary()` lists the build and lasting fields and the quick-NPC keys; turn state is never a
stats key. `/encounter edit` keys of a running fight (a body part's HP left, the round's counters) are
not listed but passed on to `edit_sheet` under their field names (see `_Stats.resolve`)."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from rules.systems.cz2d10.edit import EDIT_ALIASES, PART_KEYS
from rules.systems.cz2d10.names import MATERIAL_NAMES, PART_NAMES, SHIELD_NAMES, WEAPON_NAMES, Names, every
from rules.systems.cz2d10.options import Options
from rules.systems.cz2d10.sheet import Sheet
from rules.systems.cz2d10.tables import MATERIALS, SHIELDS, WEAPONS
from rules.vocabulary import Key, KeyKind, Vocabulary, fold


def _table_names(ids: Mapping[str, Any], names: Mapping[str, Names]) -> dict[str, tuple[str, ...]]:
    """Each table id → its Czech names, the seed's table name, then English (no repeats)."""
    out: dict[str, tuple[str, ...]] = {}
    for key, row in ids.items():
        cs, en = names[key]
        table = getattr(row, "name_cs", "")
        spelled: list[str] = []
        for name in (*cs, *([table] if table else []), *en):
            if fold(name) not in {fold(n) for n in spelled}:
                spelled.append(name)
        out[key] = tuple(spelled)
    return out


WEAPON_VALUES = {**_table_names(WEAPONS, WEAPON_NAMES), "none": ("žádná", "none")}
SHIELD_VALUES = {**_table_names(SHIELDS, SHIELD_NAMES), "none": ("žádný", "none")}
MATERIAL_VALUES = _table_names(MATERIALS, MATERIAL_NAMES)
PART_VALUES = {part: every(names) for part, names in PART_NAMES.items()}


def _bounds(model: type[BaseModel], name: str) -> tuple[float | None, float | None]:
    info = model.model_fields[name]
    lo = hi = None
    for meta in info.metadata:
        lo = getattr(meta, "ge", lo)
        hi = getattr(meta, "le", hi)
    return lo, hi


# (key, names: Czech first then English, kind, example); bounds come from the model, values from the tables.
_STATS: tuple[tuple[str, tuple[str, ...], KeyKind, str], ...] = (
    # vlastnosti (attributes) and the quick NPC's ready numbers
    ("str", ("síla", "strength"), "number", "síla:7"),
    ("dex", ("obratnost", "obr", "dexterity"), "number", "obratnost:6"),
    ("con", ("kondice", "kon", "konstituce", "constitution"), "number", "kondice:4"),
    ("reaction", ("reakce", "reaction"), "number", "reakce:4"),
    ("initiative_bonus", ("bonus_k_iniciativě", "initiative_bonus"), "number", "bonus_k_iniciativě:1"),
    ("initiative_fixed", ("iniciativa", "init", "initiative"), "number", "iniciativa:2"),
    ("size", ("velikost", "size"), "number", "velikost:1"),
    ("attack_fixed", ("útok", "attack"), "number", "útok:11"),
    ("defence_fixed", ("obrana", "defence", "defense"), "number", "obrana:18"),
    ("weapon_damage", ("zranění", "damage", "weapon_damage"), "notation", "zranění:d5+1"),
    # úrovně (skills)
    ("weapon_skill", ("ovládání_zbraně", "ovládání", "weapon_skill", "skill"), "notation", "ovládání:meč=6,luky=3"),
    ("guard", ("krytí", "guard"), "number", "krytí:2"),
    ("shield_skill", ("ovládání_štítu", "shield_skill"), "number", "ovládání_štítu:3"),
    ("balance", ("rovnováha", "balance"), "number", "rovnováha:6"),
    # výzbroj a zbroj (equipment)
    ("weapon", ("zbraň", "weapon"), "choice", "zbraň:meč"),
    ("off_weapon", ("druhá_zbraň", "off_weapon", "second_weapon"), "choice", "druhá_zbraň:dýka"),
    ("reach", ("dosah", "reach"), "number", "dosah:3"),
    ("shield", ("štít", "shield"), "choice", "štít:střední_štít"),
    ("armour", ("zbroj", "armour", "armor"), "notation", "zbroj:pletená:5"),
    ("armour_dr", ("dr", "redukce_zranění", "armour_dr"), "number", "dr:3"),
    ("helmet", ("přílba", "helmet"), "notation", "přílba:plátová:3"),
    ("helmet_dr", ("dr_přílby", "helmet_dr"), "number", "dr_přílby:2"),
    ("accessories", ("doplňky", "accessories"), "notation", "doplňky:plátová:2"),
    ("accessories_dr", ("dr_doplňků", "accessories_dr"), "number", "dr_doplňků:2"),
    (
        "armour_parts",
        ("zbroj_částí", "polygonální_zbroj", "armour_parts", "armour_by_part"),
        "notation",
        "zbroj_částí:tělo=pletená:5,hlava=plátová:3,končetiny=kůže:2",
    ),
    ("slowdown", ("zpomalení", "slowdown"), "number", "zpomalení:3"),
    ("mounted", ("jezdec", "na_koni", "mounted"), "flag", "jezdec"),
    # jednorázové schopnosti (one-off abilities)
    ("finesse", ("finesa", "finesse"), "flag", "finesa"),
    ("brute_force", ("hrubá_síla", "brute_force"), "flag", "hrubá_síla"),
    ("weapon_focus", ("zaměření_na_zbraň", "weapon_focus"), "number", "zaměření_na_zbraň:1"),
    ("weapon_specialization", ("specializace_na_zbraň", "weapon_specialization"), "number", "specializace_na_zbraň:2"),
    ("power_attack", ("silový_útok", "power_attack"), "number", "silový_útok:1"),
    ("lightning_attacks", ("bleskové_útoky", "lightning_attacks"), "flag", "bleskové_útoky"),
    ("two_weapon_fighting", ("boj_dvěma_zbraněmi", "two_weapon_fighting"), "flag", "boj_dvěma_zbraněmi"),
    ("ambidexterity", ("obourukost", "ambidexterity"), "flag", "obourukost"),
    ("off_hand_penalty", ("postih_nedominantní_ruky", "off_hand_penalty"), "number", "postih_nedominantní_ruky:-2"),
    ("dual_weapon", ("duální_zbraň", "dual_weapon"), "flag", "duální_zbraň"),
    ("battle_reflexes", ("bitevní_reflexy", "battle_reflexes"), "number", "bitevní_reflexy:1"),
    ("counter_lunge", ("protivýpad", "counter_lunge"), "number", "protivýpad:1"),
    ("dance_of_death", ("tanec_smrti", "dance_of_death"), "flag", "tanec_smrti"),
    ("deflection", ("odrážení", "deflection"), "flag", "odrážení"),
    ("precise_shot", ("přesná_střelba", "precise_shot"), "flag", "přesná_střelba"),
    ("back_attack", ("útok_zezadu", "back_attack"), "flag", "útok_zezadu"),
    ("disarm_ability", ("odzbrojení", "disarm_ability"), "flag", "odzbrojení"),
    ("bare_hand_fighting", ("boj_holýma_rukama", "bare_hand_fighting"), "flag", "boj_holýma_rukama"),
    (
        "bare_hand_specialization",
        ("specializace_na_holé_ruce", "bare_hand_specialization"),
        "flag",
        "specializace_na_holé_ruce",
    ),
    ("armour_compatibility", ("kompatibilita_zbroje", "armour_compatibility"), "flag", "kompatibilita_zbroje"),
    (
        "partial_armour_compatibility",
        ("částečná_kompatibilita_zbroje", "partial_armour_compatibility"),
        "flag",
        "částečná_kompatibilita_zbroje",
    ),
    ("combat_instincts", ("bojové_instinkty", "combat_instincts"), "number", "bojové_instinkty:1"),
    ("dodging", ("uhýbání", "dodging"), "number", "uhýbání:1"),
    ("toughness", ("tvrdost", "toughness"), "flag", "tvrdost"),
    ("crit_range_bonus", ("rozšířený_kritický_rozsah", "crit_range_bonus"), "number", "rozšířený_kritický_rozsah:1"),
    ("shield_specialization", ("specializace_na_štít", "shield_specialization"), "number", "specializace_na_štít:1"),
    ("multiconcentration", ("multikoncentrace", "multiconcentration"), "flag", "multikoncentrace"),
    # the body's limits (the wound chapter is missing: the GM's numbers)
    ("hp_max", ("max_životy", "životy_max", "hp_max", "max_hp"), "number", "max_životy:14"),
    ("wound_thresholds", ("prahy_zranění", "wound_thresholds"), "list", "prahy_zranění:3,6,9,12"),
    ("wound_penalties", ("postihy_za_zranění", "wound_penalties"), "list", "postihy_za_zranění:-1,-3,-6"),
    ("stun_max", ("max_omráčení", "stun_max"), "number", "max_omráčení:12"),
    # what a fight leaves on the body
    ("hp", ("životy", "hp", "hit_points"), "number", "životy:12"),
    ("stun", ("omráčení", "stun"), "number", "omráčení:2"),
    ("part_damage", ("zranění_částí", "part_damage"), "notation", "zranění_částí:levá_ruka=3"),
    ("amputated", ("amputace", "amputated"), "list", "amputace:levá_ruka"),
    ("dead", ("mrtvý", "dead"), "flag", "mrtvý"),
    ("fainted", ("omdlel", "bezvědomí", "fainted"), "flag", "omdlel"),
)

_STAT_VALUES: dict[str, Mapping[str, tuple[str, ...]]] = {
    "weapon": WEAPON_VALUES,
    "off_weapon": WEAPON_VALUES,
    "shield": SHIELD_VALUES,
    "armour": MATERIAL_VALUES,
    "helmet": MATERIAL_VALUES,
    "accessories": MATERIAL_VALUES,
    "amputated": PART_VALUES,
}
_FIELD = {"str": "str_"}
_SKILL_BOUNDS = (0, 60)


def stat_keys() -> list[Key]:
    keys = []
    for key, names, kind, example in _STATS:
        field = _FIELD.get(key, key)
        lo, hi = _bounds(Sheet, field) if kind == "number" else (None, None)
        if key == "weapon_skill":
            lo, hi = _SKILL_BOUNDS
        keys.append(Key(key, names, kind, lo, hi, _STAT_VALUES.get(key, {}), example))
    return keys


# `/encounter edit` keys that are no stats key (a part's HP left, the round's counters): folded name →
# what `edit_sheet` takes (the field, or the part).
def _edit_only(vocabulary: Vocabulary) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, field in EDIT_ALIASES.items():
        if vocabulary.key_of(name) is None:
            out[fold(name)] = field
    for name, part in PART_KEYS.items():
        if vocabulary.key_of(name) is None:
            out[fold(name)] = part
    for part, names in PART_NAMES.items():
        for name in every(names):
            out.setdefault(fold(name), part)
    return out


class _Stats(Vocabulary):
    """The closed stats vocabulary; keys of `/encounter edit` that only a running fight has (`hlava:-3`,
    `akce:2`) pass on under the name `edit_sheet` takes. A new sheet refuses them: the turn state as
    `error.turn_state_fields` (the bot), a part's HP as `problem.cz2d10.edit_only` (the sheet)."""

    def __init__(self, keys: list[Key]) -> None:
        super().__init__(keys, "stat")
        self.edit_only = _edit_only(self)

    def resolve(self, pairs: Mapping[str, Any]) -> dict[str, Any]:
        listed = {k: v for k, v in pairs.items() if self.key_of(k) is not None or fold(k) not in self.edit_only}
        out = super().resolve(listed)
        for typed, value in pairs.items():
            if typed not in listed:
                out[self.edit_only[fold(typed)]] = value
        return out


@lru_cache(maxsize=1)
def stat_vocabulary() -> Vocabulary:
    return _Stats(stat_keys())


# ---- options ------------------------------------------------------------------------------------------
_PARTS_TYPED = {part: every(names) for part, names in PART_NAMES.items()}

_OPTIONS: tuple[tuple[str, tuple[str, ...], Mapping[str, tuple[str, ...]], str], ...] = (
    (
        "base",
        ("základ_útoku", "základ", "base"),
        {
            "average": ("průměr", "průměr_síly_a_obratnosti", "average"),
            "finesse": ("finesa", "finesse"),
            "brute_force": ("hrubá_síla", "brute_force"),
        },
        "základ:finesa",
    ),
    (
        "damage_type",
        ("způsob_zranění", "damage_type"),
        {"cut": ("sek", "seknutí", "sečné", "cut"), "thrust": ("bod", "bodnutí", "bodné", "thrust")},
        "způsob_zranění:bod",
    ),
    ("off_hand", ("druhou_rukou", "nedominantní_ruka", "off_hand"), {}, "druhou_rukou"),
    ("bonus", ("bonus_k_útoku", "bonus"), {}, "bonus:2"),
    ("defence_bonus", ("bonus_k_obraně", "defence_bonus"), {}, "bonus_k_obraně:2"),
    ("charge", ("naběhnutí", "charge"), {}, "naběhnutí"),
    ("counter_attack", ("protiútok", "counter_attack"), {}, "protiútok"),
    ("held", ("odložené_akce", "vyčkané", "held"), {}, "odložené_akce"),
    ("flat", ("naplocho", "útok_naplocho", "flat"), {}, "naplocho"),
    ("stab", ("probodnutí", "stab"), {}, "probodnutí"),
    ("disarm", ("odzbrojení", "disarm"), {}, "odzbrojení"),
    ("trip", ("podražení", "trip"), {}, "podražení"),
    ("out_of_view", ("mimo_zorné_pole", "zezadu", "out_of_view"), {}, "mimo_zorné_pole"),
    (
        "confined",
        ("stísněné_prostory", "stísněno", "confined"),
        {
            "none": ("žádné", "none"),
            "confined": ("stísněné", "confined"),
            "very_confined": ("velmi_stísněné", "very_confined"),
        },
        "stísněné_prostory:stísněné",
    ),
    ("attack_number", ("pořadí_útoku", "attack_number"), {}, "pořadí_útoku:2"),
    ("opponent_number", ("pořadí_protivníka", "opponent_number"), {}, "pořadí_protivníka:2"),
    ("reflexes", ("reflexy", "bitevní_reflexy", "reflexes"), {}, "reflexy:1"),
    (
        "crit_effect",
        ("kritický_zásah", "účinek_kritického_zásahu", "crit_effect"),
        {
            "auto": ("sám", "automaticky", "auto"),
            "multiply": ("násobit", "násobení", "multiply"),
            "miss_armour": ("minout_zbroj", "mimo_zbroj", "miss_armour"),
            "shift_location": ("posunout_zásah", "posun", "shift_location"),
        },
        "kritický_zásah:minout_zbroj",
    ),
    ("targeted", ("cílený_útok", "cílený", "targeted"), {}, "cílený_útok:2"),
    ("target_location", ("cíl", "místo_zásahu", "target_location"), _PARTS_TYPED, "cíl:hlava"),
    ("location_shift", ("posun_zásahu", "location_shift"), {}, "posun_zásahu:1"),
    (
        "pull",
        ("zastavení_úderu", "redukce_úderu", "pull"),
        {
            "none": ("žádné", "none"),
            "stop": ("zastavit", "zastavení", "stop"),
            "reduce": ("snížit", "snížení", "reduce"),
            "ignore_crit": ("bez_kritického_zásahu", "obyčejný", "ignore_crit"),
        },
        "zastavení_úderu:zastavit",
    ),
    ("cover", ("kryt", "cover"), {}, "kryt:4"),
    ("aimed", ("mířená_střelba", "mířená", "aimed"), {}, "mířená_střelba"),
    ("loophole", ("střílnový_kryt", "střílna", "loophole"), {}, "střílnový_kryt"),
    ("into_melee", ("do_boje", "střelba_do_boje", "into_melee"), {}, "do_boje"),
    (
        "shock",
        ("šok", "test_šoku", "shock"),
        {
            "unknown": ("neznámý", "unknown"),
            "passed": ("ustál", "úspěch", "passed"),
            "failed": ("neustál", "neúspěch", "failed"),
        },
        "šok:neustál",
    ),
    (
        "target_state",
        ("stav_cíle", "target_state"),
        {
            "auto": ("sám", "automaticky", "auto"),
            "normal": ("běžný", "normal"),
            "unarmed": ("neozbrojený", "unarmed"),
            "non_dodging": ("neuhýbající", "non_dodging"),
            "non_defending": ("nebránící_se", "non_defending"),
            "immobile": ("nehybný", "immobile"),
        },
        "stav_cíle:neozbrojený",
    ),
    ("cost", ("cena", "počet_akcí", "cost"), {}, "cena:2"),
    (
        "stance",
        ("postoj", "obranný_postoj", "stance"),
        {
            "none": ("žádná", "žádný", "none"),
            "partial": ("částečná", "částečná_obrana", "partial"),
            "full": ("plná", "plná_obrana", "full"),
        },
        "postoj:částečná",
    ),
    ("steps", ("kroky", "steps"), {}, "kroky:2"),
    ("amount", ("množství", "kolik", "amount"), {}, "množství:3"),
    ("level", ("stupeň", "úroveň", "level"), {}, "stupeň:1"),
    ("teamwork", ("sehranost", "teamwork"), {}, "sehranost"),
    ("helpless_ally", ("bezbranný_spolubojovník", "helpless_ally"), {}, "bezbranný_spolubojovník"),
    ("new_initiative", ("nová_iniciativa", "new_initiative"), {}, "nová_iniciativa:8"),
    ("hours", ("hodiny", "hours"), {}, "hodiny:8"),
)


def _option_kind(name: str) -> KeyKind:
    annotation = Options.model_fields[name].annotation
    if annotation is bool:
        return "flag"
    if typing.get_origin(annotation) is typing.Literal or any(
        typing.get_origin(a) is typing.Literal for a in typing.get_args(annotation)
    ):
        return "choice"
    return "number"


def option_keys() -> list[Key]:
    keys = []
    for key, names, values, example in _OPTIONS:
        kind = _option_kind(key)
        lo, hi = _bounds(Options, key) if kind == "number" else (None, None)
        keys.append(Key(key, names, kind, lo, hi, values, example))
    return keys


@lru_cache(maxsize=1)
def option_vocabulary() -> Vocabulary:
    return Vocabulary(option_keys(), "option")


def stat_name(key: str) -> str:
    """The Czech name a one-line sheet writes for a stats key."""
    return stat_vocabulary().keys[key].shown
