-- What a revert needs beyond the change rows: staff as they were when the post-game opened, and which
-- players were hired during it.

ALTER TABLE team_postgames ADD COLUMN staff_before TEXT;  -- JSON: rerolls, staff, apothecary, fans
ALTER TABLE players ADD COLUMN hired_in_fixture INTEGER REFERENCES fixtures (id);
