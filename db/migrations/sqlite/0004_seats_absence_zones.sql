-- 0004: bot seats, absent players and vacations, each player's time zone
-- and quiet hours, the table clock, and what stats need of the log: when a
-- table started and ended, and how long each answer took.

-- bot: the bot plays the seat for good (user_id is then '').
-- away: the bot plays the seat for its absent player (user_id kept) until
-- they come back.
-- acting_since: since when the seat must act (NULL while it need not).
-- remind_at: the seat's next reminder (NULL for none).
-- missed: reminders in a row the seat let pass without acting.
ALTER TABLE seats ADD COLUMN bot INTEGER NOT NULL DEFAULT 0 CHECK (bot IN (0, 1));
ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
ALTER TABLE seats ADD COLUMN acting_since TEXT;
ALTER TABLE seats ADD COLUMN remind_at TEXT;
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0 CHECK (missed >= 0);

-- Seconds from the moment the seat newly had to act to this move, its
-- first since; NULL for the later moves of a turn and for moves the bot made.
ALTER TABLE moves ADD COLUMN waited INTEGER CHECK (waited >= 0);

-- turn_days: the table clock, days a seat has for a decision before its
-- reminders count as missed (0: no clock, every reminder counts).
-- absence_after: missed reminders after which the bot takes the seat
-- (0: never).
-- vacation: while a player is on vacation the bot plays their seat ('bot')
-- or the table waits for them ('wait').
ALTER TABLE tables ADD COLUMN turn_days INTEGER NOT NULL DEFAULT 0 CHECK (turn_days >= 0);
ALTER TABLE tables ADD COLUMN absence_after INTEGER NOT NULL DEFAULT 0 CHECK (absence_after >= 0);
ALTER TABLE tables ADD COLUMN vacation TEXT NOT NULL DEFAULT 'bot' CHECK (vacation IN ('bot', 'wait'));
ALTER TABLE tables ADD COLUMN started_at TEXT;
ALTER TABLE tables ADD COLUMN ended_at TEXT;

-- zone: the user's IANA time zone name ('' for UTC).
-- quiet_start, quiet_end: the user's own quiet hours in that zone (-1 for
-- none; NULL to follow the server's).
-- away_until: the end of the user's vacation (NULL for none).
ALTER TABLE user_prefs ADD COLUMN zone TEXT NOT NULL DEFAULT '';
ALTER TABLE user_prefs ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN -1 AND 23);
ALTER TABLE user_prefs ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN -1 AND 23);
ALTER TABLE user_prefs ADD COLUMN away_until TEXT;
