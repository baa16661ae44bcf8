-- The web view's pages read a fixture's dice, treasury and team changes, and a league's dice log:
-- indexes so each page reads only its own rows, however many leagues the database holds.
CREATE INDEX dice_rolls_by_fixture ON dice_rolls (guild_id, fixture_id, id);
CREATE INDEX treasury_changes_by_fixture ON treasury_changes (fixture_id);
CREATE INDEX team_changes_by_fixture ON team_changes (fixture_id);
