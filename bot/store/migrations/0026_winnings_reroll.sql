-- Seed 003 (classic ruleset): a winner may re-roll the winnings die once and must keep the second result.
-- The die rolled, and the offer: NULL (no offer: BB2025, or not the winner), offered, used, declined (the
-- post-game was finished without it).
ALTER TABLE team_postgames ADD COLUMN winnings_die INTEGER;
ALTER TABLE team_postgames ADD COLUMN winnings_reroll TEXT CHECK (winnings_reroll IN ('offered', 'used', 'declined'));
