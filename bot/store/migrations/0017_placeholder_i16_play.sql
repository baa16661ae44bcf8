-- PLACEHOLDER on branch i16-play only: another part of issue 16 owns migration 0017.
-- Delete this file when merging (it only keeps the numbers consecutive on this branch).
SELECT 1;
