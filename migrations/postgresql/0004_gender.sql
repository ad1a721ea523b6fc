-- Grammatical gender (see migrations/0004_gender.sql).
ALTER TABLE characters ADD COLUMN gender TEXT;
ALTER TABLE combatants ADD COLUMN gender TEXT;
