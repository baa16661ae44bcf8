-- Start-up that does not grow with the bot (issue 31 §4): the deadline watch reads only what falls due before
-- its next re-read, so what is open is found by its time, not by reading every open round and fixture.
CREATE INDEX rounds_open_by_deadline ON rounds (status, deadline_at);
CREATE INDEX fixtures_by_auto_confirm ON fixtures (status, auto_confirm_at);
CREATE INDEX fixtures_by_own_deadline ON fixtures (deadline_processed_at, deadline_at);
