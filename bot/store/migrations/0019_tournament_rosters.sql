-- Gold piece escalation (seed 000, Additional rules): a coach submits one roster per Team Draft Budget at
-- registration, each only adding to the one before. The shared teams and players tables hold the roster of
-- the LAST budget (so every league path still sees one roster); these rows say from which round each part
-- counts. A player, star or Skill-Point skill without a row here counts from round 1.

-- A player (or star) added for a later budget, and the round from which his Skill-Point skill counts.
CREATE TABLE tournament_escalation_players (
    player_id  INTEGER PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    guild_id   INTEGER NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES teams (id),
    joined     INTEGER NOT NULL DEFAULT 1 CHECK (joined >= 1),
    skilled    INTEGER CHECK (skilled >= 1)
);
CREATE INDEX tournament_escalation_players_by_team ON tournament_escalation_players (team_id);

-- The re-rolls, staff, Dedicated Fans and inducements of each roster a coach has closed (round 1, 2, ...);
-- the roster still being written (and the last one) is the team row's and the entry's.
CREATE TABLE tournament_escalation_rounds (
    guild_id          INTEGER NOT NULL,
    team_id           INTEGER NOT NULL REFERENCES teams (id),
    round_number      INTEGER NOT NULL CHECK (round_number >= 1),
    rerolls           INTEGER NOT NULL,
    assistant_coaches INTEGER NOT NULL,
    cheerleaders      INTEGER NOT NULL,
    apothecary        INTEGER NOT NULL CHECK (apothecary IN (0, 1)),
    dedicated_fans    INTEGER NOT NULL,
    inducements       TEXT    NOT NULL DEFAULT '[]',  -- JSON: [[inducement id, how many], ...]
    closed_at         INTEGER NOT NULL,
    PRIMARY KEY (team_id, round_number)
);
