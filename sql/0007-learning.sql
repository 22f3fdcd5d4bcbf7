-- 0007-learning.sql: hints, the tutorial's progress, and reviews.
--
-- games.hints: the game offers hints (1, the default) or not (0); a
-- lobby's option.
-- hints: the hints a person took in a game (asked again at the same
-- turn, the same hint is no new one: turn is the last one's).
-- lessons: a person's progress through the tutorial, a lesson by its id
-- (src/play/lessons.c): wrong moves made, and whether it was solved.
-- reviews: a finished game's review, computed after its end a little at
-- a time (next: the action to rate next; result: what was found so far,
-- as JSON; ms: the time spent), done once every action is rated.
-- review_asks: who asked for a review before it was done, and where to
-- send it (a person's private chat, in their language).

ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;

CREATE TABLE hints (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	user		INTEGER NOT NULL REFERENCES users (id),
	n		INTEGER NOT NULL DEFAULT 0,
	turn		INTEGER NOT NULL DEFAULT -1,
	PRIMARY KEY (game, user)
) WITHOUT ROWID;

CREATE TABLE lessons (
	user		INTEGER NOT NULL REFERENCES users (id),
	lesson		TEXT NOT NULL,
	tries		INTEGER NOT NULL DEFAULT 0,
	done		INTEGER NOT NULL DEFAULT 0,
	at		INTEGER NOT NULL,
	PRIMARY KEY (user, lesson)
) WITHOUT ROWID;

CREATE TABLE reviews (
	game		INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	next		INTEGER NOT NULL DEFAULT 0,
	done		INTEGER NOT NULL DEFAULT 0,
	ms		INTEGER NOT NULL DEFAULT 0,
	result		TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX reviews_todo ON reviews (game) WHERE done = 0;

CREATE TABLE review_asks (
	game		INTEGER NOT NULL REFERENCES reviews (game) ON DELETE CASCADE,
	user		INTEGER NOT NULL REFERENCES users (id),
	platform	TEXT NOT NULL,
	chat		TEXT NOT NULL,
	lang		TEXT NOT NULL,
	PRIMARY KEY (game, user)
) WITHOUT ROWID;
