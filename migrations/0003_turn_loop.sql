-- The language of whoever started the fight: what the bot speaks when it posts on its own (timers,
-- round upkeep, expiring effects) and the channel has no pinned language.
ALTER TABLE encounters ADD COLUMN language TEXT;

-- Effects and conditions the GM put on a combatant, with their durations (JSON list).
ALTER TABLE combatants ADD COLUMN effects TEXT NOT NULL DEFAULT '[]';
