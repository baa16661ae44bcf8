-- The pre-game sequence's rolled steps (bot/rules/rulesets.py): one row per fixture and step, written once
-- by /match pregame (the stadium, the weather, the flip for the kick, fans and FAME) or by the post-game
-- when the coaches did not roll it; and what a commissioner recorded by hand for a step whose table the
-- ruleset does not have (`recorded`: a stadium attribute, a famous referee, a sponsor).
CREATE TABLE fixture_pregame (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id),
    step       TEXT    NOT NULL,
    result     TEXT    NOT NULL,  -- JSON: what the step decided (bot/store/pregame.py)
    recorded   INTEGER NOT NULL DEFAULT 0 CHECK (recorded IN (0, 1)),  -- 1: typed by a commissioner
    actor_id   INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (fixture_id, step)
);
CREATE INDEX fixture_pregame_by_guild ON fixture_pregame (guild_id, fixture_id);
