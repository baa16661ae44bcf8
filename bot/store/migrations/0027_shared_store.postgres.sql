-- As 0027_shared_store.sql; a PostgreSQL database is made at version 27 or later, so no row needs a position.
ALTER TABLE division_teams ADD COLUMN position BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournament_squad_members ADD COLUMN position BIGINT NOT NULL DEFAULT 0;
ALTER TABLE announcements ADD COLUMN claimed_at BIGINT;
