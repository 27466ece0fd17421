ALTER TABLE "thirteen_f_filings" ADD COLUMN "filer_crd" bigint;--> statement-breakpoint
ALTER TABLE "thirteen_f_filings" ADD COLUMN "style" jsonb;