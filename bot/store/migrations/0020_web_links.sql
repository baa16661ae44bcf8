-- The read-only web view: each league's or tournament's public link. The token is the whole
-- secret of the link (unguessable, 128 bits); replacing it makes the old link show nothing. A disabled
-- link keeps its token until it is turned on again.

CREATE TABLE league_web_links (
    league_id  INTEGER PRIMARY KEY REFERENCES leagues (id),
    guild_id   INTEGER NOT NULL,
    token      TEXT    NOT NULL UNIQUE,
    enabled    INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    changed_at INTEGER NOT NULL,
    changed_by INTEGER NOT NULL
);
CREATE INDEX league_web_links_guild ON league_web_links (guild_id, league_id);
