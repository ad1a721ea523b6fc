"""The keys a player or GM types in this game: the sheet's build and lasting fields and the quick-NPC
shortcuts (`stat_vocabulary`), and the options of `/attack`, `/shot`, `/initiative` and `/action`
(`option_vocabulary`). Each key by the seed's Italian first (punti combattimento, classe armatura,
dadi vita …; the seed's own English where it writes English: THAC0 is not in it, "size", the class
groups, the proficiencies), then English; every key example is a stats line the sheet accepts."""

from __future__ import annotations

from functools import cache

from rules.systems.adnd2cp import words
from rules.systems.adnd2cp.options import Options
from rules.systems.adnd2cp.sheet import MAX_HIT_DICE, SHORTCUT_BOUNDS, ClassEntry, Sheet
from rules.vocabulary import Key, KeyKind, Vocabulary

_Bounds = tuple[float | None, float | None]


def _bounds(model: type[Sheet] | type[Options] | type[ClassEntry], field: str) -> _Bounds:
    lo = hi = None
    for meta in model.model_fields[field].metadata:
        lo = getattr(meta, "ge", lo)
        hi = getattr(meta, "le", hi)
    return lo, hi


def _stat(key: str, names: tuple[str, ...], kind: KeyKind, example: str, values: words.Names | None = None) -> Key:
    lo, hi = _bounds(Sheet, key) if key in Sheet.model_fields else (None, None)
    return Key(key, names, kind, lo, hi, dict(values or {}), example)


def _option(key: str, names: tuple[str, ...], kind: KeyKind, example: str, values: words.Names | None = None) -> Key:
    lo, hi = _bounds(Options, key)
    return Key(key, names, kind, lo, hi, dict(values or {}), example)


def _with(key: Key, lo: float | None, hi: float | None) -> Key:
    return Key(key.key, key.names, key.kind, lo, hi, key.values, key.example)


@cache
def stat_vocabulary() -> Vocabulary:
    level_lo, level_hi = _bounds(ClassEntry, "level")
    attack_lo, attack_hi = SHORTCUT_BOUNDS["attack"]
    keys = [
        # --- who: class and level (the quick shortcuts that make `classes`), or a monster's Hit Dice
        _stat("class", ("classe", "class"), "text", "classe:guerriero", words.CLASS_NAMES),
        _with(_stat("level", ("livello", "level", "lvl"), "text", "livello:3"), level_lo, level_hi),
        _stat("kind", ("tipo", "kind"), "choice", "tipo:mostro", words.KINDS),
        _with(_stat("hit_dice", ("dadi_vita", "dv", "hit_dice", "hd"), "text", "dadi_vita:4+1"), 0, MAX_HIT_DICE),
        # --- ability scores
        _stat("strength", ("forza", "for", "strength", "str"), "number", "forza:18/76"),
        _stat(
            "strength_pct",
            ("forza_eccezionale", "exceptional_strength", "strength_pct"),
            "number",
            "forza_eccezionale:76",
        ),
        _stat("dexterity", ("destrezza", "des", "dexterity", "dex"), "number", "destrezza:16"),
        _stat("intelligence", ("intelligenza", "int", "intelligence"), "number", "intelligenza:13"),
        # --- attack and defence
        _stat("thac0", ("THAC0", "TxC0"), "number", "thac0:17"),
        _stat("ac", ("CA", "classe_armatura", "armour_class", "armor_class"), "number", "ca:5"),
        _stat("hp", ("PF", "punti_ferita", "hit_points"), "number", "pf:24"),
        _stat("hp_max", ("PF_max", "punti_ferita_massimi", "max_hp"), "number", "pf_max:30"),
        _stat("size", ("taglia", "size"), "choice", "taglia:grande", words.SIZES),
        _stat(
            "attacks_per_round",
            ("attacchi_per_round", "attacchi", "attacks_per_round", "attacks"),
            "text",
            "attacchi:3/2",
        ),
        # --- weapons: the whole list, or one weapon (and the quick NPC's attack) by the shortcuts
        _stat("weapons", ("armi", "weapons"), "notation", "armi:spada_lunga@esperto,arco_corto", words.WEAPONS),
        _stat("weapon", ("arma", "weapon"), "text", "arma:spada_lunga", words.WEAPONS),
        _with(_stat("attack", ("attacco", "bonus_attacco", "attack"), "text", "attacco:+2"), attack_lo, attack_hi),
        _stat("damage", ("danni", "danno", "damage"), "text", "danni:1d8"),
        _stat("rank", ("abilità_arma", "grado", "rank", "weapon_rank"), "choice", "abilità_arma:esperto", words.RANKS),
        # --- combat points (punti combattimento)
        _stat(
            "pool_current", ("punti_combattimento", "pc", "punti", "combat_points", "cp", "points"), "number", "pc:12"
        ),
        _stat(
            "pool_override",
            ("punti_combattimento_massimi", "pc_max", "pool", "pool_max", "pool_override"),
            "number",
            "pc_max:20",
        ),
        _stat(
            "extra_pool_points",
            ("punti_combattimento_extra", "pc_extra", "extra_pool_points"),
            "number",
            "pc_extra:2",
        ),
        _stat(
            "combat_art_grades",
            ("gradi_arti", "gradi_arti_di_combattimento", "combat_art_grades"),
            "number",
            "gradi_arti:2",
        ),
        _stat("arts", ("arti", "arti_di_combattimento", "arts", "combat_arts"), "list", "arti:schivata", words.ARTS),
        _stat(
            "proficiencies",
            ("competenze", "proficiencies"),
            "list",
            "competenze:quickness,pain_tollerance",
            words.PROFICIENCIES,
        ),
        # --- the Combat Arts' defences
        _stat(
            "deflection_score",
            ("punteggio_deflessione", "deflessione", "deflection_score", "deflection"),
            "number",
            "deflessione:6",
        ),
        _stat(
            "dodge_pct",
            ("percentuale_schivata", "schivata_pct", "dodge_pct", "dodge_chance"),
            "number",
            "percentuale_schivata:20",
        ),
        _stat(
            "mastery_dodge_pct",
            ("percentuale_maestria_schivata", "maestria_schivata_pct", "mastery_dodge_pct"),
            "number",
            "percentuale_maestria_schivata:9",
        ),
        # --- the campaign's percentage saves (the seed's riflessi, robustezza, coraggio)
        _stat("save_reflexes", ("ts_riflessi", "tiro_salvezza_riflessi", "save_reflexes"), "number", "ts_riflessi:40"),
        _stat(
            "save_toughness",
            ("ts_robustezza", "tiro_salvezza_robustezza", "save_toughness"),
            "number",
            "ts_robustezza:45",
        ),
        _stat("save_courage", ("ts_coraggio", "tiro_salvezza_coraggio", "save_courage"), "number", "ts_coraggio:35"),
        # --- what the tables give from the scores (set by hand only to override them)
        _stat("str_to_hit", ("forza_colpire", "bonus_forza_colpire", "str_to_hit"), "number", "forza_colpire:+1"),
        _stat("str_damage", ("forza_danni", "bonus_forza_danni", "str_damage"), "number", "forza_danni:+3"),
        _stat("dex_missile", ("destrezza_tiro", "bonus_destrezza_tiro", "dex_missile"), "number", "destrezza_tiro:+2"),
        _stat(
            "dex_ac_adjustment",
            ("destrezza_ca", "bonus_destrezza_ca", "dex_ac_adjustment", "dex_ac"),
            "number",
            "destrezza_ca:2",
        ),
        _stat(
            "racial_max_dex_ac_adjustment",
            ("limite_razziale_destrezza", "racial_dex_cap", "racial_max_dex_ac_adjustment"),
            "number",
            "limite_razziale_destrezza:3",
        ),
        _stat(
            "armour_dex_cap",
            ("limite_destrezza_corazza", "armour_dex_cap", "armor_dex_cap"),
            "number",
            "limite_destrezza_corazza:1",
        ),
        _stat(
            "multi_or_dual_class_warrior",
            ("guerriero_multiclasse", "multiclasse", "multi_or_dual_class_warrior", "multiclass_warrior"),
            "flag",
            "guerriero_multiclasse",
        ),
        # --- what a target is, and what a fight left on it
        _stat(
            "creature_traits",
            ("tratti", "tratti_creatura", "creature_traits", "traits"),
            "list",
            "tratti:non_morto",
            words.TRAITS,
        ),
        _stat(
            "conditions",
            ("condizioni", "conditions"),
            "notation",
            "condizioni:emorragia(round=3)",
            words.CONDITIONS,
        ),
    ]
    return Vocabulary(keys, "stat")


@cache
def option_vocabulary() -> Vocabulary:
    keys = [
        _option("blows", ("colpi", "colpi_di_combattimento", "blows"), "list", "colpi:colpo_preciso", words.BLOW_NAMES),
        _option("supplementary", ("supplementare", "attacco_supplementare", "supplementary"), "flag", "supplementare"),
        _option("extra_attack", ("attacco_extra", "extra_attack"), "flag", "attacco_extra"),
        _option(
            "opportunity",
            ("opportunità", "attacco_di_opportunità", "contrattacco", "opportunity", "counter_attack"),
            "flag",
            "opportunità",
        ),
        _option("hand", ("mano", "hand"), "choice", "mano:secondaria", words.HANDS),
        _option("range", ("gittata", "range"), "choice", "gittata:media", words.RANGES),
        _option("modifier", ("modificatore", "mod", "modifier"), "number", "modificatore:+2"),
        _option("damage_modifier", ("modificatore_danni", "damage_modifier"), "number", "modificatore_danni:+1"),
        _option("damage_reduction", ("riduzione_danni", "damage_reduction"), "number", "riduzione_danni:2"),
        _option("rear", ("alle_spalle", "da_dietro", "rear"), "flag", "alle_spalle"),
        _option("surprised", ("sorpreso", "di_sorpresa", "surprised"), "flag", "sorpreso"),
        _option(
            "backstab",
            ("pugnalata_alle_spalle", "attacco_alle_spalle_dei_ladri", "backstab"),
            "flag",
            "pugnalata_alle_spalle",
        ),
        _option("charge", ("carica", "charge"), "flag", "carica"),
        _option("run_up_m", ("rincorsa", "run_up", "run_up_m"), "number", "rincorsa:6"),
        _option("ammo", ("munizioni", "ammo"), "choice", "munizioni:freccia_da_guerra", words.AMMO),
        _option("second_target", ("secondo_bersaglio", "second_target"), "text", "secondo_bersaglio:Orco"),
        _option("second_target_ac", ("ca_secondo_bersaglio", "second_target_ac"), "number", "ca_secondo_bersaglio:6"),
        _option(
            "second_target_size",
            ("taglia_secondo_bersaglio", "second_target_size"),
            "choice",
            "taglia_secondo_bersaglio:piccola",
            words.SIZES,
        ),
        _option("save", ("tiro_salvezza", "ts", "save"), "choice", "tiro_salvezza:fallito", words.SAVES),
        _option("save_pct", ("tiro_salvezza_pct", "ts_pct", "save_pct"), "number", "ts_pct:45"),
        _option("saves_failed", ("ts_falliti", "tiri_salvezza_falliti", "saves_failed"), "number", "ts_falliti:1"),
        _option("save_modifier", ("modificatore_ts", "save_modifier"), "number", "modificatore_ts:+5"),
        _option(
            "pain_tolerance_passed",
            ("pain_tollerance_superata", "pain_tolerance_passed"),
            "flag",
            "pain_tollerance_superata",
        ),
        _option(
            "target_weapon", ("arma_bersaglio", "target_weapon"), "text", "arma_bersaglio:spada_lunga", words.WEAPONS
        ),
        _option(
            "target_blows",
            ("colpi_difesa", "colpi_del_difensore", "target_blows"),
            "list",
            "colpi_difesa:evasione_migliorata",
            words.DEFENSIVE_BLOW_NAMES,
        ),
        _option("deflection_bonus", ("bonus_deflessione", "deflection_bonus"), "number", "bonus_deflessione:2"),
        _option("evasion_bonus", ("bonus_evasione", "evasion_bonus"), "number", "bonus_evasione:10"),
        _option("evasion_mastery", ("maestria_nella_schivata", "evasion_mastery"), "flag", "maestria_nella_schivata"),
        _option("dodge", ("schivata", "schivare", "dodge"), "flag", "schivata"),
        _option("dodged", ("schivato", "dodged"), "flag", "schivato"),
        _option("deflected", ("deflesso", "deflected"), "flag", "deflesso"),
        _option(
            "initiative_modifier",
            ("modificatore_iniziativa", "iniziativa", "initiative_modifier"),
            "number",
            "modificatore_iniziativa:+2",
        ),
        _option("casting", ("incantesimo", "lancio_di_incantesimo", "casting"), "flag", "incantesimo"),
        _option("next_round", ("prossimo_round", "next_round"), "flag", "prossimo_round"),
        _option("hours", ("ore", "hours"), "number", "ore:8"),
        _option("cure", ("cura_magica", "cura", "cure"), "flag", "cura_magica"),
        _option("check", ("prova", "check"), "choice", "prova:riuscita", words.CHECKS),
        _option("check_pct", ("prova_pct", "check_pct"), "number", "prova_pct:60"),
    ]
    return Vocabulary(keys, "option")


__all__ = ["option_vocabulary", "stat_vocabulary"]
