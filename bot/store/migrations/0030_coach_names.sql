-- A coach's name as the web view shows it (issue 30: coach names on the league pages). The bot knows a
-- coach by his Discord id only; his server display name is kept when he creates a team or registers for an
-- event (`bot/store/coaches.py`), and updated each time he does. A coach with no name kept shows none.
CREATE TABLE coach_names (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
