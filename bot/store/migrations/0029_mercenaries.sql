-- Mercenary Players on an event roster (issue 29; seed 000: "All Inducements from the listed publications
-- are allowed for the event ... and are permanently added to your Team Draft list"): a player of the team's
-- roster bought at his cost + 30,000 gp with Loner (4+), who earns no SPP and is never the MVP. His
-- optional Primary skill (+50,000 gp) is his one added skill, in tournament_skills.
ALTER TABLE players ADD COLUMN mercenary INTEGER NOT NULL DEFAULT 0 CHECK (mercenary IN (0, 1));
