"""The words players type in this game: each listed value's id with its names, the seed's Italian first
(as the seed writes them: it keeps some English words, "size large", "Pain Tollerance", "Warrior"), then
English. The vocabularies (`vocabulary.py`) list them; the sheet and the options map any of them, in
any case and with or without accents, to the id the rules use (`lookup`)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.systems.adnd2cp import weapons as weapon_data
from rules.systems.adnd2cp.blows import BLOWS
from rules.vocabulary import fold

Names = Mapping[str, tuple[str, ...]]


def _slug(text: str) -> str:
    """ "Spada bastarda (a due mani)" -> "spada_bastarda_a_due_mani": a name typed as one word."""
    kept = "".join(ch if ch.isalnum() or ch in " _-" else " " for ch in text.lower())
    return "_".join(kept.replace("-", " ").replace("_", " ").split())


def _english(weapon_id: str) -> tuple[str, ...]:
    squashed = weapon_id.replace("_", "")
    return (weapon_id,) if squashed == weapon_id or weapon_id.endswith("_2h") else (weapon_id, squashed)


# Built-in weapons: the Italian name of the table as one word, then the English id (and `longsword`).
WEAPONS: Names = {wid: tuple(dict.fromkeys((_slug(name), *_english(wid)))) for wid, name in weapon_data.names().items()}
# Weapon ids the notation also knows but the `weapon` key does not offer: the quick line's own attack.
QUICK_ATTACK = "attack"
OTHER_WEAPON_IDS: Names = {QUICK_ATTACK: ("attacco", "attack")}

AMMO: Names = {aid: (_slug(name), aid) for aid, name in weapon_data.AMMO_NAMES_IT.items()}

# Class names with their group (macroclasse). The seed names the groups in English (Warrior, Wizard,
# Priest, Rogue, Psionic) and the house classes too (Reaver, Skald, Dark Knight, Nightblade, Shadow
# Bringer, Raider, Weapon Master); the Italian names are the classes' own (guerriero, mago, ladro …).
CLASSES: dict[str, tuple[str, tuple[str, ...]]] = {
    "fighter": ("warrior", ("guerriero", "fighter")),
    "paladin": ("warrior", ("paladino", "paladin")),
    "ranger": ("warrior", ("ranger",)),
    "reaver": ("warrior", ("reaver",)),
    "skald": ("warrior", ("skald",)),
    "dark_knight": ("warrior", ("dark_knight", "cavaliere_oscuro")),
    "nightblade": ("warrior", ("nightblade",)),
    "shadow_bringer": ("warrior", ("shadow_bringer",)),
    "raider": ("warrior", ("raider",)),
    "weapon_master": ("warrior", ("weapon_master",)),
    "warrior": ("warrior", ("combattente", "warrior")),
    "mage": ("wizard", ("mago", "mage")),
    "illusionist": ("wizard", ("illusionista", "illusionist")),
    "wizard": ("wizard", ("arcanista", "wizard")),
    "cleric": ("priest", ("chierico", "cleric")),
    "druid": ("priest", ("druido", "druid")),
    "priest": ("priest", ("sacerdote", "priest")),
    "thief": ("rogue", ("ladro", "thief")),
    "bard": ("rogue", ("bardo", "bard")),
    "rogue": ("rogue", ("furfante", "rogue")),
    "psionicist": ("psionicist", ("psionico", "psionic", "psionicist")),
}
CLASS_NAMES: Names = {cid: names for cid, (_, names) in CLASSES.items()}
GROUPS: Names = {  # the first name is the one shown (Gruppo arcanista, never the English "wizard")
    "warrior": ("combattente", "warrior"),
    "wizard": ("arcanista", "mago", "wizard"),
    "priest": ("sacerdote", "priest"),
    "rogue": ("furfante", "rogue"),
    "psionicist": ("psionico", "psionic", "psionicist"),
}

KINDS: Names = {
    "pc": ("pg", "personaggio", "pc", "character"),
    "npc": ("png", "npc"),
    "monster": ("mostro", "monster", "creatura"),
}
# Creature sizes (the seed writes them in English: "size huge"); weapons use S, M and L.
SIZES: Names = {
    "T": ("minuscola", "tiny"),
    "S": ("piccola", "small"),
    "M": ("media", "medium"),
    "L": ("grande", "large"),
    "H": ("enorme", "huge"),
    "G": ("mastodontica", "gargantuan", "gigantesca"),
}
WEAPON_SIZES: Names = {k: SIZES[k] for k in ("S", "M", "L")}
# Weapon knowledge (Abilità Arma): the seed's grades.
RANKS: Names = {
    "none": ("nessuno", "none"),
    "abile": ("abile", "skilled"),
    "esperto": ("esperto", "expert"),
    "campione": ("campione", "champion"),
    "maestro": ("maestro", "master"),
    "gran_maestro": ("gran_maestro", "grand_master"),
}
RELATIONS: Names = {
    "auto": ("auto",),
    "other": ("altra", "other"),
    "affine": ("affine", "related"),
    "gemella": ("gemella", "twin"),
}
DAMAGE_TYPES: Names = {
    "S": ("taglio", "slashing"),
    "P": ("punta", "piercing"),
    "B": ("botta", "bludgeoning"),
}
DELIVERIES: Names = {
    "melee": ("corpo_a_corpo", "mischia", "melee"),
    "thrown": ("lancio", "da_lancio", "thrown"),
    "missile": ("tiro", "da_tiro", "missile"),
    "firearm": ("fuoco", "da_fuoco", "firearm"),
    "natural": ("attacco_fisico", "naturale", "natural"),
}
# Combat Arts the rules read (Deflessione Superiore and Evasione Migliorata need them); the seed names
# more (critico potenziato, contrattacco …), which a sheet keeps but the bot applies no rule of.
ARTS: Names = {
    "deflettere_i_colpi": ("deflettere_i_colpi", "deflect_blows"),
    "schivata": ("schivata", "dodge"),
    "maestria_nella_schivata": ("maestria_nella_schivata", "dodge_mastery"),
}
# Proficiencies the seed names (in English, as it writes them): quickness lowers Attacco Extra's cost,
# Pain Tollerance adds to a save, the lores open blows on aberrations and demons; healing is the GM's.
PROFICIENCIES: Names = {
    "quickness": ("quickness", "rapidita"),
    "pain_tolerance": ("pain_tollerance", "pain_tolerance", "tolleranza_al_dolore"),
    "aberration_lore": ("aberration_lore", "conoscenza_delle_aberrazioni"),
    "demonology": ("demonology", "demonologia"),
    "healing": ("healing", "guarigione"),
}
USED_PROFICIENCIES = frozenset({"quickness", "pain_tolerance", "aberration_lore", "demonology"})
# What a target is, as the blows' restrictions read it (organi vitali, corpo organico di tipo animale …).
TRAITS: Names = {
    "undead": ("non_morto", "undead"),
    "construct": ("costrutto", "construct"),
    "no_vital_organs": ("senza_organi_vitali", "no_vital_organs"),
    "unrecognisable_organs": ("organi_non_riconoscibili", "unrecognisable_organs", "unrecognizable_organs"),
    "immune_pain": ("immune_al_dolore", "immune_pain"),
    "regenerates_1hp_round": ("rigenerazione", "regenerates", "regenerates_1hp_round"),
    "aberration": ("aberrazione", "aberration"),
    "demon": ("demone", "demon"),
    "incorporeal": ("incorporeo", "incorporeal"),
    "non_animal_body": ("corpo_non_animale", "non_animal_body"),
    "plant": ("pianta", "plant", "vegetale"),
    "ooze": ("melma", "slime", "ooze"),
}
CONDITIONS: Names = {
    "bleeding": ("emorragia", "bleeding"),
    "impaled": ("arma_conficcata", "impaled"),
    "guard_opened": ("guardia_aperta", "guard_opened"),
    "pain_penalty": ("grande_dolore", "pain_penalty"),
    "lose_attacks": ("perde_gli_attacchi", "lose_attacks"),
    "slowed_next": ("rallentato_prossimo_round", "slowed_next"),
    "slowed": ("rallentato", "slowed"),
    "debilitated": ("debilitato", "debilitata", "debilitated"),
    "incapacitated": ("incapacitato", "incapacitata", "incapacitated"),
    "incapacitate_saves": ("tiri_salvezza_incapacitare", "incapacitate_saves"),
    "disarmed": ("disarmato", "disarmed"),
    "frightened": ("intimorito", "spaventato", "frightened"),
    "dead": ("morto", "dead"),
    "unconscious": ("privo_di_sensi", "unconscious"),
    "helpless": ("indifeso", "helpless"),
    "stunned": ("stordito", "stunned"),
    "prone": ("a_terra", "prone"),
    "surprised": ("sorpreso", "surprised"),
}
BLOW_NAMES: Names = {b.id: (_slug(b.name_it), _slug(b.name_en)) for b in BLOWS.values()}
DEFENSIVE_BLOW_NAMES: Names = {bid: names for bid, names in BLOW_NAMES.items() if BLOWS[bid].defensive}

# Option values.
HANDS: Names = {
    "single": ("una_mano", "single"),
    "main": ("principale", "main"),
    "off": ("secondaria", "off"),
}
RANGES: Names = {
    "short": ("corta", "short"),
    "medium": ("media", "medium"),
    "long": ("lunga", "long"),
}
SAVES: Names = {"passed": ("superato", "passed"), "failed": ("fallito", "failed")}
# A proficiency check (la prova, feminine): the Healing check that stops a bleeding.
CHECKS: Names = {"passed": ("riuscita", "superata", "passed"), "failed": ("fallita", "failed")}

YES = frozenset({"si", "sì", "yes", "true", "vero", "1", "on"})
NO = frozenset({"no", "false", "falso", "0", "off"})


def _index(table: Names) -> dict[str, str]:
    found: dict[str, str] = {}
    for value, names in table.items():
        for name in (value, *names):
            found.setdefault(fold(name), value)
    return found


_INDEXES: dict[int, tuple[Names, dict[str, str]]] = {}


def lookup(table: Names, typed: object) -> str | None:
    """The id a typed name means in `table` (any case, with or without accents), or None."""
    found = _INDEXES.get(id(table))
    if found is None or found[0] is not table:
        found = _INDEXES[id(table)] = (table, _index(table))
    return found[1].get(fold(str(typed)))


def native(table: Names, value: str) -> str:
    """The name to write for an id: its first (Italian) name, or the id itself."""
    names = table.get(value)
    return names[0] if names else value


def weapon_id(typed: object) -> str | None:
    """A built-in weapon (or the quick line's attack) by any of its names."""
    return lookup(WEAPONS, typed) or lookup(OTHER_WEAPON_IDS, typed)


def weapon_word(weapon: str) -> str:
    """The word to type for a weapon id: the Italian name of a built-in weapon, else the id as stored."""
    return native(WEAPONS, weapon) if weapon in WEAPONS else native(OTHER_WEAPON_IDS, weapon)
