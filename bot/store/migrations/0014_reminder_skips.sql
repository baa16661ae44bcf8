-- A reminder that came due while the bot was down, with a later reminder of the same round also due (or the
-- deadline already passed), is skipped rather than sent late: only the latest reminder still before the
-- deadline is posted. SQLite cannot change a CHECK constraint, so the table is rebuilt with the new status.

CREATE TABLE reminders_new (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    round_id  INTEGER NOT NULL REFERENCES rounds (id),
    hours     INTEGER NOT NULL,  -- how long before the deadline
    remind_at INTEGER NOT NULL,
    status    TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped')),
    sent_at   INTEGER,           -- when it was posted, or when it was skipped
    UNIQUE (round_id, hours)
);
INSERT INTO reminders_new (id, guild_id, round_id, hours, remind_at, status, sent_at)
    SELECT id, guild_id, round_id, hours, remind_at, status, sent_at FROM reminders;
DROP TABLE reminders;
ALTER TABLE reminders_new RENAME TO reminders;
CREATE INDEX reminders_pending ON reminders (status, remind_at);
