-- 0009-keys.sql: the key of a game, the unguessable name of its links.
--
-- A game's id runs 1, 2, 3, ...: a link that named a game by it would let
-- anyone who can count find every other game.  The links that open a
-- game in the Mini App (the group's board, the history, a summary) carry
-- its key instead: whoever has the key may watch the game, and the app
-- shows a game to its players and to key holders only.  key: 22 letters
-- and digits from the system's random source (getrandom), made with the
-- game; the games of an older database get theirs when it is opened
-- (store_keys_fill(), store-web.c), as SQL has no such source.

CREATE TABLE game_keys (
	game		INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	key		TEXT NOT NULL UNIQUE
);
