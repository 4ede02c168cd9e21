-- 0006: private page links a player can void.
-- PostgreSQL's version of sqlite/0006_seat_links.sql.

ALTER TABLE seats ADD COLUMN link_gen INTEGER NOT NULL DEFAULT 0 CHECK (link_gen >= 0);
