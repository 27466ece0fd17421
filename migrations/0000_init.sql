CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan" text NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"prefix" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"key_prefix" text,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"request_id" text,
	"route" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"key_prefix" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"chunks_returned" integer DEFAULT 0 NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"company_id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"country" text,
	"cik" text,
	"primary_ticker" text,
	"primary_exchange" text,
	"sector" text,
	"industry" text,
	"website" text,
	"market_cap" numeric,
	"market_cap_currency" text,
	"currency" text,
	"n_listings" integer DEFAULT 0 NOT NULL,
	"sic_code" text,
	"sic_description" text,
	"entity_type" text,
	"state_of_incorporation" text,
	"fiscal_year_end" text,
	"location" text,
	"category" text,
	"as_of_date" date NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_events" (
	"company_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_date" date NOT NULL,
	"symbol" text,
	"ratio" text,
	"counterpart_company_id" text,
	"counterpart_name" text,
	"detail" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "company_events_company_id_event_type_event_date_detail_pk" PRIMARY KEY("company_id","event_type","event_date","detail")
);
--> statement-breakpoint
CREATE TABLE "company_identifiers" (
	"company_id" text NOT NULL,
	"id_type" text NOT NULL,
	"id_value" text NOT NULL,
	"source" text NOT NULL,
	"confidence" text NOT NULL,
	"is_current" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "company_identifiers_company_id_id_type_id_value_pk" PRIMARY KEY("company_id","id_type","id_value")
);
--> statement-breakpoint
CREATE TABLE "company_listings" (
	"company_id" text NOT NULL,
	"symbol" text NOT NULL,
	"exchange" text NOT NULL,
	"market" text,
	"status" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	CONSTRAINT "company_listings_company_id_symbol_exchange_pk" PRIMARY KEY("company_id","symbol","exchange")
);
--> statement-breakpoint
CREATE TABLE "dataset_partitions" (
	"dataset_id" text NOT NULL,
	"partition_key" text NOT NULL,
	"status" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dataset_partitions_dataset_id_partition_key_pk" PRIMARY KEY("dataset_id","partition_key")
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"title" text NOT NULL,
	"min_plan" text NOT NULL,
	"credit_cost" integer NOT NULL,
	"update_frequency" text NOT NULL,
	"available_from" text,
	"available_to" text,
	"history_status" text NOT NULL,
	"pending" boolean DEFAULT true NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"last_refreshed_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_sweep_at" timestamp with time zone,
	"coverage_pct" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quarantine" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quarantine_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dataset_id" text NOT NULL,
	"partition_key" text NOT NULL,
	"url" text,
	"sha256" text,
	"error" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw_documents" (
	"sha256" text NOT NULL,
	"url" text NOT NULL,
	"dataset_id" text NOT NULL,
	"partition_key" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"content_type" text,
	"bytes" integer NOT NULL,
	"etag" text,
	"last_modified" text,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raw_documents_dataset_id_partition_key_url_pk" PRIMARY KEY("dataset_id","partition_key","url")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filings" (
	"accession_number" text NOT NULL,
	"cik" bigint NOT NULL,
	"filing_type" text NOT NULL,
	"form" text NOT NULL,
	"company_name" text,
	"report_date" date,
	"filing_date" date NOT NULL,
	"accepted_at" timestamp with time zone,
	"primary_document" text,
	"items" text,
	"url" text NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "filings_accession_number_cik_pk" PRIMARY KEY("accession_number","cik")
);
--> statement-breakpoint
CREATE INDEX "api_keys_account" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_account" ON "credit_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_events_account" ON "usage_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "companies_cik" ON "companies" USING btree ("cik");--> statement-breakpoint
CREATE INDEX "companies_ticker" ON "companies" USING btree ("primary_ticker");--> statement-breakpoint
CREATE INDEX "company_identifiers_value" ON "company_identifiers" USING btree ("id_type","id_value");--> statement-breakpoint
CREATE INDEX "company_listings_symbol" ON "company_listings" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "raw_documents_sha" ON "raw_documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "filings_cik_date" ON "filings" USING btree ("cik","filing_date");--> statement-breakpoint
CREATE INDEX "filings_type" ON "filings" USING btree ("filing_type");