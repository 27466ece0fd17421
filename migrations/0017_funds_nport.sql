CREATE TABLE "fund_classes" (
	"class_id" text PRIMARY KEY NOT NULL,
	"fund_id" text NOT NULL,
	"ticker" text,
	"accession_number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_holdings" (
	"accession_number" text NOT NULL,
	"ordinal" integer NOT NULL,
	"fund_id" text NOT NULL,
	"report_date" date NOT NULL,
	"name" text,
	"title" text,
	"lei" text,
	"cusip" text,
	"isin" text,
	"ticker" text,
	"other_ids" jsonb,
	"balance" double precision,
	"units" text,
	"units_desc" text,
	"currency" text,
	"exchange_rate" double precision,
	"value_usd" double precision,
	"pct_of_net_assets" double precision,
	"payoff_profile" text,
	"asset_category" text,
	"asset_category_desc" text,
	"issuer_category" text,
	"issuer_category_desc" text,
	"country" text,
	"is_restricted" boolean,
	"fair_value_level" text,
	"is_loaned_by_fund" boolean,
	"debt" jsonb,
	"derivative" jsonb,
	"company_id" text,
	"link_source" text,
	"link_value" text,
	CONSTRAINT "fund_holdings_accession_number_ordinal_pk" PRIMARY KEY("accession_number","ordinal")
);
--> statement-breakpoint
CREATE TABLE "fund_reports" (
	"accession_number" text PRIMARY KEY NOT NULL,
	"fund_id" text NOT NULL,
	"submission_type" text NOT NULL,
	"report_date" date NOT NULL,
	"fiscal_year_end" date,
	"filing_date" date,
	"is_final_filing" boolean,
	"total_assets" double precision,
	"total_liabilities" double precision,
	"net_assets" double precision,
	"class_returns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"positions" integer NOT NULL,
	"superseded_by" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_url" text NOT NULL,
	"sha256" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"fund_id" text PRIMARY KEY NOT NULL,
	"series_id" text,
	"series_name" text,
	"series_lei" text,
	"reg_cik" bigint NOT NULL,
	"reg_name" text,
	"reg_lei" text,
	"reg_file_number" text,
	"latest_accession" text NOT NULL,
	"latest_report_date" date NOT NULL,
	"net_assets" double precision,
	"total_assets" double precision,
	"is_final_filing" boolean,
	"reports" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fund_classes_fund" ON "fund_classes" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "fund_classes_ticker" ON "fund_classes" USING btree ("ticker");--> statement-breakpoint
CREATE INDEX "fund_holdings_company" ON "fund_holdings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "fund_holdings_cusip" ON "fund_holdings" USING btree ("cusip");--> statement-breakpoint
CREATE INDEX "fund_reports_fund" ON "fund_reports" USING btree ("fund_id","report_date");--> statement-breakpoint
CREATE INDEX "funds_series" ON "funds" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "funds_reg_cik" ON "funds" USING btree ("reg_cik");--> statement-breakpoint
CREATE INDEX "funds_name" ON "funds" USING btree ("series_name");--> statement-breakpoint
CREATE INDEX "funds_latest_accession" ON "funds" USING btree ("latest_accession");