-- 0005: answers given ahead.
-- PostgreSQL's version of sqlite/0005_premoves.sql.

CREATE TABLE premoves (
	table_id   BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL CHECK (seat >= 0),
	user_id    TEXT    NOT NULL,
	decision   TEXT    NOT NULL,
	notation   TEXT    NOT NULL,
	moves      INTEGER NOT NULL CHECK (moves >= 0),
	created_at TEXT COLLATE "C" NOT NULL,
	PRIMARY KEY (table_id, seat)
);
