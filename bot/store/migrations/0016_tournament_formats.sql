-- Tournament formats (seed 000, Alternative formats): the format lives in the rulespack (format, team size,
-- qualifiers), so the tournaments row no longer has its own copy. Each table of a round says which part of
-- the event it belongs to (stage) and how it is shown (label: a group, the places a knock-out game decides,
-- Best of the Rest, a team match).

ALTER TABLE tournaments DROP COLUMN format;

ALTER TABLE tournament_tables ADD COLUMN stage TEXT NOT NULL DEFAULT 'swiss'
    CHECK (stage IN ('swiss', 'group', 'knockout', 'rest'));
ALTER TABLE tournament_tables ADD COLUMN label TEXT;
