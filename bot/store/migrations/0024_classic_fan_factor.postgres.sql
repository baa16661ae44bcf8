-- PostgreSQL changes a CHECK in place (SQLite's 0024 rebuilds the table): a classic Fan Factor is 1 to 18.
ALTER TABLE teams DROP CONSTRAINT teams_dedicated_fans_check;
ALTER TABLE teams ADD CONSTRAINT teams_dedicated_fans_check CHECK (dedicated_fans BETWEEN 1 AND 18);
