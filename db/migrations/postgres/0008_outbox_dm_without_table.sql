-- 0007: outbox entries without a table, such as the DM of a private roll.
-- PostgreSQL's version of sqlite/0007_outbox_dm_without_table.sql:
-- table_id becomes nullable.
ALTER TABLE outbox ALTER COLUMN table_id DROP NOT NULL;
