-- 0001: the initial schema. Times are UTC text in the fixed-width layout
-- 2006-01-02T15:04:05.000000000Z, so text order is time order; durations
-- are whole seconds.

CREATE TABLE tables (
	id             INTEGER PRIMARY KEY,
	guild_id       TEXT    NOT NULL,
	channel_id     TEXT    NOT NULL, -- channel or thread
	game           TEXT    NOT NULL,
	options        TEXT    NOT NULL DEFAULT '{}', -- JSON object of strings
	max_seats      INTEGER NOT NULL DEFAULT 0,
	creator_id     TEXT    NOT NULL,
	status         TEXT    NOT NULL
		CHECK (status IN ('open', 'running', 'finished', 'abandoned')),
	version        INTEGER NOT NULL DEFAULT 0,
	seed           INTEGER NOT NULL, -- uint64 bits stored as int64
	seed_secret    TEXT    NOT NULL,
	commitment     TEXT    NOT NULL,
	reminder_every INTEGER NOT NULL DEFAULT 0, -- seconds, 0 = guild default
	created_at     TEXT    NOT NULL,
	updated_at     TEXT    NOT NULL
);

-- At most one Open or Running table per channel; also serves ActiveTable.
CREATE UNIQUE INDEX tables_active_channel ON tables (channel_id)
	WHERE status IN ('open', 'running');

-- RunningTables after a restart.
CREATE INDEX tables_status ON tables (status);

CREATE TABLE seats (
	table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat     INTEGER NOT NULL CHECK (seat >= 0),
	user_id  TEXT    NOT NULL,
	name     TEXT    NOT NULL,
	PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

CREATE TABLE moves (
	table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	n        INTEGER NOT NULL CHECK (n >= 1), -- 1-based, contiguous
	seat     INTEGER NOT NULL,
	user_id  TEXT    NOT NULL,
	notation TEXT    NOT NULL,
	at       TEXT    NOT NULL,
	reveal   INTEGER NOT NULL DEFAULT 0 CHECK (reveal IN (0, 1)),
	PRIMARY KEY (table_id, n)
) WITHOUT ROWID;

-- The state after the first `moves` moves of the log. The store keeps only
-- the newest snapshot of a table: it is a cache, the log is the truth.
CREATE TABLE snapshots (
	table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	moves    INTEGER NOT NULL CHECK (moves >= 0),
	state    BLOB    NOT NULL,
	hash     TEXT    NOT NULL,
	PRIMARY KEY (table_id, moves)
);

-- One pending reminder per table.
CREATE TABLE reminders (
	table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
	due      TEXT    NOT NULL
);

CREATE INDEX reminders_due ON reminders (due);

CREATE TABLE guild_settings (
	guild_id       TEXT    PRIMARY KEY,
	reminder_every INTEGER NOT NULL, -- seconds
	quiet_start    INTEGER NOT NULL CHECK (quiet_start BETWEEN -1 AND 23),
	quiet_end      INTEGER NOT NULL CHECK (quiet_end BETWEEN -1 AND 23),
	thread_mode    INTEGER NOT NULL CHECK (thread_mode IN (0, 1))
);
