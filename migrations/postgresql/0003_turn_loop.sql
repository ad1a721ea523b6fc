-- The starter's language and the GM's effects (see migrations/0003_turn_loop.sql).
ALTER TABLE encounters ADD COLUMN language TEXT;
ALTER TABLE combatants ADD COLUMN effects TEXT NOT NULL DEFAULT '[]';
