-- 0011-team-tac.sql: Team-TAC, everyone against the deck (rules K).
--
-- games.coop: the game is one of Team-TAC: everyone wins together, its
-- score the cards played (K6).
-- stats_games.coop, .cards: a finished game was one of Team-TAC, and the
-- cards its players played in all (0 in other games); a group's best scores are its
-- Team-TAC games with the fewest cards (/top coop).  A Team-TAC game
-- changes no rating and counts in no player's wins (store-stats.c).
-- The statistics stay derived: tacctl stats --rebuild fills both.

ALTER TABLE games ADD COLUMN coop INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stats_games ADD COLUMN coop INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stats_games ADD COLUMN cards INTEGER NOT NULL DEFAULT 0;
CREATE INDEX stats_games_coop ON stats_games (chat, cards) WHERE coop = 1;

