ALTER TABLE "thirteen_f_holdings" ADD COLUMN "put_call" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "thirteen_f_holdings" DROP CONSTRAINT "thirteen_f_holdings_accession_number_cusip_title_of_class_pk";--> statement-breakpoint
ALTER TABLE "thirteen_f_holdings" ADD CONSTRAINT "thirteen_f_holdings_accession_number_cusip_title_of_class_put_call_pk" PRIMARY KEY("accession_number","cusip","title_of_class","put_call");--> statement-breakpoint
ALTER TABLE "thirteen_f_filings" ADD COLUMN "is_amendment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "thirteen_f_filings" ADD COLUMN "amendment_no" integer;--> statement-breakpoint
UPDATE "thirteen_f_filings" SET "is_amendment" = true WHERE "form_type" LIKE '%/A' OR "amendment_type" IS NOT NULL;
