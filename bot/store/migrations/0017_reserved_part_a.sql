-- Reserved for issue 16 part A (team events); a placeholder on branch i16-rosters only: the lead drops it
-- when part A's migration of this number is merged.
SELECT 1;
