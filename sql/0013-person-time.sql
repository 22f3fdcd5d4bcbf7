-- 0013-person-time.sql: each person's own time (their /settings).
--
-- zone: a name of the tz database ("Europe/Berlin"), '' until they
-- choose one (their language's zone is taken meanwhile).  quiet_start
-- and quiet_end: their quiet hours, minutes of the day (23:00 is 1380),
-- equal when they want none.  One row per person who has set something.

CREATE TABLE user_time (
	user		INTEGER PRIMARY KEY REFERENCES users (id),
	zone		TEXT NOT NULL DEFAULT '',
	quiet_start	INTEGER NOT NULL DEFAULT 1380,
	quiet_end	INTEGER NOT NULL DEFAULT 480
);
