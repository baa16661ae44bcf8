-- Leagues, teams and their players, seasons with divisions and rounds, fixtures and their results.
-- Every row carries guild_id; every query filters on it. Money is integer gold pieces; times Unix seconds.

CREATE TABLE leagues (
    id                  INTEGER PRIMARY KEY,
    guild_id            INTEGER NOT NULL,
    name                TEXT    NOT NULL,
    announce_channel_id INTEGER,
    settings            TEXT    NOT NULL,  -- JSON of LeagueSettings, validated on every change
    created_by          INTEGER NOT NULL,
    created_at          INTEGER NOT NULL,
    UNIQUE (guild_id, name COLLATE NOCASE)
);

CREATE TABLE teams (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    league_id         INTEGER NOT NULL REFERENCES leagues (id),
    coach_id          INTEGER NOT NULL,
    name              TEXT    NOT NULL,
    roster            TEXT    NOT NULL,  -- catalogue team id, e.g. 'human'
    regional_league   TEXT    NOT NULL,  -- the one league the team plays in (rosters with several choose)
    alignment         TEXT,              -- 'Khorne' etc. for teams with a Favoured of... choice
    status            TEXT    NOT NULL DEFAULT 'draft'
                      CHECK (status IN ('draft', 'submitted', 'approved', 'rejected', 'retired')),
    treasury          INTEGER NOT NULL CHECK (treasury >= 0),
    rerolls           INTEGER NOT NULL DEFAULT 0 CHECK (rerolls BETWEEN 0 AND 8),
    assistant_coaches INTEGER NOT NULL DEFAULT 0 CHECK (assistant_coaches >= 0),
    cheerleaders      INTEGER NOT NULL DEFAULT 0 CHECK (cheerleaders >= 0),
    apothecary        INTEGER NOT NULL DEFAULT 0 CHECK (apothecary IN (0, 1)),
    dedicated_fans    INTEGER NOT NULL DEFAULT 1 CHECK (dedicated_fans BETWEEN 1 AND 7),
    review_note       TEXT,
    created_at        INTEGER NOT NULL,
    UNIQUE (league_id, name COLLATE NOCASE)
);
CREATE UNIQUE INDEX teams_one_per_coach ON teams (league_id, coach_id) WHERE status <> 'retired';
CREATE INDEX teams_by_guild ON teams (guild_id, league_id, status);

CREATE TABLE players (
    id                  INTEGER PRIMARY KEY,
    guild_id            INTEGER NOT NULL,
    team_id             INTEGER NOT NULL REFERENCES teams (id),
    number              INTEGER NOT NULL CHECK (number BETWEEN 1 AND 99),
    name                TEXT    NOT NULL,
    position            TEXT    NOT NULL,  -- catalogue position id
    hiring_fee          INTEGER NOT NULL CHECK (hiring_fee >= 0),
    value_increase      INTEGER NOT NULL DEFAULT 0,
    spp                 INTEGER NOT NULL DEFAULT 0 CHECK (spp >= 0),
    status              TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'fired', 'dead', 'left')),
    miss_next_game      INTEGER NOT NULL DEFAULT 0 CHECK (miss_next_game IN (0, 1)),
    niggling_injuries   INTEGER NOT NULL DEFAULT 0 CHECK (niggling_injuries >= 0),
    temporarily_retired INTEGER NOT NULL DEFAULT 0 CHECK (temporarily_retired IN (0, 1)),
    journeyman          INTEGER NOT NULL DEFAULT 0 CHECK (journeyman IN (0, 1)),
    created_at          INTEGER NOT NULL
);
CREATE UNIQUE INDEX players_number_on_team ON players (team_id, number) WHERE status = 'active';
CREATE INDEX players_by_team ON players (team_id, status);

-- Every gold piece in or out of a treasury, with its cause: the treasury always equals the sum.
CREATE TABLE treasury_changes (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    team_id       INTEGER NOT NULL REFERENCES teams (id),
    amount        INTEGER NOT NULL,
    balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
    cause         TEXT    NOT NULL,
    fixture_id    INTEGER,
    actor_id      INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE INDEX treasury_changes_by_team ON treasury_changes (team_id, id);

CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    number     INTEGER NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'regular' CHECK (status IN ('regular', 'playoffs', 'finished')),
    started_by INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    UNIQUE (league_id, number)
);

CREATE TABLE divisions (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    season_id INTEGER NOT NULL REFERENCES seasons (id),
    number    INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    UNIQUE (season_id, number)
);

CREATE TABLE division_teams (
    division_id INTEGER NOT NULL REFERENCES divisions (id),
    team_id     INTEGER NOT NULL REFERENCES teams (id),
    guild_id    INTEGER NOT NULL,
    PRIMARY KEY (division_id, team_id)
);

CREATE TABLE rounds (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    season_id   INTEGER NOT NULL REFERENCES seasons (id),
    number      INTEGER NOT NULL,
    starts_at   INTEGER NOT NULL,
    deadline_at INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    UNIQUE (season_id, number)
);

CREATE TABLE fixtures (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    league_id        INTEGER NOT NULL REFERENCES leagues (id),
    season_id        INTEGER REFERENCES seasons (id),
    round_id         INTEGER REFERENCES rounds (id),
    division_id      INTEGER REFERENCES divisions (id),
    kind             TEXT    NOT NULL CHECK (kind IN ('league', 'friendly', 'playoff')),
    home_team_id     INTEGER NOT NULL REFERENCES teams (id),
    away_team_id     INTEGER NOT NULL REFERENCES teams (id),
    status           TEXT    NOT NULL DEFAULT 'scheduled'
                     CHECK (status IN ('scheduled', 'reported', 'disputed', 'confirmed')),
    report           TEXT,               -- JSON of the result as reported (and, once confirmed, as locked)
    report_version   INTEGER NOT NULL DEFAULT 0,
    reported_by      INTEGER,
    reported_at      INTEGER,
    confirmed_by     INTEGER,
    confirmed_at     INTEGER,
    home_score       INTEGER,
    away_score       INTEGER,
    home_cas         INTEGER,
    away_cas         INTEGER,
    home_outcome     TEXT CHECK (home_outcome IN ('W', 'D', 'L')),
    away_outcome     TEXT CHECK (away_outcome IN ('W', 'D', 'L')),
    counts_for_bonus INTEGER NOT NULL DEFAULT 1,
    created_at       INTEGER NOT NULL,
    CHECK (home_team_id <> away_team_id)
);
CREATE INDEX fixtures_by_season ON fixtures (guild_id, season_id, round_id);
CREATE INDEX fixtures_by_team ON fixtures (home_team_id, status);
CREATE INDEX fixtures_by_away_team ON fixtures (away_team_id, status);

-- Every version of every result: reported, corrected, disputed, confirmed; who, when, why.
CREATE TABLE fixture_reports (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id),
    version    INTEGER NOT NULL,
    action     TEXT    NOT NULL CHECK (action IN ('reported', 'corrected', 'disputed', 'confirmed')),
    report     TEXT,
    actor_id   INTEGER NOT NULL,
    reason     TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX fixture_reports_by_fixture ON fixture_reports (fixture_id, id);
