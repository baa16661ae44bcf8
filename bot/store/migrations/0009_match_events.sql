-- Match events (seed 002): which half of which fixture already had its event.
CREATE TABLE match_events (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id),
    half       INTEGER NOT NULL CHECK (half IN (1, 2)),
    name       TEXT    NOT NULL,
    d8         INTEGER NOT NULL,
    d6         INTEGER NOT NULL,
    actor_id   INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (fixture_id, half)
);
