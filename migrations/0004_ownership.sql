CREATE TABLE "executive_compensation" (
	"id" text PRIMARY KEY NOT NULL,
	"cik" bigint NOT NULL,
	"source_id" text NOT NULL,
	"filing_date" date,
	"person_name" text NOT NULL,
	"position" text,
	"is_ceo" boolean NOT NULL,
	"fiscal_year" integer NOT NULL,
	"salary" double precision,
	"bonus" double precision,
	"stock_award" double precision,
	"option_award" double precision,
	"non_equity_incentive" double precision,
	"pension" double precision,
	"other" double precision,
	"total_disclosed" double precision,
	"total_computed" double precision NOT NULL,
	"component_gap" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insider_trades" (
	"accession_number" text NOT NULL,
	"ordinal" integer NOT NULL,
	"issuer_cik" bigint NOT NULL,
	"ticker" text,
	"issuer" text,
	"name" text NOT NULL,
	"title" text,
	"is_board_director" boolean NOT NULL,
	"transaction_date" date,
	"transaction_type" text,
	"transaction_shares" double precision,
	"transaction_price_per_share" double precision,
	"transaction_value" double precision,
	"shares_owned_before_transaction" double precision,
	"shares_owned_after_transaction" double precision,
	"security_title" text,
	"filing_date" date NOT NULL,
	"form_type" text NOT NULL,
	"is_derivative" boolean NOT NULL,
	"acquired_disposed" text,
	"direct_or_indirect" text,
	"footnotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "insider_trades_accession_number_ordinal_pk" PRIMARY KEY("accession_number","ordinal")
);
--> statement-breakpoint
CREATE TABLE "ownership_filings" (
	"accession_number" text PRIMARY KEY NOT NULL,
	"issuer_cik" bigint NOT NULL,
	"ticker" text,
	"form_type" text NOT NULL,
	"period_of_report" date,
	"filing_date" date NOT NULL,
	"owner_cik" bigint,
	"date_of_original_submission" date,
	"amended_by" text,
	"no_securities_owned" boolean DEFAULT false NOT NULL,
	"reporting_owners" jsonb NOT NULL,
	"holdings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sha256" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ownership_index" (
	"accession_number" text NOT NULL,
	"cik" bigint NOT NULL,
	"form" text NOT NULL,
	"filing_date" date NOT NULL,
	"report_date" date,
	"primary_document" text,
	CONSTRAINT "ownership_index_accession_number_cik_pk" PRIMARY KEY("accession_number","cik")
);
--> statement-breakpoint
CREATE TABLE "proxy_filings" (
	"source_id" text PRIMARY KEY NOT NULL,
	"cik" bigint NOT NULL,
	"filing_date" date,
	"url" text NOT NULL,
	"compensation_rows" integer NOT NULL,
	"ownership_rows" integer NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sha256" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_ownership" (
	"id" text PRIMARY KEY NOT NULL,
	"cik" bigint NOT NULL,
	"source_id" text NOT NULL,
	"filing_date" date,
	"ordinal" integer NOT NULL,
	"owner_name" text NOT NULL,
	"owner_role" text,
	"owner_kind" text NOT NULL,
	"security_class" text,
	"shares_owned" double precision,
	"percent" double precision,
	"percent_source" text NOT NULL,
	"is_group" boolean NOT NULL,
	"confidence" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thirteen_f_filings" (
	"accession_number" text PRIMARY KEY NOT NULL,
	"filer_cik" bigint NOT NULL,
	"filer_name" text,
	"report_period" date NOT NULL,
	"filing_date" date NOT NULL,
	"form_type" text NOT NULL,
	"amendment_type" text,
	"value_unit" text,
	"unit_evidence" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"excluded" jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"superseded" boolean DEFAULT false NOT NULL,
	"rows" integer NOT NULL,
	"sha256" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thirteen_f_holdings" (
	"accession_number" text NOT NULL,
	"cusip" text NOT NULL,
	"title_of_class" text NOT NULL,
	"name_of_issuer" text NOT NULL,
	"filer_cik" bigint NOT NULL,
	"filer_name" text,
	"report_period" date NOT NULL,
	"filing_date" date NOT NULL,
	"form_type" text NOT NULL,
	"shares" double precision NOT NULL,
	"value_usd" double precision NOT NULL,
	"reported_price" double precision,
	CONSTRAINT "thirteen_f_holdings_accession_number_cusip_title_of_class_pk" PRIMARY KEY("accession_number","cusip","title_of_class")
);
--> statement-breakpoint
CREATE TABLE "advisers" (
	"crd" bigint PRIMARY KEY NOT NULL,
	"cik" text,
	"legal_name" text NOT NULL,
	"business_name" text,
	"firm_type" text,
	"style_tier" text,
	"sec_registration_type" text,
	"sec_file_number" text,
	"ia_scope" text,
	"main_office_city" text,
	"main_office_state" text,
	"main_office_country" text,
	"main_office_phone" text,
	"website" text,
	"email_primary" text,
	"email_domain_matches_firm" boolean,
	"aum_total" double precision,
	"advises_private_funds" boolean,
	"has_hedge_funds" boolean,
	"has_pe_funds" boolean,
	"has_vc_funds" boolean,
	"adv_as_of" date,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investors" (
	"record_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"website" text,
	"domain" text,
	"investor_type" text,
	"location" text,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_check" text,
	"lead" boolean,
	"reply_rate" double precision,
	"submit_method" text,
	"submit_url" text,
	"linkedin_company" text,
	"twitter" text,
	"who_we_are" text,
	"funding_requirements" text,
	"value_add" text,
	"as_of" date NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_url" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "executive_compensation_company" ON "executive_compensation" USING btree ("cik","fiscal_year");--> statement-breakpoint
CREATE INDEX "insider_trades_issuer" ON "insider_trades" USING btree ("issuer_cik","filing_date");--> statement-breakpoint
CREATE INDEX "ownership_filings_issuer" ON "ownership_filings" USING btree ("issuer_cik","filing_date");--> statement-breakpoint
CREATE INDEX "ownership_index_cik" ON "ownership_index" USING btree ("cik","filing_date");--> statement-breakpoint
CREATE INDEX "proxy_ownership_company" ON "proxy_ownership" USING btree ("cik","filing_date");--> statement-breakpoint
CREATE INDEX "thirteen_f_filings_filer" ON "thirteen_f_filings" USING btree ("filer_cik","report_period");--> statement-breakpoint
CREATE INDEX "thirteen_f_holdings_cusip" ON "thirteen_f_holdings" USING btree ("cusip","report_period");--> statement-breakpoint
CREATE INDEX "thirteen_f_holdings_filer" ON "thirteen_f_holdings" USING btree ("filer_cik","report_period");--> statement-breakpoint
CREATE INDEX "advisers_name" ON "advisers" USING btree ("legal_name");--> statement-breakpoint
CREATE INDEX "advisers_cik" ON "advisers" USING btree ("cik");--> statement-breakpoint
CREATE INDEX "investors_name" ON "investors" USING btree ("name");