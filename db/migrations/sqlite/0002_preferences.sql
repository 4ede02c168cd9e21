-- 0002: per-user preferences, and the language last used at each table
-- (for its reminders).

CREATE TABLE user_prefs (
	user_id    TEXT PRIMARY KEY,
	locale     TEXT NOT NULL, -- the Discord locale last seen, e.g. "de" or "en-US"
	updated_at TEXT NOT NULL
);

-- "" until someone has used the table.
ALTER TABLE tables ADD COLUMN lang TEXT NOT NULL DEFAULT '';
