-- Long-term star player contracts (seed 004): a signing draft at the start of each season, and the stars
-- signed, who sit on their team's roster (as players rows pointing at their contract) until the season ends.

CREATE TABLE signing_drafts (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    league_id        INTEGER NOT NULL REFERENCES leagues (id),
    season_id        INTEGER NOT NULL UNIQUE REFERENCES seasons (id),
    team_order       TEXT    NOT NULL,  -- JSON: team ids still to sign, the one on the clock first
    status           TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
    pick_deadline_at INTEGER,           -- when the team on the clock runs out of time
    reminded         INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    log              TEXT    NOT NULL DEFAULT '[]',  -- JSON: the draw, each signing, time-outs, skips
    created_at       INTEGER NOT NULL
);

CREATE TABLE star_contracts (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    league_id     INTEGER NOT NULL REFERENCES leagues (id),
    season_id     INTEGER NOT NULL REFERENCES seasons (id),
    team_id       INTEGER NOT NULL REFERENCES teams (id),
    star          TEXT    NOT NULL,  -- the star, or the pair signed together
    members       TEXT    NOT NULL,  -- JSON: the stars on the roster
    cost          INTEGER NOT NULL CHECK (cost >= 0),
    familiar_face INTEGER NOT NULL DEFAULT 0 CHECK (familiar_face IN (0, 1)),
    how           TEXT    NOT NULL CHECK (how IN ('eligible', 'any unsigned', 'by the commissioner')),
    actor_id      INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired')),
    created_at    INTEGER NOT NULL,
    UNIQUE (season_id, star)
);
CREATE INDEX star_contracts_by_team ON star_contracts (team_id, status);

ALTER TABLE players ADD COLUMN star_contract INTEGER REFERENCES star_contracts (id);
