-- 0016-away.sql: a person away from all their games for a while (/away).
--
-- user_away: until when they are away (unix seconds; the row goes when
-- they are back, by /back or at until), since when, and how: ai 0, their
-- clocks stop (a turn of theirs waits for them, its time counted from
-- until on); ai 1, the AI plays their seats until then.
--
-- away_games: what being away did to one of their games: ai 1, the AI
-- was given their seat (it is given back at the end); turn and left,
-- the turn of theirs that was running when their clocks stopped and the
-- waking seconds it had left (left -1: none), so that it goes on with
-- that much once they are back.

CREATE TABLE user_away (
	user		INTEGER PRIMARY KEY REFERENCES users (id),
	until		INTEGER NOT NULL,
	since		INTEGER NOT NULL,
	ai		INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX user_away_until ON user_away (until);

CREATE TABLE away_games (
	user		INTEGER NOT NULL REFERENCES users (id),
	game		INTEGER NOT NULL REFERENCES games (id)
			    ON DELETE CASCADE,
	ai		INTEGER NOT NULL DEFAULT 0,
	turn		INTEGER NOT NULL DEFAULT -1,
	left		INTEGER NOT NULL DEFAULT -1,
	PRIMARY KEY (user, game)
) WITHOUT ROWID;
