-- The language a league or event speaks in its channel (issue 32): announcements, reminders, post-games,
-- standings, pairings and its web view. A new one takes its server's language (Discord's guild locale) when
-- that is one the bot ships, else English; `/language` changes it. Leagues made before speak English.
ALTER TABLE leagues ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
