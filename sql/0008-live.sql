-- 0008-live.sql: a group's live message of a game.  One message in the
-- game's chat shows its board, the last moves in words and whose turn it
-- is; it is edited as the game goes, and kept in sight: pinned where the
-- bot may pin, else posted anew at the bottom once buried.  Its platform
-- message id is the game's "board" row of messages.
--
-- live.moves: the last moves told, oldest first: a JSON array of the
-- "moved" rows' values (seat, action, by, turn, kicked, marbles).
-- live.pinned: the message pinned for the game ('' none).
-- live.pin: 0 not tried yet, 1 the bot may pin in the game's chat, -1 it
-- may not.

CREATE TABLE live (
	game		INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	moves		TEXT NOT NULL DEFAULT '[]',
	pinned		TEXT NOT NULL DEFAULT '',
	pin		INTEGER NOT NULL DEFAULT 0
);
