-- 0007: each player's private panel.
-- PostgreSQL's version of sqlite/0007_panels.sql.

CREATE TABLE panels (
	table_id   BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL CHECK (seat >= 0),
	user_id    TEXT    NOT NULL,
	channel_id TEXT    NOT NULL DEFAULT '',
	message_id TEXT    NOT NULL DEFAULT '',
	hash       TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (table_id, seat, user_id)
);
