CREATE TABLE "form_d_index" (
	"accession_number" text PRIMARY KEY NOT NULL,
	"cik" bigint NOT NULL,
	"form" text NOT NULL,
	"company_name" text,
	"filing_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_companies" (
	"cik" bigint PRIMARY KEY NOT NULL,
	"private_company_id" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state_or_country" text,
	"state_or_country_description" text,
	"country" text,
	"jurisdiction_of_inc" text,
	"entity_type" text,
	"year_of_incorporation" jsonb,
	"previous_names" jsonb NOT NULL,
	"industry_group" text,
	"investment_fund_type" text,
	"is_pooled_fund" boolean,
	"first_filing_date" date,
	"latest_filing_date" date,
	"latest_filing_id" text NOT NULL,
	"filings_count" integer NOT NULL,
	"offerings_count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "private_companies_private_company_id_unique" UNIQUE("private_company_id")
);
--> statement-breakpoint
CREATE TABLE "private_offering_filings" (
	"filing_id" text PRIMARY KEY NOT NULL,
	"accession_number" text,
	"cik" bigint NOT NULL,
	"form" text NOT NULL,
	"filing_date" date,
	"accepted_at" text,
	"file_number" text,
	"offering_key" text NOT NULL,
	"url" text NOT NULL,
	"schema_version" text,
	"is_amendment" boolean,
	"previous_accession_number" text,
	"entity_name" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"industry_group" text,
	"investment_fund_type" text,
	"is_40_act" boolean,
	"is_pooled_fund" boolean,
	"revenue_range" text,
	"aggregate_nav_range" text,
	"exemptions" jsonb NOT NULL,
	"exemption_labels" jsonb NOT NULL,
	"date_of_first_sale" date,
	"first_sale_yet_to_occur" boolean,
	"more_than_one_year" boolean,
	"securities_types" jsonb NOT NULL,
	"other_securities_description" text,
	"is_business_combination" boolean,
	"minimum_investment" double precision,
	"total_offering_amount" double precision,
	"total_offering_indefinite" boolean NOT NULL,
	"total_amount_sold" double precision,
	"total_remaining" double precision,
	"total_remaining_indefinite" boolean NOT NULL,
	"has_non_accredited_investors" boolean,
	"number_non_accredited_investors" integer,
	"total_number_already_invested" integer,
	"sales_commissions" double precision,
	"sales_commissions_estimate" boolean,
	"finders_fees" double precision,
	"finders_fees_estimate" boolean,
	"fees_clarification" text,
	"gross_proceeds_used" double precision,
	"gross_proceeds_used_estimate" boolean,
	"use_of_proceeds_clarification" text,
	"related_persons" jsonb NOT NULL,
	"sales_compensation" jsonb NOT NULL,
	"co_issuers" jsonb NOT NULL,
	"signatures" jsonb NOT NULL,
	"signature_date" date,
	"sha256" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_d_index_date" ON "form_d_index" USING btree ("filing_date");--> statement-breakpoint
CREATE INDEX "private_companies_name" ON "private_companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "private_companies_state" ON "private_companies" USING btree ("state_or_country");--> statement-breakpoint
CREATE INDEX "private_offering_filings_cik" ON "private_offering_filings" USING btree ("cik","filing_date");--> statement-breakpoint
CREATE INDEX "private_offering_filings_offering" ON "private_offering_filings" USING btree ("offering_key");--> statement-breakpoint
CREATE INDEX "private_offering_filings_accession" ON "private_offering_filings" USING btree ("accession_number");