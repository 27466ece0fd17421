-- Custom SQL migration (issue 25, earnings calendar): the 8-K Item 2.02 rows of the filing index, the past
-- dates of /v1/calendar/earnings, indexed by acceptance time (a date window) and by filer (a company's
-- history). Partial indexes: their predicate is the route's, so they hold only earnings announcements.
CREATE INDEX IF NOT EXISTS "filings_earnings_8k_accepted" ON "filings" ("accepted_at")
  WHERE "form" = '8-K' AND "items" ~ '(^|,)\s*2\.02\s*(,|$)';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "filings_earnings_8k_cik" ON "filings" ("cik", "accepted_at")
  WHERE "form" = '8-K' AND "items" ~ '(^|,)\s*2\.02\s*(,|$)';
