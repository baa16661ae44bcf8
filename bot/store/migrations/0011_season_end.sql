-- Season end: play-offs (qualifiers and the bracket on play-off fixtures), penalty shoot-outs, prizes and
-- the League Trophy, traits players gain in the league (Hatred from Getting Even), the off-season
-- re-draft, and announcements the bot posts once the transaction that made them has committed.

ALTER TABLE seasons ADD COLUMN finished_at INTEGER;
ALTER TABLE seasons ADD COLUMN playoff_size INTEGER;  -- how many qualified, once the play-offs opened

CREATE TABLE playoff_qualifiers (
    season_id       INTEGER NOT NULL REFERENCES seasons (id),
    team_id         INTEGER NOT NULL REFERENCES teams (id),
    guild_id        INTEGER NOT NULL,
    seed            INTEGER NOT NULL,
    division_number INTEGER NOT NULL,
    division_place  INTEGER NOT NULL,
    PRIMARY KEY (season_id, team_id),
    UNIQUE (season_id, seed)
);

ALTER TABLE fixtures ADD COLUMN playoff_stage INTEGER;  -- 1 = the first knock-out stage
ALTER TABLE fixtures ADD COLUMN playoff_slot INTEGER;   -- position in the stage's bracket, from 1
ALTER TABLE fixtures ADD COLUMN third_place INTEGER NOT NULL DEFAULT 0 CHECK (third_place IN (0, 1));
CREATE UNIQUE INDEX fixtures_playoff_slot ON fixtures (season_id, playoff_stage, playoff_slot)
    WHERE playoff_stage IS NOT NULL;

-- Rolled once per fixture, in the open: the report of a level play-off game takes its winner from here.
CREATE TABLE penalty_shootouts (
    fixture_id INTEGER PRIMARY KEY REFERENCES fixtures (id),
    guild_id   INTEGER NOT NULL,
    roll_offs  TEXT    NOT NULL,  -- JSON: each roll-off's (home, away) faces, ties re-rolled
    winner     TEXT    NOT NULL CHECK (winner IN ('home', 'away')),
    actor_id   INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE TABLE season_awards (
    season_id  INTEGER NOT NULL REFERENCES seasons (id),
    guild_id   INTEGER NOT NULL,
    place      INTEGER NOT NULL CHECK (place BETWEEN 1 AND 3),
    team_id    INTEGER NOT NULL REFERENCES teams (id),
    prize      INTEGER NOT NULL CHECK (prize >= 0),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (season_id, place)
);

ALTER TABLE players ADD COLUMN seasons_played INTEGER NOT NULL DEFAULT 0;  -- for the re-hire agent's fee

-- Traits gained in league play: Hatred (keyword) from Getting Even. NULL parameter: the coach chooses.
CREATE TABLE player_traits (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES teams (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    fixture_id INTEGER REFERENCES fixtures (id),
    trait      TEXT    NOT NULL,
    parameter  TEXT,
    options    TEXT    NOT NULL DEFAULT '[]',  -- JSON: what the coach may choose from
    status     TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'gained', 'lost', 'reverted')),
    created_at INTEGER NOT NULL,
    changed_at INTEGER
);
CREATE INDEX player_traits_by_player ON player_traits (player_id, status);

CREATE TABLE team_redrafts (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    league_id        INTEGER NOT NULL REFERENCES leagues (id),
    team_id          INTEGER NOT NULL REFERENCES teams (id),
    after_season_id  INTEGER NOT NULL REFERENCES seasons (id),
    budget           INTEGER NOT NULL CHECK (budget >= 0),
    lost             INTEGER NOT NULL DEFAULT 0,
    previous_players TEXT    NOT NULL DEFAULT '[]',  -- JSON: the players the coach may re-hire
    summary          TEXT    NOT NULL DEFAULT '[]',  -- JSON: every roll and sum, as shown
    actor_id         INTEGER NOT NULL,
    created_at       INTEGER NOT NULL,
    UNIQUE (team_id, after_season_id)
);

-- Written in the same transaction as the change it announces; posted (and marked sent) after commit.
CREATE TABLE announcements (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    title      TEXT    NOT NULL,
    lines      TEXT    NOT NULL,  -- JSON list of lines
    mentions   TEXT    NOT NULL DEFAULT '[]',  -- JSON list of user ids to ping
    created_at INTEGER NOT NULL,
    sent_at    INTEGER
);
CREATE INDEX announcements_unsent ON announcements (id) WHERE sent_at IS NULL;
