-- Round deadlines that enforce themselves: concessions ahead of the deadline, automatic confirmation of
-- reported results, reminders sent once, paused seasons.

ALTER TABLE fixtures ADD COLUMN concede_requested_by INTEGER REFERENCES teams (id);  -- /concede before the deadline
ALTER TABLE fixtures ADD COLUMN auto_confirm_at INTEGER;  -- reported, unconfirmed at the deadline: confirmed then
ALTER TABLE fixtures ADD COLUMN settled_by TEXT CHECK (settled_by IN ('forfeit', 'concession', 'auto_confirm'));
ALTER TABLE fixtures ADD COLUMN deadline_at INTEGER;  -- a fixture's own extended deadline (NULL: its round's)
ALTER TABLE rounds ADD COLUMN processed_at INTEGER;
ALTER TABLE seasons ADD COLUMN paused_at INTEGER;

CREATE TABLE reminders (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    round_id  INTEGER NOT NULL REFERENCES rounds (id),
    hours     INTEGER NOT NULL,  -- how long before the deadline
    remind_at INTEGER NOT NULL,
    status    TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
    sent_at   INTEGER,
    UNIQUE (round_id, hours)
);
CREATE INDEX reminders_pending ON reminders (status, remind_at);
