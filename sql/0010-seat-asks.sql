-- 0010-seat-asks.sql: people who asked to take a seat a person left.
--
-- In a running game, a seat whose person left (the AI plays it) goes to
-- someone else only when its owner or another player agrees: the group
-- is asked, and the question waits here until it is answered, the seat
-- is taken or its person comes back, or it is too old (the service says
-- how old).  user, pid, name, lang: the one who asked, as they would sit;
-- at: when they asked.
CREATE TABLE seat_asks (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seat		INTEGER NOT NULL,
	user		INTEGER NOT NULL REFERENCES users (id),
	pid		TEXT NOT NULL,
	name		TEXT NOT NULL,
	lang		TEXT NOT NULL,
	at		INTEGER NOT NULL,
	PRIMARY KEY (game, seat, user)
) WITHOUT ROWID;
