-- The platform: per-guild settings, the dice log, the audit log, and bot metadata.
-- Times are Unix seconds (UTC). Every row that belongs to a server carries its guild_id.

CREATE TABLE app_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE guild_settings (
    guild_id             INTEGER PRIMARY KEY,
    commissioner_role_id INTEGER,
    updated_by           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL
);

-- Every die the bot rolls, for /roll and for every rule step (fixture_id set by later features).
CREATE TABLE dice_rolls (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    purpose     TEXT    NOT NULL,
    expression  TEXT    NOT NULL,
    faces       TEXT    NOT NULL,  -- JSON array of the faces rolled, in order
    total       INTEGER,           -- the sum with any modifier; NULL for block dice
    fixture_id  INTEGER,
    rolled_at   INTEGER NOT NULL
);
CREATE INDEX dice_rolls_by_channel ON dice_rolls (guild_id, channel_id, id DESC);

-- Who did what, when, and why: every command that changes league state writes a row.
CREATE TABLE audit_log (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    league_id  INTEGER,
    actor_id   INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    detail     TEXT    NOT NULL DEFAULT '{}',  -- JSON
    reason     TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_by_guild ON audit_log (guild_id, league_id, id DESC);
