-- Issue 20 (spec deviations): SourceSnapshot.AnalyticsAsOf of a project card — the time of the
-- invest-analytics figures the card carries. Null on creation (flow A) and untouched by the
-- chessboard sync, the overrides and the rebuild; only invest-analytics' enrichment writes it
-- (decision 0312).
ALTER TABLE catalog.project_cards ADD COLUMN analytics_as_of timestamptz(3);
