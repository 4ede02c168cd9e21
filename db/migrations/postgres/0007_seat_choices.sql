-- 0007: standing choices of a seat that the bot applies.
-- PostgreSQL's version of sqlite/0007_seat_choices.sql.

CREATE TABLE seat_choices (
	table_id   BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL CHECK (seat >= 0),
	kind       TEXT COLLATE "C" NOT NULL,
	scope      TEXT    NOT NULL,
	user_id    TEXT    NOT NULL,
	created_at TEXT COLLATE "C" NOT NULL,
	PRIMARY KEY (table_id, seat, kind)
);
