-- 0007: each player's private panel, one DM message per table, seat and
-- user, kept current by edits.

-- channel_id, message_id: the DM channel and the panel message, '' until
-- it is first posted (the outbox posts it, then edits it).
-- hash: of the panel last queued, so that a change that shows the seat
-- nothing new edits nothing.
CREATE TABLE panels (
	table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL CHECK (seat >= 0),
	user_id    TEXT    NOT NULL,
	channel_id TEXT    NOT NULL DEFAULT '',
	message_id TEXT    NOT NULL DEFAULT '',
	hash       TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (table_id, seat, user_id)
) WITHOUT ROWID;
