-- Tournaments (seed 000): a second kind of competition beside a league, in the same server. A tournament is
-- a `leagues` row of kind 'tournament' so that it shares teams, players, seasons, rounds, fixtures, reports
-- and their confirmation with leagues; what only a tournament has lives in the tables below. Its games are
-- fixtures of kind 'league' (a competition's scheduled game) in its one season.

ALTER TABLE leagues ADD COLUMN kind TEXT NOT NULL DEFAULT 'league' CHECK (kind IN ('league', 'tournament'));

-- The role (besides commissioners) whose members organise events on this server.
ALTER TABLE guild_settings ADD COLUMN organiser_role_id INTEGER;

CREATE TABLE tournaments (
    league_id        INTEGER PRIMARY KEY REFERENCES leagues (id),
    guild_id         INTEGER NOT NULL,
    format           TEXT    NOT NULL DEFAULT 'swiss' CHECK (format IN ('swiss')),
    rulespack        TEXT    NOT NULL,  -- JSON of Rulespack, validated on every change
    status           TEXT    NOT NULL DEFAULT 'registration'
                     CHECK (status IN ('registration', 'running', 'finished')),
    best_painted     INTEGER REFERENCES teams (id),  -- the organiser's choice (when the rulespack says so)
    started_at       INTEGER,
    finished_at      INTEGER
);

-- What a team entered in a tournament has beyond a league team: the Spare Player's mark, the inducements
-- bought for the event, the Dedicated Fans won in its games (seed 000: the winner gains 1).
CREATE TABLE tournament_entries (
    team_id       INTEGER PRIMARY KEY REFERENCES teams (id),
    guild_id      INTEGER NOT NULL,
    league_id     INTEGER NOT NULL REFERENCES leagues (id),
    spare         INTEGER NOT NULL DEFAULT 0 CHECK (spare IN (0, 1)),
    inducements   TEXT    NOT NULL DEFAULT '[]',  -- JSON: [[inducement id, how many], ...]
    fans_gained   INTEGER NOT NULL DEFAULT 0 CHECK (fans_gained >= 0),
    registered_at INTEGER NOT NULL
);
CREATE INDEX tournament_entries_by_event ON tournament_entries (guild_id, league_id);
CREATE UNIQUE INDEX tournament_one_spare ON tournament_entries (league_id) WHERE spare = 1;

-- The one skill a player may be given with Skill Points (seed 000); it does not raise the player's value.
CREATE TABLE tournament_skills (
    player_id  INTEGER PRIMARY KEY REFERENCES players (id),
    guild_id   INTEGER NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES teams (id),
    skill      TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX tournament_skills_by_team ON tournament_skills (team_id);

-- Each round's pairings with their table numbers: a game (fixture) or a Bye (a team and no fixture).
CREATE TABLE tournament_tables (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    league_id    INTEGER NOT NULL REFERENCES leagues (id),
    round_number INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    fixture_id   INTEGER REFERENCES fixtures (id),
    bye_team_id  INTEGER REFERENCES teams (id),
    CHECK ((fixture_id IS NULL) <> (bye_team_id IS NULL)),
    UNIQUE (league_id, round_number, table_number)
);

-- Favourite Opponent (Most Sporting Coach) and Best Painted votes: one of each kind per voting coach.
CREATE TABLE tournament_votes (
    guild_id      INTEGER NOT NULL,
    league_id     INTEGER NOT NULL REFERENCES leagues (id),
    kind          TEXT    NOT NULL CHECK (kind IN ('sporting', 'painted')),
    voter_team_id INTEGER NOT NULL REFERENCES teams (id),
    for_team_id   INTEGER NOT NULL REFERENCES teams (id),
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (league_id, kind, voter_team_id),
    CHECK (voter_team_id <> for_team_id)
);
