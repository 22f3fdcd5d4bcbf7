-- 0012-rematch.sql: a rematch offered at a game's end, until its game
-- starts, or the offer lapses.
--
-- game: the lobby the rematch opened (its own row in games, with the
-- same options; its due is when the offer lapses); old: the game it
-- plays again; rotate: 1 when the teams change (everyone but the first
-- seat moves one seat on), 0 when they are kept; expires: when the
-- offer lapses.  rematch_seats: the people asked to play again, each in
-- the lobby's seat they would take (seat) as they sat in the old game
-- (was); answer: 0 not yet, 1 in (seated), -1 not this time.
CREATE TABLE rematches (
	game		INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	old		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	rotate		INTEGER NOT NULL,
	expires		INTEGER NOT NULL
);
CREATE INDEX rematches_old ON rematches (old);
CREATE TABLE rematch_seats (
	game		INTEGER NOT NULL REFERENCES rematches (game)
			    ON DELETE CASCADE,
	seat		INTEGER NOT NULL,
	was		INTEGER NOT NULL,
	user		INTEGER NOT NULL REFERENCES users (id),
	answer		INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;
