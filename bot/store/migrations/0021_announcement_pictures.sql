-- Issue 17, pictures: what an announcement's picture shows, drawn by the outbox when it posts (so a restart
-- that re-posts an unsent announcement draws it again): 'bracket:<season number>' or 'standings:<season
-- number>' of the announcement's league; NULL for none.
ALTER TABLE announcements ADD COLUMN picture TEXT;
