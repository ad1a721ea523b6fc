-- A grammatical gender (m, f, n) for characters and combatants, so Czech, Polish and Italian sentences
-- agree with them ("Jagna jest atakowana", "Bruna ora: Ferita"); NULL reads neutrally.
ALTER TABLE characters ADD COLUMN gender TEXT;
ALTER TABLE combatants ADD COLUMN gender TEXT;
