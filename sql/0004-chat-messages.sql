-- 0004-chat-messages.sql: a chat's board style, and the messages a bridge
-- edits instead of posting anew.
--
-- chats.board: how the chat's board is shown, 'picture' or 'text'.
-- messages: the platform message id last delivered for a game's "board"
-- or "lobby" row in a chat (chat is the platform chat id, as in outbox).

ALTER TABLE chats ADD COLUMN board TEXT NOT NULL DEFAULT 'picture';

CREATE TABLE messages (
	game		INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	chat		TEXT NOT NULL,
	kind		TEXT NOT NULL,
	message		TEXT NOT NULL,
	at		INTEGER NOT NULL,
	PRIMARY KEY (game, chat, kind)
) WITHOUT ROWID;
CREATE INDEX messages_chat ON messages (chat);
