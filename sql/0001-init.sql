-- 0001-init.sql: the first schema of tacd.
--
-- The action log (actions) plus the game's seed is the truth about a game;
-- games.snapshot is a cache of the position after the last action.  Times
-- are unix seconds.  Platform ids (chats, users) are text as the platform
-- gives them; "pid" columns hold them.

-- Small named values: "offset:<platform>" is the highest update id seen.
CREATE TABLE kv (
	key		TEXT PRIMARY KEY,
	value		TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE chats (
	id		INTEGER PRIMARY KEY,
	platform	TEXT NOT NULL,
	pid		TEXT NOT NULL,
	title		TEXT NOT NULL DEFAULT '',
	private		INTEGER NOT NULL DEFAULT 0,
	lang		TEXT NOT NULL DEFAULT 'en',
	UNIQUE (platform, pid)
);

CREATE TABLE users (
	id		INTEGER PRIMARY KEY,
	platform	TEXT NOT NULL,
	pid		TEXT NOT NULL,
	name		TEXT NOT NULL DEFAULT '',
	lang		TEXT NOT NULL DEFAULT 'en',
	UNIQUE (platform, pid)
);

-- state: 0 lobby, 1 playing, 2 over, 3 aborted (enum svc_gstate).
-- seed: the engine's 64-bit seed, stored as its two's complement.
-- turn_no: actions applied; actor: the seat to act (-1: none);
-- due: when the actor's turn expires or an AI seat acts (0: never).
CREATE TABLE games (
	id		INTEGER PRIMARY KEY,
	chat		INTEGER NOT NULL REFERENCES chats (id),
	state		INTEGER NOT NULL DEFAULT 0,
	players		INTEGER NOT NULL,
	triples		INTEGER NOT NULL DEFAULT 0,
	master		INTEGER NOT NULL DEFAULT 1,
	names		INTEGER NOT NULL DEFAULT 0,
	seed		INTEGER NOT NULL,
	deadline	INTEGER NOT NULL DEFAULT 0,
	creator		INTEGER REFERENCES users (id),
	turn_no		INTEGER NOT NULL DEFAULT 0,
	actor		INTEGER NOT NULL DEFAULT -1,
	due		INTEGER NOT NULL DEFAULT 0,
	winner		INTEGER NOT NULL DEFAULT -1,
	created		INTEGER NOT NULL,
	updated		INTEGER NOT NULL,
	snapshot	TEXT
);
-- One lobby or running game per chat.
CREATE UNIQUE INDEX games_open ON games (chat) WHERE state < 2;
CREATE INDEX games_due ON games (due) WHERE due > 0;

-- A seat holds a person (user), an AI (ai > 0) or nobody (no row).
-- away: the person is replaced by the AI until they resume.
CREATE TABLE seats (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seat		INTEGER NOT NULL,
	user		INTEGER REFERENCES users (id),
	ai		INTEGER NOT NULL DEFAULT 0,
	away		INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;
CREATE INDEX seats_user ON seats (user) WHERE user IS NOT NULL;

-- The log: action n (0-based) in the engine's canonical notation.
-- who: 0 the seat's person, 1 an AI seat, 2 the AI after the deadline.
CREATE TABLE actions (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	n		INTEGER NOT NULL,
	seat		INTEGER NOT NULL,
	action		TEXT NOT NULL,
	who		INTEGER NOT NULL DEFAULT 0,
	at		INTEGER NOT NULL,
	PRIMARY KEY (game, n)
) WITHOUT ROWID;

-- Messages to deliver; payload is JSON that bot/ renders.
-- sent: 0 pending, 1 delivered, 2 given up.
CREATE TABLE outbox (
	id		INTEGER PRIMARY KEY,
	platform	TEXT NOT NULL,
	chat		TEXT NOT NULL,
	game		INTEGER NOT NULL DEFAULT 0,
	kind		TEXT NOT NULL,
	payload		TEXT NOT NULL,
	created		INTEGER NOT NULL,
	due		INTEGER NOT NULL,
	attempts	INTEGER NOT NULL DEFAULT 0,
	sent		INTEGER NOT NULL DEFAULT 0,
	message		TEXT
);
CREATE INDEX outbox_pending ON outbox (platform, due, id) WHERE sent = 0;
CREATE INDEX outbox_chat ON outbox (platform, chat, id) WHERE sent = 0;
CREATE INDEX outbox_done ON outbox (due) WHERE sent != 0;

-- Platform update ids already processed (deduplication).
CREATE TABLE updates (
	platform	TEXT NOT NULL,
	update_id	INTEGER NOT NULL,
	at		INTEGER NOT NULL,
	PRIMARY KEY (platform, update_id)
) WITHOUT ROWID;
CREATE INDEX updates_at ON updates (at);
