-- 0007: outbox entries without a table, such as the DM of a private roll.
-- table_id becomes nullable. SQLite cannot drop a NOT NULL constraint, so
-- the outbox is rebuilt: its files are kept aside, the new table takes the
-- old one's rows and name, and the files come back under the same ids.

CREATE TABLE outbox_files_kept AS SELECT * FROM outbox_files;
DROP TABLE outbox_files;

CREATE TABLE outbox_new (
	id          INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: it makes the nonce
	guild_id    TEXT    NOT NULL,                 -- for sharding by guild
	table_id    INTEGER REFERENCES tables (id) ON DELETE CASCADE, -- NULL for a message of no table
	queue       TEXT    NOT NULL,                 -- a channel id, or 'dm:' and a user id
	kind        TEXT    NOT NULL CHECK (kind IN ('post', 'edit', 'dm')),
	channel_id  TEXT    NOT NULL,                 -- post, edit: the channel; dm: the user id
	live        INTEGER NOT NULL DEFAULT 0 CHECK (live IN (0, 1)), -- a post that becomes the table's live message
	target_id   INTEGER,                          -- edit: the live post it changes
	message     TEXT    NOT NULL,                 -- the message as JSON, without file data
	state       TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered')),
	message_id  TEXT    NOT NULL DEFAULT '',      -- a delivered post's Discord message id
	attempts    INTEGER NOT NULL DEFAULT 0,
	not_before  TEXT    NOT NULL,                 -- no attempt before this time (rate limits, back-off)
	created_at  TEXT    NOT NULL
);
INSERT INTO outbox_new (id, guild_id, table_id, queue, kind, channel_id, live, target_id, message, state,
	message_id, attempts, not_before, created_at)
	SELECT id, guild_id, table_id, queue, kind, channel_id, live, target_id, message, state,
	message_id, attempts, not_before, created_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

-- The head of each queue, and the due queues.
CREATE INDEX outbox_queue ON outbox (state, queue, id);

-- The newest live post of a table.
CREATE INDEX outbox_live ON outbox (table_id, live, id);

-- Attachments (board images) of undelivered entries; dropped on delivery.
CREATE TABLE outbox_files (
	entry_id     INTEGER NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
	n            INTEGER NOT NULL CHECK (n >= 0),
	name         TEXT    NOT NULL,
	content_type TEXT    NOT NULL,
	alt          TEXT    NOT NULL,
	data         BLOB    NOT NULL,
	PRIMARY KEY (entry_id, n)
);
INSERT INTO outbox_files (entry_id, n, name, content_type, alt, data)
	SELECT entry_id, n, name, content_type, alt, data FROM outbox_files_kept;
DROP TABLE outbox_files_kept;
