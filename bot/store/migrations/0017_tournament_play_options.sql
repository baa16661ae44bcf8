-- Tournaments, optional rules in play (seed 000, Additional rules).
-- Secret Objectives: the three results each coach rolled for a game (kept secret until it is confirmed);
-- the number achieved is in the game's report. An announcement may be a direct message to one coach.

CREATE TABLE tournament_objectives (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id),
    team_id    INTEGER NOT NULL REFERENCES teams (id),
    results    TEXT    NOT NULL,  -- JSON list of the D16 results kept, in the order rolled
    rolled_at  INTEGER NOT NULL,
    UNIQUE (fixture_id, team_id)
);
CREATE INDEX tournament_objectives_team ON tournament_objectives (guild_id, team_id);

ALTER TABLE announcements ADD COLUMN dm_user_id INTEGER;  -- set: sent to this user alone, by DM
