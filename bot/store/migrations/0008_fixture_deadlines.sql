-- A fixture with its own (extended) deadline is settled by its own job; this marks it done, once.
ALTER TABLE fixtures ADD COLUMN deadline_processed_at INTEGER;
