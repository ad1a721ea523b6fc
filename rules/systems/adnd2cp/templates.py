"""Ready characters a player starts from (`/character create template:`): first-level adventurers in the
game's own words, each able to fight at once (a melee weapon first, armour, hit points, a few combat
points). Names in the catalog as `template.adnd2cp.<id>`."""

from __future__ import annotations

from collections.abc import Mapping

TEMPLATES: Mapping[str, str] = {
    # Chain mail and shield (CA 4); specialised in the long sword: +1 to hit, +2 damage. 3 punti
    # combattimento: 2 for the level, 1 for Intelligence 13 (enough for a Colpo Preciso).
    "fighter": (
        "classe:guerriero livello:1 forza:17 destrezza:13 intelligenza:13 ca:4 pf:10 "
        "armi:spada_lunga(specializzata),arco_corto"
    ),
    # A ranger with the long bow (Esperto: +1 punto combattimento) and a short sword for the melee;
    # studded leather and Dexterity 17 (CA 4). /shot takes the bow, /attack the sword.
    "archer": (
        "classe:ranger livello:1 forza:13 destrezza:17 intelligenza:12 ca:4 pf:9 armi:arco_lungo@esperto,spada_corta"
    ),
    # The seed's own: a thief (Rogue, 1.5 points a level, and the Intelligence bonus of the warriors and
    # thieves); leather armour and Dexterity 17 (CA 5); a short sword, and daggers to throw.
    "thief": ("classe:ladro livello:1 forza:12 destrezza:17 intelligenza:14 ca:5 pf:6 armi:spada_corta,pugnale"),
    # A cleric with a footman's mace (blunt: Rallentamento and Incapacitare are open to it), chain and shield.
    "cleric": ("classe:chierico livello:1 forza:14 destrezza:10 intelligenza:12 ca:4 pf:8 armi:mazza_da_fante"),
    # A mage: no armour, a quarterstaff and darts; half a point a level, so no combat points yet.
    "mage": ("classe:mago livello:1 forza:10 destrezza:15 intelligenza:17 ca:9 pf:4 armi:bastone_ferrato,dardo"),
}
