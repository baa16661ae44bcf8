-- All-Star games (seed 004): two coaches build rosters of star players by the random or drafting method.
-- The draft's state (picks, whose turn, forgone picks) is JSON validated by the service on every change.

CREATE TABLE allstar_games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    coach_a     INTEGER NOT NULL,  -- the challenger
    coach_b     INTEGER NOT NULL,
    method      TEXT    NOT NULL CHECK (method IN ('random', 'drafting')),
    status      TEXT    NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'drafting', 'done', 'cancelled')),
    excluded    TEXT    NOT NULL DEFAULT '[]',  -- JSON: stars both coaches left out
    pair_choice TEXT    NOT NULL DEFAULT '{}',  -- JSON: per coach, a pair drawn with one place left: redraw or swap
    state       TEXT    NOT NULL DEFAULT '{}',  -- JSON: picks, turn, forgone picks, what was rolled
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    CHECK (coach_a <> coach_b)
);
CREATE INDEX allstar_games_open ON allstar_games (guild_id, status);
