-- 0005: answers given ahead. A seat that need not act may queue its answer
-- to its next decision; the bot plays it when that decision comes, if it is
-- legal then, and drops it otherwise. One queued answer per seat.

-- user_id: the person who queued it (a seat that changes hands drops it).
-- decision: the key (games.Actor.Decision) of the seat's last decision
-- before it queued the answer; the answer is for a later one.
-- moves: the length of the log when it was queued (what happened since is
-- checked for reveals the seat has not seen).
CREATE TABLE premoves (
	table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL CHECK (seat >= 0),
	user_id    TEXT    NOT NULL,
	decision   TEXT    NOT NULL,
	notation   TEXT    NOT NULL,
	moves      INTEGER NOT NULL CHECK (moves >= 0),
	created_at TEXT    NOT NULL,
	PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
