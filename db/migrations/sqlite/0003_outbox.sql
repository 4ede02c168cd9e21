-- 0003: the outbox of messages owed to Discord, and each table's board
-- setting. Every change that owes the channel (or a player) a message writes
-- it here in the change's own transaction; a delivery loop sends it until
-- Discord confirms, so a crash or a rate limit delays a message but never
-- loses it.

CREATE TABLE outbox (
	id          INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: it makes the nonce
	guild_id    TEXT    NOT NULL,                 -- for sharding by guild
	table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
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

-- 'turn': one board per turn, the turn in progress edited in place;
-- 'move': a board after every move; 'off': text only, boards on request.
ALTER TABLE tables ADD COLUMN board TEXT NOT NULL DEFAULT 'turn' CHECK (board IN ('turn', 'move', 'off'));
