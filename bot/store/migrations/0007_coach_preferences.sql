-- What each coach wants from the bot (per server): reminders by direct message, off unless they opt in.

CREATE TABLE coach_preferences (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    dm_reminders INTEGER NOT NULL DEFAULT 0 CHECK (dm_reminders IN (0, 1)),
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
