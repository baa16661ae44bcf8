-- The NAF report (issue 29): a coach's NAF name and number, given at registration (or with /roster naf)
-- and written into the event's NAF report. Both optional; a NAF-sanctioned event (rulespack `naf`)
-- refuses a roster submitted without them.
ALTER TABLE tournament_entries ADD COLUMN naf_name TEXT;
ALTER TABLE tournament_entries ADD COLUMN naf_number INTEGER CHECK (naf_number IS NULL OR naf_number > 0);
