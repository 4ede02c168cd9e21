-- 0006: private page links a player can void. link_gen is in the signature
-- of a seat's private links (bot/web); raising it voids every link made
-- before, without the seat changing hands.
ALTER TABLE seats ADD COLUMN link_gen INTEGER NOT NULL DEFAULT 0 CHECK (link_gen >= 0);
