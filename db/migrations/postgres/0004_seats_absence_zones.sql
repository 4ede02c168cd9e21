-- 0004: bot seats, absent players and vacations, each player's time zone
-- and quiet hours, the table clock, and what stats need of the log.
-- PostgreSQL's version of sqlite/0004_seats_absence_zones.sql.

ALTER TABLE seats ADD COLUMN bot BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE seats ADD COLUMN away BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE seats ADD COLUMN acting_since TEXT COLLATE "C";
ALTER TABLE seats ADD COLUMN remind_at TEXT COLLATE "C";
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0 CHECK (missed >= 0);

ALTER TABLE moves ADD COLUMN waited BIGINT CHECK (waited >= 0);

ALTER TABLE tables ADD COLUMN turn_days INTEGER NOT NULL DEFAULT 0 CHECK (turn_days >= 0);
ALTER TABLE tables ADD COLUMN absence_after INTEGER NOT NULL DEFAULT 0 CHECK (absence_after >= 0);
ALTER TABLE tables ADD COLUMN vacation TEXT NOT NULL DEFAULT 'bot' CHECK (vacation IN ('bot', 'wait'));
ALTER TABLE tables ADD COLUMN started_at TEXT COLLATE "C";
ALTER TABLE tables ADD COLUMN ended_at TEXT COLLATE "C";

ALTER TABLE user_prefs ADD COLUMN zone TEXT NOT NULL DEFAULT '';
ALTER TABLE user_prefs ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN -1 AND 23);
ALTER TABLE user_prefs ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN -1 AND 23);
ALTER TABLE user_prefs ADD COLUMN away_until TEXT COLLATE "C";
