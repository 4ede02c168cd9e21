-- 0002: per-user preferences, and the language last used at each table
-- (for its reminders). PostgreSQL's version of sqlite/0002_preferences.sql.

CREATE TABLE user_prefs (
	user_id    TEXT PRIMARY KEY,
	locale     TEXT NOT NULL, -- the Discord locale last seen, e.g. "de" or "en-US"
	updated_at TEXT COLLATE "C" NOT NULL
);

-- "" until someone has used the table.
ALTER TABLE tables ADD COLUMN lang TEXT NOT NULL DEFAULT '';
