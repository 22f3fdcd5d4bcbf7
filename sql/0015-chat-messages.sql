-- 0015-chat-messages.sql: the messages a bridge posted in a chat that
-- belong to no game (messages, of 0004, is a game's).
--
-- chat_messages: per platform chat (as in outbox) and kind, the platform
-- message id last delivered.  Kind "lesson": the message of the last
-- lesson (or lesson list) a person's private chat got, whose buttons go
-- when a typed /learn opens another, so that no older copy has live ones.

CREATE TABLE chat_messages (
	platform	TEXT NOT NULL,
	chat		TEXT NOT NULL,
	kind		TEXT NOT NULL,
	message		TEXT NOT NULL,
	at		INTEGER NOT NULL,
	PRIMARY KEY (platform, chat, kind)
) WITHOUT ROWID;
