-- 0003-ai-level.sql: how strong the game's AI players are.
--
-- ai: the level of the AI seats added to the game and of the AI that
-- plays for an away or late person (1 heuristic, 2 search).

ALTER TABLE games ADD COLUMN ai INTEGER NOT NULL DEFAULT 1;
