-- 0018-remind.sql: a turn's reminder, told once and not to one who looked;
-- a morning's digest of the turns waiting for a person.
--
-- seat_remind.looked: the turn (games.turn_no) during which the seat's
-- person last looked at the game (pressed one of its buttons, opened
-- its Mini App); reminded: the turn they were last reminded of (-1:
-- none).  A reminder goes to neither, so none is sent twice for a turn,
-- even when the turn is scheduled again (settings, a return from away).

CREATE TABLE seat_remind (
	game		INTEGER NOT NULL REFERENCES games (id)
			    ON DELETE CASCADE,
	seat		INTEGER NOT NULL,
	looked		INTEGER NOT NULL DEFAULT -1,
	reminded	INTEGER NOT NULL DEFAULT -1,
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;

-- user_digest: when a person awaited in a game with a clock has their
-- next morning (the end of their quiet hours): then, awaited in two
-- games or more, they get one message listing them instead of a
-- reminder each.  The row goes once that morning is done.

CREATE TABLE user_digest (
	user		INTEGER PRIMARY KEY REFERENCES users (id),
	at		INTEGER NOT NULL
);
CREATE INDEX user_digest_at ON user_digest (at);
