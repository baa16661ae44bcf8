-- Reserved for issue 16 part B (group and knock-out); a placeholder on branch i16-rosters only: the lead drops
-- it when part B's migration of this number is merged.
SELECT 1;
