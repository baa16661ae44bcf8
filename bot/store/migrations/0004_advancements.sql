-- Advancements: what each player gained, and rolled advancements waiting for the coach's choice.

CREATE TABLE player_advancements (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    team_id        INTEGER NOT NULL REFERENCES teams (id),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    fixture_id     INTEGER REFERENCES fixtures (id),
    kind           TEXT    NOT NULL
                   CHECK (kind IN ('random_primary', 'chosen_primary', 'chosen_secondary', 'characteristic')),
    skill          TEXT,
    characteristic TEXT CHECK (characteristic IN ('ma', 'st', 'ag', 'pa', 'av')),
    spp_cost       INTEGER NOT NULL,
    value_increase INTEGER NOT NULL,
    actor_id       INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    CHECK ((skill IS NULL) <> (characteristic IS NULL))
);
CREATE INDEX player_advancements_by_player ON player_advancements (player_id);

-- SPP are spent when the dice are rolled; the choice among the results is made afterwards (buttons).
CREATE TABLE pending_advancements (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES teams (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    fixture_id INTEGER REFERENCES fixtures (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('random_primary', 'characteristic')),
    category   TEXT,
    spp_cost   INTEGER NOT NULL,
    options    TEXT    NOT NULL,  -- JSON: skill names (random primary) or characteristics (D8)
    forced     INTEGER NOT NULL DEFAULT 0,
    rolls      TEXT    NOT NULL DEFAULT '[]',  -- JSON: the rolls shown to the coach
    status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'taken')),
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX pending_advancements_one_per_player ON pending_advancements (player_id) WHERE status = 'open';
