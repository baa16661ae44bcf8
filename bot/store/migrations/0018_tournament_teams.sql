-- Team events (seed 000, Team Events): a team of coaches is a squad ("team" is a Blood Bowl roster here).
-- A squad has a name and a captain; its members are coaches (Discord users), each of whom registers his own
-- roster in the event; a roster belongs to the squad of its coach.

CREATE TABLE tournament_squads (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    name       TEXT    NOT NULL,
    captain_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (league_id, name COLLATE NOCASE)
);
CREATE INDEX tournament_squads_by_event ON tournament_squads (guild_id, league_id);

CREATE TABLE tournament_squad_members (
    squad_id  INTEGER NOT NULL REFERENCES tournament_squads (id) ON DELETE CASCADE,
    guild_id  INTEGER NOT NULL,
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    coach_id  INTEGER NOT NULL,
    added_at  INTEGER NOT NULL,
    PRIMARY KEY (league_id, coach_id)  -- a coach is in one squad of an event
);
CREATE INDEX tournament_squad_members_by_squad ON tournament_squad_members (squad_id);
