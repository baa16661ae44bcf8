-- The dice log of a league. A roll the bot makes for a league (its fixtures, its
-- division and play-off draws, its signing order, its teams' off-season checks) names the league, so a
-- league's export carries its own dice and no other league's, even when two leagues share a channel.
ALTER TABLE dice_rolls ADD COLUMN league_id INTEGER REFERENCES leagues (id);

-- Rolls of a fixture belong to the fixture's league.
UPDATE dice_rolls SET league_id = (SELECT f.league_id FROM fixtures f WHERE f.id = dice_rolls.fixture_id)
WHERE fixture_id IS NOT NULL;

-- Earlier rolls without a fixture: the league (or tournament) the purpose names ("<league> season 2:
-- division draw", "<event> round 3 draw"), else the league of the team it names ("<team> off-season");
-- the longest matching name wins. /roll and All-Star and Dungeon Bowl rolls name no league.
UPDATE dice_rolls SET league_id = COALESCE(
    (SELECT l.id FROM leagues l WHERE l.guild_id = dice_rolls.guild_id
        AND substr(dice_rolls.purpose, 1, length(l.name) + 1) = l.name || ' '
        ORDER BY length(l.name) DESC, l.id LIMIT 1),
    (SELECT t.league_id FROM teams t WHERE t.guild_id = dice_rolls.guild_id
        AND substr(dice_rolls.purpose, 1, length(t.name) + 11) = t.name || ' off-season'
        ORDER BY length(t.name) DESC, t.id LIMIT 1)
)
WHERE fixture_id IS NULL;

CREATE INDEX dice_rolls_league ON dice_rolls (league_id, id);
