-- 0006-stats.sql: statistics and ratings, and who hides from them.
--
-- users.hidden: the person said /stats off: they stay out of the group
-- tables (kept per person, not derived).
-- games.finished: the order in which games ended, 1, 2, ... (0: not over):
-- ratings depend on it, so a rebuild replays games in this order.
--
-- Every stats_* table and ratings is derived from the action logs (the
-- truth) and kept for speed: tacctl stats --rebuild recomputes them all,
-- and opening a database at version 4 fills them (store-stats.c) in the
-- same transaction as this file.  A player is users.id for a person and
-- -LEVEL for an AI level (AI players are rated as players of their own).

ALTER TABLE users ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_finished ON games (finished) WHERE finished > 0;

-- One finished game: started and ended are its first and last actions'
-- times; winner a team (-1: none); by_tac: a TAC made the winning move;
-- takeovers: turns the AI played after a deadline.
CREATE TABLE stats_games (
	game		INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	chat		INTEGER NOT NULL,
	finished	INTEGER NOT NULL,
	started		INTEGER NOT NULL,
	ended		INTEGER NOT NULL,
	rounds		INTEGER NOT NULL,
	actions		INTEGER NOT NULL,
	winner		INTEGER NOT NULL,
	finisher	INTEGER NOT NULL,
	by_tac		INTEGER NOT NULL,
	takeovers	INTEGER NOT NULL
);
CREATE INDEX stats_games_chat ON stats_games (chat, finished);

-- One seat of a finished game, with its player's rating before and after.
CREATE TABLE stats_seats (
	game		INTEGER NOT NULL REFERENCES stats_games (game)
			    ON DELETE CASCADE,
	seat		INTEGER NOT NULL,
	player		INTEGER NOT NULL,
	team		INTEGER NOT NULL,
	won		INTEGER NOT NULL,
	played		INTEGER NOT NULL,
	kicks_given	INTEGER NOT NULL,
	kicks_taken	INTEGER NOT NULL,
	tacs		INTEGER NOT NULL,
	takeovers	INTEGER NOT NULL,
	rating_before	REAL NOT NULL,
	rating_after	REAL NOT NULL,
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;
CREATE INDEX stats_seats_player ON stats_seats (player, game);

-- A player's totals in one chat (an AI level counts once per seat held).
-- seconds: the games' time from first to last action; tac_wins: games
-- the player ended with a TAC; last: the chat's game finished last.
CREATE TABLE stats_players (
	chat		INTEGER NOT NULL,
	player		INTEGER NOT NULL,
	games		INTEGER NOT NULL,
	wins		INTEGER NOT NULL,
	rounds		INTEGER NOT NULL,
	seconds		INTEGER NOT NULL,
	played		INTEGER NOT NULL,
	kicks_given	INTEGER NOT NULL,
	kicks_taken	INTEGER NOT NULL,
	tacs		INTEGER NOT NULL,
	tac_wins	INTEGER NOT NULL,
	takeovers	INTEGER NOT NULL,
	last		INTEGER NOT NULL,
	PRIMARY KEY (chat, player)
) WITHOUT ROWID;
CREATE INDEX stats_players_player ON stats_players (player);

-- Two players of one team in one chat (a < b).
CREATE TABLE stats_pairs (
	chat		INTEGER NOT NULL,
	a		INTEGER NOT NULL,
	b		INTEGER NOT NULL,
	games		INTEGER NOT NULL,
	wins		INTEGER NOT NULL,
	PRIMARY KEY (chat, a, b)
) WITHOUT ROWID;

-- Cards a player played in a chat, by kind (the notation's card name).
CREATE TABLE stats_cards (
	chat		INTEGER NOT NULL,
	player		INTEGER NOT NULL,
	card		TEXT NOT NULL,
	n		INTEGER NOT NULL,
	PRIMARY KEY (chat, player, card)
) WITHOUT ROWID;

-- A player's rating now (team Elo, store-stats.c), over all chats.
CREATE TABLE ratings (
	player		INTEGER PRIMARY KEY,
	rating		REAL NOT NULL,
	games		INTEGER NOT NULL,
	wins		INTEGER NOT NULL
);

-- Opening the database fills the tables from the games already stored,
-- then removes this key (store_stats_fill()).
INSERT INTO kv (key, value) VALUES ('stats:fill', '1');
