-- 0007: standing choices of a seat that the bot applies (docs/pacing.md):
-- passing for the rest of a round or combat, and the opt-out of automatic
-- passes. One row per seat and kind; a seat without rows has the defaults.
-- (Numbered after 0006; renumber freely at a merge: nothing refers to it.)

-- kind: "ask" (automatic passes off), "round" or "combat".
-- scope: what the choice lasts for: the round's number, the combat's name
-- (games.Spanner), "" for "ask".
-- user_id: the person who made it (a seat that changes hands drops it).
CREATE TABLE seat_choices (
	table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL CHECK (seat >= 0),
	kind       TEXT    NOT NULL,
	scope      TEXT    NOT NULL,
	user_id    TEXT    NOT NULL,
	created_at TEXT    NOT NULL,
	PRIMARY KEY (table_id, seat, kind)
) WITHOUT ROWID;
