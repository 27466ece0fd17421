ALTER TABLE "kr_financials" ADD COLUMN "amount_prior_year_period" text;--> statement-breakpoint
ALTER TABLE "kr_financials" ADD COLUMN "amount_prior_year_cumulative" text;