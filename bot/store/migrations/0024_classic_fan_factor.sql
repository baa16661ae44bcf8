-- rebuilds tables
-- A classic league (seed 003) keeps its Fan Factor in dedicated_fans, and a Fan Factor is not held between
-- 1 and 7: it rises while 3D6 beats it (so at most 18) and falls while 2D6 is under it (never below 1 from
-- a draft of 1 to 3). BB2025 keeps its Dedicated Fans between 1 and 7 in bot/rules. SQLite changes a CHECK
-- only by rebuilding the table.
CREATE TABLE teams_new (
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
    dedicated_fans    INTEGER NOT NULL DEFAULT 1 CHECK (dedicated_fans BETWEEN 1 AND 18),
    review_note       TEXT,
    created_at        INTEGER NOT NULL,
    UNIQUE (league_id, name COLLATE NOCASE)
);
INSERT INTO teams_new SELECT id, guild_id, league_id, coach_id, name, roster, regional_league, alignment, status,
    treasury, rerolls, assistant_coaches, cheerleaders, apothecary, dedicated_fans, review_note, created_at
    FROM teams;
DROP TABLE teams;
ALTER TABLE teams_new RENAME TO teams;
CREATE UNIQUE INDEX teams_one_per_coach ON teams (league_id, coach_id) WHERE status <> 'retired';
CREATE INDEX teams_by_guild ON teams (guild_id, league_id, status);
