-- For PostgreSQL and several bot processes on one database.
-- A division's teams and a squad's members keep the order they were added in. SQLite kept it in the hidden
-- rowid, which PostgreSQL does not have, so it is a column of its own on both engines.
ALTER TABLE division_teams ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
UPDATE division_teams SET position = rowid;
ALTER TABLE tournament_squad_members ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
UPDATE tournament_squad_members SET position = rowid;
-- An announcement is claimed by the process that posts it (so two processes never both post it); a claim
-- older than the outbox's lease is a process that died while posting, and another may take it over.
ALTER TABLE announcements ADD COLUMN claimed_at INTEGER;
