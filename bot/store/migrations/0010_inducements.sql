-- Inducements bought before a fixture: the order of buying (favourite first) and every purchase.

CREATE TABLE inducement_phases (
    fixture_id      INTEGER PRIMARY KEY REFERENCES fixtures (id),
    guild_id        INTEGER NOT NULL,
    home_ctv        INTEGER NOT NULL,
    away_ctv        INTEGER NOT NULL,
    favourite       TEXT CHECK (favourite IN ('home', 'away')),  -- NULL: equal CTVs
    stage           TEXT    NOT NULL CHECK (stage IN ('favourite', 'underdog', 'closed')),
    favourite_spent INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL
);

CREATE TABLE fixture_inducements (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    fixture_id     INTEGER NOT NULL REFERENCES fixtures (id),
    team_id        INTEGER NOT NULL REFERENCES teams (id),
    inducement     TEXT    NOT NULL,  -- catalogue inducement id ('star_player' for stars)
    star           TEXT,              -- the star (or pair) for star players
    count          INTEGER NOT NULL,
    cost           INTEGER NOT NULL,
    from_petty     INTEGER NOT NULL,
    from_treasury  INTEGER NOT NULL,
    actor_id       INTEGER NOT NULL,
    created_at     INTEGER NOT NULL
);
CREATE INDEX fixture_inducements_by_fixture ON fixture_inducements (fixture_id, team_id);
