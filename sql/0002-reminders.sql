-- 0002-reminders.sql: a reminder before a slow turn's deadline.
--
-- remind: when to remind the seat to act (0: no reminder pending).

ALTER TABLE games ADD COLUMN remind INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_remind ON games (remind) WHERE remind > 0;
