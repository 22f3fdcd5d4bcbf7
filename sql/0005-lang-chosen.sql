-- 0005-lang-chosen.sql: whether a chat's language was chosen with /lang.
--
-- chats.lang_chosen: 1 once someone said /lang in the chat; until then
-- a group's language follows the person who opens a game there (the
-- language their Telegram is set to).

ALTER TABLE chats ADD COLUMN lang_chosen INTEGER NOT NULL DEFAULT 0;
