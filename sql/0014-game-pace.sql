-- 0014-game-pace.sql: how a game keeps its pace, beside its row.
--
-- game_pace.autoplay: a person's turn that has exactly one legal action
-- plays itself, the person told what was played (1, the default) or
-- waits for them (0).  bank: a time bank's reserve in seconds (0: none;
-- then games.deadline is the fixed time per turn), bonus: the seconds a
-- move gives back, the bank capped at the reserve.  A game without a
-- row has the defaults.
--
-- seat_bank: what is left of a person's bank in a game, and since when
-- their turn runs (0: it is not their turn).

CREATE TABLE game_pace (
	game		INTEGER PRIMARY KEY REFERENCES games (id)
			    ON DELETE CASCADE,
	autoplay	INTEGER NOT NULL DEFAULT 1,
	bank		INTEGER NOT NULL DEFAULT 0,
	bonus		INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE seat_bank (
	game		INTEGER NOT NULL REFERENCES games (id)
			    ON DELETE CASCADE,
	seat		INTEGER NOT NULL,
	left		INTEGER NOT NULL,
	since		INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;
