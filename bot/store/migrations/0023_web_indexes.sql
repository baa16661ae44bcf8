-- The web view's pages read a fixture's dice, treasury and team changes, and a league's dice log:
-- indexes so each page reads only its own rows, however many leagues the database holds.
CREATE INDEX dice_rolls_by_fixture ON dice_rolls (guild_id, fixture_id, id);
CREATE INDEX treasury_changes_by_fixture ON treasury_changes (fixture_id);
CREATE INDEX team_changes_by_fixture ON team_changes (fixture_id);
-- A team's page: its players' injuries, advancements and traits, read by team.
CREATE INDEX player_changes_by_team ON player_changes (team_id, kind);
CREATE INDEX player_advancements_by_team ON player_advancements (team_id);
CREATE INDEX player_traits_by_team ON player_traits (team_id);
