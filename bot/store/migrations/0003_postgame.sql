-- The post-game sequence: one row per team per confirmed fixture, and every change it makes, tied to the
-- fixture (so a commissioner can audit it and later revert it).

ALTER TABLE players ADD COLUMN ma_change INTEGER NOT NULL DEFAULT 0;  -- +1 = one MA more
ALTER TABLE players ADD COLUMN st_change INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN ag_change INTEGER NOT NULL DEFAULT 0;  -- on the target number: -1 = 4+ to 3+
ALTER TABLE players ADD COLUMN pa_change INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN av_change INTEGER NOT NULL DEFAULT 0;  -- +1 = 8+ to 9+
ALTER TABLE players ADD COLUMN advancements INTEGER NOT NULL DEFAULT 0;

ALTER TABLE fixtures ADD COLUMN conceded_by TEXT CHECK (conceded_by IN ('home', 'away'));

CREATE TABLE team_postgames (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    fixture_id        INTEGER NOT NULL REFERENCES fixtures (id),
    team_id           INTEGER NOT NULL REFERENCES teams (id),
    status            TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished')),
    fan_factor        INTEGER,
    winnings          INTEGER NOT NULL DEFAULT 0,
    fans_before       INTEGER NOT NULL,
    fans_after        INTEGER NOT NULL,
    missed_player_ids TEXT    NOT NULL DEFAULT '[]',  -- JSON: players who missed this game recover at the end
    summary           TEXT    NOT NULL DEFAULT '[]',  -- JSON: the lines shown to the coaches, every roll included
    created_at        INTEGER NOT NULL,
    finished_by       INTEGER,
    finished_at       INTEGER,
    UNIQUE (fixture_id, team_id)
);
CREATE INDEX team_postgames_open ON team_postgames (team_id, status);

CREATE TABLE player_changes (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES teams (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    fixture_id INTEGER REFERENCES fixtures (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('spp', 'mvp', 'injury', 'recovery', 'advancement', 'status')),
    spp_delta  INTEGER NOT NULL DEFAULT 0,
    detail     TEXT    NOT NULL DEFAULT '{}',
    actor_id   INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX player_changes_by_player ON player_changes (player_id, id);
CREATE INDEX player_changes_by_fixture ON player_changes (fixture_id);

CREATE TABLE team_changes (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES teams (id),
    fixture_id INTEGER REFERENCES fixtures (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('dedicated_fans')),
    before     INTEGER NOT NULL,
    after      INTEGER NOT NULL,
    cause      TEXT    NOT NULL,
    actor_id   INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
