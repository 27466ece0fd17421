-- Custom SQL migration (issue 26, API hot path): credit reservations ("holds", api/platform/credits.ts). A
-- hold is a 'reserve' ledger row (delta -h, request_id = the hold's id) settled by exactly one 'release'
-- row (+h, same request_id): the unique partial index makes a second release (an instance's settle racing
-- the sweeper of expired holds) a no-op; the partial index on reserve rows lets the sweeper find open holds
-- without scanning the per-request rows.
CREATE UNIQUE INDEX IF NOT EXISTS "credit_ledger_release_once" ON "credit_ledger" ("request_id")
  WHERE "reason" = 'release';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_ledger_reserve" ON "credit_ledger" ("created_at")
  WHERE "reason" = 'reserve';
